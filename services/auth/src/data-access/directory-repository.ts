import { randomUUID } from 'node:crypto';
import type { UserStatus } from '@portal/contracts/auth';
import { EVENTS } from '@portal/contracts/events';
import type { Language } from '@portal/contracts/languages';
import { type AuditDraft, recordAudit, writeWithAudit } from '@portal/kit/audit';
import { writeWithEvent } from '@portal/kit/events';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { type AdministratorGuard, checkAdministrators } from './administrators-lock.ts';
import { recordGroupChanged, recordMembersAdded, recordMembersRemoved, withUserEvents } from './directory-events.ts';
import { type AuthDatabase, SERVICE } from './schema.ts';
import { insertUserUnlessEmailTaken } from './users-repository.ts';

/** A user as the company's directory sees it. */
export interface DirectoryUser {
  id: string;
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
  language: Language;
  status: UserStatus;
  externalId: string | null;
  /** Read only: SCIM never grants or takes the role. */
  isSysAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}
export type DirectoryUserChanges = Omit<DirectoryUser, 'id' | 'isSysAdmin' | 'createdAt' | 'updatedAt'>;

export interface DirectoryGroup {
  id: string;
  name: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members: { id: string; email: string }[];
}
export type DirectoryGroupChanges = { name: string; externalId: string | null; memberIds: string[] };
/** What a write of a group changed: whether it was created or renamed, who joined and who left. */
export interface GroupWrite {
  id: string;
  name: string;
  created: boolean;
  renamedFrom: string | undefined;
  added: string[];
  removed: string[];
}

/** What a list may be narrowed to: the attribute of an `eq` filter, compared as the RFC says for each. */
export type UserMatch = { field: 'email' | 'externalId' | 'id'; value: string };
export type GroupMatch = { field: 'name' | 'externalId' | 'id'; value: string };
export interface Page {
  offset: number;
  limit: number;
}

const userColumns = [
  'id',
  'email',
  'name',
  'given_name as givenName',
  'family_name as familyName',
  'language',
  'status',
  'scim_external_id as externalId',
  'is_sys_admin as isSysAdmin',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;
const groupColumns = [
  'id',
  'name',
  'scim_external_id as externalId',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userRow = (user: DirectoryUserChanges) => ({
  email: user.email,
  name: user.name,
  given_name: user.givenName,
  family_name: user.familyName,
  language: user.language,
  status: user.status,
  scim_external_id: user.externalId,
});

/** A SCIM list's rows: those its filter picks, by the case-insensitive name (`lowered`), the external id or the id. */
function matching<Query extends SelectQueryBuilder<AuthDatabase, 'users' | 'groups', object>>(
  query: Query,
  match: { field: string; value: string } | undefined,
  lowered: 'email' | 'name',
): Query {
  if (match?.field === lowered)
    return query.where(sql`lower(${sql.ref(lowered)})`, '=', match.value.toLowerCase()) as Query;
  if (match?.field === 'externalId') return query.where('scim_external_id', '=', match.value) as Query;
  if (match?.field === 'id') return query.where('id', '=', UUID.test(match.value) ? match.value : null) as Query;
  return query;
}

/** Who has taken a unique name: the id of the row whose `lowered` column is `value` in any letter case. */
async function ownerOf(
  query: SelectQueryBuilder<AuthDatabase, 'users' | 'groups', object>,
  lowered: 'email' | 'name',
  value: string,
): Promise<string | undefined> {
  const row = await matching(query, { field: lowered, value }, lowered).select('id').executeTakeFirst();
  return row?.id;
}

/** How many rows a list's query has before it is cut into pages. */
function countOf(query: SelectQueryBuilder<AuthDatabase, 'users' | 'groups', object>) {
  return query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
}

/** Users and groups as SCIM reads and writes them; the directory's accounts have no password. */
export function directoryRepository(db: Kysely<AuthDatabase>) {
  async function membersOf(groupIds: string[]) {
    if (groupIds.length === 0) return new Map<string, { id: string; email: string }[]>();
    const rows = await db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select(['group_members.group_id as groupId', 'users.id as id', 'users.email as email'])
      .where('group_members.group_id', 'in', groupIds)
      .orderBy('group_members.added_at')
      .execute();
    const byGroup = new Map<string, { id: string; email: string }[]>();
    for (const row of rows)
      byGroup.set(row.groupId, [...(byGroup.get(row.groupId) ?? []), { id: row.id, email: row.email }]);
    return byGroup;
  }

  return {
    async findUser(id: string): Promise<DirectoryUser | undefined> {
      if (!UUID.test(id)) return undefined;
      const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
      return row as DirectoryUser | undefined;
    },

    async listUsers(match: UserMatch | undefined, page: Page) {
      const query = matching(db.selectFrom('users'), match, 'email');
      const [{ total }, users] = await Promise.all([
        countOf(query),
        query.select(userColumns).orderBy('created_at').orderBy('id').offset(page.offset).limit(page.limit).execute(),
      ]);
      return { total: Number(total), users: users as DirectoryUser[] };
    },

    /** Inserts a user without a password, recording `audit` of it in the same transaction; undefined when the e-mail is taken. */
    async insertUser(
      user: DirectoryUserChanges,
      audit: (created: DirectoryUser) => AuditDraft,
    ): Promise<DirectoryUser | undefined> {
      const values = { id: randomUUID(), password_hash: null, is_sys_admin: false, ...userRow(user) };
      return insertUserUnlessEmailTaken<DirectoryUser>(db, values, userColumns, audit);
    },

    /**
     * Writes the user's columns and, in the same transaction, `audit` (none when nothing a trail keeps changed);
     * `voidLinks` deletes the user's reset, invitation and confirmation links (they went to the old address).
     */
    async updateUser(
      id: string,
      user: DirectoryUserChanges,
      audit: AuditDraft | undefined,
      voidLinks: boolean,
      guard: AdministratorGuard,
    ): Promise<DirectoryUser | undefined> {
      return withUserEvents(db, [id], async (outer) => {
        await checkAdministrators(outer, guard);
        return writeWithAudit(outer as Kysely<AuthDatabase>, SERVICE, audit, async (trx) => {
          const row = await trx
            .updateTable('users')
            .set({ ...userRow(user), updated_at: new Date() })
            .where('id', '=', id)
            .returning(userColumns)
            .executeTakeFirst();
          if (row && voidLinks) await trx.deleteFrom('password_reset_tokens').where('user_id', '=', id).execute();
          return row as DirectoryUser | undefined;
        });
      });
    },

    emailOwner(email: string): Promise<string | undefined> {
      return ownerOf(db.selectFrom('users'), 'email', email);
    },

    /** Deletes the account and tells the other services and the trail in the same transaction, as a deletion by its owner does. */
    deleteUser(id: string, audit: AuditDraft, guard: AdministratorGuard): Promise<boolean> {
      return writeWithEvent(db, EVENTS.userDeleted, { userId: id }, async (trx) => {
        await checkAdministrators(trx, guard);
        const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows > 0n) await recordAudit(trx, SERVICE, audit);
        return result.numDeletedRows > 0n;
      });
    },

    /** Which of these ids are users. */
    async existingUsers(ids: string[]): Promise<Set<string>> {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', valid).execute();
      return new Set(rows.map((row) => row.id));
    },

    async findGroup(id: string): Promise<DirectoryGroup | undefined> {
      if (!UUID.test(id)) return undefined;
      const group = await db.selectFrom('groups').select(groupColumns).where('id', '=', id).executeTakeFirst();
      return group && { ...group, members: (await membersOf([group.id])).get(group.id) ?? [] };
    },

    async listGroups(match: GroupMatch | undefined, page: Page) {
      const query = matching(db.selectFrom('groups'), match, 'name');
      const [{ total }, groups] = await Promise.all([
        countOf(query),
        query.select(groupColumns).orderBy('created_at').orderBy('id').offset(page.offset).limit(page.limit).execute(),
      ]);
      const members = await membersOf(groups.map((group) => group.id));
      return {
        total: Number(total),
        groups: groups.map((group) => ({ ...group, members: members.get(group.id) ?? [] })),
      };
    },

    groupNameOwner(name: string): Promise<string | undefined> {
      return ownerOf(db.selectFrom('groups'), 'name', name);
    },

    /**
     * Writes a group and its whole member list in one transaction, with its events and `audit` of what changed
     * (members who stay keep the day they joined); undefined when the name is taken.
     */
    async saveGroup(
      id: string | undefined,
      group: DirectoryGroupChanges,
      audit: (write: GroupWrite) => AuditDraft | undefined,
    ): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = { name: group.name, scim_external_id: group.externalId };
        const before = id
          ? await trx.selectFrom('groups').select('name').where('id', '=', id).forUpdate().executeTakeFirst()
          : undefined;
        const saved = id
          ? await trx
              .updateTable('groups')
              .set({ ...row, updated_at: new Date() })
              .where('id', '=', id)
              .returning(['id', 'name'])
              .executeTakeFirst()
          : await trx
              .insertInto('groups')
              .values({ id: randomUUID(), ...row })
              .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
              .returning(['id', 'name'])
              .executeTakeFirst();
        if (!saved) return undefined;
        const renamedFrom = before && before.name !== saved.name ? before.name : undefined;
        if (!before || renamedFrom !== undefined) await recordGroupChanged(trx, saved);
        let leaving = trx.deleteFrom('group_members').where('group_id', '=', saved.id);
        if (group.memberIds.length > 0) leaving = leaving.where('user_id', 'not in', group.memberIds);
        const removed = await leaving.returning(['group_id', 'user_id']).execute();
        await recordMembersRemoved(trx, removed);
        const added =
          group.memberIds.length === 0
            ? []
            : await trx
                .insertInto('group_members')
                .values(group.memberIds.map((userId) => ({ group_id: saved.id, user_id: userId })))
                .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
                .returning(['group_id', 'user_id', 'added_at'])
                .execute();
        await recordMembersAdded(trx, added);
        const draft = audit({
          id: saved.id,
          name: saved.name,
          created: !before,
          renamedFrom,
          added: added.map((member) => member.user_id),
          removed: removed.map((member) => member.user_id),
        });
        if (draft) await recordAudit(trx, SERVICE, draft);
        return saved.id;
      });
    },

    /** Deletes a group (its memberships go with it), telling the other services and the trail in the same transaction. */
    async deleteGroup(id: string, audit: AuditDraft): Promise<boolean> {
      if (!UUID.test(id)) return false;
      return writeWithEvent(db, EVENTS.groupDeleted, { groupId: id }, async (trx) => {
        const result = await trx.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows > 0n) await recordAudit(trx, SERVICE, audit);
        return result.numDeletedRows > 0n;
      });
    },
  };
}
export type DirectoryRepository = ReturnType<typeof directoryRepository>;
