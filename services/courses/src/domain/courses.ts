import { authoring } from './authoring.ts';
import { catalogue } from './catalogue.ts';
import type { CoursesDeps } from './course-access.ts';
import { participation } from './participation.ts';
import { resultReview } from './result-review.ts';

/** The courses service's use cases, each group in its own file, as the routes call them. */
export function courses(deps: CoursesDeps) {
  return { ...catalogue(deps), ...authoring(deps), ...participation(deps), ...resultReview(deps) };
}
export type Courses = ReturnType<typeof courses>;
