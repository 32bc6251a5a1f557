import type { AuditDraft } from '@portal/kit/audit';
import { recordAudit } from '@portal/kit/audit';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { QuizzesDatabase, SavedAnswers } from './schema.ts';

export interface NewGrant {
  grantId: string;
  lessonId: string;
  courseId: string;
  userId: string;
  kind: 'extra_attempt' | 'pass';
  reason: string;
  grantedAt: Date;
}

/** One group of the item analysis: how many submitted attempts gave this answer to this question version. */
export interface AnswerGroup {
  question_id: string;
  version: number;
  answer: SavedAnswers[string];
  count: number;
}

/** A learner to follow up: no attempt left, none open, never passed, no pass recorded. */
export interface FollowUpRow {
  user_id: string;
  /** Null until auth announces the person. */
  name: string | null;
  attempts_used: number;
  best_score: number | null;
  last_attempt_at: Date;
  total: number;
}

/** Administrators' grants at quiz lessons, and the quiz report's two queries. */
export function grantsRepository(db: Kysely<QuizzesDatabase>) {
  return {
    /** The learner's extra attempts at the lesson: how many, and when the last was granted. */
    async extraAttempts(lessonId: string, userId: string, on: Kysely<QuizzesDatabase> = db) {
      const row = await on
        .selectFrom('quiz_grants')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('granted_at').as('last')])
        .where('lesson_id', '=', lessonId)
        .where('user_id', '=', userId)
        .where('kind', '=', 'extra_attempt')
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), lastAt: row?.last ?? null };
    },

    /** Stores a grant with its audit record, and whatever `alsoIn` writes, in one transaction. */
    insert(grant: NewGrant, audit: AuditDraft, alsoIn: (trx: Transaction<QuizzesDatabase>) => Promise<void>) {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('quiz_grants')
          .values({
            grant_id: grant.grantId,
            lesson_id: grant.lessonId,
            course_id: grant.courseId,
            user_id: grant.userId,
            kind: grant.kind,
            reason: grant.reason,
            granted_at: grant.grantedAt,
          })
          .execute();
        await alsoIn(trx);
        await recordAudit(trx, 'quizzes', audit);
      });
    },

    /** Each question version's answers in the lesson's submitted attempts, grouped by the answer given. */
    async answerGroups(lessonId: string) {
      const { rows } = await sql<AnswerGroup>`
        select s.q ->> 'questionId' as question_id, (s.q ->> 'version')::int as version,
          a.answers -> (s.q ->> 'questionId') as answer, count(*)::int as count
        from attempts a cross join lateral jsonb_array_elements(a.shown) as s(q)
        where a.lesson_id = ${lessonId} and a.submitted_at is not null
          and a.answers -> (s.q ->> 'questionId') is not null
        group by 1, 2, 3`.execute(db);
      return rows;
    },

    /**
     * The learners who used every attempt allowed them (`allowed` plus their extra ones) with none open at `at`,
     * never passed and have no pass recorded: by name (those not named yet last, latest first), a page of them, each
     * row with the total.
     */
    async followUp(lessonId: string, allowed: number, at: Date, page: { limit: number; offset: number }) {
      const { rows } = await sql<FollowUpRow>`
        with used as (
          select user_id, count(*)::int as attempts_used, max(score_percent) as best_score,
            max(coalesce(submitted_at, ends_at, started_at)) as last_attempt_at,
            bool_or(coalesce(passed, false)) as passed,
            count(*) filter (where submitted_at is null and (ends_at is null or ends_at > ${at}))::int as open
          from attempts where lesson_id = ${lessonId} group by user_id
        ), granted as (
          select user_id, count(*) filter (where kind = 'extra_attempt')::int as extra, bool_or(kind = 'pass') as pass
          from quiz_grants where lesson_id = ${lessonId} group by user_id
        )
        select u.user_id, p.name, u.attempts_used, u.best_score, u.last_attempt_at, count(*) over ()::int as total
        from used u left join granted g on g.user_id = u.user_id left join people p on p.user_id = u.user_id
        where not u.passed and u.open = 0 and not coalesce(g.pass, false)
          and u.attempts_used >= ${allowed} + coalesce(g.extra, 0)
        order by lower(p.name) nulls last, p.name, u.last_attempt_at desc, u.user_id
        limit ${page.limit} offset ${page.offset}`.execute(db);
      return rows;
    },
  };
}
