import { randomUUID } from 'node:crypto';
import { EVENTS } from '@portal/contracts/events';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { isUniqueViolation } from '@portal/kit/db';
import { writeWithEvent } from '@portal/kit/events';
import { type Kysely, sql } from 'kysely';
import { recordGroupChanged, recordMembersAdded, recordMembersRemoved } from './directory-events.ts';
import { type AuthDatabase, SERVICE } from './schema.ts';
import { likePattern } from './users-repository.ts';

export interface GroupRecord {
  id: string;
  name: string;
  memberCount: number;
  /** Set when the company's directory keeps the group (SCIM). */
  externalId: string | null;
}

export interface MemberRecord {
  id: string;
  name: string;
  email: string;
  joinedAt: Date;
}

export interface PageWindow {
  q?: string | undefined;
  limit: number;
  offset: number;
}

const memberCount = sql<string>`(select count(*) from group_members where group_members.group_id = groups.id)`;
const toGroup = (row: { id: string; name: string; memberCount: string | number; externalId: string | null }) => ({
  ...row,
  memberCount: Number(row.memberCount),
});

/** Groups as administrators keep them by hand: each write records its event and audit in its transaction. */
export function groupsRepository(db: Kysely<AuthDatabase>) {
  return {
    async list(window: PageWindow): Promise<{ groups: GroupRecord[]; total: number }> {
      let filtered = db.selectFrom('groups');
      if (window.q) filtered = filtered.where(sql<boolean>`fold(name) like fold(${likePattern(window.q)})`);
      const [rows, count] = await Promise.all([
        filtered
          .select(['id', 'name', 'scim_external_id as externalId', memberCount.as('memberCount')])
          .orderBy(sql`lower(name)`)
          .orderBy('id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { groups: rows.map(toGroup), total: Number(count.total) };
    },

    async find(id: string): Promise<GroupRecord | undefined> {
      const row = await db
        .selectFrom('groups')
        .select(['id', 'name', 'scim_external_id as externalId', memberCount.as('memberCount')])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toGroup(row);
    },

    /** A new group; undefined when another has the name in any letter case. */
    create(name: string, audit: (group: { id: string; name: string }) => AuditDraft) {
      return db.transaction().execute(async (trx) => {
        const group = await trx
          .insertInto('groups')
          .values({ id: randomUUID(), name })
          .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
          .returning(['id', 'name'])
          .executeTakeFirst();
        if (!group) return undefined;
        await recordGroupChanged(trx, group);
        await recordAudit(trx, SERVICE, audit(group));
        return group;
      });
    },

    /** Renames a group kept by hand; false when another has the name in any letter case. */
    rename(id: string, name: string, audit: AuditDraft): Promise<boolean> {
      const renaming = db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('groups')
          .select('id')
          .where(sql`lower(name)`, '=', name.toLowerCase())
          .where('id', '<>', id)
          .executeTakeFirst();
        if (taken) return false;
        const group = await trx
          .updateTable('groups')
          .set({ name, updated_at: new Date() })
          .where('id', '=', id)
          .returning(['id', 'name'])
          .executeTakeFirst();
        if (!group) return false;
        await recordGroupChanged(trx, group);
        await recordAudit(trx, SERVICE, audit);
        return true;
      });
      // A group given the name meanwhile: the unique index refuses the second.
      return renaming.catch((error: unknown) => {
        if (isUniqueViolation(error)) return false;
        throw error;
      });
    },

    delete(id: string, audit: AuditDraft): Promise<boolean> {
      return writeWithEvent(db, EVENTS.groupDeleted, { groupId: id }, async (trx) => {
        const result = await trx.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows > 0n) await recordAudit(trx, SERVICE, audit);
        return result.numDeletedRows > 0n;
      });
    },

    async members(groupId: string, window: PageWindow): Promise<{ members: MemberRecord[]; total: number }> {
      let filtered = db
        .selectFrom('group_members')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .where('group_members.group_id', '=', groupId);
      if (window.q)
        filtered = filtered.where(
          sql<boolean>`fold(users.name) || ' ' || fold(users.email) like fold(${likePattern(window.q)})`,
        );
      const [rows, count] = await Promise.all([
        filtered
          .select(['users.id', 'users.name', 'users.email', 'group_members.added_at as joinedAt'])
          .orderBy(sql`lower(users.name)`)
          .orderBy('users.id')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { members: rows, total: Number(count.total) };
    },

    /** Which of these ids are users. */
    async existingUsers(ids: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Adds the people who are not members yet; the ids of those added. */
    addMembers(groupId: string, userIds: string[], audit: (added: string[]) => AuditDraft): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const added = await trx
          .insertInto('group_members')
          .values(userIds.map((userId) => ({ group_id: groupId, user_id: userId })))
          .onConflict((conflict) => conflict.columns(['group_id', 'user_id']).doNothing())
          .returning(['group_id', 'user_id', 'added_at'])
          .execute();
        await recordMembersAdded(trx, added);
        if (added.length > 0) await recordAudit(trx, SERVICE, audit(added.map((row) => row.user_id)));
        return added.map((row) => row.user_id);
      });
    },

    removeMember(groupId: string, userId: string, audit: AuditDraft): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('group_members')
          .where('group_id', '=', groupId)
          .where('user_id', '=', userId)
          .returning(['group_id', 'user_id'])
          .execute();
        await recordMembersRemoved(trx, removed);
        if (removed.length > 0) await recordAudit(trx, SERVICE, audit);
        return removed.length > 0;
      });
    },
  };
}
export type GroupsRepository = ReturnType<typeof groupsRepository>;
