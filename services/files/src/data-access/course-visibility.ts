import { notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { type ServiceClient, unexpectedAnswer } from '@portal/kit/service-client';

/** Asks the courses service whether the caller may see a course; 404 when not (drafts, unknown ids). */
export function courseVisibility(courses: ServiceClient) {
  return async function requireVisibleCourse(courseId: string, identity: Identity, requestId: string) {
    const answer = await courses(`/internal/courses/${courseId}/visibility`, { identity, requestId });
    if (answer.status === 404) throw notFound('Course not found');
    if (answer.status !== 204) throw unexpectedAnswer('courses', answer.status);
  };
}
export type CourseVisibility = ReturnType<typeof courseVisibility>;
