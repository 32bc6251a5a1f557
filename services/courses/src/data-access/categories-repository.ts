import { randomUUID } from 'node:crypto';
import type { Category, CategoryUsage } from '@portal/contracts/courses';
import { isForeignKeyViolation } from '@portal/kit/db';
import { type Kysely, sql } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

const byName = sql`lower(name)`;

export function categoriesRepository(db: Kysely<CoursesDatabase>) {
  return {
    list(): Promise<Category[]> {
      return db.selectFrom('categories').select(['id', 'name']).orderBy(byName).orderBy('id').execute();
    },

    /** Every category with how many courses link it, by name, in one query. */
    async listWithUsage(): Promise<CategoryUsage[]> {
      return db
        .selectFrom('categories as cat')
        .leftJoin('course_categories as cc', 'cc.category_id', 'cat.id')
        .select(['cat.id', 'cat.name', sql<number>`count(cc.course_id)::int`.as('courseCount')])
        .groupBy(['cat.id', 'cat.name'])
        .orderBy(sql`lower(cat.name)`)
        .orderBy('cat.id')
        .execute();
    },

    findById(id: string): Promise<Category | undefined> {
      return db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** The categories of these ids that exist, by name. */
    findByIds(ids: string[]): Promise<Category[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids).orderBy(byName).execute();
    },

    /** Answers undefined when the name is taken in any letter case. */
    insert(name: string): Promise<Category | undefined> {
      return db
        .insertInto('categories')
        .values({ id: randomUUID(), name })
        .onConflict((conflict) => conflict.expression(byName).doNothing())
        .returning(['id', 'name'])
        .executeTakeFirst();
    },

    rename(id: string, name: string): Promise<Category | undefined> {
      return db
        .updateTable('categories')
        .set({ name })
        .where('id', '=', id)
        .returning(['id', 'name'])
        .executeTakeFirst();
    },

    async findByName(name: string): Promise<Category | undefined> {
      return db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where(byName, '=', name.toLowerCase())
        .executeTakeFirst();
    },

    async isInUse(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('course_categories')
        .select('course_id')
        .where('category_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** 'in_use' when a course links the category, also one linked after the in-use check (its foreign key). */
    async delete(id: string): Promise<'deleted' | 'missing' | 'in_use'> {
      try {
        const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n ? 'deleted' : 'missing';
      } catch (error) {
        if (isForeignKeyViolation(error)) return 'in_use';
        throw error;
      }
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
