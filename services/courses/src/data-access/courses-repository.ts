import type { Category, CourseSaved, CourseSummary } from '@portal/contracts/courses';
import { type CourseChanged, EVENTS } from '@portal/contracts/events';
import { LANGUAGES, type Language } from '@portal/contracts/languages';
import { answerRefusal, isForeignKeyViolation } from '@portal/kit/db';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { recordEvent } from '@portal/kit/events';
import {
  type AliasableExpression,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { catalogueCache, type SerializedList } from './catalogue-cache.ts';
import { joinNames, namedCategories, shownName } from './categories-repository.ts';
import { CARD_COLUMNS, COURSE_COLUMNS, type CoursesDatabase } from './schema.ts';

/** What a course's card shows, in the language asked for or else the course's default language. */
export type CourseCardRow = CourseSummary;

export type CourseField = keyof typeof COURSE_COLUMNS;
/** The fields a course keeps in its own columns, as the contract types them. */
export type CourseFields = Pick<CourseSaved, CourseField>;
export const COURSE_FIELDS = Object.keys(COURSE_COLUMNS) as CourseField[];

/** Just the course's fields of `source`, in the order of COURSE_COLUMNS. */
export const fieldsOf = (source: CourseFields): CourseFields =>
  Object.fromEntries(COURSE_FIELDS.map((field) => [field, source[field]])) as CourseFields;

type Selected<Columns extends Record<string, string>> = {
  [Field in keyof Columns & string]: `c.${Columns[Field]} as ${Field}`;
}[keyof Columns & string];

/** The columns of `c` selected by their fields' names. */
const selected = <Columns extends Record<string, string>>(columns: Columns) =>
  Object.entries(columns).map(([field, column]) => `c.${column} as ${field}`) as Selected<Columns>[];

type StoredFields = { [Field in CourseField as (typeof COURSE_COLUMNS)[Field]]: CourseFields[Field] };

/** The course's fields as the columns they are stored in. */
const storedFields = (course: CourseFields) =>
  Object.fromEntries(COURSE_FIELDS.map((field) => [COURSE_COLUMNS[field], course[field]])) as StoredFields;

/** One language's text as stored. */
export interface StoredText {
  title: string;
  /** As the card shows it: the author's, else the start of the description. */
  shortDescription: string;
  shortDescriptionAuthored: boolean;
  descriptionHtml: string;
}
export type StoredTexts = Partial<Record<Language, StoredText>>;

/** A course with every language's text (the page picks the one to show; administrators get them all). */
export interface CourseRow extends CourseFields {
  id: string;
  categories: Category[];
  defaultLanguage: Language;
  texts: StoredTexts;
  createdAt: Date;
  updatedAt: Date;
}

export interface CourseWrite extends CourseFields {
  defaultLanguage: Language;
  /** Every language the course has: a language left out has no text. */
  texts: StoredTexts;
  searchText: string;
  categoryIds: string[];
}

/** A course as an update finds it: what it keeps when the input leaves it out, and what the audit compares. */
export interface EditableCourse extends CourseFields {
  defaultLanguage: Language;
  texts: StoredTexts;
  categoryIds: string[];
}

/** A course to insert with its own creation time and author (bulk seeding keeps the times it is given). */
export interface NewCourse {
  id: string;
  course: CourseWrite;
  createdBy: string | null;
  createdAt: Date;
}

/** A card of one of the caller's courses, with their participation. */
export interface MyCourseRow extends CourseCardRow {
  startedAt: Date;
  completedAt: Date | null;
}

export interface MyCoursesFilter {
  status: 'in-progress' | 'completed';
  /** Employees see only published courses among theirs: a course made a draft again is hidden from them. */
  publishedOnly: boolean;
  limit: number;
  offset: number;
}

export interface ListFilter {
  published?: boolean | undefined;
  /** Already lower-cased and without accents. */
  search?: string | undefined;
  categoryId?: string | undefined;
  /** Only the courses with a text in this language. */
  inLanguage?: Language | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** The languages of these texts in the order of LANGUAGES. */
export const languagesOf = (texts: StoredTexts): Language[] => LANGUAGES.filter((language) => texts[language]);

/**
 * The text shown of course `c`: the one in `language` when the course has it, else its default language's.
 * A join on the texts' primary key: one index lookup per course of a page.
 */
const shownText = (language: Language) =>
  sql<SqlBool>`t.course_id = c.id and t.language = (case when ${language}::text = any(c.languages) then ${language}::text else c.default_language end)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Runs a write; a category deleted after the course's categories were checked (the link's foreign key refuses
 * it) answers 'category_missing' instead of failing.
 */
const unlessCategoryVanished = <T>(write: () => Promise<T>) =>
  answerRefusal(write, isForeignKeyViolation, 'category_missing');

const SERVICE = 'courses';

/** What the training service is told of a course (course.changed): its titles, state and way of proving completion. */
function courseChanged(id: string, course: CourseWrite): CourseChanged {
  return {
    courseId: id,
    titles: Object.fromEntries(Object.entries(course.texts).map(([language, text]) => [language, text.title])),
    defaultLanguage: course.defaultLanguage,
    published: course.isPublished,
    completionProof: course.completionProof,
  };
}

function textRows(courses: { id: string; texts: StoredTexts }[]) {
  return courses.flatMap(({ id, texts }) =>
    Object.entries(texts).map(([language, text]) => ({
      course_id: id,
      language: language as Language,
      title: text.title,
      short_description: text.shortDescription,
      short_description_authored: text.shortDescriptionAuthored,
      description_html: text.descriptionHtml,
    })),
  );
}

export function coursesRepository(db: Kysely<CoursesDatabase>) {
  const catalogue = catalogueCache<CourseCardRow>(db);

  function filtered(filter: ListFilter) {
    return db.selectFrom('courses as c').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.published !== undefined) conditions.push(eb('c.is_published', '=', filter.published));
      if (filter.search) conditions.push(eb('c.search_text', 'like', `%${escapeLike(filter.search)}%`));
      if (filter.inLanguage) conditions.push(sql<SqlBool>`${filter.inLanguage}::text = any(c.languages)`);
      if (filter.categoryId) {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('course_categories as cc')
              .select('cc.course_id')
              .whereRef('cc.course_id', '=', 'c.id')
              .where('cc.category_id', '=', filter.categoryId),
          ),
        );
      }
      return eb.and(conditions);
    });
  }

  /** The course's categories named in `language`, as one JSON array by that name (aggregated in the database). */
  const categoriesOf = (eb: ExpressionBuilder<CoursesDatabase & { c: { id: string } }, 'c'>, language: Language) =>
    jsonArrayFrom(
      joinNames(
        eb.selectFrom('course_categories as cc').innerJoin('categories as cat', 'cat.id', 'cc.category_id'),
        language,
      )
        .select(['cat.id', shownName.as('name')])
        .whereRef('cc.course_id', '=', 'c.id')
        .orderBy(sql`lower(coalesce(na.name, nd.name))`),
    ).as('categories');

  /**
   * One course with every language's text and its categories named in `language`: all its page shows but its
   * files (the files service has them) and its participants (participations-repository.ts). Kept under the
   * catalogue version: a read costs the version's row until an administrator writes. `beside` is read in the
   * same statement as the version: what the page shows that changes without a catalogue write (the participant
   * and completion counts), so that a kept course costs one round trip.
   */
  function courseById<B = null>(
    id: string,
    language: Language,
    beside?: AliasableExpression<B>,
  ): Promise<{ course: CourseRow | undefined; beside: B }> {
    return catalogue.course(
      `course ${id} ${language}`,
      async () => {
        const row = await db
          .selectFrom('courses as c')
          .where('c.id', '=', id)
          .select((eb) => [
            'c.id',
            ...selected(COURSE_COLUMNS),
            'c.default_language as defaultLanguage',
            'c.created_at as createdAt',
            'c.updated_at as updatedAt',
            categoriesOf(eb, language),
            eb
              .selectFrom('course_texts as t')
              .select(
                sql<StoredTexts>`json_object_agg(t.language, json_build_object('title', t.title, 'shortDescription', t.short_description, 'shortDescriptionAuthored', t.short_description_authored, 'descriptionHtml', t.description_html))`.as(
                  'texts',
                ),
              )
              .whereRef('t.course_id', '=', 'c.id')
              .as('texts'),
          ])
          .executeTakeFirst();
        return row && { ...row, texts: row.texts ?? {} };
      },
      beside,
    );
  }

  /** The categories named in `language`, each with its place in the order of names. */
  const readNames = async (language: Language) =>
    new Map((await namedCategories(db, language)).map((category, place) => [category.id, { category, place }]));

  /**
   * A page of cards: only what a card shows, in one query. The page is chosen first (filter, order, limit,
   * offset on the index); the categories' ids and the text shown are joined to the page's rows only, so the
   * whole list costs a few hash joins rather than a lookup per course. The categories' names come from a map
   * kept under the catalogue version (two joins fewer to plan and run per page).
   */
  async function cards(page: ReturnType<typeof filtered>, language: Language): Promise<CourseCardRow[]> {
    const cardColumns = Object.values(CARD_COLUMNS).map((column) => `c.${column}` as const);
    const columns = ['c.id', 'c.default_language', 'c.languages', 'c.created_at', ...cardColumns] as const;
    // Grouped by the course alone (a narrow key); the text shown is joined to the grouped rows, one per course.
    const grouped = db
      .selectFrom(page.select([...columns]).as('c'))
      .leftJoin('course_categories as cc', 'cc.course_id', 'c.id')
      .select([
        ...columns,
        sql<string[]>`coalesce(array_agg(cc.category_id) filter (where cc.category_id is not null), '{}')`.as(
          'categoryIds',
        ),
      ])
      .groupBy([...columns]);
    const [rows, kept] = await Promise.all([
      db
        .selectFrom(grouped.as('c'))
        .innerJoin('course_texts as t', (join) => join.on(shownText(language)))
        .select([
          'c.id',
          't.title',
          't.short_description as shortDescription',
          ...selected(CARD_COLUMNS),
          'c.categoryIds',
          't.language',
          'c.default_language as defaultLanguage',
          'c.languages',
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute(),
      catalogue.kept(`names ${language}`, () => readNames(language)),
    ]);
    // A category made after the names were read (its write committed in between) is read at once.
    const known = rows.every(({ categoryIds }) => categoryIds.every((id) => kept.has(id)));
    const names = known ? kept : await readNames(language);
    return rows.map(({ categoryIds, ...row }) => ({
      ...row,
      categories: categoryIds
        .flatMap((id) => names.get(id) ?? [])
        .sort((a, b) => a.place - b.place)
        .map(({ category }) => category),
    }));
  }

  async function linkCategories(trx: Transaction<CoursesDatabase>, courses: { id: string; categoryIds: string[] }[]) {
    const links = courses.flatMap(({ id, categoryIds }) =>
      categoryIds.map((categoryId) => ({ course_id: id, category_id: categoryId })),
    );
    if (links.length > 0)
      await trx
        .insertInto('course_categories')
        .values(links)
        .onConflict((c) => c.doNothing())
        .execute();
  }

  return {
    /**
     * Cards in `language` (else each course's default), newest first, as JSON ready to send: a page (limit,
     * offset) of the filter's courses, or all of them; the total for X-Total-Count comes from the same filter
     * (counted only when a limit or an offset leaves courses out, and kept for the other pages).
     */
    list(filter: ListFilter, language: Language): Promise<SerializedList> {
      const { published, search, categoryId, inLanguage, limit, offset } = filter;
      const counted = () =>
        catalogue.kept(`count ${JSON.stringify([published, search, categoryId, inLanguage])}`, async () => {
          const row = await filtered(filter)
            .select(sql<number>`count(*)::int`.as('count'))
            .executeTakeFirstOrThrow();
          return row.count;
        });
      const key = JSON.stringify([language, published, search, categoryId, inLanguage, limit, offset]);
      return catalogue.list(key, async () => {
        let page = filtered(filter).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
        if (limit !== undefined) page = page.limit(limit);
        if (offset) page = page.offset(offset);
        const whole = limit === undefined && !offset;
        const [read, total] = await Promise.all([cards(page, language), whole ? undefined : counted()]);
        return { cards: read, total: total ?? read.length };
      });
    },

    /**
     * One page of a user's courses, in progress (latest start first) or completed (latest completion first),
     * and how many there are: the participation chooses the page on its user index, texts and categories come after.
     */
    async listMine(
      filter: MyCoursesFilter,
      userId: string,
      language: Language,
    ): Promise<{ items: MyCourseRow[]; total: number }> {
      const completed = filter.status === 'completed';
      const mine = db
        .selectFrom('participations as p')
        .innerJoin('courses as c', 'c.id', 'p.course_id')
        .where('p.user_id', '=', userId)
        .where('p.completed_at', completed ? 'is not' : 'is', null)
        .$if(filter.publishedOnly, (query) => query.where('c.is_published', '=', true));
      const [rows, total] = await Promise.all([
        mine
          .innerJoin('course_texts as t', (join) => join.on(shownText(language)))
          .select((eb) => [
            'c.id',
            't.title',
            't.short_description as shortDescription',
            ...selected(CARD_COLUMNS),
            't.language',
            'c.default_language as defaultLanguage',
            'c.languages',
            'p.started_at as startedAt',
            'p.completed_at as completedAt',
            categoriesOf(eb, language),
          ])
          .orderBy(completed ? 'p.completed_at' : 'p.started_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        mine.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows, total: total.count };
    },

    findById: async (id: string, language: Language): Promise<CourseRow | undefined> =>
      (await courseById(id, language)).course,
    findByIdWith: courseById,

    /** The course's texts and categories as stored, for an update that keeps what it does not change. */
    async editableOf(id: string): Promise<EditableCourse | undefined> {
      const [rows, categories] = await Promise.all([
        db
          .selectFrom('courses as c')
          .leftJoin('course_texts as t', 't.course_id', 'c.id')
          .where('c.id', '=', id)
          .select([
            'c.default_language as defaultLanguage',
            ...selected(COURSE_COLUMNS),
            't.language',
            't.title',
            't.short_description as shortDescription',
            't.short_description_authored as shortDescriptionAuthored',
            't.description_html as descriptionHtml',
          ])
          .execute(),
        db.selectFrom('course_categories').select('category_id').where('course_id', '=', id).execute(),
      ]);
      const first = rows[0];
      if (!first) return undefined;
      const texts: StoredTexts = {};
      for (const { language, ...text } of rows) {
        if (language && text.title !== null && text.shortDescription !== null && text.descriptionHtml !== null) {
          texts[language] = {
            title: text.title,
            shortDescription: text.shortDescription,
            shortDescriptionAuthored: Boolean(text.shortDescriptionAuthored),
            descriptionHtml: text.descriptionHtml,
          };
        }
      }
      return {
        ...fieldsOf(first),
        defaultLanguage: first.defaultLanguage,
        texts,
        categoryIds: categories.map((row) => row.category_id),
      };
    },

    /**
     * Inserts courses with their texts and categories in one transaction, each with its course.changed event and,
     * when given, its audit record; 'category_missing' when a category was deleted meanwhile.
     */
    async insert(
      courses: NewCourse[],
      audit?: (course: NewCourse) => AuditDraft,
    ): Promise<'saved' | 'category_missing'> {
      return unlessCategoryVanished(() =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('courses')
            .values(
              courses.map(({ id, course, createdBy, createdAt }) => ({
                id,
                default_language: course.defaultLanguage,
                languages: languagesOf(course.texts),
                search_text: course.searchText,
                ...storedFields(course),
                created_by: createdBy,
                created_at: createdAt,
                updated_at: createdAt,
              })),
            )
            .execute();
          await trx
            .insertInto('course_texts')
            .values(textRows(courses.map(({ id, course }) => ({ id, texts: course.texts }))))
            .execute();
          await linkCategories(
            trx,
            courses.map(({ id, course }) => ({ id, categoryIds: course.categoryIds })),
          );
          for (const created of courses) {
            await recordEvent(trx, EVENTS.courseChanged, courseChanged(created.id, created.course));
            if (audit) await recordAudit(trx, SERVICE, audit(created));
          }
          return 'saved' as const;
        }),
      );
    },

    /**
     * Saves only if nobody saved since `loadedAt`, with its course.changed event and audit record: answers
     * 'changed', 'missing' or 'category_missing' otherwise.
     */
    async update(
      id: string,
      course: CourseWrite,
      loadedAt: Date,
      now: Date,
      audit: AuditDraft,
    ): Promise<{ createdAt: Date } | 'changed' | 'missing' | 'category_missing'> {
      return unlessCategoryVanished(() =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('courses')
            .set({
              default_language: course.defaultLanguage,
              languages: languagesOf(course.texts),
              default_language_pending: false,
              search_text: course.searchText,
              ...storedFields(course),
              updated_at: now,
            })
            .where('id', '=', id)
            .where('updated_at', '=', loadedAt)
            .returning('created_at')
            .executeTakeFirst();
          if (!updated) {
            const exists = await trx.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst();
            return exists ? 'changed' : 'missing';
          }
          await trx.deleteFrom('course_texts').where('course_id', '=', id).execute();
          await trx
            .insertInto('course_texts')
            .values(textRows([{ id, texts: course.texts }]))
            .execute();
          await trx.deleteFrom('course_categories').where('course_id', '=', id).execute();
          await linkCategories(trx, [{ id, categoryIds: course.categoryIds }]);
          await recordEvent(trx, EVENTS.courseChanged, courseChanged(id, course));
          await recordAudit(trx, SERVICE, audit);
          return { createdAt: updated.created_at };
        }),
      );
    },

    /**
     * Deletes the course with its participations and results, tells the other services (its files go too) and
     * records it for the audit trail, with the title it had in `language`.
     */
    delete(id: string, language: Language, audit: (title: string | undefined) => AuditDraft): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const shown = await trx
          .selectFrom('courses as c')
          .innerJoin('course_texts as t', (join) => join.on(shownText(language)))
          .select('t.title')
          .where('c.id', '=', id)
          .executeTakeFirst();
        const deleted = await trx.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return false;
        await recordEvent(trx, EVENTS.courseDeleted, { courseId: id });
        await recordAudit(trx, SERVICE, audit(shown?.title));
        return true;
      });
    },

    /** Courses migrated before languages existed whose default language still waits for their author's. */
    pendingDefaultLanguage(limit: number): Promise<{ id: string; createdBy: string }[]> {
      return db
        .selectFrom('courses')
        .select(['id', sql<string>`created_by`.as('createdBy')])
        .where('default_language_pending', '=', true)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Gives a migrated course its author's language as its default, its one text moving along; a course
     * saved since (no longer pending) keeps what its editor chose.
     */
    async settleDefaultLanguage(id: string, language: Language): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const current = await trx
          .updateTable('courses')
          .set({ default_language_pending: false })
          .where('id', '=', id)
          .where('default_language_pending', '=', true)
          .returning('default_language')
          .executeTakeFirst();
        if (!current || current.default_language === language) return;
        await trx
          .updateTable('course_texts')
          .set({ language })
          .where('course_id', '=', id)
          .where('language', '=', current.default_language)
          .execute();
        await trx
          .updateTable('courses')
          .set({ default_language: language, languages: [language] })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Whether the course is published, and its title in `language` (else its default language's). */
    visibility(id: string, language: Language): Promise<{ isPublished: boolean; title: string } | undefined> {
      return db
        .selectFrom('courses as c')
        .innerJoin('course_texts as t', (join) => join.on(shownText(language)))
        .select(['c.is_published as isPublished', 't.title'])
        .where('c.id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type CoursesRepository = ReturnType<typeof coursesRepository>;
