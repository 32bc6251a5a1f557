import { z } from 'zod/mini';
import { languageSchema } from './languages.ts';
import { uuidSchema } from './rules.ts';

/**
 * Integration events between services, delivered at least once from an outbox, in the order they were recorded.
 * A receiver dedupes by event id (its inbox) and treats each as the latest state of its subject (upsert), so a
 * redelivered or replayed event changes nothing.
 */
export const EVENTS = {
  courseDeleted: 'course.deleted',
  userDeleted: 'user.deleted',
  /** A change that matters, for the audit trail (payload: `auditRecordSchema` of `audit.ts`). */
  auditRecorded: 'audit.recorded',
  /** An account was created or changed (name, e-mail, language, status): its whole current state. */
  userChanged: 'user.changed',
  /** A group was created or renamed. */
  groupChanged: 'group.changed',
  groupDeleted: 'group.deleted',
  /** Someone joined a group (by hand, the CSV import or SCIM); `joinedAt` starts due dates relative to joining. */
  groupMemberAdded: 'group.member-added',
  groupMemberRemoved: 'group.member-removed',
  /** A course was created, renamed, published or unpublished, or its way of proving completion changed. */
  courseChanged: 'course.changed',
  /** Someone started a course (registered for it). */
  participationStarted: 'participation.started',
  /** A completion was recorded (confirmed by the learner, or an uploaded result approved). */
  completionRecorded: 'completion.recorded',
  /** A learner's uploaded result (proof of completion) was stored and waits for review. */
  resultUploaded: 'result.uploaded',
  /** A stored upload was removed again before review (its sender had gone): it no longer waits. */
  resultDiscarded: 'result.discarded',
  /** An administrator approved or rejected a learner's uploaded result (proof of completion). */
  resultReviewed: 'result.reviewed',
  /** A lesson was created or changed: its course and kind (the quizzes service keeps the quiz lessons). */
  lessonChanged: 'lesson.changed',
  lessonDeleted: 'lesson.deleted',
  /** A learner passed a quiz lesson (each passing attempt: a receiver keeps the first). */
  quizPassed: 'quiz.passed',
  /** A learner failed the last attempt they were allowed at a quiz lesson (someone to follow up). */
  quizAttemptsExhausted: 'quiz.attempts-exhausted',
} as const;

const instantSchema = z.iso.datetime({ offset: true });

export const courseDeletedSchema = z.object({ courseId: uuidSchema });
export const userDeletedSchema = z.object({ userId: uuidSchema });
export const userChangedSchema = z.object({
  userId: uuidSchema,
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  status: z.enum(['active', 'pending', 'deactivated']),
  isSysAdmin: z.boolean(),
});
export const groupChangedSchema = z.object({ groupId: uuidSchema, name: z.string() });
export const groupDeletedSchema = z.object({ groupId: uuidSchema });
export const groupMemberAddedSchema = z.object({ groupId: uuidSchema, userId: uuidSchema, joinedAt: instantSchema });
export const groupMemberRemovedSchema = z.object({ groupId: uuidSchema, userId: uuidSchema });
/** Titles in each language the course has; `published` false for a draft. */
export const courseChangedSchema = z.object({
  courseId: uuidSchema,
  titles: z.partialRecord(languageSchema, z.string()),
  defaultLanguage: languageSchema,
  published: z.boolean(),
  completionProof: z.enum(['confirmation', 'upload']),
});
export const participationStartedSchema = z.object({
  courseId: uuidSchema,
  userId: uuidSchema,
  startedAt: instantSchema,
});
/** A passed quiz a completion by rule rests on. */
export const quizEvidenceSchema = z.object({
  lessonId: uuidSchema,
  attemptId: uuidSchema,
  scorePercent: z.number(),
  attemptsUsed: z.number(),
  passedAt: instantSchema,
  /** Recorded by an administrator (see quizPassedSchema): no attempt passed. */
  recorded: z.optional(z.literal(true)),
});
export const completionRecordedSchema = z.object({
  courseId: uuidSchema,
  userId: uuidSchema,
  completedAt: instantSchema,
  /** A completion by rule with quizzes: the attempts that passed them. */
  evidence: z.optional(z.array(quizEvidenceSchema)),
});

export const resultUploadedSchema = z.object({
  resultId: uuidSchema,
  courseId: uuidSchema,
  userId: uuidSchema,
  uploadedAt: instantSchema,
});

export const resultDiscardedSchema = z.object({ resultId: uuidSchema });

export const resultReviewedSchema = z.object({
  resultId: uuidSchema,
  courseId: uuidSchema,
  userId: uuidSchema,
  decision: z.enum(['approved', 'rejected']),
  /** The reviewer's reason, for the learner; null when none was given. */
  comment: z.nullable(z.string()),
  reviewedAt: instantSchema,
});

export const lessonChangedSchema = z.object({
  lessonId: uuidSchema,
  courseId: uuidSchema,
  kind: z.enum(['text', 'file', 'video', 'quiz']),
});
export const lessonDeletedSchema = z.object({ lessonId: uuidSchema, courseId: uuidSchema });

/** A passing attempt, the evidence a completion by rule records. */
export const quizPassedSchema = z.object({
  courseId: uuidSchema,
  lessonId: uuidSchema,
  userId: uuidSchema,
  attemptId: uuidSchema,
  scorePercent: z.number(),
  attemptsUsed: z.number(),
  passedAt: instantSchema,
  /**
   * A pass an administrator recorded, not an attempt: `attemptId` is then the grant's id and `scorePercent` the
   * learner's best score so far (0 without a submitted attempt).
   */
  recorded: z.optional(z.literal(true)),
});

/** A failing attempt that was the learner's last allowed one: nothing is left to try (until an attempt is granted). */
export const quizAttemptsExhaustedSchema = z.object({
  courseId: uuidSchema,
  lessonId: uuidSchema,
  userId: uuidSchema,
  attemptId: uuidSchema,
  scorePercent: z.number(),
  attemptsUsed: z.number(),
  exhaustedAt: instantSchema,
});

export type UserChanged = z.infer<typeof userChangedSchema>;
export type GroupChanged = z.infer<typeof groupChangedSchema>;
export type GroupMemberAdded = z.infer<typeof groupMemberAddedSchema>;
export type CourseChanged = z.infer<typeof courseChangedSchema>;
export type ParticipationStarted = z.infer<typeof participationStartedSchema>;
export type CompletionRecorded = z.infer<typeof completionRecordedSchema>;
export type QuizPassed = z.infer<typeof quizPassedSchema>;
export type QuizAttemptsExhausted = z.infer<typeof quizAttemptsExhaustedSchema>;
export type QuizEvidence = z.infer<typeof quizEvidenceSchema>;
export type ResultUploaded = z.infer<typeof resultUploadedSchema>;
export type ResultReviewed = z.infer<typeof resultReviewedSchema>;
