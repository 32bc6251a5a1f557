import { uuidSchema } from '@portal/contracts/rules';
import type { Router } from 'express';
import { type Kysely, sql } from 'kysely';
import { forbidden } from './errors.ts';
import { strictRouter } from './service-app.ts';
import { parseInput } from './validate.ts';

/**
 * Where a service keeps a person's data: per table, the column that holds the person's id and the columns never
 * handed out (secrets such as password hashes). Every table with a person's id must be listed (a test checks it).
 */
export type PersonalData = Record<string, { userColumn: string; withheld?: readonly string[] }>;

/** Column names that hold a person's id, in any service (the test that each such table is exported uses them). */
export const PERSON_COLUMNS = ['user_id', 'created_by', 'actor_id', 'author_id', 'uploaded_by'] as const;

/** A service's part of a person's data: each table's rows about them, secrets left out. */
export async function personalDataOf(db: Kysely<unknown>, tables: PersonalData, userId: string) {
  const found: Record<string, Record<string, unknown>[]> = {};
  for (const [table, { userColumn, withheld = [] }] of Object.entries(tables)) {
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where ${sql.ref(userColumn)} = ${userId}`.execute(db);
    found[table] = rows.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !withheld.includes(column))),
    );
  }
  return found;
}

/**
 * GET /internal/personal-data/:userId: asked by the gateway for the person themself (the signed identity must be
 * theirs), to assemble "Download my data".
 */
export function personalDataRoutes(db: Kysely<unknown>, tables: PersonalData): Router {
  const router = strictRouter();
  router.get('/internal/personal-data/:userId', async (req, res) => {
    const userId = parseInput(uuidSchema, req.params.userId, 'user id');
    if (req.identity.sub !== userId) throw forbidden('Only the person themself may ask for their data');
    res.json(await personalDataOf(db, tables, userId));
  });
  return router;
}
