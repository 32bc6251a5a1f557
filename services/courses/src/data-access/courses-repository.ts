import type { Category } from '@portal/contracts/courses';
import { EVENTS } from '@portal/contracts/events';
import { recordEvent } from '@portal/kit/events';
import { type Expression, type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

export interface CourseRow {
  id: string;
  title: string;
  descriptionHtml: string;
  shortDescription: string;
  isPublished: boolean;
  createdAt: Date;
  updatedAt: Date;
  participantCount: number;
  isParticipant: boolean;
  categories: Category[];
}

export interface CourseWrite {
  title: string;
  descriptionHtml: string;
  shortDescription: string;
  searchText: string;
  isPublished: boolean;
  categoryIds: string[];
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

  async function categoriesOf(courseIds: string[]): Promise<Map<string, Category[]>> {
    const byCourse = new Map<string, Category[]>(courseIds.map((id) => [id, []]));
    if (courseIds.length === 0) return byCourse;
    const rows = await db
      .selectFrom('course_categories as cc')
      .innerJoin('categories as cat', 'cat.id', 'cc.category_id')
      .select(['cc.course_id as courseId', 'cat.id', 'cat.name'])
      .where('cc.course_id', 'in', courseIds)
      .orderBy(sql`lower(cat.name)`)
      .execute();
    for (const row of rows) byCourse.get(row.courseId)?.push({ id: row.id, name: row.name });
    return byCourse;
  }

  /**
   * The page's courses with their counts. The page is chosen first (filter, order, limit, offset on the index),
   * so the participation subqueries run for the rows returned only, not for the rows skipped.
   */
  async function rows(page: ReturnType<typeof filtered>, viewerId: string): Promise<CourseRow[]> {
    const found = await db
      .selectFrom(
        page
          .select([
            'c.id',
            'c.title',
            'c.description_html',
            'c.short_description',
            'c.is_published',
            'c.created_at',
            'c.updated_at',
          ])
          .as('c'),
      )
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
        eb
          .exists(
            eb
              .selectFrom('participations as p')
              .select('p.user_id')
              .whereRef('p.course_id', '=', 'c.id')
              .where('p.user_id', '=', viewerId)
              .where('p.completed_at', 'is', null),
          )
          .as('isParticipant'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    const categories = await categoriesOf(found.map((row) => row.id));
    return found.map((row) => ({
      ...row,
      participantCount: Number(row.participantCount ?? 0),
      isParticipant: Boolean(row.isParticipant),
      categories: categories.get(row.id) ?? [],
    }));
  }

  async function writeCategories(trx: Transaction<CoursesDatabase>, courseId: string, categoryIds: string[]) {
    await trx.deleteFrom('course_categories').where('course_id', '=', courseId).execute();
    await trx
      .insertInto('course_categories')
      .values(categoryIds.map((categoryId) => ({ course_id: courseId, category_id: categoryId })))
      .execute();
  }

  return {
    /** One page, newest first; the total for X-Total-Count comes from the same filter. */
    async list(filter: ListFilter, viewerId: string): Promise<{ items: CourseRow[]; total: number }> {
      let page = filtered(filter).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
      if (filter.limit !== undefined) page = page.limit(filter.limit);
      if (filter.offset) page = page.offset(filter.offset);
      const [items, total] = await Promise.all([
        rows(page, viewerId),
        filtered(filter)
          .select(sql<number>`count(*)::int`.as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: total.count };
    },

    async findById(id: string, viewerId: string): Promise<CourseRow | undefined> {
      const [row] = await rows(filtered({}).where('c.id', '=', id), viewerId);
      return row;
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

    async insert(id: string, course: CourseWrite, createdBy: string, now: Date) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('courses')
          .values({
            id,
            title: course.title,
            description_html: course.descriptionHtml,
            short_description: course.shortDescription,
            search_text: course.searchText,
            is_published: course.isPublished,
            created_by: createdBy,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await writeCategories(trx, id, course.categoryIds);
      });
    },

    /** Saves only if nobody saved since `loadedAt`: answers 'changed' or 'missing' otherwise. */
    async update(id: string, course: CourseWrite, loadedAt: Date, now: Date): Promise<'saved' | 'changed' | 'missing'> {
      return db.transaction().execute(async (trx) => {
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
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          const exists = await trx.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst();
          return exists ? 'changed' : 'missing';
        }
        await writeCategories(trx, id, course.categoryIds);
        return 'saved';
      });
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
