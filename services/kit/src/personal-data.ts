import type { Language } from '@portal/contracts/languages';
import { uuidSchema } from '@portal/contracts/rules';
import type { Router } from 'express';
import type { TFunction } from 'i18next';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { forbidden } from './errors.ts';
import { strictRouter } from './service-app.ts';
import { parseInput } from './validate.ts';

/** One table that holds a person's data. */
export interface PersonalDataTable {
  /** The column that holds the person's id. */
  userColumn: string;
  /** Columns never handed out (secrets such as password hashes). */
  withheld?: readonly string[];
  /**
   * The rows as the person reads them, in place of the table's own: names and titles beside ids (in their
   * language), no stand-in values. It must select every column of the table but the withheld ones.
   */
  readable?: (userId: string, language: Language) => RawBuilder<Record<string, unknown>>;
}

/**
 * Where a service keeps a person's data, and what it says of each table to them: `texts` has
 * `personalData.<table>` for each. Every table with a person's id must be listed (a test checks it).
 */
export interface PersonalData {
  tables: Record<string, PersonalDataTable>;
  texts: (language: Language) => TFunction;
}

/** What a service answers for "Download my data": each table's rows, and a line on each table in the language asked. */
export interface PersonalDataPart {
  tables: Record<string, Record<string, unknown>[]>;
  about: Record<string, string>;
}

/** Column names that hold a person's id, in any service (the test that each such table is exported uses them). */
export const PERSON_COLUMNS = ['user_id', 'created_by', 'actor_id', 'author_id', 'uploaded_by'] as const;

/** A service's part of a person's data: each table's rows about them, secrets left out, described in `language`. */
export async function personalDataOf(
  db: Kysely<unknown>,
  { tables, texts }: PersonalData,
  userId: string,
  language: Language,
): Promise<PersonalDataPart> {
  const found: PersonalDataPart = { tables: {}, about: {} };
  const t = texts(language);
  for (const [table, { userColumn, withheld = [], readable }] of Object.entries(tables)) {
    const query =
      readable?.(userId, language) ??
      sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(userColumn)} = ${userId}`;
    const rows = await query.execute(db);
    found.tables[table] = rows.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !withheld.includes(column))),
    );
    found.about[table] = t(`personalData.${table}`);
  }
  return found;
}

/**
 * GET /internal/personal-data/:userId: asked by the gateway for the person themself (the signed identity must be
 * theirs), to assemble "Download my data" in their language.
 */
export function personalDataRoutes(db: Kysely<unknown>, personalData: PersonalData): Router {
  const router = strictRouter();
  router.get('/internal/personal-data/:userId', async (req, res) => {
    const userId = parseInput(uuidSchema, req.params.userId, 'user id');
    if (req.identity.sub !== userId) throw forbidden('Only the person themself may ask for their data');
    res.json(await personalDataOf(db, personalData, userId, req.identity.lang));
  });
  return router;
}
