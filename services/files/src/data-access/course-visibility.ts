import { courseVisibilitySchema } from '@portal/contracts/courses';
import { notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { type ServiceClient, unexpectedAnswer } from '@portal/kit/service-client';

/**
 * Asks the courses service whether the caller may see a course; 404 when not (drafts, unknown ids). Answers the
 * course's title in the caller's language (the name of the course's zip).
 */
export function courseVisibility(courses: ServiceClient) {
  return async function requireVisibleCourse(courseId: string, identity: Identity, requestId: string) {
    const answer = await courses(`/internal/courses/${courseId}/visibility`, { identity, requestId });
    if (answer.status === 404) throw notFound('Course not found');
    const visible = courseVisibilitySchema.safeParse(answer.body);
    if (answer.status !== 200 || !visible.success) throw unexpectedAnswer('courses', answer.status);
    return visible.data;
  };
}
export type CourseVisibility = ReturnType<typeof courseVisibility>;
