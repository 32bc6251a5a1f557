import type { MyParticipation, Participation } from '@portal/contracts/courses';
import { type CompletionRecorded, EVENTS, type ParticipationStarted } from '@portal/contracts/events';
import { recordEvent } from '@portal/kit/events';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

const toParticipation = (row: {
  course_id: string;
  user_id: string;
  started_at: Date;
  completed_at: Date | null;
}): Participation => ({
  courseId: row.course_id,
  userId: row.user_id,
  startedAt: row.started_at.toISOString(),
  completedAt: row.completed_at?.toISOString() ?? null,
});

export function participationsRepository(db: Kysely<CoursesDatabase>) {
  return {
    /**
     * Starts (or starts again after completing): the user is a participant until they complete. A start is
     * told to the training service (participation.started) in the same transaction.
     */
    async start(courseId: string, userId: string, now: Date): Promise<Participation> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('participations')
          .values({ course_id: courseId, user_id: userId, started_at: now, completed_at: null })
          .onConflict((conflict) =>
            conflict
              .columns(['course_id', 'user_id'])
              .doUpdateSet({ started_at: now, completed_at: null })
              .where('participations.completed_at', 'is not', null),
          )
          .returningAll()
          .executeTakeFirst();
        if (row) {
          await recordEvent(trx, EVENTS.participationStarted, {
            courseId,
            userId,
            startedAt: now.toISOString(),
          } satisfies ParticipationStarted);
          return toParticipation(row);
        }
        // Already started: starting twice changes nothing.
        const current = await trx
          .selectFrom('participations')
          .selectAll()
          .where('course_id', '=', courseId)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return toParticipation(current);
      });
    },

    /** Completes an active participation and records when; undefined when the user had not started. */
    async complete(courseId: string, userId: string, now: Date): Promise<Participation | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('participations')
          .set({ completed_at: now })
          .where('course_id', '=', courseId)
          .where('user_id', '=', userId)
          .where('completed_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .insertInto('completions')
          .values({ course_id: courseId, user_id: userId, completed_at: now })
          .execute();
        await recordEvent(trx, EVENTS.completionRecorded, {
          courseId,
          userId,
          completedAt: now.toISOString(),
        } satisfies CompletionRecorded);
        return toParticipation(row);
      });
    },

    /** Who is taking the course now (not those who completed it), earliest start first. */
    async takingNow(courseId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('participations')
        .select('user_id')
        .where('course_id', '=', courseId)
        .where('completed_at', 'is', null)
        .orderBy('started_at')
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * How many are taking the course now and how many have completed it, assigned or not (what its page shows to
     * everyone), to be read in the course's statement.
     */
    countsOf(courseId: string) {
      return sql<{ taking: number; completed: number }>`json_build_object(
        'taking', (select count(*) from participations p where p.course_id = ${courseId} and p.completed_at is null),
        'completed', (select count(distinct k.user_id) from completions k where k.course_id = ${courseId}))`;
    },

    /** Every course the user takes part in or completed (a few per user: `participations_user`). */
    async ofUser(userId: string): Promise<MyParticipation[]> {
      const rows = await db
        .selectFrom('participations')
        .select(['course_id', 'started_at', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('started_at', 'desc')
        .execute();
      return rows.map((row) => ({
        courseId: row.course_id,
        startedAt: row.started_at.toISOString(),
        completedAt: row.completed_at?.toISOString() ?? null,
      }));
    },

    /** Many participations at once (bulk seeding); ones that exist already are kept. Answers how many were new. */
    async insertMany(participations: Participation[]): Promise<number> {
      if (participations.length === 0) return 0;
      const inserted = await db
        .insertInto('participations')
        .values(
          participations.map((participation) => ({
            course_id: participation.courseId,
            user_id: participation.userId,
            started_at: new Date(participation.startedAt),
            completed_at: participation.completedAt ? new Date(participation.completedAt) : null,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0);
    },
  };
}
export type ParticipationsRepository = ReturnType<typeof participationsRepository>;

/** A deleted user leaves every course, their results too (handler of the user.deleted event). */
export async function removeUserEverywhere(trx: Transaction<CoursesDatabase>, userId: string) {
  await trx.deleteFrom('course_results').where('user_id', '=', userId).execute();
  await trx.deleteFrom('participations').where('user_id', '=', userId).execute();
  await trx.deleteFrom('completions').where('user_id', '=', userId).execute();
  await trx.deleteFrom('lesson_views').where('user_id', '=', userId).execute();
  await trx.deleteFrom('quiz_passes').where('user_id', '=', userId).execute();
}
