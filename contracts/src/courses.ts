import { z } from 'zod';
import { type Language, languageSchema } from './languages.ts';
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

/** A category named in the language asked for, else in its default language. */
export const categorySchema = z.object({ id: uuidSchema, name: z.string() });
export type Category = z.infer<typeof categorySchema>;

const categoryNameSchema = lineTextSchema()
  .trim()
  .min(1, 'category_name_required')
  .max(COURSE_LIMITS.categoryNameMax, 'category_name_too_long');

/** A category's name in each language it has; its default language's is required. */
export const categoryNamesSchema = z.partialRecord(languageSchema, categoryNameSchema);
export type CategoryNames = Partial<Record<Language, string>>;

/**
 * Either the spec's `{name}` (the default language's name; on create, the caller's language is the default) or
 * `{names, defaultLanguage}`: every name at once, a language left out has none.
 */
export const categoryInputSchema = z
  .object({
    name: categoryNameSchema.optional(),
    names: categoryNamesSchema.optional(),
    defaultLanguage: languageSchema.optional(),
  })
  .superRefine((input, context) => {
    if (input.names === undefined) {
      if (input.name === undefined)
        context.addIssue({ code: 'custom', path: ['name'], message: 'category_name_required' });
      return;
    }
    if (input.defaultLanguage === undefined) {
      context.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'default_language_required' });
    } else if (input.names[input.defaultLanguage] === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['names', input.defaultLanguage],
        message: 'category_name_required',
      });
    }
  });
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const idQuerySchema = z.object({ id: uuidSchema });

/** `?lang=`: answer in this language instead of the caller's stored one. */
export const languageQuerySchema = z.object({ lang: languageSchema.optional() });

export const courseFileSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  fileType: z.string(),
  uploadedAt: z.string(),
  courseId: uuidSchema,
});
export type CourseFile = z.infer<typeof courseFileSchema>;

/**
 * A course in lists: only what its card shows (the full list stays small enough to send at once). Its text is in
 * the language asked for when the course has it, else in the course's default language.
 */
export const courseSummarySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  shortDescription: z.string(),
  isPublished: z.boolean(),
  categories: z.array(categorySchema),
  /** Whether the caller has started the course and not completed it (the card's 'active' tag). */
  isParticipant: z.boolean(),
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
export const courseSavedSchema = courseSummarySchema.omit({ isParticipant: true }).extend({
  description: z.string(),
  /** Every language's text: sent to system administrators only (the editor), others get the shown one. */
  texts: z.partialRecord(languageSchema, courseTextSchema).optional(),
  createdAt: z.string(),
  /** Sent back with the next update (409 when someone saved in between). */
  updatedAt: z.string(),
});
export type CourseSaved = z.infer<typeof courseSavedSchema>;

export const courseSchema = courseSavedSchema.extend({
  isParticipant: z.boolean(),
  participantCount: z.number().int().nonnegative(),
  /** Null when the files service cannot be reached: the page shows 'files unavailable' instead of failing. */
  files: z.array(courseFileSchema).nullable(),
  participants: z.array(z.object({ id: uuidSchema })),
  /** When the caller last completed the course, if ever. */
  completedAt: z.string().nullable(),
});
export type Course = z.infer<typeof courseSchema>;

const titleSchema = lineTextSchema().trim().min(1, 'title_required').max(COURSE_LIMITS.titleMax, 'title_too_long');
const descriptionHtmlSchema = multilineTextSchema()
  .min(1, 'description_required')
  .max(COURSE_LIMITS.descriptionHtmlMax, 'description_too_long');
const shortDescriptionSchema = lineTextSchema()
  .trim()
  .max(COURSE_LIMITS.shortDescriptionMax, 'short_description_too_long');

/** One language's text as the author sends it; without a short description the card shows the description's start. */
export const courseTextInputSchema = z.object({
  title: titleSchema,
  shortDescription: shortDescriptionSchema.optional(),
  description: descriptionHtmlSchema,
});
export type CourseTextInput = z.infer<typeof courseTextInputSchema>;

const courseFieldsSchema = z.object({
  /** The spec's single-language fields: the default language's title and description. */
  title: titleSchema.optional(),
  description: descriptionHtmlSchema.optional(),
  isPublished: z.boolean(),
  categoryIds: z
    .array(uuidSchema)
    .min(1, 'categories_required')
    .max(COURSE_LIMITS.categoriesMax, 'categories_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'categories_duplicate'),
  /** Left out: the course's current one, or on create the caller's language. */
  defaultLanguage: languageSchema.optional(),
  /** Every language's text at once: a language left out has none (the default language's is required). */
  texts: z.partialRecord(languageSchema, courseTextInputSchema).optional(),
});

type CourseFields = z.infer<typeof courseFieldsSchema>;

/**
 * Either the spec's `{title, description, isPublished, categoryIds}` (it writes the default language and keeps
 * the others) or `texts` with every language (title and description, if sent too, must then be left out).
 */
function checkCourseTexts(input: CourseFields, context: z.RefinementCtx) {
  if (input.texts === undefined) {
    if (input.title === undefined) context.addIssue({ code: 'custom', path: ['title'], message: 'title_required' });
    if (input.description === undefined) {
      context.addIssue({ code: 'custom', path: ['description'], message: 'description_required' });
    }
    return;
  }
  if (input.title !== undefined || input.description !== undefined) {
    context.addIssue({ code: 'custom', path: ['texts'], message: 'texts_and_single_language' });
  }
  if (input.defaultLanguage === undefined) {
    context.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'default_language_required' });
  } else if (input.texts[input.defaultLanguage] === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['texts', input.defaultLanguage],
      message: 'default_language_text_required',
    });
  }
}

export const courseInputSchema = courseFieldsSchema.superRefine(checkCourseTexts);
export type CourseInput = z.infer<typeof courseInputSchema>;

/**
 * The course form's rules, checked by the editor before it sends, with the codes the server answers: the title
 * and the categories as the server takes them, the description counted on the text the user typed, not on the
 * HTML (DESIGN.md).
 */
export const courseFormSchema = z.object({
  title: titleSchema,
  descriptionText: z
    .string()
    .max(COURSE_LIMITS.descriptionTextMax, 'description_too_long')
    .refine((text) => text.trim() !== '', 'description_required'),
  categoryIds: courseFieldsSchema.shape.categoryIds,
});

/** One language tab of the course form, by the same rules (the categories are shared by every language). */
export const courseTextFormSchema = courseFormSchema.omit({ categoryIds: true }).extend({
  shortDescription: shortDescriptionSchema,
});

export const courseUpdateSchema = courseFieldsSchema
  .extend({
    id: uuidSchema,
    /** The updatedAt the client loaded: a different one on the server means someone else saved first (409). */
    updatedAt: lineTextSchema().min(1, 'updated_at_required'),
  })
  .superRefine(checkCourseTexts);
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const courseListQuerySchema = z.object({
  published: booleanQuery.optional(),
  q: lineTextSchema().trim().max(COURSE_LIMITS.searchMax, 'search_too_long').optional(),
  categoryId: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COURSE_LIMITS.pageSizeMax).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Answer in this language instead of the caller's stored one. */
  lang: languageSchema.optional(),
  /** Only the courses that have a text in the answer's language. */
  inLanguage: booleanQuery.optional(),
});
export type CourseListQuery = z.output<typeof courseListQuerySchema>;

export const courseIdQuerySchema = z.object({ courseId: uuidSchema });

export const registerUserToCourseSchema = z.object({ courseId: uuidSchema, userId: uuidSchema });
export type RegisterUserToCourse = z.infer<typeof registerUserToCourseSchema>;

export const participationSchema = z.object({
  courseId: uuidSchema,
  userId: uuidSchema,
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

/**
 * A category with how many courses (drafts included) use it, and every language's name: what administrators see
 * on the categories page.
 */
export const categoryUsageSchema = categorySchema.extend({
  courseCount: z.number().int().nonnegative(),
  names: z.partialRecord(languageSchema, z.string()),
  defaultLanguage: languageSchema,
});
export type CategoryUsage = z.infer<typeof categoryUsageSchema>;

/** The caller's own courses: started and not completed yet, or completed. */
export const MY_COURSE_STATUSES = ['in-progress', 'completed'] as const;
export type MyCourseStatus = (typeof MY_COURSE_STATUSES)[number];

export const myCoursesQuerySchema = z.object({
  status: z.enum(MY_COURSE_STATUSES),
  lang: languageSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COURSE_LIMITS.pageSizeMax).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type MyCoursesQuery = z.output<typeof myCoursesQuerySchema>;

/** A course of the caller's with when they started it and, if they did, when they completed it. */
export const myCourseSchema = courseSummarySchema.extend({
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type MyCourse = z.infer<typeof myCourseSchema>;
