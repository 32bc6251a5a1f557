import { randomUUID } from 'node:crypto';
import type { Category } from '@portal/contracts/courses';
import { type Kysely, sql } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

const byName = sql`lower(name)`;

export function categoriesRepository(db: Kysely<CoursesDatabase>) {
  return {
    list(): Promise<Category[]> {
      return db.selectFrom('categories').select(['id', 'name']).orderBy(byName).orderBy('id').execute();
    },

    findById(id: string): Promise<Category | undefined> {
      return db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    async countExisting(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const row = await db
        .selectFrom('categories')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('id', 'in', ids)
        .executeTakeFirstOrThrow();
      return row.count;
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

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async isEmpty(): Promise<boolean> {
      return !(await db.selectFrom('categories').select('id').limit(1).executeTakeFirst());
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
