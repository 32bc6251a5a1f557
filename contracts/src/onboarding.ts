import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { userSchema } from './auth.ts';
import { languageSchema } from './languages.ts';
import { boundedTo, emailSchema, lineTextSchema, nameSchema } from './rules.ts';

export const ONBOARDING_LIMITS = {
  groupNameMax: 100,
  groupsPerUser: 50,
  importBytes: 2 * 1024 * 1024,
  importRows: 10_000,
  inviteTtlHoursDefault: 168,
} as const;

export const groupNameSchema = lineTextSchema().check(
  z.trim(),
  boundedTo(ONBOARDING_LIMITS.groupNameMax, 'group_name_too_long'),
  z.minLength(1, 'group_name_required'),
);

export const invitationRequestSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  language: languageSchema,
  isSysAdmin: z.optional(z.boolean()),
  groups: z.optional(z.array(groupNameSchema).check(boundedTo(ONBOARDING_LIMITS.groupsPerUser, 'too_many_groups'))),
});
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

/** `invited` a new account, `reinvited` an invitee who had not set a password yet: a fresh link either way. */
export const invitationSchema = z.object({ user: userSchema, outcome: z.enum(['invited', 'reinvited']) });
export type Invitation = z.infer<typeof invitationSchema>;

/** The import's dry run writes nothing; `invite=true` sends each new account an invitation. */
export const importQuerySchema = z.object({
  dryRun: z._default(z.enum(['true', 'false']), 'true'),
  invite: z._default(z.enum(['true', 'false']), 'false'),
});

export const IMPORT_ROW_ERRORS = [
  'email_invalid',
  'name_invalid',
  'language_unknown',
  'role_unknown',
  'group_invalid',
  'duplicate_in_file',
  'cannot_demote_self',
] as const;
export type ImportRowError = (typeof IMPORT_ROW_ERRORS)[number];

export const importRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  role: z.string(),
  groups: z.array(z.string()),
  /** `create` a new account, `update` an existing one, `invalid` when errors name what is wrong. */
  outcome: z.enum(['create', 'update', 'invalid']),
  errors: z.array(z.enum(IMPORT_ROW_ERRORS)),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the rows were written: never in a dry run, and not at all when a row is invalid. */
  applied: z.boolean(),
  rows: z.array(importRowSchema),
  counts: z.object({ create: z.number(), update: z.number(), invalid: z.number(), invited: z.number() }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The invitation and import pages' calls, kept out of API_CALLS, which every page carries: only those pages load
 * them (decision 0036).
 */
export const ONBOARDING_CALLS = {
  inviteUser: {
    method: 'post',
    path: '/api/admin/invitations',
    body: invitationRequestSchema,
    response: invitationSchema,
  },
  importUsers: {
    method: 'post',
    path: '/api/admin/users/import',
    query: importQuerySchema,
    upload: true,
    response: importResultSchema,
  },
} as const satisfies Record<string, ApiCall>;
