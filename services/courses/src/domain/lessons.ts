import { randomUUID } from 'node:crypto';
import type { Language } from '@portal/contracts/languages';
import {
  CAPTIONS_TYPE,
  FILE_LESSON_KINDS,
  type Lesson,
  type LessonInput,
  LESSON_LIMITS,
  type LessonOutline,
  type LessonOrder,
  type LessonText,
  type LessonView,
} from '@portal/contracts/lessons';
import { LANGUAGES } from '@portal/contracts/languages';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import type { CallContext } from '@portal/kit/service-client';
import type { CoursesRepository } from '../data-access/courses-repository.ts';
import type { LessonRow, LessonsRepository, LessonWrite } from '../data-access/lessons-repository.ts';
import type { FilesOfCourse } from '../data-access/other-services.ts';
import { viewerOf } from './course-access.ts';
import { audited, digest } from './course-audit.ts';
import { sanitizeDescription } from './rich-text.ts';

export interface LessonsDeps {
  courses: Pick<CoursesRepository, 'visibility'>;
  lessons: LessonsRepository;
  filesOf: FilesOfCourse;
  now?: () => Date;
}

const lessonNotFound = () => notFound('Lesson not found');

/** An authoring call's caller, for the answer's texts, the files service and the audit trail. */
type AuthoringContext = CallContext & { identity: Identity; audit: AuditContext };

const titleOf = (row: LessonRow) => row.texts[row.default_language]?.title;

/** The audit record of a lesson's change: the lesson, its course and kind, and for an update what changed. */
function lessonAudit(context: AuditContext, action: string, row: LessonRow, before?: LessonRow): AuditDraft {
  const changes: NonNullable<AuditDraft['changes']> = {};
  if (before) {
    const compare = (field: string, was: unknown, now: unknown) => {
      if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
    };
    compare('kind', before.kind, row.kind);
    compare('defaultLanguage', before.default_language, row.default_language);
    compare('fileId', before.file_id, row.file_id);
    compare('captions', before.captions, row.captions);
    for (const language of LANGUAGES) {
      const [was, now] = [before.texts[language], row.texts[language]];
      compare(`title.${language}`, was?.title ?? null, now?.title ?? null);
      compare(`body.${language}`, digest(was?.body || undefined), digest(now?.body || undefined));
    }
  }
  return audited(
    context,
    action,
    { type: 'lesson', id: row.id, label: titleOf(row) },
    { details: { courseId: row.course_id, kind: row.kind }, ...(before ? { changes } : {}) },
  );
}

/** A lesson as answered: in `language` when it has it, else in its default language; every text for administrators. */
function toLesson(row: LessonRow, viewedAt: Date | null, language: Language, identity: Identity): Lesson {
  const texts = row.texts;
  const shown = texts[language] ? language : row.default_language;
  const text = texts[shown] ?? { title: '', body: '' };
  return {
    id: row.id,
    courseId: row.course_id,
    position: row.position,
    kind: row.kind,
    title: text.title,
    body: text.body,
    language: shown,
    defaultLanguage: row.default_language,
    languages: LANGUAGES.filter((candidate) => texts[candidate] !== undefined),
    fileId: row.file_id,
    captions: row.captions,
    viewedAt: viewedAt?.toISOString() ?? null,
    ...(identity.admin ? { texts } : {}),
  };
}

/** The lessons of a course: the outline with the reader's marks, authoring (administrators), views. */
export function lessons(deps: LessonsDeps) {
  const now = deps.now ?? (() => new Date());

  /** The course, if the caller may see it: drafts are for administrators only (others get 404). */
  async function seeCourse(courseId: string, identity: Identity): Promise<void> {
    const course = await deps.courses.visibility(courseId, identity.lang);
    if (!course || (!course.isPublished && !identity.admin)) throw notFound('Course not found');
  }

  /** The input as stored: bodies sanitised, the file and any captions checked to be the course's. */
  async function toWrite(courseId: string, input: LessonInput, context: CallContext): Promise<LessonWrite> {
    const fileId = FILE_LESSON_KINDS.includes(input.kind) ? (input.fileId ?? null) : null;
    const captions = input.kind === 'video' ? (input.captions ?? {}) : {};
    const captionsFiles = Object.entries(captions);
    if (fileId !== null || captionsFiles.length > 0) {
      const files = await deps.filesOf(courseId, context);
      if (files === null) throw new AppError(503, 'service_unavailable', 'The files service cannot be reached');
      if (fileId !== null && !files.some((file) => file.id === fileId)) {
        throw badRequest("The file is not one of the course's files", [{ path: 'fileId', code: 'file_unknown' }]);
      }
      const notCaptions = captionsFiles.filter(
        ([, id]) => !files.some((file) => file.id === id && file.fileType === CAPTIONS_TYPE),
      );
      if (notCaptions.length > 0) {
        throw badRequest("Captions are WebVTT files of the course's", [
          ...notCaptions.map(([language]) => ({ path: `captions.${language}`, code: 'captions_unknown' })),
        ]);
      }
    }
    const texts: Partial<Record<Language, LessonText>> = {};
    for (const language of LANGUAGES) {
      const text = input.texts[language];
      if (!text) continue;
      texts[language] = {
        title: text.title,
        body: input.kind === 'text' ? sanitizeDescription(text.body ?? '') : '',
      };
    }
    return { kind: input.kind, defaultLanguage: input.defaultLanguage, texts, fileId, captions };
  }

  async function outline(courseId: string, identity: Identity, language: Language): Promise<LessonOutline> {
    await seeCourse(courseId, identity);
    const rows = await deps.lessons.outline(courseId, viewerOf(identity));
    return {
      lessons: rows.map(({ viewed_at, ...row }) => toLesson(row, viewed_at, language, identity)),
      continueWith: rows.find((row) => row.viewed_at === null)?.id ?? null,
    };
  }

  return {
    outline,

    async create(courseId: string, input: LessonInput, context: AuthoringContext, language: Language): Promise<Lesson> {
      const write = await toWrite(courseId, input, context);
      const saved = await deps.lessons.insert(
        randomUUID(),
        courseId,
        write,
        now(),
        LESSON_LIMITS.lessonsPerCourse,
        (row) => lessonAudit(context.audit, 'lesson.created', row),
      );
      if (saved === 'missing') throw notFound('Course not found');
      if (saved === 'full') {
        throw badRequest(`A course holds at most ${LESSON_LIMITS.lessonsPerCourse} lessons`, [
          { path: 'lessons', code: 'lessons_too_many' },
        ]);
      }
      return toLesson(saved, null, language, context.identity);
    },

    async update(id: string, input: LessonInput, context: AuthoringContext, language: Language): Promise<Lesson> {
      const current = await deps.lessons.find(id);
      if (!current) throw lessonNotFound();
      const write = await toWrite(current.course_id, input, context);
      const saved = await deps.lessons.update(id, write, now(), (before, after) =>
        lessonAudit(context.audit, 'lesson.updated', after, before),
      );
      if (!saved) throw lessonNotFound();
      return toLesson(saved, null, language, context.identity);
    },

    async delete(id: string, audit: AuditContext): Promise<void> {
      if (!(await deps.lessons.delete(id, (row) => lessonAudit(audit, 'lesson.deleted', row)))) throw lessonNotFound();
    },

    async reorder(
      courseId: string,
      order: LessonOrder,
      context: { identity: Identity; audit: AuditContext },
      language: Language,
    ): Promise<LessonOutline> {
      const course = await deps.courses.visibility(courseId, context.identity.lang);
      const audit = audited(
        context.audit,
        'course.lessons-reordered',
        { type: 'course', id: courseId, label: course?.title },
        { details: { lessonIds: order.lessonIds } },
      );
      const outcome = await deps.lessons.reorder(courseId, order.lessonIds, audit);
      if (outcome === 'missing') throw notFound('Course not found');
      if (outcome === 'mismatch') {
        throw badRequest("The order must list every one of the course's lessons once, and no other", [
          { path: 'lessonIds', code: 'lesson_order_mismatch' },
        ]);
      }
      return outline(courseId, context.identity, language);
    },

    async markViewed(id: string, identity: Identity): Promise<LessonView> {
      const lesson = await deps.lessons.find(id);
      if (!lesson) throw lessonNotFound();
      // A lesson of a draft does not exist for learners, as the draft does not.
      await seeCourse(lesson.course_id, identity).catch(() => {
        throw lessonNotFound();
      });
      const viewedAt = await deps.lessons.markViewed(id, viewerOf(identity), now());
      return { lessonId: id, viewedAt: viewedAt.toISOString() };
    },
  };
}
export type Lessons = ReturnType<typeof lessons>;
