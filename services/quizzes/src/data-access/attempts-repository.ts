import { type Kysely, sql, type Transaction } from 'kysely';
import type { QuizzesDatabase, SavedAnswers, ShownQuestion } from './schema.ts';

export interface NewAttempt {
  attemptId: string;
  lessonId: string;
  courseId: string;
  userId: string;
  seed: number;
  shown: ShownQuestion[];
  startedAt: Date;
  endsAt: Date | null;
}

/** Attempts: started, their answers saved as they go, submitted once (the update is guarded in SQL). */
export function attemptsRepository(db: Kysely<QuizzesDatabase>) {
  const columns = [
    'attempt_id',
    'lesson_id',
    'course_id',
    'user_id',
    'shown',
    'answers',
    'started_at',
    'ends_at',
    'submitted_at',
    'score_percent',
    'passed',
  ] as const;

  return {
    /** Runs `work` while holding the learner's lock on the lesson: two tabs cannot both start an attempt. */
    forLearner<T>(lessonId: string, userId: string, work: (trx: Transaction<QuizzesDatabase>) => Promise<T>) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`${lessonId}:${userId}`}, 0))`.execute(trx);
        return work(trx);
      });
    },

    mine: (lessonId: string, userId: string, on: Kysely<QuizzesDatabase> = db) =>
      on
        .selectFrom('attempts')
        .select(columns)
        .where('lesson_id', '=', lessonId)
        .where('user_id', '=', userId)
        .orderBy('started_at')
        .execute(),

    async insert(trx: Transaction<QuizzesDatabase>, attempt: NewAttempt) {
      await trx
        .insertInto('attempts')
        .values({
          attempt_id: attempt.attemptId,
          lesson_id: attempt.lessonId,
          course_id: attempt.courseId,
          user_id: attempt.userId,
          seed: attempt.seed,
          shown: JSON.stringify(attempt.shown),
          started_at: attempt.startedAt,
          ends_at: attempt.endsAt,
        })
        .execute();
    },

    get: (attemptId: string, on: Kysely<QuizzesDatabase> = db) =>
      on.selectFrom('attempts').select(columns).where('attempt_id', '=', attemptId).executeTakeFirst(),

    /** Merges answers into an open attempt of the learner's; false when it is not open (submitted or out of time). */
    async saveAnswers(attemptId: string, userId: string, answers: SavedAnswers, now: Date) {
      const result = await db
        .updateTable('attempts')
        .set({ answers: sql`answers || ${JSON.stringify(answers)}::jsonb` as never })
        .where('attempt_id', '=', attemptId)
        .where('user_id', '=', userId)
        .where('submitted_at', 'is', null)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The attempt's row locked for its submission. */
    lockForSubmit: (trx: Transaction<QuizzesDatabase>, attemptId: string) =>
      trx.selectFrom('attempts').select(columns).where('attempt_id', '=', attemptId).forUpdate().executeTakeFirst(),

    /** Records the grade once: false when the attempt was already submitted. */
    async submit(
      trx: Transaction<QuizzesDatabase>,
      attemptId: string,
      grade: { scorePercent: number; passed: boolean; at: Date },
    ) {
      const result = await trx
        .updateTable('attempts')
        .set({ submitted_at: grade.at, score_percent: grade.scorePercent, passed: grade.passed })
        .where('attempt_id', '=', attemptId)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
