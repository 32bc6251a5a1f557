import type { Language } from '@portal/contracts/languages';
import { AppError, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import type { CallContext } from '@portal/kit/service-client';
import { clockOf, type CoursesDeps, startable, viewerOf, visibleCourse } from './course-access.ts';

/** Taking a course: starting it, completing it by confirmation, and an administrator registering someone. */
export function participation(deps: CoursesDeps) {
  const now = clockOf(deps);
  const visible = (id: string, identity: Identity, language: Language) => visibleCourse(deps, id, identity, language);

  return {
    async start(courseId: string, identity: Identity) {
      startable(await visible(courseId, identity, identity.lang));
      return deps.participations.start(courseId, viewerOf(identity), now());
    },

    async complete(courseId: string, identity: Identity) {
      const course = await visible(courseId, identity, identity.lang);
      if (course.completionProof === 'upload') {
        throw new AppError(409, 'completion_needs_result', 'This course is completed by an approved result');
      }
      if (course.completionRequires.length > 0) {
        throw new AppError(409, 'completion_by_rule', 'This course is completed by its lessons and quizzes');
      }
      const participation = await deps.participations.complete(courseId, viewerOf(identity), now());
      if (!participation) throw new AppError(409, 'not_started', 'The course was not started');
      return participation;
    },

    async registerUser(courseId: string, userId: string, context: CallContext) {
      startable(await visible(courseId, context.identity, context.identity.lang));
      if (!(await deps.userExists(userId, context))) throw notFound('User not found');
      return deps.participations.start(courseId, userId, now());
    },
  };
}
