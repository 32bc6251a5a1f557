import type { Category } from '@portal/contracts/courses';
import { EVENTS } from '@portal/contracts/events';
import { isForeignKeyViolation } from '@portal/kit/db';
import { recordEvent } from '@portal/kit/events';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CoursesDatabase } from './schema.ts';

/** What a course's card shows. */
export interface CourseCardRow {
  id: string;
  title: string;
  shortDescription: string;
  isPublished: boolean;
  isParticipant: boolean;
  categories: Category[];
}

export interface CourseRow extends CourseCardRow {
  descriptionHtml: string;
  createdAt: Date;
  updatedAt: Date;
  participantCount: number;
}

export interface CourseWrite {
  title: string;
  descriptionHtml: string;
  shortDescription: string;
  searchText: string;
  isPublished: boolean;
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
  limit?: number | undefined;
  offset?: number | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Runs a write; a category deleted after the course's categories were checked (the link's foreign key refuses
 * it) answers 'category_missing' instead of failing.
 */
async function unlessCategoryVanished<T>(write: () => Promise<T>): Promise<T | 'category_missing'> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'category_missing';
    throw error;
  }
}

export function coursesRepository(db: Kysely<CoursesDatabase>) {
  function filtered(filter: ListFilter) {
    return db.selectFrom('courses as c').where((eb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.published !== undefined) conditions.push(eb('c.is_published', '=', filter.published));
      if (filter.search) conditions.push(eb('c.search_text', 'like', `%${escapeLike(filter.search)}%`));
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

  /** The course's categories as one JSON array, by name (aggregated in the database: one query for any page). */
  const categoriesOf = (eb: ExpressionBuilder<CoursesDatabase & { c: { id: string } }, 'c'>) =>
    jsonArrayFrom(
      eb
        .selectFrom('course_categories as cc')
        .innerJoin('categories as cat', 'cat.id', 'cc.category_id')
        .select(['cat.id', 'cat.name'])
        .whereRef('cc.course_id', '=', 'c.id')
        .orderBy(sql`lower(cat.name)`),
    ).as('categories');

  const isParticipant = (eb: ExpressionBuilder<CoursesDatabase & { c: { id: string } }, 'c'>, viewerId: string) =>
    eb
      .exists(
        eb
          .selectFrom('participations as p')
          .select('p.user_id')
          .whereRef('p.course_id', '=', 'c.id')
          .where('p.user_id', '=', viewerId)
          .where('p.completed_at', 'is', null),
      )
      .as('isParticipant');

  /**
   * A page of cards: only what a card shows, in one query. The page is chosen first (filter, order, limit,
   * offset on the index); its categories and the caller's participation are joined to the page's rows only,
   * so the whole list costs a few hash joins rather than a lookup per course.
   */
  async function cards(page: ReturnType<typeof filtered>, viewerId: string): Promise<CourseCardRow[]> {
    const found = await db
      .selectFrom(page.select(['c.id', 'c.title', 'c.short_description', 'c.is_published', 'c.created_at']).as('c'))
      .leftJoin('course_categories as cc', 'cc.course_id', 'c.id')
      .leftJoin('categories as cat', 'cat.id', 'cc.category_id')
      .leftJoin('participations as p', (join) =>
        join.onRef('p.course_id', '=', 'c.id').on('p.user_id', '=', viewerId).on('p.completed_at', 'is', null),
      )
      .select([
        'c.id',
        'c.title',
        'c.short_description as shortDescription',
        'c.is_published as isPublished',
        sql<boolean>`bool_or(p.user_id is not null)`.as('isParticipant'),
        sql<
          Category[]
        >`coalesce(json_agg(json_build_object('id', cat.id, 'name', cat.name) order by lower(cat.name)) filter (where cat.id is not null), '[]')`.as(
          'categories',
        ),
      ])
      .groupBy(['c.id', 'c.title', 'c.short_description', 'c.is_published', 'c.created_at'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return found;
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
     * One page of cards, newest first; the total for X-Total-Count comes from the same filter (counted only
     * when a limit or an offset leaves courses out).
     */
    async list(filter: ListFilter, viewerId: string): Promise<{ items: CourseCardRow[]; total: number }> {
      let page = filtered(filter).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
      if (filter.limit !== undefined) page = page.limit(filter.limit);
      if (filter.offset) page = page.offset(filter.offset);
      const whole = filter.limit === undefined && !filter.offset;
      const [items, total] = await Promise.all([
        cards(page, viewerId),
        whole
          ? undefined
          : filtered(filter)
              .select(sql<number>`count(*)::int`.as('count'))
              .executeTakeFirstOrThrow(),
      ]);
      return { items, total: total?.count ?? items.length };
    },

    /**
     * One page of a user's courses, in progress (latest start first) or completed (latest completion first),
     * and how many there are: the participation chooses the page on its user index, categories come after.
     */
    async listMine(filter: MyCoursesFilter, userId: string): Promise<{ items: MyCourseRow[]; total: number }> {
      const completed = filter.status === 'completed';
      const mine = db
        .selectFrom('participations as p')
        .innerJoin('courses as c', 'c.id', 'p.course_id')
        .where('p.user_id', '=', userId)
        .where('p.completed_at', completed ? 'is not' : 'is', null)
        .$if(filter.publishedOnly, (query) => query.where('c.is_published', '=', true));
      const [rows, total] = await Promise.all([
        mine
          .select((eb) => [
            'c.id',
            'c.title',
            'c.short_description as shortDescription',
            'c.is_published as isPublished',
            'p.started_at as startedAt',
            'p.completed_at as completedAt',
            categoriesOf(eb),
          ])
          .orderBy(completed ? 'p.completed_at' : 'p.started_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        mine.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({ ...row, isParticipant: row.completedAt === null })),
        total: total.count,
      };
    },

    /** One course with all it shows on its page (but its files, which the files service has). */
    async findById(id: string, viewerId: string): Promise<CourseRow | undefined> {
      const row = await db
        .selectFrom('courses as c')
        .where('c.id', '=', id)
        .select((eb) => [
          'c.id',
          'c.title',
          'c.description_html as descriptionHtml',
          'c.short_description as shortDescription',
          'c.is_published as isPublished',
          'c.created_at as createdAt',
          'c.updated_at as updatedAt',
          eb
            .selectFrom('participations as p')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('p.course_id', '=', 'c.id')
            .where('p.completed_at', 'is', null)
            .as('participantCount'),
          isParticipant(eb, viewerId),
          categoriesOf(eb),
        ])
        .executeTakeFirst();
      return (
        row && {
          ...row,
          participantCount: Number(row.participantCount ?? 0),
          isParticipant: Boolean(row.isParticipant),
        }
      );
    },

    async participantsOf(courseId: string): Promise<string[]> {
      const found = await db
        .selectFrom('participations')
        .select('user_id')
        .where('course_id', '=', courseId)
        .where('completed_at', 'is', null)
        .orderBy('started_at')
        .execute();
      return found.map((row) => row.user_id);
    },

    /** Inserts courses with their categories in one transaction; 'category_missing' when one was deleted meanwhile. */
    async insert(courses: NewCourse[]): Promise<'saved' | 'category_missing'> {
      return unlessCategoryVanished(() =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('courses')
            .values(
              courses.map(({ id, course, createdBy, createdAt }) => ({
                id,
                title: course.title,
                description_html: course.descriptionHtml,
                short_description: course.shortDescription,
                search_text: course.searchText,
                is_published: course.isPublished,
                created_by: createdBy,
                created_at: createdAt,
                updated_at: createdAt,
              })),
            )
            .execute();
          await linkCategories(
            trx,
            courses.map(({ id, course }) => ({ id, categoryIds: course.categoryIds })),
          );
          return 'saved' as const;
        }),
      );
    },

    /** Saves only if nobody saved since `loadedAt`: answers 'changed', 'missing' or 'category_missing' otherwise. */
    async update(
      id: string,
      course: CourseWrite,
      loadedAt: Date,
      now: Date,
    ): Promise<{ createdAt: Date } | 'changed' | 'missing' | 'category_missing'> {
      return unlessCategoryVanished(() =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('courses')
            .set({
              title: course.title,
              description_html: course.descriptionHtml,
              short_description: course.shortDescription,
              search_text: course.searchText,
              is_published: course.isPublished,
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
          await trx.deleteFrom('course_categories').where('course_id', '=', id).execute();
          await linkCategories(trx, [{ id, categoryIds: course.categoryIds }]);
          return { createdAt: updated.created_at };
        }),
      );
    },

    /** Deletes the course with its participations, and tells the other services (its files go too). */
    async delete(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
        if (deleted.numDeletedRows === 0n) return false;
        await recordEvent(trx, EVENTS.courseDeleted, { courseId: id });
        return true;
      });
    },

    async isPublished(id: string): Promise<boolean | undefined> {
      const row = await db.selectFrom('courses').select('is_published').where('id', '=', id).executeTakeFirst();
      return row?.is_published;
    },
  };
}
export type CoursesRepository = ReturnType<typeof coursesRepository>;
