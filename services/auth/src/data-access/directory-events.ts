import { EVENTS, type UserChanged } from '@portal/contracts/events';
import { recordEvent } from '@portal/kit/events';
import type { Kysely, Transaction } from 'kysely';
import type { AuthDatabase } from './schema.ts';

/** Ids per statement: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

/** The accounts' states as `user.changed` carries them, by id. */
async function statesOf(trx: Kysely<AuthDatabase>, ids: string[]): Promise<Map<string, UserChanged>> {
  const states = new Map<string, UserChanged>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const rows = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'language', 'status', 'is_sys_admin as isSysAdmin'])
      .where('id', 'in', unique.slice(start, start + CHUNK))
      .execute();
    for (const { id, ...state } of rows) states.set(id, { userId: id, ...state } as UserChanged);
  }
  return states;
}

const same = (a: UserChanged | undefined, b: UserChanged) =>
  a !== undefined &&
  a.name === b.name &&
  a.email === b.email &&
  a.language === b.language &&
  a.status === b.status &&
  a.isSysAdmin === b.isSysAdmin;

/** Runs `fn` in the transaction `db` is, or in a new one. */
export function inTransaction<T>(db: Kysely<AuthDatabase>, fn: (trx: Transaction<AuthDatabase>) => Promise<T>) {
  return db.isTransaction ? fn(db as Transaction<AuthDatabase>) : db.transaction().execute(fn);
}

/**
 * Runs `write` in a transaction and records there a `user.changed` for each of these accounts (and each id `write`
 * answers as created) whose name, e-mail, language, status or role it created or changed.
 */
export function withUserEvents<T>(
  db: Kysely<AuthDatabase>,
  ids: string[],
  write: (trx: Transaction<AuthDatabase>) => Promise<T>,
  createdIds: (result: T) => string[] = () => [],
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const before = await statesOf(trx, ids);
    const result = await write(trx);
    const after = await statesOf(trx, [...ids, ...createdIds(result)]);
    for (const [id, state] of after)
      if (!same(before.get(id), state)) await recordEvent(trx, EVENTS.userChanged, state);
    return result;
  });
}

export interface MembershipRow {
  group_id: string;
  user_id: string;
  added_at: Date;
}

export async function recordMembersAdded(trx: Transaction<AuthDatabase>, rows: MembershipRow[]) {
  for (const row of rows)
    await recordEvent(trx, EVENTS.groupMemberAdded, {
      groupId: row.group_id,
      userId: row.user_id,
      joinedAt: row.added_at.toISOString(),
    });
}

export async function recordMembersRemoved(
  trx: Transaction<AuthDatabase>,
  rows: { group_id: string; user_id: string }[],
) {
  for (const row of rows)
    await recordEvent(trx, EVENTS.groupMemberRemoved, { groupId: row.group_id, userId: row.user_id });
}

export async function recordGroupChanged(trx: Transaction<AuthDatabase>, group: { id: string; name: string }) {
  await recordEvent(trx, EVENTS.groupChanged, { groupId: group.id, name: group.name });
}
