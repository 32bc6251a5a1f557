import { createHash, randomUUID } from 'node:crypto';
import {
  type Category,
  COURSE_LIMITS,
  type Course,
  type CourseInput,
  type CourseListQuery,
  type CourseQuery,
  type CourseSaved,
  type CourseText,
  type CourseTextInput,
  type CourseUpdate,
  type MyCourse,
  type MyCoursesQuery,
  type MyParticipation,
} from '@portal/contracts/courses';
import {
  type CourseResult,
  type ResultForReview,
  type ResultListQuery,
  type ReviewDecision,
} from '@portal/contracts/course-results';
import type { AuditRecord } from '@portal/contracts/audit';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import type { Language } from '@portal/contracts/languages';
import { AppError, badRequest, forbidden, notFound } from '@portal/kit/errors';
import type { Identity } from '@portal/kit/identity';
import { userIdOf } from '@portal/kit/identity';
import type { CallContext } from '@portal/kit/service-client';
import type { SerializedList } from '../data-access/catalogue-cache.ts';
import type { CategoriesRepository } from '../data-access/categories-repository.ts';
import {
  type CourseRow,
  type CourseWrite,
  type CoursesRepository,
  type EditableCourse,
  languagesOf,
  type StoredText,
  type StoredTexts,
} from '../data-access/courses-repository.ts';
import type { FilesOfCourse, UserExistence, UserProfile } from '../data-access/other-services.ts';
import type { ParticipationsRepository } from '../data-access/participations-repository.ts';
import type { ResultsRepository } from '../data-access/results-repository.ts';
import { cardText, plainText, sanitizeDescription, searchable, shortDescription } from './rich-text.ts';

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

/** The text shown in `language`: its own when the course has it, else the default language's. */
function shown(texts: StoredTexts, language: Language, defaultLanguage: Language) {
  const own = texts[language];
  if (own) return { language, text: own };
  const fallback = texts[defaultLanguage];
  if (!fallback) throw new Error(`a course without its default language's text (${defaultLanguage})`);
  return { language: defaultLanguage, text: fallback };
}

/**
 * Every language's text as the editor shows it, in the order of LANGUAGES (an empty short description: the card
 * shows the description's start).
 */
function textsForEditor(texts: StoredTexts): Partial<Record<Language, CourseText>> {
  const forEditor = (text: StoredText): CourseText => ({
    title: text.title,
    shortDescription: text.shortDescriptionAuthored ? text.shortDescription : '',
    description: text.descriptionHtml,
  });
  // languagesOf lists only the languages the texts have.
  return Object.fromEntries(languagesOf(texts).map((language) => [language, forEditor(texts[language] as StoredText)]));
}

/** The course as saved, in `language` with every language's text (writers are administrators): no read after the write. */
function toSaved(
  id: string,
  write: CourseWrite,
  categories: Category[],
  language: Language,
  dates: { createdAt: Date; updatedAt: Date },
): CourseSaved {
  const { language: shownLanguage, text } = shown(write.texts, language, write.defaultLanguage);
  return {
    id,
    title: text.title,
    description: text.descriptionHtml,
    shortDescription: text.shortDescription,
    isPublished: write.isPublished,
    completionProof: write.completionProof,
    categories,
    language: shownLanguage,
    defaultLanguage: write.defaultLanguage,
    languages: languagesOf(write.texts),
    texts: textsForEditor(write.texts),
    createdAt: dates.createdAt.toISOString(),
    updatedAt: dates.updatedAt.toISOString(),
  };
}

const viewerOf = (identity: Identity) => userIdOf(identity);

const categoryUnknown = () =>
  badRequest('A category does not exist', [{ path: 'categoryIds', code: 'category_unknown' }]);

/**
 * One language's text sanitized and checked (errors name the field under `path`, e.g. `texts.rm.description`):
 * without a short description of the author's, the card shows the start of the description.
 */
function textWrite(input: CourseTextInput, path: string): StoredText {
  const descriptionHtml = sanitizeDescription(input.description);
  const text = plainText(descriptionHtml);
  const field = `${path}description`;
  if (text.length === 0) throw badRequest('The description is empty', [{ path: field, code: 'description_required' }]);
  if (text.length > COURSE_LIMITS.descriptionTextMax) {
    throw badRequest('The description is too long', [{ path: field, code: 'description_too_long' }]);
  }
  const authored = input.shortDescription ?? '';
  return {
    title: input.title,
    shortDescription: authored || shortDescription(cardText(descriptionHtml)),
    shortDescriptionAuthored: authored !== '',
    descriptionHtml,
  };
}

/** What search looks through: every language's title, short description and description, together. */
function searchTextOf(texts: StoredTexts): string {
  return searchable(
    Object.values(texts)
      .map(
        (text) =>
          `${text.title} ${text.shortDescriptionAuthored ? `${text.shortDescription} ` : ''}${plainText(text.descriptionHtml)}`,
      )
      .join(' '),
  );
}

/** A single field (`title`, `description`) against `texts`' one: the single one when it changed or texts have none. */
const changedOne = (single: string | undefined, inTexts: string | undefined, stored: string | undefined) =>
  single !== undefined && (inTexts === undefined || single !== stored) ? single : inTexts;

/**
 * The course a write leaves, with the rules that need no database (bulk seeding uses it too). `texts` replaces
 * every language; the spec's `{title, description}` write `language` (else the default language, the caller's for
 * a new course) and keep the others, with the author's short description of that language. Sent together (a
 * course read and sent back), the one that differs from the stored text wins.
 */
export function courseWrite(
  input: CourseInput,
  current: Pick<EditableCourse, 'defaultLanguage' | 'texts' | 'completionProof'> | undefined,
  callerLanguage: Language,
): CourseWrite {
  const defaultLanguage = input.defaultLanguage ?? current?.defaultLanguage ?? callerLanguage;
  const language = input.language ?? defaultLanguage;
  let texts: StoredTexts = current?.texts ?? {};
  if (input.texts) {
    texts = Object.fromEntries(
      Object.entries(input.texts).map(([written, text]) => [written, textWrite(text, `texts.${written}.`)]),
    );
  }
  if (input.title !== undefined || input.description !== undefined) {
    const stored = current?.texts[language];
    const sent = input.texts?.[language];
    const kept = sent?.shortDescription ?? (stored?.shortDescriptionAuthored ? stored.shortDescription : undefined);
    const single = textWrite(
      {
        title: changedOne(input.title, sent?.title, stored?.title) ?? '',
        description: changedOne(input.description, sent?.description, stored?.descriptionHtml) ?? '',
        shortDescription: kept,
      },
      input.texts ? `texts.${language}.` : '',
    );
    texts = { ...texts, [language]: single };
  }
  return {
    defaultLanguage,
    texts,
    searchText: searchTextOf(texts),
    isPublished: input.isPublished,
    categoryIds: input.categoryIds,
    completionProof: input.completionProof ?? current?.completionProof ?? 'confirmation',
  };
}

/** A long text in the audit trail: its hash, not its content (issue 31). */
const digest = (text: string | undefined) =>
  text === undefined ? null : `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

/** The fields an update changed, before and after (descriptions as hashes). */
function courseChanges(before: EditableCourse, after: CourseWrite): NonNullable<AuditRecord['changes']> {
  const changes: NonNullable<AuditRecord['changes']> = {};
  const compare = (field: string, was: unknown, now: unknown) => {
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  };
  compare('isPublished', before.isPublished, after.isPublished);
  compare('completionProof', before.completionProof, after.completionProof);
  compare('defaultLanguage', before.defaultLanguage, after.defaultLanguage);
  compare('categoryIds', [...before.categoryIds].sort(), [...after.categoryIds].sort());
  for (const language of languagesOf({ ...before.texts, ...after.texts })) {
    const was = before.texts[language];
    const now = after.texts[language];
    compare(`title.${language}`, was?.title ?? null, now?.title ?? null);
    compare(`description.${language}`, digest(was?.descriptionHtml), digest(now?.descriptionHtml));
  }
  return changes;
}

const audited = (
  context: AuditContext,
  action: string,
  object: { type: 'course' | 'course-result'; id: string; label?: string | undefined },
  extra: Pick<AuditDraft, 'changes' | 'details'> = {},
): AuditDraft => ({
  ...context,
  action,
  object: { type: object.type, id: object.id, ...(object.label === undefined ? {} : { label: object.label }) },
  outcome: 'success',
  ...extra,
});

const defaultTitle = (course: CourseWrite) => course.texts[course.defaultLanguage]?.title;

/** Only a published course can be started: a draft is still being written (administrators preview it). */
function startable(course: CourseRow) {
  if (!course.isPublished) throw new AppError(409, 'course_draft', 'A draft cannot be started');
}

export function courses(deps: CoursesDeps) {
  const now = deps.now ?? (() => new Date());

  /** A course the caller may see: drafts exist for administrators only (others get 404, as if it did not exist). */
  async function visible(id: string, identity: Identity, language: Language): Promise<CourseRow> {
    const row = await deps.courses.findById(id, language);
    if (!row || (!row.isPublished && !identity.admin)) throw notFound('Course not found');
    return row;
  }

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
          limit: query.limit ?? COURSE_LIMITS.pageSizeDefault,
          offset: query.offset ?? 0,
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
     * participants are the spec's field, left out when asked (decision 0030).
     */
    async get(id: string, context: CallContext, query: CourseQuery): Promise<Course> {
      const language = query.lang ?? context.identity.lang;
      // The files are asked for alongside the course (one round trip each, at once); a course the caller may not
      // see answers 404 whatever the files service said.
      const [row, files] = await Promise.all([visible(id, context.identity, language), deps.filesOf(id, context)]);
      const { texts, createdAt, updatedAt, participants, ...rest } = row;
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
        files,
        ...(query.participants === 'omit'
          ? {}
          : {
              // Employees learn how many take the course, not who: they see themselves only.
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

    async start(courseId: string, identity: Identity) {
      startable(await visible(courseId, identity, identity.lang));
      return deps.participations.start(courseId, viewerOf(identity), now());
    },

    async complete(courseId: string, identity: Identity) {
      const course = await visible(courseId, identity, identity.lang);
      if (course.completionProof === 'upload') {
        throw new AppError(409, 'completion_needs_result', 'This course is completed by an approved result');
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

    /**
     * Checked before a byte of an upload is read: the course asks for a result, the caller takes it (started, not
     * completed) and has none waiting for review.
     */
    async resultUploadable(courseId: string, identity: Identity): Promise<void> {
      const course = await visible(courseId, identity, identity.lang);
      if (course.completionProof !== 'upload') {
        throw new AppError(
          409,
          'completion_by_confirmation',
          'This course is completed by confirming, not by a result',
        );
      }
      const userId = viewerOf(identity);
      const participation = (await deps.participations.ofUser(userId)).find((mine) => mine.courseId === courseId);
      if (!participation) throw new AppError(409, 'not_started', 'The course was not started');
      if (participation.completedAt !== null) throw new AppError(409, 'already_completed', 'The course is completed');
      if ((await deps.results.latest(courseId, userId))?.status === 'pending') {
        throw new AppError(409, 'result_pending', 'A result is waiting for review already');
      }
    },

    /** The caller's latest result for a course they may see, or null. */
    async myResult(courseId: string, identity: Identity): Promise<CourseResult | null> {
      await visible(courseId, identity, identity.lang);
      return (await deps.results.latest(courseId, viewerOf(identity))) ?? null;
    },

    /** A result for download: its owner's or any for administrators (others learn nothing, not even that it exists). */
    async resultForDownload(resultId: string, identity: Identity): Promise<CourseResult> {
      const result = await deps.results.find(resultId);
      if (!result || (!identity.admin && result.userId !== identity.sub)) throw notFound('Result not found');
      return result;
    },

    /** A page of results for the reviewers, each with its uploader's name (asked of the auth service, once each). */
    async listResults(
      query: ResultListQuery,
      context: CallContext,
      language: Language,
    ): Promise<{ items: ResultForReview[]; total: number }> {
      const { items, total } = await deps.results.list(
        {
          status: query.status,
          limit: query.limit ?? COURSE_LIMITS.pageSizeDefault,
          offset: query.offset ?? 0,
        },
        language,
      );
      const userIds = [...new Set(items.map((item) => item.userId))];
      const profiles = new Map(
        await Promise.all(
          userIds.map(
            async (userId) => [userId, deps.profileOf ? await deps.profileOf(userId, context) : null] as const,
          ),
        ),
      );
      return { items: items.map((item) => ({ ...item, person: profiles.get(item.userId) ?? null })), total };
    },

    /** Approves (the course is completed) or rejects (the learner uploads again) a pending result. */
    async review(resultId: string, decision: ReviewDecision, identity: Identity, audit: AuditContext) {
      const status = decision.decision === 'approve' ? 'approved' : 'rejected';
      const comment = decision.comment === undefined || decision.comment === '' ? null : decision.comment;
      const reviewed = await deps.results.review(resultId, {
        status,
        comment,
        reviewerId: identity.sub,
        now: now(),
        audit: (result) =>
          audited(
            audit,
            `course-result.${status}`,
            { type: 'course-result', id: result.id, label: result.fileName },
            {
              changes: { status: { before: 'pending', after: status } },
              details: { courseId: result.courseId, userId: result.userId, ...(comment ? { comment } : {}) },
            },
          ),
      });
      if (reviewed) return reviewed;
      if (await deps.results.find(resultId)) {
        throw new AppError(409, 'result_not_pending', 'The result was reviewed already');
      }
      throw notFound('Result not found');
    },
  };
}
export type Courses = ReturnType<typeof courses>;
