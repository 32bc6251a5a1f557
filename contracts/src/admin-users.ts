import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { userSchema, userStatusSchema } from './auth.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

/** The most users one page of the administrators' list holds. */
export const USER_LIST_PAGE_MAX = 100;

/** A day or an instant in ISO 8601 (`2026-11-26` or `2026-11-26T10:00:00Z`). */
const isoDateTimeQuery = lineTextSchema().check(
  boundedTo(40, 'date_invalid'),
  z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'date_invalid'),
);

/** The administrators' user list: search in name and e-mail, filters, an order and a page. */
export const userListQuerySchema = z.object({
  q: z.optional(lineTextSchema().check(boundedTo(200, 'search_too_long'), z.trim())),
  role: z.optional(z.enum(['admin', 'user'])),
  status: z.optional(userStatusSchema),
  /** Signed in last before / after this instant; `neverSignedIn=true` only those who never did. */
  signedInBefore: z.optional(isoDateTimeQuery),
  signedInAfter: z.optional(isoDateTimeQuery),
  neverSignedIn: z.optional(z.enum(['true', 'false'])),
  sort: z.optional(z.enum(['name', 'email', 'lastSignIn', 'created'])),
  order: z.optional(z.enum(['asc', 'desc'])),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(USER_LIST_PAGE_MAX))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** A user as administrators see them in the list. */
export const adminUserSchema = z.extend(userSchema, {
  status: userStatusSchema,
  lastSignInAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** What an administrator changes of a user: the role, or active/deactivated. */
export const adminUserChangeSchema = z.object({
  isSysAdmin: z.optional(z.boolean()),
  status: z.optional(z.enum(['active', 'deactivated'])),
});
export type AdminUserChange = z.infer<typeof adminUserChangeSchema>;

export const adminUserParamsSchema = z.object({ id: uuidSchema });

/**
 * The user administration's calls, kept out of API_CALLS, which every page carries: only the administration pages
 * that list or change users load them (the client sends them with `api.send`; decision 0036).
 */
export const ADMIN_USER_CALLS = {
  listUsers: {
    method: 'get',
    path: '/api/admin/users',
    paged: true,
    query: userListQuerySchema,
    response: z.array(adminUserSchema),
  },
  changeUser: {
    method: 'patch',
    path: '/api/admin/users/:id',
    params: adminUserParamsSchema,
    body: adminUserChangeSchema,
    response: adminUserSchema,
  },
} as const satisfies Record<string, ApiCall>;
