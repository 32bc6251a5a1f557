import { randomUUID } from 'node:crypto';
import type { courseListQuerySchema } from '@portal/contracts/courses';
import {
  COURSE_LIMITS,
  type Course,
  type CourseInput,
  type CourseSummary,
  type CourseUpdate,
} from '@portal/contracts/courses';
import { AppError, badRequest, forbidden, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { userIdOf } from '@portal/kit/identity';
import type { z } from 'zod';
import type { CategoriesRepository } from '../data-access/categories-repository.ts';
import type { CourseRow, CourseWrite, CoursesRepository } from '../data-access/courses-repository.ts';
import type { ParticipationsRepository } from '../data-access/participations-repository.ts';
import { plainText, sanitizeDescription, searchable, shortDescription } from './rich-text.ts';
import type { CallContext, FilesClient, UsersClient } from './service-clients.ts';

export interface CoursesDeps {
  courses: CoursesRepository;
  categories: CategoriesRepository;
  participations: ParticipationsRepository;
  filesOf: FilesClient;
  userExists: UsersClient;
  now?: () => Date;
}

function toSummary(row: CourseRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    shortDescription: row.shortDescription,
    isPublished: row.isPublished,
    categories: row.categories,
    participantCount: row.participantCount,
    isParticipant: row.isParticipant,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const viewerOf = (identity: Identity) => userIdOf(identity);

export function courses(deps: CoursesDeps) {
  const now = deps.now ?? (() => new Date());

  /** A course the caller may see: drafts exist for administrators only (others get 404, as if it did not exist). */
  async function visible(id: string, identity: Identity): Promise<CourseRow> {
    const row = await deps.courses.findById(id, viewerOf(identity));
    if (!row || (!row.isPublished && !identity.admin)) throw notFound('Course not found');
    return row;
  }

  /** Sanitizes the description and checks every rule of the course form on the server. */
  async function prepare(input: CourseInput): Promise<CourseWrite> {
    const descriptionHtml = sanitizeDescription(input.description);
    const text = plainText(descriptionHtml);
    if (text.length === 0)
      throw badRequest('The description is empty', [{ path: 'description', code: 'description_required' }]);
    if (text.length > COURSE_LIMITS.descriptionTextMax) {
      throw badRequest('The description is too long', [{ path: 'description', code: 'description_too_long' }]);
    }
    if ((await deps.categories.countExisting(input.categoryIds)) !== input.categoryIds.length) {
      throw badRequest('A category does not exist', [{ path: 'categoryIds', code: 'category_unknown' }]);
    }
    return {
      title: input.title,
      descriptionHtml,
      shortDescription: shortDescription(text),
      searchText: searchable(`${input.title} ${text}`),
      isPublished: input.isPublished,
      categoryIds: input.categoryIds,
    };
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
      return { items: items.map(toSummary), total };
    },

    async get(id: string, context: CallContext): Promise<Course> {
      const row = await visible(id, context.identity);
      const viewer = viewerOf(context.identity);
      const [participants, files, completedAt] = await Promise.all([
        deps.courses.participantsOf(id),
        deps.filesOf(id, context),
        deps.participations.lastCompletion(id, viewer),
      ]);
      return {
        ...toSummary(row),
        description: row.descriptionHtml,
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

    async create(input: CourseInput, context: CallContext): Promise<Course> {
      const id = randomUUID();
      await deps.courses.insert(id, await prepare(input), viewerOf(context.identity), now());
      return this.get(id, context);
    },

    async update(input: CourseUpdate, context: CallContext): Promise<Course> {
      const loadedAt = new Date(input.updatedAt);
      if (Number.isNaN(loadedAt.getTime())) {
        throw badRequest('updatedAt is not a date', [{ path: 'updatedAt', code: 'updated_at_invalid' }]);
      }
      const outcome = await deps.courses.update(input.id, await prepare(input), loadedAt, now());
      if (outcome === 'missing') throw notFound('Course not found');
      if (outcome === 'changed') {
        throw new AppError(409, 'course_changed', 'Someone else saved this course after you opened it');
      }
      return this.get(input.id, context);
    },

    async delete(id: string) {
      if (!(await deps.courses.delete(id))) throw notFound('Course not found');
    },

    async start(courseId: string, identity: Identity) {
      await visible(courseId, identity);
      return deps.participations.start(courseId, viewerOf(identity), now());
    },

    async complete(courseId: string, identity: Identity) {
      await visible(courseId, identity);
      const participation = await deps.participations.complete(courseId, viewerOf(identity), now());
      if (!participation) throw new AppError(409, 'not_started', 'The course was not started');
      return participation;
    },

    async registerUser(courseId: string, userId: string, context: CallContext) {
      await visible(courseId, context.identity);
      if (!(await deps.userExists(userId, context))) throw notFound('User not found');
      return deps.participations.start(courseId, userId, now());
    },
  };
}
export type Courses = ReturnType<typeof courses>;
