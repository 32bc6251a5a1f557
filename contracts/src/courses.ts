import { z } from 'zod/mini';
import { type Language, languageSchema, perLanguage } from './languages.ts';
import { lineTextSchema, multilineTextSchema, uuidSchema } from './rules.ts';

export const COURSE_LIMITS = {
  titleMax: 100,
  /** Counted on the text the user typed, not on the HTML (DESIGN.md). */
  descriptionTextMax: 2500,
  /** The stored HTML is bounded too: generous for formatting, small enough to refuse abuse. */
  descriptionHtmlMax: 50_000,
  categoriesMax: 20,
  categoryNameMax: 60,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  searchMax: 100,
  shortDescriptionMax: 200,
} as const;

/** How a learner proves they completed a course: their own confirmation, or a result they upload for review. */
export const COMPLETION_PROOFS = ['confirmation', 'upload'] as const;
export const completionProofSchema = z.enum(COMPLETION_PROOFS);
export type CompletionProof = z.infer<typeof completionProofSchema>;

/**
 * What else completes a course (decision 0066): every lesson viewed, every quiz lesson passed. With any of them the
 * course completes by itself once they are met (and its result approved, when it asks for an upload); without,
 * as before: by the learner's confirmation or an approved result.
 */
export const COMPLETION_REQUIREMENTS = ['lessons_viewed', 'quizzes_passed'] as const;
export const completionRequiresSchema = z.array(z.enum(COMPLETION_REQUIREMENTS)).check(z.maxLength(2));
export type CompletionRequirement = (typeof COMPLETION_REQUIREMENTS)[number];

/** A category named in the language asked for, else in its default language. */
export const categorySchema = z.object({ id: uuidSchema, name: z.string() });
export type Category = z.infer<typeof categorySchema>;

const categoryNameSchema = lineTextSchema().check(
  z.trim(),
  z.minLength(1, 'category_name_required'),
  z.maxLength(COURSE_LIMITS.categoryNameMax, 'category_name_too_long'),
);

/** A category's name in each language it has; its default language's is required. */
export const categoryNamesSchema = perLanguage(categoryNameSchema);
export type CategoryNames = Partial<Record<Language, string>>;

/** A body with every language at once (`names`, `texts`) names its default language and has an entry in it. */
function checkDefaultLanguageEntry(
  context: z.core.$RefinementCtx,
  defaultLanguage: Language | undefined,
  field: 'names' | 'texts',
  entries: Partial<Record<Language, unknown>>,
  missingEntryMessage: string,
) {
  if (defaultLanguage === undefined) {
    context.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'default_language_required' });
  } else if (entries[defaultLanguage] === undefined) {
    context.addIssue({ code: 'custom', path: [field, defaultLanguage], message: missingEntryMessage });
  }
}

/**
 * Either the spec's `{name}` (the default language's name; on create, the caller's language is the default) or
 * `{names, defaultLanguage}`: every name at once, a language left out has none.
 */
export const categoryInputSchema = z
  .object({
    name: z.optional(categoryNameSchema),
    names: z.optional(categoryNamesSchema),
    defaultLanguage: z.optional(languageSchema),
  })
  .check(
    z.superRefine((input, context) => {
      if (input.names === undefined) {
        if (input.name === undefined)
          context.addIssue({ code: 'custom', path: ['name'], message: 'category_name_required' });
        return;
      }
      checkDefaultLanguageEntry(context, input.defaultLanguage, 'names', input.names, 'category_name_required');
    }),
  );
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const idQuerySchema = z.object({ id: uuidSchema });

/** `?lang=`: answer in this language instead of the caller's stored one. */
export const languageQuerySchema = z.object({ lang: z.optional(languageSchema) });

export const courseFileSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  fileSize: z.number().check(z.int(), z.nonnegative()),
  fileType: z.string(),
  uploadedAt: z.string(),
  courseId: uuidSchema,
});
export type CourseFile = z.infer<typeof courseFileSchema>;

/**
 * A course in lists: only what its card shows (the full list stays small enough to send at once). Its text is in
 * the language asked for when the course has it, else in the course's default language. Nothing in it depends on
 * who asks (the caller's participations are `myParticipationSchema`'s): one body per catalogue version.
 */
export const courseSummarySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  shortDescription: z.string(),
  isPublished: z.boolean(),
  categories: z.array(categorySchema),
  /** The language of the title and descriptions in this answer. */
  language: languageSchema,
  /** The language the author wrote the course in first: shown when the one asked for is missing. */
  defaultLanguage: languageSchema,
  /** Every language the course has a text in, in the order of LANGUAGES. */
  languages: z.array(languageSchema),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** One language's text of a course as stored: what the editor's tab for that language shows. */
export const courseTextSchema = z.object({
  title: z.string(),
  /** As the author wrote it; empty when the card shows the start of the description instead. */
  shortDescription: z.string(),
  description: z.string(),
});
export type CourseText = z.infer<typeof courseTextSchema>;

/** What create and update answer: the course as saved, without what only another read would tell. */
export const courseSavedSchema = z.extend(courseSummarySchema, {
  description: z.string(),
  /** Every language's text: sent to system administrators only (the editor), others get the shown one. */
  texts: z.optional(z.partialRecord(languageSchema, courseTextSchema)),
  completionProof: completionProofSchema,
  completionRequires: completionRequiresSchema,
  createdAt: z.string(),
  /** Sent back with the next update (409 when someone saved in between). */
  updatedAt: z.string(),
});
export type CourseSaved = z.infer<typeof courseSavedSchema>;

export const courseSchema = z.extend(courseSavedSchema, {
  participantCount: z.number().check(z.int(), z.nonnegative()),
  /** How many people have completed the course, assigned or not. */
  completedCount: z.number().check(z.int(), z.nonnegative()),
  /**
   * Null when the files service cannot be reached: the page shows 'files unavailable' instead of failing. Left
   * out with `?files=omit` (decision 0037): the page asks the files service for them beside the course.
   */
  files: z.optional(z.nullable(z.array(courseFileSchema))),
  /**
   * The spec's field: who is taking the course, every one for administrators, for anyone else only themselves if
   * they are. Left out with `?participants=omit` (decision 0030): the body is then the same for every employee.
   */
  participants: z.optional(z.array(z.object({ id: uuidSchema }))),
});
export type Course = z.infer<typeof courseSchema>;

const titleSchema = lineTextSchema().check(
  z.trim(),
  z.minLength(1, 'title_required'),
  z.maxLength(COURSE_LIMITS.titleMax, 'title_too_long'),
);
const descriptionHtmlSchema = multilineTextSchema().check(
  z.minLength(1, 'description_required'),
  z.maxLength(COURSE_LIMITS.descriptionHtmlMax, 'description_too_long'),
);
const shortDescriptionSchema = lineTextSchema().check(
  z.trim(),
  z.maxLength(COURSE_LIMITS.shortDescriptionMax, 'short_description_too_long'),
);

/** One language's text as the author sends it; without a short description the card shows the description's start. */
export const courseTextInputSchema = z.object({
  title: titleSchema,
  shortDescription: z.optional(shortDescriptionSchema),
  description: descriptionHtmlSchema,
});
export type CourseTextInput = z.infer<typeof courseTextInputSchema>;

const categoryIdsSchema = z.array(uuidSchema).check(
  z.minLength(1, 'categories_required'),
  z.maxLength(COURSE_LIMITS.categoriesMax, 'categories_too_many'),
  z.refine((ids) => new Set(ids).size === ids.length, 'categories_duplicate'),
);

/**
 * What a course is written from. Fields a read answers but a write does not take (`categories`, `files`,
 * `participants`, `shortDescription`, …) are ignored, so a course read, changed and sent back saves.
 */
const courseFieldsSchema = z.object({
  /** The spec's single-language fields: the title and description in `language`. */
  title: z.optional(titleSchema),
  description: z.optional(descriptionHtmlSchema),
  /** The language of `title` and `description`, as a read answers it; left out: the default language. */
  language: z.optional(languageSchema),
  isPublished: z.boolean(),
  categoryIds: categoryIdsSchema,
  /** Left out: the course's current one, or on create the caller's language. */
  defaultLanguage: z.optional(languageSchema),
  /** Every language's text at once: a language left out has none (the default language's is required). */
  texts: z.optional(perLanguage(courseTextInputSchema)),
  /** Left out: the course's current one, or on create the learner's confirmation. */
  completionProof: z.optional(completionProofSchema),
  /** Left out: the course's current ones, or on create none. */
  completionRequires: z.optional(completionRequiresSchema),
});

type CourseTexts = Pick<z.infer<typeof courseFieldsSchema>, 'title' | 'description' | 'defaultLanguage' | 'texts'>;

/**
 * Either the spec's `{title, description, isPublished, categoryIds}` (it writes `language`, else the default
 * language, and keeps the others) or `texts` with every language, or both, as a read answers them.
 */
function checkCourseTexts<Input extends CourseTexts>(input: Input, context: z.core.$RefinementCtx<Input>) {
  if (input.texts === undefined) {
    if (input.title === undefined) context.addIssue({ code: 'custom', path: ['title'], message: 'title_required' });
    if (input.description === undefined) {
      context.addIssue({ code: 'custom', path: ['description'], message: 'description_required' });
    }
    return;
  }
  // With both, `title`/`description` win over `texts[language]` only where they differ from the stored text (the changed one wins).
  checkDefaultLanguageEntry(context, input.defaultLanguage, 'texts', input.texts, 'default_language_text_required');
}

export const courseInputSchema = courseFieldsSchema.check(z.superRefine(checkCourseTexts));
export type CourseInput = z.infer<typeof courseInputSchema>;

/** One language's text in the course form: the description as HTML and as the text the user typed. */
const courseTextFormSchema = z.object({
  title: titleSchema,
  shortDescription: shortDescriptionSchema,
  description: z.string(),
  /** The 1-2500 rule counts the text the user typed, not the HTML (DESIGN.md). */
  descriptionText: z.string().check(
    z.maxLength(COURSE_LIMITS.descriptionTextMax, 'description_too_long'),
    z.refine((text) => text.trim() !== '', 'description_required'),
  ),
});

const courseTextFormValuesSchema = z.object({
  title: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  descriptionText: z.string(),
});
export type CourseTextFormValues = z.infer<typeof courseTextFormValuesSchema>;

/** Whether a language of the form has anything typed in it: then it is sent, and its rules apply. */
export function hasCourseText(text: CourseTextFormValues): boolean {
  return text.title.trim() !== '' || text.shortDescription.trim() !== '' || text.descriptionText.trim() !== '';
}

/**
 * The course form's values and rules, checked by the editor before it sends, with the codes the server answers:
 * the fields a course is written from, with a text for every language. A field added to `courseFieldsSchema` is a
 * field of the form too. Only the languages with text are checked, and the default language always.
 */
export const courseFormSchema = z
  .extend(z.omit(courseFieldsSchema, { title: true, description: true, language: true }), {
    defaultLanguage: languageSchema,
    completionProof: completionProofSchema,
    texts: z.record(languageSchema, courseTextFormValuesSchema),
  })
  .check(
    z.superRefine((values, context) => {
      for (const [language, text] of Object.entries(values.texts)) {
        if (language !== values.defaultLanguage && !hasCourseText(text)) continue;
        for (const issue of courseTextFormSchema.safeParse(text).error?.issues ?? []) {
          context.addIssue({ code: 'custom', path: ['texts', language, ...issue.path], message: issue.message });
        }
      }
    }),
  );
export type CourseFormValues = z.infer<typeof courseFormSchema>;

export const courseUpdateSchema = z
  .extend(courseFieldsSchema, {
    /** Left out: the course keeps its categories (a read answers `categories`, not their ids). */
    categoryIds: z.optional(categoryIdsSchema),
    id: uuidSchema,
    /** The updatedAt the client loaded: a different one on the server means someone else saved first (409). */
    updatedAt: lineTextSchema().check(z.minLength(1, 'updated_at_required')),
  })
  .check(z.superRefine(checkCourseTexts));
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

const booleanQuery = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

/** A page of a list: how many and from where, as query parameters. */
const pageLimitQuery = z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(COURSE_LIMITS.pageSizeMax)));
const pageOffsetQuery = z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)));

export const courseListQuerySchema = z.object({
  published: z.optional(booleanQuery),
  q: z.optional(lineTextSchema().check(z.trim(), z.maxLength(COURSE_LIMITS.searchMax, 'search_too_long'))),
  categoryId: z.optional(uuidSchema),
  limit: pageLimitQuery,
  offset: pageOffsetQuery,
  /** Answer in this language instead of the caller's stored one. */
  lang: z.optional(languageSchema),
  /** Only the courses that have a text in the answer's language. */
  inLanguage: z.optional(booleanQuery),
});
export type CourseListQuery = z.output<typeof courseListQuerySchema>;
/** The same query as a client sends it: its values as they go in the URL (`published: 'true'`). */
export type CourseListRequest = z.input<typeof courseListQuerySchema>;

export const courseIdQuerySchema = z.object({ courseId: uuidSchema });

/**
 * One course: `?lang=`, `?participants=omit` for a body without the viewer's own (decision 0030) and
 * `?files=omit` for one without its files (decision 0037).
 */
export const courseQuerySchema = z.object({
  lang: z.optional(languageSchema),
  participants: z.optional(z.enum(['include', 'omit'])),
  files: z.optional(z.enum(['include', 'omit'])),
});
export type CourseQuery = z.output<typeof courseQuerySchema>;

/** One of the caller's participations: a course they take part in (`completedAt` null) or completed last then. */
export const myParticipationSchema = z.object({
  courseId: uuidSchema,
  startedAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type MyParticipation = z.infer<typeof myParticipationSchema>;

/** The courses service's internal answer to "may this caller see the course?": yes, and its title in their language. */
export const courseVisibilitySchema = z.object({ title: z.string() });
export type CourseVisibility = z.infer<typeof courseVisibilitySchema>;

export const registerUserToCourseSchema = z.object({ courseId: uuidSchema, userId: uuidSchema });
export type RegisterUserToCourse = z.infer<typeof registerUserToCourseSchema>;

export const participationSchema = z.object({
  courseId: uuidSchema,
  userId: uuidSchema,
  startedAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type Participation = z.infer<typeof participationSchema>;

/**
 * A category with how many courses (drafts included) use it, and every language's name: what administrators see
 * on the categories page.
 */
export const categoryUsageSchema = z.extend(categorySchema, {
  courseCount: z.number().check(z.int(), z.nonnegative()),
  names: z.partialRecord(languageSchema, z.string()),
  defaultLanguage: languageSchema,
});
export type CategoryUsage = z.infer<typeof categoryUsageSchema>;

/** The caller's own courses: started and not completed yet, or completed. */
export const MY_COURSE_STATUSES = ['in-progress', 'completed'] as const;
export type MyCourseStatus = (typeof MY_COURSE_STATUSES)[number];

export const myCoursesQuerySchema = z.object({
  status: z.enum(MY_COURSE_STATUSES),
  lang: z.optional(languageSchema),
  limit: pageLimitQuery,
  offset: pageOffsetQuery,
});
export type MyCoursesQuery = z.output<typeof myCoursesQuerySchema>;
export type MyCoursesRequest = z.input<typeof myCoursesQuerySchema>;

/** A course of the caller's with when they started it and, if they did, when they completed it. */
export const myCourseSchema = z.extend(courseSummarySchema, {
  startedAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
