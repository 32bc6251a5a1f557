import type { ResultReviewed } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import { type Kysely, sql } from 'kysely';
import type { TrainingDatabase } from './schema.ts';

/** A reviewed result's mail, with what it says. */
export interface ResultMail {
  result_id: string;
  decision: 'approved' | 'rejected';
  comment: string | null;
  course_id: string;
  email: string;
  name: string;
  language: Language;
  course_title: string;
}

export function resultMailsRepository(db: Kysely<TrainingDatabase>) {
  return {
    /** Keeps the mail of a reviewed result (once, however often the event comes). */
    async keep(review: ResultReviewed) {
      await db
        .insertInto('result_mails')
        .values({
          result_id: review.resultId,
          user_id: review.userId,
          course_id: review.courseId,
          decision: review.decision,
          comment: review.comment,
          reviewed_at: new Date(review.reviewedAt),
        })
        .onConflict((conflict) => conflict.column('result_id').doNothing())
        .execute();
    },

    /**
     * Claims up to `limit` unsent mails, oldest first; those of people no longer active are claimed and not
     * returned (nobody reads them).
     */
    async claim(now: Date, limit: number): Promise<ResultMail[]> {
      const rows = await sql<ResultMail>`with claimed as (
          update result_mails m set sent_at = ${now}::timestamptz
          where m.result_id in (select result_id from result_mails where sent_at is null
            order by reviewed_at limit ${limit} for update skip locked)
          returning m.result_id, m.user_id, m.course_id, m.decision, m.comment, m.reviewed_at
        )
        select m.result_id, m.decision, m.comment, m.course_id, p.email, p.name, p.language,
          coalesce(c.titles ->> p.language, c.titles ->> c.default_language, '') as course_title
        from claimed m
        join people p on p.user_id = m.user_id and p.status = 'active'
        left join courses c on c.course_id = m.course_id
        order by m.reviewed_at`.execute(db);
      return rows.rows;
    },

    /** Gives a claim back (its mail was not sent), so that the next pass tries again. */
    async release(resultId: string) {
      await db.updateTable('result_mails').set({ sent_at: null }).where('result_id', '=', resultId).execute();
    },
  };
}
