import { randomUUID } from 'node:crypto';
import type { Language } from '@portal/contracts/languages';
import { type AuditDraft, recordAudit, writeWithAudit } from '@portal/kit/audit';
import { type Kysely, type Transaction, sql } from 'kysely';
import { recordGroupChanged, recordMembersAdded, withUserEvents } from './directory-events.ts';
import { type AuthDatabase, SERVICE } from './schema.ts';
import { newUserRow } from './users-repository.ts';

/** Rows per statement: far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

export interface ImportedUser {
  /** Set for an existing account, absent for one to create. */
  id?: string;
  email: string;
  name: string;
  language: Language;
  isSysAdmin: boolean;
  groups: string[];
}

/** The ids of the groups named (in any letter case), creating the missing ones. */
async function groupIds(trx: Transaction<AuthDatabase>, names: string[]): Promise<Map<string, string>> {
  const wanted = new Map(names.map((name) => [name.toLowerCase(), name]));
  const ids = new Map<string, string>();
  for (const chunk of chunks([...wanted.keys()])) {
    const rows = await trx
      .selectFrom('groups')
      .select(['id', sql<string>`lower(name)`.as('key')])
      .where(sql`lower(name)`, 'in', chunk)
      .execute();
    for (const row of rows) ids.set(row.key, row.id);
  }
  const missing = [...wanted].filter(([key]) => !ids.has(key));
  for (const chunk of chunks(missing)) {
    const rows = chunk.map(([key, name]) => ({ key, id: randomUUID(), name }));
    // A group created meanwhile (SCIM) keeps its id: the rows that lost the race are read back below.
    const inserted = await trx
      .insertInto('groups')
      .values(rows.map(({ id, name }) => ({ id, name })))
      .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
      .returning(['id', 'name'])
      .execute();
    for (const group of inserted) await recordGroupChanged(trx, group);
    const stored = await trx
      .selectFrom('groups')
      .select(['id', sql<string>`lower(name)`.as('key')])
      .where(
        sql`lower(name)`,
        'in',
        rows.map((row) => row.key),
      )
      .execute();
    for (const row of stored) ids.set(row.key, row.id);
  }
  return ids;
}

/** What onboarding writes beyond one account at a time: imports, memberships, an address confirmed. */
export function onboardingRepository(db: Kysely<AuthDatabase>) {
  return {
    /** The accounts of these e-mails (any letter case), keyed by the lower-cased e-mail. */
    async findByEmails(emails: string[]) {
      const found = new Map<string, { id: string; isSysAdmin: boolean }>();
      for (const chunk of chunks(emails.map((email) => email.toLowerCase()))) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'email', 'is_sys_admin as isSysAdmin'])
          .where(sql`lower(email)`, 'in', chunk)
          .execute();
        for (const row of rows) found.set(row.email.toLowerCase(), { id: row.id, isSysAdmin: row.isSysAdmin });
      }
      return found;
    },

    /**
     * Creates and updates the accounts of an import and adds them to their groups, all in one transaction: a
     * failure leaves nothing half-imported, audit records included. Answers the ids of the created accounts by
     * lower-cased e-mail.
     */
    importUsers(
      users: ImportedUser[],
      audit?: (user: Required<ImportedUser>, created: boolean) => AuditDraft,
    ): Promise<Map<string, string>> {
      const existing = users.flatMap((user) => (user.id === undefined ? [] : [user.id]));
      return withUserEvents(
        db,
        existing,
        async (trx) => {
          const created = new Map<string, string>();
          const toCreate = users.filter((user) => user.id === undefined).map((user) => ({ ...user, id: randomUUID() }));
          for (const chunk of chunks(toCreate)) {
            await trx
              .insertInto('users')
              .values(chunk.map((user) => newUserRow({ ...user, passwordHash: null })))
              .execute();
          }
          for (const user of toCreate) created.set(user.email.toLowerCase(), user.id);
          for (const user of users) {
            if (user.id === undefined) continue;
            await trx
              .updateTable('users')
              .set({ name: user.name, language: user.language, is_sys_admin: user.isSysAdmin, updated_at: new Date() })
              .where('id', '=', user.id)
              .execute();
          }
          const withIds = [...users.filter((user) => user.id !== undefined), ...toCreate] as Required<ImportedUser>[];
          await addMemberships(trx, withIds);
          if (audit)
            for (const user of withIds)
              await recordAudit(trx, SERVICE, audit(user, created.has(user.email.toLowerCase())));
          return created;
        },
        (created) => [...created.values()],
      );
    },

    /** Adds one account to the groups named, creating the missing groups. */
    addToGroups(userId: string, groups: string[]): Promise<void> {
      return db.transaction().execute((trx) => addMemberships(trx, [{ id: userId, groups }]));
    },

    /** A pending account whose e-mail link was followed becomes active; answers whether it was pending. */
    async activate(userId: string, audit?: AuditDraft): Promise<boolean> {
      const result = await withUserEvents(db, [userId], (outer: Kysely<AuthDatabase>) =>
        writeWithAudit(outer, SERVICE, audit, (trx) =>
          trx
            .updateTable('users')
            .set({ status: 'active', email_verified_at: new Date(), updated_at: new Date() })
            .where('id', '=', userId)
            .where('status', '=', 'pending')
            .executeTakeFirst(),
        ),
      );
      return result.numUpdatedRows > 0n;
    },
  };
}

async function addMemberships(trx: Transaction<AuthDatabase>, users: { id: string; groups: string[] }[]) {
  const ids = await groupIds(
    trx,
    users.flatMap((user) => user.groups),
  );
  const memberships = users.flatMap((user) =>
    user.groups.map((name) => ({ group_id: ids.get(name.toLowerCase()) as string, user_id: user.id })),
  );
  for (const chunk of chunks(memberships)) {
    const added = await trx
      .insertInto('group_members')
      .values(chunk)
      .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
      .returning(['group_id', 'user_id', 'added_at'])
      .execute();
    await recordMembersAdded(trx, added);
  }
}
export type OnboardingRepository = ReturnType<typeof onboardingRepository>;
