import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { QUESTION_TYPES, QUIZ_LIMITS } from './quizzes.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

// The quiz report and the grants of administrators, apart from the learners' and authors' quiz calls (quiz-calls.ts):
// the course page carries those, and none of these.

export const QUIZ_GRANT_KINDS = ['extra_attempt', 'pass'] as const;

/**
 * An administrator's grant to one learner at a quiz lesson: one more attempt (which also lifts the wait), or a pass
 * recorded without an attempt. The reason is required and goes to the audit trail.
 */
export const quizGrantInputSchema = z.object({
  userId: uuidSchema,
  kind: z.enum(QUIZ_GRANT_KINDS),
  reason: lineTextSchema().check(
    boundedTo(QUIZ_LIMITS.grantReasonMax, 'reason_too_long'),
    z.trim(),
    z.minLength(1, 'reason_required'),
  ),
});
export type QuizGrantInput = z.infer<typeof quizGrantInputSchema>;

export const quizGrantSchema = z.object({
  id: uuidSchema,
  lessonId: uuidSchema,
  userId: uuidSchema,
  kind: z.enum(QUIZ_GRANT_KINDS),
  reason: z.string(),
  grantedAt: z.string(),
});
export type QuizGrant = z.infer<typeof quizGrantSchema>;

export const quizReportQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(QUIZ_LIMITS.reportPageMax))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000_000))),
});
export type QuizReportQuery = z.input<typeof quizReportQuerySchema>;

/**
 * A quiz lesson's item analysis over its submitted attempts, per question version shown: how many answered, the
 * share answered fully right, and for a choice question its most chosen wrong option (its text in the
 * requester's language); and the people to follow up: no attempt left and never passed, a page of them by name
 * (`name` null while auth has not announced the person to the quizzes service yet, those last).
 */
export const quizReportSchema = z.object({
  courseId: uuidSchema,
  questions: z.array(
    z.object({
      questionId: uuidSchema,
      version: z.number(),
      type: z.enum(QUESTION_TYPES),
      text: z.string(),
      answered: z.number(),
      correctShare: z.number(),
      mostChosenWrong: z.nullable(z.object({ optionId: z.string(), text: z.string(), count: z.number() })),
    }),
  ),
  followUp: z.object({
    total: z.number(),
    people: z.array(
      z.object({
        userId: uuidSchema,
        name: z.nullable(z.string()),
        attemptsUsed: z.number(),
        bestScorePercent: z.nullable(z.number()),
        lastAttemptAt: z.string(),
      }),
    ),
  }),
});
export type QuizReport = z.infer<typeof quizReportSchema>;

/** The administrators' quiz calls, by the name of their client's method. */
export const QUIZ_REPORT_CALLS = {
  /** An extra attempt for a learner, or a pass recorded for them, with a reason (administrators). */
  grantQuiz: {
    method: 'post',
    path: '/api/lessons/:id/grants',
    params: z.object({ id: uuidSchema }),
    body: quizGrantInputSchema,
    response: quizGrantSchema,
  },
  /** Item analysis and the people who failed their last allowed attempt (administrators). */
  quizReport: {
    method: 'get',
    path: '/api/lessons/:id/quiz-report',
    params: z.object({ id: uuidSchema }),
    query: quizReportQuerySchema,
    response: quizReportSchema,
  },
} as const satisfies Record<string, ApiCall>;
