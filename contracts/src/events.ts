import { z } from 'zod/mini';
import { uuidSchema } from './rules.ts';

/** Integration events between services, delivered at least once from an outbox. */
export const EVENTS = {
  courseDeleted: 'course.deleted',
  userDeleted: 'user.deleted',
  /** A change that matters, for the audit trail (payload: `auditRecordSchema` of `audit.ts`). */
  auditRecorded: 'audit.recorded',
} as const;
export const courseDeletedSchema = z.object({ courseId: uuidSchema });
export const userDeletedSchema = z.object({ userId: uuidSchema });
