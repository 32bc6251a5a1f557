import { createHash } from 'node:crypto';
import { isLanguage, type Language } from '@portal/contracts/languages';
import { isValidEmail, LIMITS } from '@portal/contracts/rules';
import {
  SCIM_LIMITS,
  SCIM_SCHEMAS,
  type ScimGroupInput,
  type ScimPatch,
  type ScimUserInput,
  scimBoolean,
  scimGroupSchema,
  scimUserSchema,
} from '@portal/contracts/scim';
import type { AuditContext, AuditDraft } from '@portal/kit/audit';
import type { Logger } from '@portal/kit/logger';
import type { AdministratorGuard, AdministratorState } from '../data-access/administrators-lock.ts';
import type {
  DirectoryGroup,
  DirectoryRepository,
  DirectoryUser,
  DirectoryUserChanges,
  GroupMatch,
  UserMatch,
} from '../data-access/directory-repository.ts';
import { audited as accountAudited } from './accounts.ts';
import { keepAnAdministrator } from './administrators.ts';
import { directoryGroupAudit, groupAudited } from './groups.ts';
import { parseEqualityFilter } from './scim-filter.ts';
import { applyPatch, type Resource } from './scim-patch.ts';

/** An error answered in SCIM's shape (RFC 7644 3.12). */
export class ScimError extends Error {
  readonly status: number;
  readonly scimType: string | undefined;

  constructor(status: number, message: string, scimType?: string) {
    super(message);
    this.name = 'ScimError';
    this.status = status;
    this.scimType = scimType;
  }
}

const notFound = (kind: string) => new ScimError(404, `${kind} not found`);

export interface ListParams {
  filter?: string | undefined;
  startIndex?: number | undefined;
  count?: number | undefined;
}

/** What a write answers: the resource, and whose sessions the gateway must end (deactivated or deleted). */
export interface Written {
  resource: Resource;
  endSessionsOf: string[];
}

/** Who writes a resource, for the trail, and the version the write is for (RFC 7644 3.14 If-Match). */
export interface WriteRequest {
  context: AuditContext;
  ifMatch: string | undefined;
}

/** A weak version of the resource's content: it changes exactly when what a client reads changes. */
function versionOf(resource: Resource): string {
  const digest = createHash('sha256').update(JSON.stringify(resource)).digest('base64url').slice(0, 22);
  return `W/"${digest}"`;
}

/** If-Match: the listed versions or `*` (RFC 9110 13.1.1); absent, any version may be changed. */
function requireVersion(ifMatch: string | undefined, current: string) {
  if (ifMatch === undefined) return;
  const listed = ifMatch.split(',').map((tag) => tag.trim());
  if (!listed.includes('*') && !listed.includes(current))
    throw new ScimError(412, 'The resource has changed since the version given in If-Match');
}

/** `de-CH`, `fr_CH`, `rm`: the portal's language when the primary subtag is one of its five. */
function languageFrom(tag: string | null | undefined): Language | undefined {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

function page(params: ListParams) {
  const startIndex = params.startIndex ?? 1;
  const count = Math.min(params.count ?? SCIM_LIMITS.pageSizeMax, SCIM_LIMITS.pageSizeMax);
  return { startIndex, offset: startIndex - 1, limit: count };
}

function listResponse(resources: Resource[], total: number, startIndex: number) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

const versionOfResource = (resource: Resource) => (resource.meta as { version: string }).version;

/** The account columns whose change a write through SCIM records on the trail (by name, not value). */
const TRACKED = ['email', 'name', 'givenName', 'familyName', 'language', 'status', 'externalId'] as const;

/** A directory's change to an account, as the audit trail records it: an account's change, made through SCIM. */
function audited(
  context: AuditContext,
  action: string,
  user: { id: string; email: string },
  more: Partial<AuditDraft> = {},
): AuditDraft {
  return accountAudited(context, action, user, { details: { through: 'scim' }, ...more });
}

/** What the trail records of an update: deactivation or reactivation with the status, else which fields changed. */
function updateAudit(context: AuditContext, current: DirectoryUser, changes: DirectoryUserChanges) {
  const fields = TRACKED.filter((field) => current[field] !== changes[field]);
  if (fields.length === 0) return undefined;
  if (current.status === changes.status)
    return audited(context, 'user.updated', current, { details: { through: 'scim', fields } });
  return audited(context, 'user.status-changed', current, {
    changes: { status: { before: current.status, after: changes.status } },
    details: { through: 'scim', fields },
  });
}

function invalidFilter(): ScimError {
  return new ScimError(400, 'Only `attribute eq "value"` filters are supported', 'invalidFilter');
}

export interface DirectoryDeps {
  directory: DirectoryRepository;
  /** PUBLIC_URL and /scim/v2: resources' locations. */
  baseUrl: string;
  logger: Logger;
  /** The break-glass administrator, whose account and address SCIM never writes. */
  adminEmail: string | undefined;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The use cases of SCIM provisioning: a company's directory creates, changes, deactivates and deletes accounts and groups. */
export function directory(deps: DirectoryDeps) {
  const { directory: repo, baseUrl, logger } = deps;

  /** SCIM never takes the address of ADMIN_EMAIL, nor writes its account (a reset mail would follow the address). */
  function refuseAdminEmail(email: string) {
    if (deps.adminEmail && sameAddress(email, deps.adminEmail))
      throw new ScimError(403, 'The account of ADMIN_EMAIL is not managed through SCIM');
  }

  /**
   * What a write of SCIM checks where it writes: an administrator's account only where an administrator allowed it
   * on /admin/scim, and never the last active administrator's end.
   */
  function scimMayWrite(id: string, change: Partial<AdministratorState> | undefined): AdministratorGuard {
    const keep = keepAnAdministrator(id, change);
    return async (administrators) => {
      const state = await administrators.stateOf(id);
      if (state?.isSysAdmin && !(await administrators.scimManagesAdministrators()))
        throw new ScimError(403, 'Administrators are not managed through SCIM here (see /admin/scim)');
      await keep(administrators);
    };
  }

  function withMeta(body: Resource, kind: 'User' | 'Group', id: string, created: Date, modified: Date): Resource {
    const version = versionOf(body);
    const meta = {
      resourceType: kind,
      created: created.toISOString(),
      lastModified: modified.toISOString(),
      location: `${baseUrl}/${kind}s/${id}`,
      version,
    };
    return { ...body, meta };
  }

  function userResource(user: DirectoryUser): Resource {
    const body: Resource = {
      schemas: [SCIM_SCHEMAS.user],
      id: user.id,
      ...(user.externalId ? { externalId: user.externalId } : {}),
      userName: user.email,
      name: {
        formatted: user.name,
        ...(user.givenName ? { givenName: user.givenName } : {}),
        ...(user.familyName ? { familyName: user.familyName } : {}),
      },
      displayName: user.name,
      emails: [{ value: user.email, type: 'work', primary: true }],
      active: user.status === 'active',
      preferredLanguage: user.language,
    };
    return withMeta(body, 'User', user.id, user.createdAt, user.updatedAt);
  }

  function groupResource(group: DirectoryGroup, withMembers = true): Resource {
    const body: Resource = {
      schemas: [SCIM_SCHEMAS.group],
      id: group.id,
      ...(group.externalId ? { externalId: group.externalId } : {}),
      displayName: group.name,
      members: group.members.map((member) => ({
        value: member.id,
        display: member.email,
        type: 'User',
        $ref: `${baseUrl}/Users/${member.id}`,
      })),
    };
    const resource = withMeta(body, 'Group', group.id, group.createdAt, group.updatedAt);
    if (withMembers) return resource;
    const { members: _members, ...rest } = resource;
    return rest;
  }

  /** A PUT body (or a patched resource) as the account's columns; what the body leaves out of a PUT stays. */
  function userChanges(input: ScimUserInput, current?: DirectoryUser): DirectoryUserChanges {
    const email = input.userName.trim();
    if (!isValidEmail(email)) throw new ScimError(400, 'userName must be an e-mail address', 'invalidValue');
    const givenName = input.name?.givenName?.trim() || null;
    const familyName = input.name?.familyName?.trim() || null;
    const shown = [input.displayName, input.name?.formatted, [givenName, familyName].filter(Boolean).join(' ')]
      .map((name) => name?.trim().slice(0, LIMITS.nameMax) ?? '')
      .find((name) => name.length >= LIMITS.nameMin);
    return {
      email,
      name: shown ?? email.slice(0, LIMITS.nameMax),
      givenName,
      familyName,
      language: languageFrom(input.preferredLanguage) ?? languageFrom(input.locale) ?? current?.language ?? 'en',
      status:
        input.active === undefined
          ? (current?.status ?? 'active')
          : scimBoolean(input.active)
            ? 'active'
            : 'deactivated',
      externalId: input.externalId === undefined ? (current?.externalId ?? null) : input.externalId,
    };
  }

  async function requireUser(id: string) {
    const user = await repo.findUser(id);
    if (!user) throw notFound('User');
    return user;
  }

  async function requireGroup(id: string) {
    const group = await repo.findGroup(id);
    if (!group) throw notFound('Group');
    return group;
  }

  /** The user a write is about, with its resource; 412 when `ifMatch` names another version of it. */
  async function userToWrite(id: string, ifMatch: string | undefined) {
    const current = await requireUser(id);
    refuseAdminEmail(current.email);
    const resource = userResource(current);
    requireVersion(ifMatch, versionOfResource(resource));
    return { current, resource };
  }

  /** The group a write is about, with its resource; 412 when `ifMatch` names another version of it. */
  async function groupToWrite(id: string, ifMatch: string | undefined) {
    const current = await requireGroup(id);
    const resource = groupResource(current);
    requireVersion(ifMatch, versionOfResource(resource));
    return { current, resource };
  }

  async function saveUser(current: DirectoryUser, input: ScimUserInput, context: AuditContext): Promise<Written> {
    const changes = userChanges(input, current);
    refuseAdminEmail(changes.email);
    const owner = await repo.emailOwner(changes.email);
    if (owner && owner !== current.id) throw new ScimError(409, 'Another user has this userName', 'uniqueness');
    const readdressed = !sameAddress(current.email, changes.email);
    const updated = await repo.updateUser(
      current.id,
      changes,
      updateAudit(context, current, changes),
      readdressed,
      scimMayWrite(current.id, { status: changes.status }),
    );
    if (!updated) throw notFound('User');
    const deactivated = current.status === 'active' && updated.status !== 'active';
    if (deactivated) logger.info({ userId: current.id }, 'directory deactivated a user');
    // A new address is a new owner of the account's mail: the sessions and links of the old one end.
    const endsSessions = deactivated || readdressed;
    return { resource: userResource(updated), endSessionsOf: endsSessions ? [current.id] : [] };
  }

  /**
   * The group's member ids, each a user of the portal. The account of ADMIN_EMAIL stays in the group or out of it as
   * it was: the directory's wish for it is ignored and the rest applied, so a sync goes on (docs/security.md).
   */
  async function memberIdsOf(input: ScimGroupInput, current: DirectoryGroup | undefined): Promise<string[]> {
    const ids = [...new Set((input.members ?? []).map((member) => member.value))];
    const known = await repo.existingUsers(ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new ScimError(400, `${unknown.length} member(s) are not users`, 'invalidValue');
    const adminId = deps.adminEmail && (await repo.emailOwner(deps.adminEmail));
    if (!adminId) return ids;
    const wasMember = current?.members.some((member) => member.id === adminId) ?? false;
    const others = ids.filter((id) => id !== adminId);
    if (wasMember !== ids.includes(adminId))
      logger.info({ groupId: current?.id }, 'directory left the membership of ADMIN_EMAIL as it was');
    return wasMember ? [...others, adminId] : others;
  }

  async function saveGroup(current: DirectoryGroup | undefined, input: ScimGroupInput, context: AuditContext) {
    const name = input.displayName.trim();
    const owner = await repo.groupNameOwner(name);
    if (owner && owner !== current?.id) throw new ScimError(409, 'Another group has this displayName', 'uniqueness');
    const externalId = input.externalId === undefined ? (current?.externalId ?? null) : input.externalId;
    const memberIds = await memberIdsOf(input, current);
    const id = await repo.saveGroup(current?.id, { name, externalId, memberIds }, directoryGroupAudit(context));
    if (!id) throw new ScimError(409, 'Another group has this displayName', 'uniqueness');
    return groupResource(await requireGroup(id));
  }

  /** The resource's writable attributes as a PUT body, for a PATCH to change. */
  function patchable(resource: Resource): Resource {
    const { meta: _meta, schemas: _schemas, id: _id, ...rest } = resource;
    return rest;
  }

  function validated<T>(
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
    value: Resource,
  ): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ScimError(400, 'The patched resource is not valid', 'invalidValue');
    return parsed.data;
  }

  /**
   * PUT and PATCH of one kind of resource: both save a whole resource over the current one (412 when the write is
   * for another version); a PATCH applies its operations to the current resource first.
   */
  function replaceAndPatch<Current, Input, Answer>(
    toWrite: (id: string, ifMatch: string | undefined) => Promise<{ current: Current; resource: Resource }>,
    schema: { safeParse(value: unknown): { success: true; data: Input } | { success: false } },
    save: (current: Current, input: Input, context: AuditContext) => Promise<Answer>,
  ) {
    return {
      async replace(id: string, input: Input, { context, ifMatch }: WriteRequest): Promise<Answer> {
        const { current } = await toWrite(id, ifMatch);
        return save(current, input, context);
      },
      async patch(id: string, patch: ScimPatch, { context, ifMatch }: WriteRequest): Promise<Answer> {
        const { current, resource } = await toWrite(id, ifMatch);
        return save(current, validated(schema, applyPatch(patchable(resource), patch)), context);
      },
    };
  }
  const userWrites = replaceAndPatch(userToWrite, scimUserSchema, saveUser);
  const groupWrites = replaceAndPatch(groupToWrite, scimGroupSchema, saveGroup);

  return {
    async createUser(input: ScimUserInput, context: AuditContext): Promise<Resource> {
      const changes = userChanges(input);
      refuseAdminEmail(changes.email);
      if (await repo.emailOwner(changes.email))
        throw new ScimError(409, 'A user with this userName exists', 'uniqueness');
      const created = await repo.insertUser(changes, (user) => audited(context, 'user.created', user));
      if (!created) throw new ScimError(409, 'A user with this userName exists', 'uniqueness');
      logger.info({ userId: created.id }, 'directory created a user');
      return userResource(created);
    },

    async getUser(id: string): Promise<Resource> {
      return userResource(await requireUser(id));
    },

    async listUsers(params: ListParams) {
      let match: UserMatch | undefined;
      if (params.filter !== undefined) {
        const filter = parseEqualityFilter(params.filter, ['userName', 'externalId', 'id', 'emails.value']);
        if (!filter) throw invalidFilter();
        const field = filter.attribute === 'externalId' ? 'externalId' : filter.attribute === 'id' ? 'id' : 'email';
        match = { field, value: filter.value };
      }
      const { startIndex, ...window } = page(params);
      const { total, users } = await repo.listUsers(match, window);
      return listResponse(users.map(userResource), total, startIndex);
    },

    replaceUser: userWrites.replace,
    patchUser: userWrites.patch,

    async deleteUser(id: string, { context, ifMatch }: WriteRequest): Promise<Written> {
      const { current } = await userToWrite(id, ifMatch);
      const audit = audited(context, 'user.deleted', current);
      if (!(await repo.deleteUser(id, audit, scimMayWrite(id, undefined)))) throw notFound('User');
      logger.info({ userId: id }, 'directory deleted a user');
      return { resource: {}, endSessionsOf: [id] };
    },

    async createGroup(input: ScimGroupInput, context: AuditContext): Promise<Resource> {
      return saveGroup(undefined, input, context);
    },

    async getGroup(id: string, withMembers: boolean): Promise<Resource> {
      return groupResource(await requireGroup(id), withMembers);
    },

    async listGroups(params: ListParams, withMembers: boolean) {
      let match: GroupMatch | undefined;
      if (params.filter !== undefined) {
        const filter = parseEqualityFilter(params.filter, ['displayName', 'externalId', 'id']);
        if (!filter) throw invalidFilter();
        const field = filter.attribute === 'displayName' ? 'name' : filter.attribute === 'id' ? 'id' : 'externalId';
        match = { field, value: filter.value };
      }
      const { startIndex, ...window } = page(params);
      const { total, groups } = await repo.listGroups(match, window);
      return listResponse(
        groups.map((group) => groupResource(group, withMembers)),
        total,
        startIndex,
      );
    },

    replaceGroup: groupWrites.replace,
    patchGroup: groupWrites.patch,

    async deleteGroup(id: string, { context, ifMatch }: WriteRequest): Promise<void> {
      const { current } = await groupToWrite(id, ifMatch);
      const audit = groupAudited(context, 'group.deleted', current, { details: { through: 'scim' } });
      if (!(await repo.deleteGroup(id, audit))) throw notFound('Group');
    },
  };
}
export type Directory = ReturnType<typeof directory>;
