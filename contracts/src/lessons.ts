import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
// By the package's name, not the file's: a page's build then takes these from the shared contracts module instead of
// bundling a copy of its own.
import { type Language, languageSchema, perLanguage } from '@portal/contracts/languages';
import { boundedTo, hasControlCharacter, uuidSchema } from '@portal/contracts/rules';

/**
 * A course made of lessons (issue 45, part 1): the outline, its lessons and who viewed which. Apart from
 * courses.ts and out of API_CALLS: the contracts every page loads are one shared module (browser.ts), and only
 * the course page needs these, so it bundles this file itself (decision 0036).
 */

export const LESSON_LIMITS = {
  lessonsPerCourse: 200,
  titleMax: 100,
  /** A text lesson's HTML in one language, as a course description's (the request's 100 KiB bound them all). */
  bodyHtmlMax: 50_000,
  /** A video lesson's captions file (WebVTT) in one language. */
  captionsMaxBytes: 1024 * 1024,
} as const;

export const LESSON_KINDS = ['text', 'file', 'video', 'quiz'] as const;
export const lessonKindSchema = z.enum(LESSON_KINDS);
export type LessonKind = z.infer<typeof lessonKindSchema>;

/** The kinds that show a file of the course (files service): a download, or the browser's player. */
export const FILE_LESSON_KINDS: readonly LessonKind[] = ['file', 'video'];

/** The type of a course's captions file (the files service checks that it starts as WebVTT does). */
export const CAPTIONS_TYPE = 'text/vtt';

/** One language's title and text of a lesson as stored (the text empty for other kinds than `text`). */
export const lessonTextSchema = z.object({ title: z.string(), body: z.string() });
export type LessonText = z.infer<typeof lessonTextSchema>;

/**
 * A lesson of the outline, in the language asked for when it has it, else in its default language, with the
 * caller's own mark: when they viewed it, or null.
 */
export const lessonSchema = z.object({
  id: uuidSchema,
  courseId: uuidSchema,
  /** 1 for the first lesson of the course. */
  position: z.number().check(z.int(), z.positive()),
  kind: lessonKindSchema,
  title: z.string(),
  /** A text lesson's rich text (sanitised as course descriptions are); empty for the other kinds. */
  body: z.string(),
  /** The language of `title` and `body`. */
  language: languageSchema,
  defaultLanguage: languageSchema,
  languages: z.array(languageSchema),
  /** The course's file a file or video lesson shows; null for the other kinds. */
  fileId: z.nullable(uuidSchema),
  viewedAt: z.nullable(z.string()),
  /** A video lesson's captions: the course's WebVTT file per language (absent from answers before captions). */
  captions: z.optional(z.partialRecord(languageSchema, uuidSchema)),
  /** Every language's text: sent to system administrators only (authoring), others get the shown one. */
  texts: z.optional(z.partialRecord(languageSchema, lessonTextSchema)),
});
export type Lesson = z.infer<typeof lessonSchema>;

/** `GET /api/courses/:id/lessons`: the lessons in order and the first the caller has not viewed (null: none left). */
export const lessonOutlineSchema = z.object({
  lessons: z.array(lessonSchema),
  continueWith: z.nullable(uuidSchema),
});
export type LessonOutline = z.infer<typeof lessonOutlineSchema>;

const titleSchema = z.string().check(
  boundedTo(LESSON_LIMITS.titleMax * 4, 'title_too_long'),
  z.refine((text) => !hasControlCharacter(text), 'control_characters'),
  z.trim(),
  z.minLength(1, 'title_required'),
  z.maxLength(LESSON_LIMITS.titleMax, 'title_too_long'),
);
const bodySchema = z.string().check(
  boundedTo(LESSON_LIMITS.bodyHtmlMax, 'body_too_long'),
  z.refine((text) => !hasControlCharacter(text, true), 'control_characters'),
);

/** One language's text as the author sends it: a text lesson's body is required, other kinds have none. */
export const lessonTextInputSchema = z.object({ title: titleSchema, body: z.optional(bodySchema) });

/** A lesson as the author writes it (create and update alike): its kind, texts per language and file. */
export const lessonInputSchema = z
  .object({
    kind: lessonKindSchema,
    defaultLanguage: languageSchema,
    texts: perLanguage(lessonTextInputSchema),
    fileId: z.optional(z.nullable(uuidSchema)),
    /** A video lesson's captions per language: a WebVTT file of the course each. */
    captions: z.optional(perLanguage(uuidSchema)),
  })
  .check(
    z.superRefine((input, context) => {
      const texts: Partial<Record<Language, { body?: string | undefined }>> = input.texts;
      if (texts[input.defaultLanguage] === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['texts', input.defaultLanguage],
          message: 'default_language_text_required',
        });
      }
      for (const [language, text] of Object.entries(texts)) {
        const hasBody = (text?.body ?? '').trim() !== '';
        if (input.kind === 'text' && !hasBody) {
          context.addIssue({ code: 'custom', path: ['texts', language, 'body'], message: 'body_required' });
        }
        if (input.kind !== 'text' && hasBody) {
          context.addIssue({ code: 'custom', path: ['texts', language, 'body'], message: 'body_not_allowed' });
        }
      }
      const needsFile = FILE_LESSON_KINDS.includes(input.kind);
      if (needsFile && !input.fileId) {
        context.addIssue({ code: 'custom', path: ['fileId'], message: 'file_required' });
      }
      if (!needsFile && input.fileId) {
        context.addIssue({ code: 'custom', path: ['fileId'], message: 'file_not_allowed' });
      }
      if (input.kind !== 'video' && Object.keys(input.captions ?? {}).length > 0) {
        context.addIssue({ code: 'custom', path: ['captions'], message: 'captions_not_allowed' });
      }
    }),
  );
export type LessonInput = z.infer<typeof lessonInputSchema>;

/** The course's lessons in their new order: every one of its lessons exactly once. */
export const lessonOrderSchema = z.object({
  lessonIds: z.array(uuidSchema).check(
    boundedTo(LESSON_LIMITS.lessonsPerCourse, 'lessons_too_many'),
    z.refine((ids) => new Set(ids).size === ids.length, 'lessons_duplicate'),
  ),
});
export type LessonOrder = z.infer<typeof lessonOrderSchema>;

/** `POST /api/lessons/:id/viewed`: when the caller first viewed the lesson. */
export const lessonViewSchema = z.object({ lessonId: uuidSchema, viewedAt: z.string() });
export type LessonView = z.infer<typeof lessonViewSchema>;

const lessonParams = z.object({ id: uuidSchema });
const languageQuery = z.object({ lang: z.optional(languageSchema) });

/** The calls of the lessons, by the name of their client's method (`createCallTableClient`). */
export const LESSON_CALLS = {
  courseLessons: {
    method: 'get',
    path: '/api/courses/:id/lessons',
    params: lessonParams,
    query: languageQuery,
    response: lessonOutlineSchema,
  },
  createLesson: {
    method: 'post',
    path: '/api/courses/:id/lessons',
    params: lessonParams,
    query: languageQuery,
    body: lessonInputSchema,
    response: lessonSchema,
  },
  updateLesson: {
    method: 'put',
    path: '/api/lessons/:id',
    params: lessonParams,
    query: languageQuery,
    body: lessonInputSchema,
    response: lessonSchema,
  },
  deleteLesson: {
    method: 'delete',
    path: '/api/lessons/:id',
    params: lessonParams,
  },
  orderLessons: {
    method: 'put',
    path: '/api/courses/:id/lessons/order',
    params: lessonParams,
    query: languageQuery,
    body: lessonOrderSchema,
    response: lessonOutlineSchema,
  },
  markLessonViewed: {
    method: 'post',
    path: '/api/lessons/:id/viewed',
    params: lessonParams,
    response: lessonViewSchema,
  },
} as const satisfies Record<string, ApiCall>;
