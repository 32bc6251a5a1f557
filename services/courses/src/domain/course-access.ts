import { COURSE_LIMITS } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { AppError, notFound } from '@portal/kit/errors';
import { type Identity, userIdOf } from '@portal/kit/identity';
import type { CategoriesRepository } from '../data-access/categories-repository.ts';
import type { CourseRow, CoursesRepository } from '../data-access/courses-repository.ts';
import type { FilesOfCourse, UserExistence, UserProfile } from '../data-access/other-services.ts';
import type { ParticipationsRepository } from '../data-access/participations-repository.ts';
import type { ResultsRepository } from '../data-access/results-repository.ts';

export interface CoursesDeps {
  courses: CoursesRepository;
  categories: CategoriesRepository;
  participations: ParticipationsRepository;
  results: ResultsRepository;
  filesOf: FilesOfCourse;
  userExists: UserExistence;
  /** Who uploaded a result, for the reviewers; none given: nobody is named. */
  profileOf?: UserProfile;
  now?: () => Date;
}

/** The deps' clock, else the wall clock. */
export const clockOf = (deps: Pick<CoursesDeps, 'now'>) => deps.now ?? (() => new Date());

export const viewerOf = (identity: Identity) => userIdOf(identity);

/** The page a list query asks for: the first, of the default size, when it names none. */
export const pageOf = (query: { limit?: number | undefined; offset?: number | undefined }) => ({
  limit: query.limit ?? COURSE_LIMITS.pageSizeDefault,
  offset: query.offset ?? 0,
});

/** A course the caller may see: drafts exist for administrators only (others get 404, as if it did not exist). */
export async function visibleCourse(
  deps: Pick<CoursesDeps, 'courses'>,
  id: string,
  identity: Identity,
  language: Language,
): Promise<CourseRow> {
  return seenBy(await deps.courses.findById(id, language), identity);
}

/** The course read, if the caller may see it; 404 otherwise. */
export function seenBy(row: CourseRow | undefined, identity: Identity): CourseRow {
  if (!row || (!row.isPublished && !identity.admin)) throw notFound('Course not found');
  return row;
}

/** Only a published course can be started: a draft is still being written (administrators preview it). */
export function startable(course: CourseRow) {
  if (!course.isPublished) throw new AppError(409, 'course_draft', 'A draft cannot be started');
}
