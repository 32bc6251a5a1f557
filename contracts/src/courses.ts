import { z } from 'zod';
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

export const categorySchema = z.object({ id: uuidSchema, name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: lineTextSchema()
    .trim()
    .min(1, 'category_name_required')
    .max(COURSE_LIMITS.categoryNameMax, 'category_name_too_long'),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const idQuerySchema = z.object({ id: uuidSchema });

export const courseFileSchema = z.object({
  id: uuidSchema,
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  fileType: z.string(),
  uploadedAt: z.string(),
  courseId: uuidSchema,
});
export type CourseFile = z.infer<typeof courseFileSchema>;

/** A course in lists: only what its card shows (the full list stays small enough to send at once). */
export const courseSummarySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  shortDescription: z.string(),
  isPublished: z.boolean(),
  categories: z.array(categorySchema),
  /** Whether the caller has started the course and not completed it (the card's 'active' tag). */
  isParticipant: z.boolean(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** What create and update answer: the course as saved, without what only another read would tell. */
export const courseSavedSchema = courseSummarySchema.omit({ isParticipant: true }).extend({
  description: z.string(),
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

export const courseInputSchema = z.object({
  title: titleSchema,
  description: multilineTextSchema()
    .min(1, 'description_required')
    .max(COURSE_LIMITS.descriptionHtmlMax, 'description_too_long'),
  isPublished: z.boolean(),
  categoryIds: z
    .array(uuidSchema)
    .min(1, 'categories_required')
    .max(COURSE_LIMITS.categoriesMax, 'categories_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'categories_duplicate'),
});
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
  categoryIds: courseInputSchema.shape.categoryIds,
});

export const courseUpdateSchema = courseInputSchema.extend({
  id: uuidSchema,
  /** The updatedAt the client loaded: a different one on the server means someone else saved first (409). */
  updatedAt: lineTextSchema().min(1, 'updated_at_required'),
});
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const courseListQuerySchema = z.object({
  published: booleanQuery.optional(),
  q: lineTextSchema().trim().max(COURSE_LIMITS.searchMax, 'search_too_long').optional(),
  categoryId: uuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COURSE_LIMITS.pageSizeMax).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
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

/** A category with how many courses (drafts included) use it: what administrators see before deleting one. */
export const categoryUsageSchema = categorySchema.extend({ courseCount: z.number().int().nonnegative() });
export type CategoryUsage = z.infer<typeof categoryUsageSchema>;

/** The caller's own courses: started and not completed yet, or completed. */
export const MY_COURSE_STATUSES = ['in-progress', 'completed'] as const;
export type MyCourseStatus = (typeof MY_COURSE_STATUSES)[number];

export const myCoursesQuerySchema = z.object({
  status: z.enum(MY_COURSE_STATUSES),
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
