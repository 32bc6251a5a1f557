import { type RawBuilder, sql } from 'kysely';

/** A uuid[] literal of bound values (PGlite and pg bind it alike); empty, the empty array. */
export function uuidArray(ids: readonly string[]): RawBuilder<string[]> {
  return ids.length === 0 ? sql<string[]>`'{}'::uuid[]` : sql<string[]>`array[${sql.join(ids)}]::uuid[]`;
}
