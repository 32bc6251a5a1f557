import { z } from 'zod/mini';
import { uuidSchema } from './rules.ts';

/**
 * Where one person stands with one assigned course. `overdue`: due and not completed; `expired`: completed, but
 * the recurrence's period has run out and it is due again.
 */
export const TRAINING_STATUSES = ['not-started', 'in-progress', 'completed', 'overdue', 'expired'] as const;
export const trainingStatusSchema = z.enum(TRAINING_STATUSES);
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;

/** `GET /api/assignments/mine?lang=`: the caller's assigned courses, due soonest first, titled in `lang` (else theirs). */
export const myAssignmentSchema = z.object({
  courseId: uuidSchema,
  courseTitle: z.string(),
  mandatory: z.boolean(),
  /** The earliest due date among the assignments that reach the caller for this course; null: no due date. */
  dueAt: z.nullable(z.string()),
  status: trainingStatusSchema,
  completedAt: z.nullable(z.string()),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;
