import { z } from 'zod/mini';
import { uuidSchema } from './rules.ts';

/** Integration events between services, delivered at least once from an outbox. */
export const EVENTS = {
  courseDeleted: 'course.deleted',
  userDeleted: 'user.deleted',
} as const;
export const courseDeletedSchema = z.object({ courseId: uuidSchema });
export const userDeletedSchema = z.object({ userId: uuidSchema });
