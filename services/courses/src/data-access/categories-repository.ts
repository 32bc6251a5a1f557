import { randomUUID } from 'node:crypto';
import type { Category, CategoryNames, CategoryUsage } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { answerRefusal, isForeignKeyViolation, isUniqueViolation } from '@portal/kit/db';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { CoursesDatabase } from './schema.ts';

/** The service that records these changes on the audit trail. */
const SERVICE = 'courses';

/** A category's names in every language it has, with the one its names fall back to. */
export interface CategoryNaming {
  names: CategoryNames;
  defaultLanguage: Language;
}

type WithCategory = CoursesDatabase & { cat: CoursesDatabase['categories'] };
type CategoryName = CoursesDatabase['category_names'];
type Nullable<T> = { [K in keyof T]: T[K] | null };
type NamesJoined<DB> = DB & { nd: Nullable<CategoryName>; na: Nullable<CategoryName> };

/**
 * The category `cat`'s name in `language`, else in its default language: the two names are left-joined on their
 * primary key (a course's categories may come from a left join too), so naming a list of categories costs two
 * index lookups (or hash joins) per category.
 */
export function joinNames<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  language: Language,
): SelectQueryBuilder<NamesJoined<DB>, TB | 'na' | 'nd', O> {
  return (query as unknown as SelectQueryBuilder<WithCategory, 'cat', O>)
    .leftJoin('category_names as nd', (join) =>
      join.onRef('nd.category_id', '=', 'cat.id').onRef('nd.language', '=', 'cat.default_language'),
    )
    .leftJoin('category_names as na', (join) =>
      join.onRef('na.category_id', '=', 'cat.id').on('na.language', '=', language),
    ) as unknown as SelectQueryBuilder<NamesJoined<DB>, TB | 'na' | 'nd', O>;
}

/** The name shown: the asked language's, else the default language's (after `joinNames`). */
export const shownName = sql<string>`coalesce(na.name, nd.name)`;

const names = (eb: ExpressionBuilder<WithCategory, 'cat'>) =>
  eb
    .selectFrom('category_names as n')
    .select(sql<CategoryNames>`json_object_agg(n.language, n.name)`.as('names'))
    .whereRef('n.category_id', '=', 'cat.id');

async function writeNames(trx: Transaction<CoursesDatabase>, id: string, naming: CategoryNaming) {
  await trx.deleteFrom('category_names').where('category_id', '=', id).execute();
  await trx
    .insertInto('category_names')
    .values(
      Object.entries(naming.names).map(([language, name]) => ({
        category_id: id,
        language: language as Language,
        name,
      })),
    )
    .execute();
}

/** Runs a write; a name taken in its language (in any letter case) answers 'name_taken'. */
const unlessNameTaken = <T>(write: () => Promise<T>) => answerRefusal(write, isUniqueViolation, 'name_taken');

const named = (db: Kysely<CoursesDatabase>, language: Language) =>
  joinNames(db.selectFrom('categories as cat'), language).select(['cat.id', shownName.as('name')]);

/** Every category named in `language` (else its default language), by that name. */
export const namedCategories = (db: Kysely<CoursesDatabase>, language: Language): Promise<Category[]> =>
  named(db, language)
    .orderBy(sql`lower(coalesce(na.name, nd.name))`)
    .orderBy('cat.id')
    .execute();

export function categoriesRepository(db: Kysely<CoursesDatabase>) {
  return {
    list: (language: Language) => namedCategories(db, language),

    /** Every category with how many courses link it and all its names, by its name in `language`, in one query. */
    async listWithUsage(language: Language): Promise<CategoryUsage[]> {
      return named(db, language)
        .select((eb) => [
          'cat.default_language as defaultLanguage',
          eb
            .selectFrom('course_categories as cc')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('cc.category_id', '=', 'cat.id')
            .as('courseCount'),
          names(eb).as('names'),
        ])
        .orderBy(sql`lower(coalesce(na.name, nd.name))`)
        .orderBy('cat.id')
        .$castTo<CategoryUsage>()
        .execute();
    },

    findById(id: string, language: Language): Promise<Category | undefined> {
      return named(db, language).where('cat.id', '=', id).executeTakeFirst();
    },

    /** A category's names as stored, for a write that changes one of them. */
    async namingOf(id: string): Promise<CategoryNaming | undefined> {
      const row = await db
        .selectFrom('categories as cat')
        .where('cat.id', '=', id)
        .select((eb) => ['cat.default_language as defaultLanguage', names(eb).as('names')])
        .executeTakeFirst();
      return row && { defaultLanguage: row.defaultLanguage, names: row.names ?? {} };
    },

    /** The categories of these ids that exist, named in `language`, by that name. */
    findByIds(ids: string[], language: Language): Promise<Category[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return named(db, language)
        .where('cat.id', 'in', ids)
        .orderBy(sql`lower(coalesce(na.name, nd.name))`)
        .execute();
    },

    /** The new category's id, or 'name_taken' when one of its names is another's in the same language. */
    insert(naming: CategoryNaming, audit?: (id: string) => AuditDraft): Promise<string | 'name_taken'> {
      return unlessNameTaken(() =>
        db.transaction().execute(async (trx) => {
          const id = randomUUID();
          await trx.insertInto('categories').values({ id, default_language: naming.defaultLanguage }).execute();
          await writeNames(trx, id, naming);
          if (audit) await recordAudit(trx, SERVICE, audit(id));
          return id;
        }),
      );
    },

    /** Replaces the category's names; 'missing' or 'name_taken' when it cannot. */
    rename(id: string, naming: CategoryNaming, audit?: AuditDraft): Promise<'saved' | 'missing' | 'name_taken'> {
      return unlessNameTaken(() =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('categories')
            .set({ default_language: naming.defaultLanguage })
            .where('id', '=', id)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return 'missing' as const;
          await writeNames(trx, id, naming);
          if (audit) await recordAudit(trx, SERVICE, audit);
          return 'saved' as const;
        }),
      );
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
    async delete(id: string, audit?: AuditDraft): Promise<'deleted' | 'missing' | 'in_use'> {
      return answerRefusal(
        () =>
          db.transaction().execute(async (trx) => {
            const result = await trx.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
            if (result.numDeletedRows === 0n) return 'missing' as const;
            if (audit) await recordAudit(trx, SERVICE, audit);
            return 'deleted' as const;
          }),
        isForeignKeyViolation,
        'in_use',
      );
    },
  };
}
export type CategoriesRepository = ReturnType<typeof categoriesRepository>;
