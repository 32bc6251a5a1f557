import {
  type Course,
  type CourseListQuery,
  type CourseQuery,
  type MyCourse,
  type MyCoursesQuery,
  type MyParticipation,
} from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { forbidden } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import type { CallContext } from '@portal/kit/service-client';
import type { SerializedList } from '../data-access/catalogue-cache.ts';
import { languagesOf } from '../data-access/courses-repository.ts';
import { type CoursesDeps, pageOf, seenBy, viewerOf } from './course-access.ts';
import { shown, textsForEditor } from './course-write.ts';
import { searchable } from './rich-text.ts';

/** Reading the catalogue: the lists, the caller's own courses and one course. */
export function catalogue(deps: CoursesDeps) {
  return {
    /**
     * Cards in `language`, each course falling back to its default language: a page, a search or every course
     * (the spec's whole list), as JSON kept between writes (the same for every caller who may see the list).
     */
    async list(query: CourseListQuery, identity: Identity, language: Language): Promise<SerializedList> {
      if (query.published === false && !identity.admin) throw forbidden('Drafts are for system administrators only');
      return deps.courses.list(
        {
          published: identity.admin ? query.published : true,
          search: query.q ? searchable(query.q) : undefined,
          categoryId: query.categoryId,
          inLanguage: query.inLanguage ? language : undefined,
          limit: query.limit,
          offset: query.offset,
        },
        language,
      );
    },

    /** The caller's own courses in progress or completed, a page at a time. */
    async listMine(
      query: MyCoursesQuery,
      identity: Identity,
      language: Language,
    ): Promise<{ items: MyCourse[]; total: number }> {
      const { items, total } = await deps.courses.listMine(
        {
          status: query.status,
          publishedOnly: !identity.admin,
          ...pageOf(query),
        },
        viewerOf(identity),
        language,
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

    /** The caller's participations: which courses they take part in and which they completed. */
    async participationsOf(identity: Identity): Promise<MyParticipation[]> {
      return deps.participations.ofUser(viewerOf(identity));
    },

    /**
     * The course in `language` (else its default language); administrators get every language's text too. The
     * participants and files are the spec's fields, each left out when asked (decisions 0030 and 0037): the course
     * itself is kept between writes, and a page that asks for neither costs one small read.
     */
    async get(id: string, context: CallContext, query: CourseQuery): Promise<Course> {
      const language = query.lang ?? context.identity.lang;
      // All at once, the participant count in the course's statement; a course the caller may not see answers 404
      // whatever the others found.
      const [{ course, beside: counts }, participants, files] = await Promise.all([
        deps.courses.findByIdWith(id, language, deps.participations.countsOf(id)),
        query.participants === 'omit' ? undefined : deps.participations.takingNow(id),
        query.files === 'omit' ? undefined : deps.filesOf(id, context),
      ]);
      const row = seenBy(course, context.identity);
      const { texts, createdAt, updatedAt, ...rest } = row;
      const { language: shownLanguage, text } = shown(texts, language, row.defaultLanguage);
      return {
        ...rest,
        title: text.title,
        shortDescription: text.shortDescription,
        description: text.descriptionHtml,
        language: shownLanguage,
        languages: languagesOf(texts),
        ...(context.identity.admin ? { texts: textsForEditor(texts) } : {}),
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
        ...(files === undefined ? {} : { files }),
        participantCount: counts.taking,
        completedCount: counts.completed,
        // Employees learn how many take the course, not who: they see themselves only.
        ...(participants && {
          participants: participants
            .filter((userId) => context.identity.admin || userId === viewerOf(context.identity))
            .map((userId) => ({ id: userId })),
        }),
      };
    },

    /** For the files service: the course's title in the caller's language if they may see it (and so its files). */
    async visibleTitle(id: string, identity: Identity): Promise<string | undefined> {
      const course = await deps.courses.visibility(id, identity.lang);
      return course && (course.isPublished || identity.admin) ? course.title : undefined;
    },
  };
}
