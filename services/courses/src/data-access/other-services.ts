import { userSchema } from '@portal/contracts/auth';
import { type CourseFile, courseFileSchema } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { type CallContext, type ServiceClient, unexpectedAnswer } from '@portal/kit/service-client';
import { z } from 'zod';

/** The course's files, asked of the files service; null when it is not configured, down or slow. */
export function filesOfCourse(files: ServiceClient | undefined) {
  return async function filesOf(courseId: string, context: CallContext): Promise<CourseFile[] | null> {
    if (!files) return null;
    try {
      const answer = await files(`/internal/courses/${courseId}/files`, context);
      return answer.status === 200 ? z.array(courseFileSchema).parse(answer.body) : null;
    } catch {
      return null;
    }
  };
}
export type FilesOfCourse = ReturnType<typeof filesOfCourse>;

/** Whether a user account exists, asked of the auth service. */
export function userExistence(auth: ServiceClient) {
  return async function userExists(userId: string, context: CallContext): Promise<boolean> {
    const answer = await auth(`/internal/users/${userId}`, context);
    if (answer.status === 404) return false;
    if (answer.status !== 200) throw unexpectedAnswer('auth', answer.status);
    return true;
  };
}
export type UserExistence = ReturnType<typeof userExistence>;

/** A user's stored language, asked of the auth service; null when the account no longer exists. */
export function userLanguage(auth: ServiceClient) {
  return async function languageOf(userId: string, context: CallContext): Promise<Language | null> {
    const answer = await auth(`/internal/users/${userId}`, context);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw unexpectedAnswer('auth', answer.status);
    return userSchema.parse(answer.body).language;
  };
}
export type UserLanguage = ReturnType<typeof userLanguage>;

/** A user's name and e-mail for the reviewers' list; null when the account is gone or the auth service is down. */
export function userProfile(auth: ServiceClient) {
  return async function profileOf(
    userId: string,
    context: CallContext,
  ): Promise<{ name: string; email: string } | null> {
    try {
      const answer = await auth(`/internal/users/${userId}`, context);
      if (answer.status !== 200) return null;
      const { name, email } = userSchema.parse(answer.body);
      return { name, email };
    } catch {
      return null;
    }
  };
}
export type UserProfile = ReturnType<typeof userProfile>;
