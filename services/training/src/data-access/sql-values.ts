import { type Kysely, type RawBuilder, sql } from 'kysely';

/** A uuid[] literal of bound values (PGlite and pg bind it alike); empty, the empty array. */
export function uuidArray(ids: readonly string[]): RawBuilder<string[]> {
  return ids.length === 0 ? sql<string[]>`'{}'::uuid[]` : sql<string[]>`array[${sql.join(ids)}]::uuid[]`;
}

/**
 * Holds the groups, in one order, until the transaction ends: a member joining or leaving and an assignment to the
 * group wait for each other, so neither reads the other's state half-written.
 */
export async function lockGroups<DB>(db: Kysely<DB>, groupIds: readonly string[]) {
  for (const groupId of [...groupIds].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${`training-group:${groupId}`}))`.execute(db);
  }
}
