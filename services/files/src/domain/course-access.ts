import { REQUEST_ID_HEADER } from '@portal/contracts/http';
import { AppError, notFound } from '@portal/kit/errors';
import { IDENTITY_HEADER, type Identity, signIdentity } from '@portal/kit/identity';

/** Asks the courses service whether the caller may see a course; 404 when not (drafts, unknown ids). */
export function courseAccess(baseUrl: string, options: { secret: string; timeoutMs: number }) {
  return async function requireVisibleCourse(courseId: string, identity: Identity, requestId: string) {
    const { exp: _expiry, ...claims } = identity;
    let response: Response;
    try {
      response = await fetch(new URL(`/internal/courses/${courseId}/visibility`, baseUrl), {
        headers: { [IDENTITY_HEADER]: signIdentity(claims, options.secret), [REQUEST_ID_HEADER]: requestId },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new AppError(503, 'service_unavailable', 'The courses service is not available', { cause: error });
    }
    if (response.status === 404) throw notFound('Course not found');
    if (response.status !== 204)
      throw new AppError(502, 'bad_gateway', `The courses service answered ${response.status}`);
  };
}
export type CourseAccess = ReturnType<typeof courseAccess>;
