import type { QuizSettings } from '@portal/contracts/quizzes';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import type { Kysely } from 'kysely';
import type { QuizzesDatabase } from './schema.ts';

/** A new quiz lesson's settings until an administrator sets them: every question, 80 % to pass, no limits. */
export const DEFAULT_QUIZ_SETTINGS: QuizSettings = {
  draw: { mode: 'all' },
  passPercent: 80,
  attemptsAllowed: null,
  waitMinutes: 0,
  timeLimitMinutes: null,
  shuffle: true,
  feedback: 'wrong',
};

/**
 * The courses service's courses (published or not) and quiz lessons, and auth's names of people, kept by their events
 * as their latest state: a redelivered event changes nothing. A lesson that stops being a quiz, or goes, takes its
 * settings and attempts along.
 */
export function readModel(db: Kysely<QuizzesDatabase>) {
  return {
    async courseChanged(courseId: string, published: boolean) {
      await db
        .insertInto('courses')
        .values({ course_id: courseId, published })
        .onConflict((conflict) => conflict.column('course_id').doUpdateSet({ published }))
        .execute();
    },

    async courseDeleted(courseId: string) {
      await db.deleteFrom('attempts').where('course_id', '=', courseId).execute();
      await db.deleteFrom('quiz_grants').where('course_id', '=', courseId).execute();
      await db.deleteFrom('quiz_lessons').where('course_id', '=', courseId).execute();
      await db.deleteFrom('questions').where('course_id', '=', courseId).execute();
      await db.deleteFrom('courses').where('course_id', '=', courseId).execute();
    },

    async lessonChanged(lessonId: string, courseId: string, isQuiz: boolean) {
      if (!isQuiz) {
        await this.lessonDeleted(lessonId);
        return;
      }
      await db
        .insertInto('quiz_lessons')
        .values({ lesson_id: lessonId, course_id: courseId, settings: JSON.stringify(DEFAULT_QUIZ_SETTINGS) })
        .onConflict((conflict) => conflict.column('lesson_id').doUpdateSet({ course_id: courseId }))
        .execute();
    },

    async lessonDeleted(lessonId: string) {
      await db.deleteFrom('attempts').where('lesson_id', '=', lessonId).execute();
      await db.deleteFrom('quiz_grants').where('lesson_id', '=', lessonId).execute();
      await db.deleteFrom('quiz_lessons').where('lesson_id', '=', lessonId).execute();
    },

    async userChanged(userId: string, name: string) {
      await db
        .insertInto('people')
        .values({ user_id: userId, name })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ name }))
        .execute();
    },

    async userDeleted(userId: string) {
      await db.deleteFrom('people').where('user_id', '=', userId).execute();
      await db.deleteFrom('attempts').where('user_id', '=', userId).execute();
      await db.deleteFrom('quiz_grants').where('user_id', '=', userId).execute();
    },
  };
}

/** Where lessons and courses are read (the domain's look-ups). */
export function lessonsRepository(db: Kysely<QuizzesDatabase>) {
  return {
    courseExists: async (courseId: string) =>
      (await db.selectFrom('courses').select('course_id').where('course_id', '=', courseId).executeTakeFirst()) !==
      undefined,

    quizLesson: (lessonId: string) =>
      db
        .selectFrom('quiz_lessons as l')
        .leftJoin('courses as c', 'c.course_id', 'l.course_id')
        .select(['l.lesson_id', 'l.course_id', 'l.settings', 'c.published'])
        .where('l.lesson_id', '=', lessonId)
        .executeTakeFirst(),

    /** Stores a quiz lesson's settings; `audit` gets the settings they replace. False when there is no such quiz. */
    async saveSettings(lessonId: string, settings: QuizSettings, audit: (before: QuizSettings) => AuditDraft) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('quiz_lessons')
          .select('settings')
          .where('lesson_id', '=', lessonId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return false;
        await trx
          .updateTable('quiz_lessons')
          .set({ settings: JSON.stringify(settings) })
          .where('lesson_id', '=', lessonId)
          .execute();
        await recordAudit(trx, 'quizzes', audit(before.settings));
        return true;
      });
    },
  };
}
