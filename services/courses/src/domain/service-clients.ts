import { type CourseFile, courseFileSchema } from '@portal/contracts/courses';
import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { AppError } from '@portal/kit/errors';
import { IDENTITY_HEADER, type Identity, signIdentity } from '@portal/kit/identity';
import { z } from 'zod';

export interface CallContext {
  identity: Identity;
  requestId: string;
}

function headers(context: CallContext, secret: string) {
  const { exp: _expiry, ...identity } = context.identity;
  return { [IDENTITY_HEADER]: signIdentity(identity, secret), [REQUEST_ID_HEADER]: context.requestId };
}

/** The course's files from the files service; null when it is not configured, down or slow. */
export function filesClient(baseUrl: string | undefined, options: { secret: string; timeoutMs: number }) {
  return async function filesOf(courseId: string, context: CallContext): Promise<CourseFile[] | null> {
    if (!baseUrl) return null;
    try {
      const response = await fetch(new URL(`/internal/courses/${courseId}/files`, baseUrl), {
        headers: headers(context, options.secret),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) return null;
      return z.array(courseFileSchema).parse(await response.json());
    } catch {
      return null;
    }
  };
}
export type FilesClient = ReturnType<typeof filesClient>;

/** Whether a user account exists, asked of the auth service. */
export function usersClient(baseUrl: string, options: { secret: string; timeoutMs: number }) {
  return async function userExists(userId: string, context: CallContext): Promise<boolean> {
    let response: Response;
    try {
      response = await fetch(new URL(`/internal/users/${userId}`, baseUrl), {
        headers: headers(context, options.secret),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new AppError(503, 'service_unavailable', 'The auth service is not available', { cause: error });
    }
    if (response.status === 404) return false;
    if (!response.ok) throw new AppError(502, 'bad_gateway', `The auth service answered ${response.status}`);
    return true;
  };
}
export type UsersClient = ReturnType<typeof usersClient>;
