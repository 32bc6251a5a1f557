import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
// By the package's name, not the file's: a page's build then takes these from the shared contracts module instead of
// bundling a copy of its own.
import { languageSchema } from '@portal/contracts/languages';
import { boundedTo, lineTextSchema, uuidSchema } from '@portal/contracts/rules';

/**
 * Results learners upload to prove they completed a course, and their review. Apart from courses.ts and out of
 * API_CALLS: the contracts every page loads are one shared module (browser.ts), and only the course page and the
 * review page need these, so they bundle this file themselves (decision 0036).
 */

export const RESULT_LIMITS = {
  reviewCommentMax: 1000,
  resultsPageMax: 100,
} as const;

/** Where an uploaded result stands: waiting for a reviewer, approved (the course is completed) or rejected. */
export const RESULT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const resultStatusSchema = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof resultStatusSchema>;

/** The types a result may have, recognised by their content (magic bytes), not by their name. */
export const RESULT_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** The caller's latest result for a course (`GET /api/courses/:id/result`), or what a reviewer sees of one. */
export const courseResultSchema = z.object({
  id: uuidSchema,
  courseId: uuidSchema,
  userId: uuidSchema,
  fileName: z.string(),
  fileType: z.enum(RESULT_FILE_TYPES),
  fileSize: z.number().check(z.int(), z.nonnegative()),
  status: resultStatusSchema,
  uploadedAt: z.string(),
  reviewedAt: z.nullable(z.string()),
  /** The reviewer's comment: why a result was rejected, or a word with an approval. */
  reviewComment: z.nullable(z.string()),
});
export type CourseResult = z.infer<typeof courseResultSchema>;

/** `GET /api/courses/:id/result`: the latest result, or null when none was uploaded yet. */
export const myCourseResultSchema = z.nullable(courseResultSchema);

/**
 * A result in the reviewers' list, with the course's title in the reviewer's language and who uploaded it (null
 * when the account is gone or the auth service cannot say).
 */
export const resultForReviewSchema = z.extend(courseResultSchema, {
  courseTitle: z.string(),
  person: z.nullable(z.object({ name: z.string(), email: z.string() })),
});
export type ResultForReview = z.infer<typeof resultForReviewSchema>;

/** `GET /api/courses/results`: a page of results by status, oldest upload first (the queue's order). */
export const resultListQuerySchema = z.object({
  status: z.optional(resultStatusSchema),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(RESULT_LIMITS.resultsPageMax))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
  lang: z.optional(languageSchema),
});
export type ResultListQuery = z.output<typeof resultListQuerySchema>;
export type ResultListRequest = z.input<typeof resultListQuerySchema>;

/** A reviewer's decision on an uploaded result: approval records the completion, rejection (with why) asks again. */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z.optional(
      lineTextSchema().check(z.trim(), boundedTo(RESULT_LIMITS.reviewCommentMax, 'comment_too_long')),
    ),
  })
  .check(
    z.refine((input) => input.decision === 'approve' || (input.comment ?? '') !== '', {
      message: 'comment_required',
      path: ['comment'],
    }),
  );
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

const resultIdParams = z.object({ id: uuidSchema });

/** The course page's calls: the caller's latest result, and uploading one (`api.upload`). */
export const getMyCourseResultCall = {
  method: 'get',
  path: '/api/courses/:id/result',
  params: resultIdParams,
  response: myCourseResultSchema,
} as const satisfies ApiCall;

export const uploadCourseResultCall = {
  method: 'post',
  path: '/api/courses/:id/result',
  params: resultIdParams,
  upload: true,
  response: courseResultSchema,
} as const satisfies ApiCall;

/** The reviewers' calls. */
export const listCourseResultsCall = {
  method: 'get',
  path: '/api/courses/results',
  query: resultListQuerySchema,
  paged: true,
  response: z.array(resultForReviewSchema),
} as const satisfies ApiCall;

export const reviewCourseResultCall = {
  method: 'post',
  path: '/api/courses/results/:id/review',
  params: resultIdParams,
  body: reviewDecisionSchema,
  response: courseResultSchema,
} as const satisfies ApiCall;

/** A result's file, for its owner and administrators (opened by link). */
export const downloadCourseResultCall = {
  method: 'get',
  path: '/api/courses/results/:id/file',
  params: resultIdParams,
  binary: 'application/octet-stream',
} as const satisfies ApiCall;
