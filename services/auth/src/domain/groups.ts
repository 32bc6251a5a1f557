import { type Group, GROUP_LIMITS, type GroupListQuery, type GroupMember } from '@portal/contracts/groups';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import { AppError, badRequest, notFound } from '@portal/kit/errors';
import type { Logger } from '@portal/kit/logger';
import type { GroupWrite } from '../data-access/directory-repository.ts';
import type { GroupRecord, GroupsRepository } from '../data-access/groups-repository.ts';

const PAGE_DEFAULT = 25;

const nameTaken = () => new AppError(409, 'group_name_taken', 'Another group has this name');
const managedByDirectory = () =>
  new AppError(409, 'group_managed_by_directory', "The company's directory keeps this group; change it there");

/** A change to a group, as the audit trail records it. */
export function groupAudited(
  context: AuditContext,
  action: string,
  group: { id: string; name: string },
  more: Partial<AuditDraft> = {},
): AuditDraft {
  return {
    ...context,
    action,
    object: { type: 'group', id: group.id, label: group.name },
    outcome: 'success',
    ...more,
  };
}

/** What the trail records of a directory's write of a group: nothing when nothing changed. */
export function directoryGroupAudit(context: AuditContext) {
  return (write: GroupWrite): AuditDraft | undefined => {
    const details = { through: 'scim', added: write.added, removed: write.removed };
    if (write.created) return groupAudited(context, 'group.created', write, { details });
    if (write.renamedFrom === undefined && write.added.length === 0 && write.removed.length === 0) return undefined;
    return groupAudited(context, 'group.updated', write, {
      details,
      ...(write.renamedFrom === undefined
        ? {}
        : { changes: { name: { before: write.renamedFrom, after: write.name } } }),
    });
  };
}

function toGroup(record: GroupRecord): Group {
  return {
    id: record.id,
    name: record.name,
    memberCount: record.memberCount,
    managedBy: record.externalId === null ? 'portal' : 'directory',
  };
}

export interface GroupsDeps {
  groups: GroupsRepository;
  logger: Logger;
}

/** The administrators' use cases of groups kept by hand; the directory's groups are read-only here. */
export function groupAdministration({ groups, logger }: GroupsDeps) {
  async function requireGroup(id: string) {
    const group = await groups.find(id);
    if (!group) throw notFound('Group not found');
    return group;
  }

  async function requireOwnGroup(id: string) {
    const group = await requireGroup(id);
    if (group.externalId !== null) throw managedByDirectory();
    return group;
  }

  const window = (query: GroupListQuery) => ({
    q: query.q,
    limit: Math.min(query.limit ?? PAGE_DEFAULT, GROUP_LIMITS.pageMax),
    offset: query.offset ?? 0,
  });

  return {
    async list(query: GroupListQuery): Promise<{ groups: Group[]; total: number }> {
      const page = await groups.list(window(query));
      return { groups: page.groups.map(toGroup), total: page.total };
    },

    async create(name: string, context: AuditContext): Promise<Group> {
      const created = await groups.create(name, (group) =>
        groupAudited(context, 'group.created', group, { details: { through: 'ui' } }),
      );
      if (!created) throw nameTaken();
      logger.info({ groupId: created.id }, 'group created');
      return toGroup({ ...created, memberCount: 0, externalId: null });
    },

    async rename(id: string, name: string, context: AuditContext): Promise<Group> {
      const current = await requireOwnGroup(id);
      const audit = groupAudited(context, 'group.updated', current, {
        changes: { name: { before: current.name, after: name } },
        details: { through: 'ui' },
      });
      if (!(await groups.rename(id, name, audit))) throw nameTaken();
      return toGroup({ ...current, name });
    },

    async delete(id: string, context: AuditContext): Promise<void> {
      const current = await requireOwnGroup(id);
      if (!(await groups.delete(id, groupAudited(context, 'group.deleted', current, { details: { through: 'ui' } }))))
        throw notFound('Group not found');
      logger.info({ groupId: id }, 'group deleted');
    },

    async members(id: string, query: GroupListQuery): Promise<{ members: GroupMember[]; total: number }> {
      await requireGroup(id);
      const page = await groups.members(id, window(query));
      return {
        members: page.members.map((member) => ({ ...member, joinedAt: new Date(member.joinedAt).toISOString() })),
        total: page.total,
      };
    },

    async addMembers(id: string, userIds: string[], context: AuditContext): Promise<{ added: number }> {
      const group = await requireOwnGroup(id);
      const unique = [...new Set(userIds)];
      const known = await groups.existingUsers(unique);
      const unknown = userIds.flatMap((userId, index) => (known.has(userId) ? [] : [index]));
      if (unknown.length > 0)
        throw badRequest(
          'Some of the people named are not users',
          unknown.map((index) => ({ path: `userIds.${index}`, code: 'user_not_found' })),
        );
      const added = await groups.addMembers(id, unique, (ids) =>
        groupAudited(context, 'group.updated', group, { details: { through: 'ui', added: ids, removed: [] } }),
      );
      return { added: added.length };
    },

    async removeMember(id: string, userId: string, context: AuditContext): Promise<void> {
      const group = await requireOwnGroup(id);
      const audit = groupAudited(context, 'group.updated', group, {
        details: { through: 'ui', added: [], removed: [userId] },
      });
      if (!(await groups.removeMember(id, userId, audit))) throw notFound('Not a member of this group');
    },
  };
}
export type GroupAdministration = ReturnType<typeof groupAdministration>;
