import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { messageSchema } from './auth.ts';
import { groupNameSchema } from './onboarding.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

export const GROUP_LIMITS = {
  pageMax: 100,
  /** People added to a group in one request. */
  membersPerRequest: 500,
} as const;

const pageQuery = {
  q: z.optional(lineTextSchema().check(boundedTo(200, 'search_too_long'), z.trim())),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(GROUP_LIMITS.pageMax))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
};

/** A search in the groups' names, a page at a time. */
export const groupListQuerySchema = z.object(pageQuery);
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

/** A search in the members' names and e-mails, a page at a time. */
export const groupMemberListQuerySchema = z.object(pageQuery);
export type GroupMemberListQuery = z.output<typeof groupMemberListQuerySchema>;

/** `directory`: kept by the company's directory over SCIM, read-only in the portal. */
export const groupManagerSchema = z.enum(['portal', 'directory']);

export const groupSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  memberCount: z.number(),
  managedBy: groupManagerSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const groupRequestSchema = z.object({ name: groupNameSchema });
export type GroupRequest = z.infer<typeof groupRequestSchema>;

export const groupMemberSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMembersRequestSchema = z.object({
  userIds: z
    .array(uuidSchema)
    .check(boundedTo(GROUP_LIMITS.membersPerRequest, 'too_many_members'), z.minLength(1, 'members_required')),
});
export type GroupMembersRequest = z.infer<typeof groupMembersRequestSchema>;

/** How many of the people named were added (the others were members already). */
export const groupMembersAddedSchema = z.object({ added: z.number() });

const groupParams = z.object({ id: uuidSchema });
const memberParams = z.object({ id: uuidSchema, userId: uuidSchema });

/**
 * The group administration's calls, kept out of API_CALLS: only the groups page loads them (the client sends them
 * with `api.send`), so the sign-in page carries none of their schemas (decision 0036).
 */
export const GROUP_CALLS = {
  listGroups: {
    method: 'get',
    path: '/api/admin/groups',
    paged: true,
    query: groupListQuerySchema,
    response: z.array(groupSchema),
  },
  createGroup: { method: 'post', path: '/api/admin/groups', body: groupRequestSchema, response: groupSchema },
  renameGroup: {
    method: 'patch',
    path: '/api/admin/groups/:id',
    params: groupParams,
    body: groupRequestSchema,
    response: groupSchema,
  },
  deleteGroup: { method: 'delete', path: '/api/admin/groups/:id', params: groupParams, response: messageSchema },
  listGroupMembers: {
    method: 'get',
    path: '/api/admin/groups/:id/members',
    paged: true,
    params: groupParams,
    query: groupMemberListQuerySchema,
    response: z.array(groupMemberSchema),
  },
  addGroupMembers: {
    method: 'post',
    path: '/api/admin/groups/:id/members',
    params: groupParams,
    body: groupMembersRequestSchema,
    response: groupMembersAddedSchema,
  },
  removeGroupMember: {
    method: 'delete',
    path: '/api/admin/groups/:id/members/:userId',
    params: memberParams,
    response: messageSchema,
  },
} as const satisfies Record<string, ApiCall>;
