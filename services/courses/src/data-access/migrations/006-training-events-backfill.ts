import { EVENTS } from '@portal/contracts/events';
import type { Migration } from '@portal/kit/db';

/** A timestamptz as the events' ISO 8601 instants in UTC (`2026-03-12T08:00:00.000Z`), whatever the session's zone. */
const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The training service keeps a read model fed by these events: what existed before they were sent is put in
 * the outbox once, courses first, so a training service that starts later has it all.
 */
export const trainingEventsBackfill: Migration = {
  id: '006-training-events-backfill',
  statements: [
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), '${EVENTS.courseChanged}', jsonb_build_object(
        'courseId', c.id,
        'titles', (select jsonb_object_agg(t.language, t.title) from course_texts t where t.course_id = c.id),
        'defaultLanguage', c.default_language,
        'published', c.is_published,
        'completionProof', c.completion_proof)
      from courses c order by c.created_at, c.id`,
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), '${EVENTS.participationStarted}', jsonb_build_object(
        'courseId', p.course_id, 'userId', p.user_id, 'startedAt', ${isoInstant('p.started_at')})
      from participations p order by p.started_at, p.course_id, p.user_id`,
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), '${EVENTS.completionRecorded}', jsonb_build_object(
        'courseId', k.course_id, 'userId', k.user_id, 'completedAt', ${isoInstant('k.completed_at')})
      from completions k order by k.completed_at, k.course_id, k.user_id`,
  ],
};
