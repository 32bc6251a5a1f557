import { EVENTS } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import type { LessonKind, LessonText } from '@portal/contracts/lessons';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { recordEvent } from '@portal/kit/events';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { completeByRule } from './completion-rule.ts';
import type { CoursesDatabase } from './schema.ts';

export type LessonRow = Selectable<CoursesDatabase['lessons']>;

/** What a lesson is written from, once checked and sanitised. */
export interface LessonWrite {
  kind: LessonKind;
  defaultLanguage: Language;
  texts: Partial<Record<Language, LessonText>>;
  fileId: string | null;
  captions: Partial<Record<Language, string>>;
}

/** A lesson with the reader's mark. */
export type LessonWithView = LessonRow & { viewed_at: Date | null };

const changed = (trx: Transaction<CoursesDatabase>, row: { id: string; course_id: string; kind: LessonKind }) =>
  recordEvent(trx, EVENTS.lessonChanged, { lessonId: row.id, courseId: row.course_id, kind: row.kind });

/** Locks the course's row: writes to one outline wait for each other, so positions stay 1 to n. */
const lockCourse = (trx: Transaction<CoursesDatabase>, courseId: string) =>
  trx.selectFrom('courses').select('id').where('id', '=', courseId).forUpdate().executeTakeFirst();

const SERVICE = 'courses';

export function lessonsRepository(db: Kysely<CoursesDatabase>) {
  return {
    /** The course's lessons in order, each with when `userId` viewed it (null: not yet). */
    outline(courseId: string, userId: string): Promise<LessonWithView[]> {
      return db
        .selectFrom('lessons as l')
        .leftJoin('lesson_views as v', (join) => join.onRef('v.lesson_id', '=', 'l.id').on('v.user_id', '=', userId))
        .selectAll('l')
        .select('v.viewed_at')
        .where('l.course_id', '=', courseId)
        .orderBy('l.position')
        .execute();
    },

    find(id: string): Promise<LessonRow | undefined> {
      return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Appends a lesson to the course's outline; refused when the course is gone or already holds `max` lessons. */
    insert(
      id: string,
      courseId: string,
      lesson: LessonWrite,
      now: Date,
      max: number,
      audit: (row: LessonRow) => AuditDraft,
    ): Promise<LessonRow | 'missing' | 'full'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCourse(trx, courseId))) return 'missing';
        const { count } = await trx
          .selectFrom('lessons')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('course_id', '=', courseId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= max) return 'full';
        const row = await trx
          .insertInto('lessons')
          .values({
            id,
            course_id: courseId,
            position: Number(count) + 1,
            kind: lesson.kind,
            default_language: lesson.defaultLanguage,
            texts: JSON.stringify(lesson.texts),
            file_id: lesson.fileId,
            captions: JSON.stringify(lesson.captions),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await changed(trx, row);
        await recordAudit(trx, SERVICE, audit(row));
        return row;
      });
    },

    /** Rewrites the lesson; `audit` gets the lesson as it was and as it is now. */
    update(
      id: string,
      lesson: LessonWrite,
      now: Date,
      audit: (before: LessonRow, after: LessonRow) => AuditDraft,
    ): Promise<LessonRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('lessons').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return undefined;
        const row = await trx
          .updateTable('lessons')
          .set({
            kind: lesson.kind,
            default_language: lesson.defaultLanguage,
            texts: JSON.stringify(lesson.texts),
            file_id: lesson.fileId,
            captions: JSON.stringify(lesson.captions),
            updated_at: now,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (row) {
          await changed(trx, row);
          await recordAudit(trx, SERVICE, audit(before, row));
        }
        return row;
      });
    },

    /** Deletes the lesson (its views go along) and closes the gap it leaves in the outline. */
    delete(id: string, audit: (lesson: LessonRow) => AuditDraft): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const lesson = await trx.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
        if (!lesson) return false;
        await lockCourse(trx, lesson.course_id);
        const deleted = await trx
          .deleteFrom('lessons')
          .where('id', '=', id)
          .returning(['course_id', 'position'])
          .executeTakeFirst();
        if (!deleted) return false;
        await trx
          .updateTable('lessons')
          .set((eb) => ({ position: eb('position', '-', 1) }))
          .where('course_id', '=', deleted.course_id)
          .where('position', '>', deleted.position)
          .execute();
        await recordEvent(trx, EVENTS.lessonDeleted, { lessonId: id, courseId: deleted.course_id });
        await recordAudit(trx, SERVICE, audit(lesson));
        return true;
      });
    },

    /**
     * Puts the course's lessons in the order given; refused ('mismatch') unless the ids are exactly the course's
     * lessons, each once.
     */
    reorder(
      courseId: string,
      lessonIds: readonly string[],
      audit: AuditDraft,
    ): Promise<'done' | 'missing' | 'mismatch'> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockCourse(trx, courseId))) return 'missing';
        const current = await trx.selectFrom('lessons').select('id').where('course_id', '=', courseId).execute();
        const ids = new Set(current.map((row) => row.id));
        if (ids.size !== lessonIds.length || lessonIds.some((id) => !ids.has(id))) return 'mismatch';
        for (const [index, id] of lessonIds.entries()) {
          await trx
            .updateTable('lessons')
            .set({ position: index + 1 })
            .where('id', '=', id)
            .execute();
        }
        await recordAudit(trx, SERVICE, audit);
        return 'done';
      });
    },

    /** Marks the lesson viewed (the first view counts) and completes the course when that meets its rule. */
    async markViewed(lessonId: string, userId: string, now: Date): Promise<Date> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('lesson_views')
          .values({ lesson_id: lessonId, user_id: userId, viewed_at: now })
          .onConflict((conflict) => conflict.columns(['user_id', 'lesson_id']).doNothing())
          .execute();
        const { viewed_at, course_id } = await trx
          .selectFrom('lesson_views')
          .innerJoin('lessons', 'lessons.id', 'lesson_views.lesson_id')
          .select(['lesson_views.viewed_at', 'lessons.course_id'])
          .where('lesson_views.lesson_id', '=', lessonId)
          .where('lesson_views.user_id', '=', userId)
          .executeTakeFirstOrThrow();
        await completeByRule(trx, course_id, userId, now);
        return viewed_at;
      });
    },
  };
}
export type LessonsRepository = ReturnType<typeof lessonsRepository>;
