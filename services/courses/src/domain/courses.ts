import { randomUUID } from 'node:crypto';
import type { courseListQuerySchema, MyCourse, MyCoursesQuery } from '@portal/contracts/courses';
import {
  type Category,
  COURSE_LIMITS,
  type Course,
  type CourseInput,
  type CourseSaved,
  type CourseSummary,
  type CourseUpdate,
} from '@portal/contracts/courses';
import { AppError, badRequest, forbidden, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { userIdOf } from '@portal/kit/identity';
import type { z } from 'zod';
import type { CallContext } from '@portal/kit/service-client';
import type { CategoriesRepository } from '../data-access/categories-repository.ts';
import type { CourseRow, CourseWrite, CoursesRepository } from '../data-access/courses-repository.ts';
import type { FilesOfCourse, UserExistence } from '../data-access/other-services.ts';
import type { ParticipationsRepository } from '../data-access/participations-repository.ts';
import { cardText, plainText, sanitizeDescription, searchable, shortDescription } from './rich-text.ts';

export interface CoursesDeps {
  courses: CoursesRepository;
  categories: CategoriesRepository;
  participations: ParticipationsRepository;
  filesOf: FilesOfCourse;
  userExists: UserExistence;
  now?: () => Date;
}

/** The course as saved, from what was written: no read after the write. */
function toSaved(
  id: string,
  write: CourseWrite,
  categories: Category[],
  createdAt: Date,
  updatedAt: Date,
): CourseSaved {
  return {
    id,
    title: write.title,
    description: write.descriptionHtml,
    shortDescription: write.shortDescription,
    isPublished: write.isPublished,
    categories,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

const viewerOf = (identity: Identity) => userIdOf(identity);

const categoryUnknown = () =>
  badRequest('A category does not exist', [{ path: 'categoryIds', code: 'category_unknown' }]);

/** Sanitizes the description and checks the rules of a course that need no database (bulk seeding uses it too). */
export function courseWrite(input: CourseInput): CourseWrite {
  const descriptionHtml = sanitizeDescription(input.description);
  const text = plainText(descriptionHtml);
  if (text.length === 0)
    throw badRequest('The description is empty', [{ path: 'description', code: 'description_required' }]);
  if (text.length > COURSE_LIMITS.descriptionTextMax) {
    throw badRequest('The description is too long', [{ path: 'description', code: 'description_too_long' }]);
  }
  return {
    title: input.title,
    descriptionHtml,
    shortDescription: shortDescription(cardText(descriptionHtml)),
    searchText: searchable(`${input.title} ${text}`),
    isPublished: input.isPublished,
    categoryIds: input.categoryIds,
  };
}

/** Only a published course can be started: a draft is still being written (administrators preview it). */
function startable(course: CourseRow) {
  if (!course.isPublished) throw new AppError(409, 'course_draft', 'A draft cannot be started');
}

export function courses(deps: CoursesDeps) {
  const now = deps.now ?? (() => new Date());

  /** A course the caller may see: drafts exist for administrators only (others get 404, as if it did not exist). */
  async function visible(id: string, identity: Identity): Promise<CourseRow> {
    const row = await deps.courses.findById(id, viewerOf(identity));
    if (!row || (!row.isPublished && !identity.admin)) throw notFound('Course not found');
    return row;
  }

  /** Every rule of the course form, the categories included (they must exist): the course and its categories. */
  async function prepare(input: CourseInput): Promise<{ course: CourseWrite; categories: Category[] }> {
    const course = courseWrite(input);
    const categories = await deps.categories.findByIds(input.categoryIds);
    if (categories.length !== input.categoryIds.length) throw categoryUnknown();
    return { course, categories };
  }

  return {
    async list(query: z.output<typeof courseListQuerySchema>, identity: Identity) {
      if (query.published === false && !identity.admin) throw forbidden('Drafts are for system administrators only');
      const published = identity.admin ? query.published : true;
      const { items, total } = await deps.courses.list(
        {
          published,
          search: query.q ? searchable(query.q) : undefined,
          categoryId: query.categoryId,
          limit: query.limit,
          offset: query.offset,
        },
        viewerOf(identity),
      );
      return { items: items satisfies CourseSummary[], total };
    },

    /** The caller's own courses in progress or completed, a page at a time. */
    async listMine(query: MyCoursesQuery, identity: Identity): Promise<{ items: MyCourse[]; total: number }> {
      const { items, total } = await deps.courses.listMine(
        {
          status: query.status,
          publishedOnly: !identity.admin,
          limit: query.limit ?? COURSE_LIMITS.pageSizeDefault,
          offset: query.offset ?? 0,
        },
        viewerOf(identity),
      );
      return {
        items: items.map(({ startedAt, completedAt, ...card }) => ({
          ...card,
          startedAt: startedAt.toISOString(),
          completedAt: completedAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    async get(id: string, context: CallContext): Promise<Course> {
      const row = await visible(id, context.identity);
      const viewer = viewerOf(context.identity);
      const [participants, files, completedAt] = await Promise.all([
        deps.courses.participantsOf(id),
        deps.filesOf(id, context),
        deps.participations.lastCompletion(id, viewer),
      ]);
      const { descriptionHtml, createdAt, updatedAt, ...card } = row;
      return {
        ...card,
        description: descriptionHtml,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        files,
        participants: participants.map((userId) => ({ id: userId })),
        completedAt: completedAt?.toISOString() ?? null,
      };
    },

    /** For the files service: may this caller see the course (and so its files)? */
    async canSee(id: string, identity: Identity): Promise<boolean> {
      const published = await deps.courses.isPublished(id);
      return published === true || (published === false && identity.admin);
    },

    async create(input: CourseInput, identity: Identity): Promise<CourseSaved> {
      const id = randomUUID();
      const { course, categories } = await prepare(input);
      const createdAt = now();
      const outcome = await deps.courses.insert([{ id, course, createdBy: viewerOf(identity), createdAt }]);
      if (outcome === 'category_missing') throw categoryUnknown();
      return toSaved(id, course, categories, createdAt, createdAt);
    },

    async update(input: CourseUpdate): Promise<CourseSaved> {
      const loadedAt = new Date(input.updatedAt);
      if (Number.isNaN(loadedAt.getTime())) {
        throw badRequest('updatedAt is not a date', [{ path: 'updatedAt', code: 'updated_at_invalid' }]);
      }
      const { course, categories } = await prepare(input);
      const updatedAt = now();
      const outcome = await deps.courses.update(input.id, course, loadedAt, updatedAt);
      if (outcome === 'missing') throw notFound('Course not found');
      if (outcome === 'category_missing') throw categoryUnknown();
      if (outcome === 'changed') {
        throw new AppError(409, 'course_changed', 'Someone else saved this course after you opened it');
      }
      return toSaved(input.id, course, categories, outcome.createdAt, updatedAt);
    },

    async delete(id: string) {
      if (!(await deps.courses.delete(id))) throw notFound('Course not found');
    },

    async start(courseId: string, identity: Identity) {
      startable(await visible(courseId, identity));
      return deps.participations.start(courseId, viewerOf(identity), now());
    },

    async complete(courseId: string, identity: Identity) {
      await visible(courseId, identity);
      const participation = await deps.participations.complete(courseId, viewerOf(identity), now());
      if (!participation) throw new AppError(409, 'not_started', 'The course was not started');
      return participation;
    },

    async registerUser(courseId: string, userId: string, context: CallContext) {
      startable(await visible(courseId, context.identity));
      if (!(await deps.userExists(userId, context))) throw notFound('User not found');
      return deps.participations.start(courseId, userId, now());
    },
  };
}
export type Courses = ReturnType<typeof courses>;
