import { randomUUID } from 'node:crypto';
import { type Category, type CourseInput, type CourseSaved, type CourseUpdate } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import type { AuditContext } from '@portal/kit/audit';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { type CourseWrite, type EditableCourse, languagesOf } from '../data-access/courses-repository.ts';
import { audited, courseChanges, defaultTitle } from './course-audit.ts';
import { clockOf, type CoursesDeps, viewerOf } from './course-access.ts';
import { categoryUnknown, courseWrite, toSaved } from './course-write.ts';

/** Writing courses: create, update (refused when someone else saved in between) and delete, each audited. */
export function authoring(deps: CoursesDeps) {
  const now = clockOf(deps);

  /** Every rule of the course form, the categories included (they must exist): the course and its categories. */
  async function prepare(
    input: CourseInput,
    current: EditableCourse | undefined,
    callerLanguage: Language,
    language: Language,
  ): Promise<{ course: CourseWrite; categories: Category[] }> {
    const course = courseWrite(input, current, callerLanguage);
    const categories = await deps.categories.findByIds(input.categoryIds, language);
    if (categories.length !== input.categoryIds.length) throw categoryUnknown();
    return { course, categories };
  }

  return {
    /** A new course; without a default language, the caller's language is the course's. */
    async create(
      input: CourseInput,
      identity: Identity,
      language: Language,
      audit: AuditContext,
    ): Promise<CourseSaved> {
      const id = randomUUID();
      const { course, categories } = await prepare(input, undefined, identity.lang, language);
      const createdAt = now();
      const outcome = await deps.courses.insert([{ id, course, createdBy: viewerOf(identity), createdAt }], () =>
        audited(
          audit,
          'course.created',
          { type: 'course', id, label: defaultTitle(course) },
          {
            details: {
              isPublished: course.isPublished,
              completionProof: course.completionProof,
              languages: languagesOf(course.texts),
            },
          },
        ),
      );
      if (outcome === 'category_missing') throw categoryUnknown();
      return toSaved(id, course, categories, language, { createdAt, updatedAt: createdAt });
    },

    async update(
      input: CourseUpdate,
      identity: Identity,
      language: Language,
      audit: AuditContext,
    ): Promise<CourseSaved> {
      const loadedAt = new Date(input.updatedAt);
      if (Number.isNaN(loadedAt.getTime())) {
        throw badRequest('updatedAt is not a date', [{ path: 'updatedAt', code: 'updated_at_invalid' }]);
      }
      // What is stored is read first: the spec's single-language payload keeps the other languages, a course read
      // and sent back keeps what changed, and no categoryIds keeps the categories (a save in between changes
      // updatedAt, so the update below refuses it).
      const current = await deps.courses.editableOf(input.id);
      if (!current) throw notFound('Course not found');
      const categoryIds = input.categoryIds ?? current.categoryIds;
      const { course, categories } = await prepare({ ...input, categoryIds }, current, identity.lang, language);
      const updatedAt = now();
      const changes = courseChanges(current, course);
      const action =
        changes.isPublished === undefined
          ? 'course.updated'
          : course.isPublished
            ? 'course.published'
            : 'course.unpublished';
      const outcome = await deps.courses.update(
        input.id,
        course,
        loadedAt,
        updatedAt,
        audited(audit, action, { type: 'course', id: input.id, label: defaultTitle(course) }, { changes }),
      );
      if (outcome === 'missing') throw notFound('Course not found');
      if (outcome === 'category_missing') throw categoryUnknown();
      if (outcome === 'changed') {
        throw new AppError(409, 'course_changed', 'Someone else saved this course after you opened it');
      }
      return toSaved(input.id, course, categories, language, { createdAt: outcome.createdAt, updatedAt });
    },

    async delete(id: string, language: Language, audit: AuditContext) {
      const deleted = await deps.courses.delete(id, language, (title) =>
        audited(audit, 'course.deleted', { type: 'course', id, label: title }),
      );
      if (!deleted) throw notFound('Course not found');
    },
  };
}
