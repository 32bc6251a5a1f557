import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { messageSchema } from './auth.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

/** The URNs of RFC 7643/7644 the portal speaks. */
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_MEDIA_TYPE = 'application/scim+json';
/** Where the SCIM API is served, after PUBLIC_URL. */
export const SCIM_BASE_PATH = '/scim/v2';

export const SCIM_LIMITS = {
  /** Larger pages are cut to this (RFC 7644 3.4.2.4 lets the server choose). */
  pageSizeMax: 100,
  filterMax: 512,
  /** PATCH operations, each attribute a path-less value sets counting as one. */
  operationsMax: 100,
  /** A PATCH path, and each key of a path-less value (the same thing written another way). */
  pathMax: 200,
  membersMax: 1000,
  textMax: 255,
} as const;

const text = (maximum: number = SCIM_LIMITS.textMax) => lineTextSchema().check(boundedTo(maximum, 'too_long'));

/**
 * A SCIM boolean as directories send it: Entra ID sends `"False"` and `"True"` as strings in PATCH values, so
 * strings are read without regard to case.
 */
export const scimBooleanSchema = z.union([
  z.boolean(),
  lineTextSchema().check(boundedTo(5, 'not_boolean'), z.regex(/^(?:true|false)$/i, 'not_boolean')),
]);
export function scimBoolean(value: z.infer<typeof scimBooleanSchema>): boolean {
  return typeof value === 'boolean' ? value : value.toLowerCase() === 'true';
}

const nameSchema = z.object({
  formatted: z.optional(text()),
  givenName: z.optional(text()),
  familyName: z.optional(text()),
});

const emailEntrySchema = z.object({
  value: text(254),
  type: z.optional(text(50)),
  primary: z.optional(scimBooleanSchema),
});

/** A User as a directory sends it on POST and PUT; attributes the portal does not keep are dropped. */
export const scimUserSchema = z.object({
  userName: text(254).check(z.minLength(1, 'required')),
  externalId: z.optional(z.nullable(text())),
  name: z.optional(nameSchema),
  displayName: z.optional(z.nullable(text())),
  emails: z.optional(z.array(emailEntrySchema).check(z.maxLength(20, 'too_many'))),
  active: z.optional(scimBooleanSchema),
  preferredLanguage: z.optional(z.nullable(text(35))),
  locale: z.optional(z.nullable(text(35))),
});
export type ScimUserInput = z.infer<typeof scimUserSchema>;

const memberSchema = z.object({ value: text(64), display: z.optional(text()) });
export const scimMembersSchema = z.array(memberSchema).check(z.maxLength(SCIM_LIMITS.membersMax, 'too_many'));

export const scimGroupSchema = z.object({
  displayName: text(200).check(z.minLength(1, 'required')),
  externalId: z.optional(z.nullable(text())),
  members: z.optional(scimMembersSchema),
});
export type ScimGroupInput = z.infer<typeof scimGroupSchema>;

/** One PATCH operation; its value is read by the path it names (RFC 7644 3.5.2), Entra's capitalised ops too. */
export const scimPatchSchema = z.object({
  Operations: z
    .array(
      z.object({
        op: lineTextSchema().check(boundedTo(7, 'invalid_op'), z.regex(/^(?:add|remove|replace)$/i, 'invalid_op')),
        path: z.optional(text(SCIM_LIMITS.pathMax)),
        value: z.optional(z.unknown()),
      }),
    )
    .check(z.minLength(1, 'required'), z.maxLength(SCIM_LIMITS.operationsMax, 'too_many')),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;

export const scimListQuerySchema = z.object({
  filter: z.optional(lineTextSchema().check(boundedTo(SCIM_LIMITS.filterMax, 'too_long'))),
  startIndex: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000_000))),
  count: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000_000))),
  /** `members` leaves a group's members out (Entra ID asks so); other attributes are always returned. */
  excludedAttributes: z.optional(text(200)),
  attributes: z.optional(text(200)),
});

/** A SCIM token as the administrators' page lists it: the secret itself is shown once, when it is made. */
export const scimTokenSchema = z.object({
  id: uuidSchema,
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type ScimToken = z.infer<typeof scimTokenSchema>;

export const scimTokenListSchema = z.object({
  /** The address to give the directory: PUBLIC_URL and /scim/v2. */
  baseUrl: z.string(),
  /** Whether SCIM_TOKEN is set: it is listed as the environment's, its value never sent. */
  environmentToken: z.boolean(),
  tokens: z.array(scimTokenSchema),
});
export type ScimTokenList = z.infer<typeof scimTokenListSchema>;

export const scimTokenRequestSchema = z.object({
  label: lineTextSchema().check(boundedTo(100, 'label_too_long'), z.trim(), z.minLength(1, 'label_required')),
});
export type ScimTokenRequest = z.infer<typeof scimTokenRequestSchema>;

export const scimTokenCreatedSchema = z.object({ token: scimTokenSchema, secret: z.string() });
export type ScimTokenCreated = z.infer<typeof scimTokenCreatedSchema>;

/** What an administrator allows SCIM on /admin/scim: administrators' accounts are SCIM's only when switched on. */
export const scimSettingsSchema = z.strictObject({ managesAdministrators: z.boolean() });
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/**
 * The SCIM page's calls, kept out of API_CALLS, which every page carries: only that page loads them (the client
 * sends them with `api.send`; decision 0036).
 */
export const SCIM_TOKEN_CALLS = {
  getScimSettings: { method: 'get', path: '/api/admin/scim-settings', response: scimSettingsSchema },
  saveScimSettings: {
    method: 'put',
    path: '/api/admin/scim-settings',
    body: scimSettingsSchema,
    response: scimSettingsSchema,
  },
  listScimTokens: { method: 'get', path: '/api/admin/scim-tokens', response: scimTokenListSchema },
  createScimToken: {
    method: 'post',
    path: '/api/admin/scim-tokens',
    body: scimTokenRequestSchema,
    response: scimTokenCreatedSchema,
  },
  revokeScimToken: {
    method: 'delete',
    path: '/api/admin/scim-tokens/:id',
    params: z.object({ id: uuidSchema }),
    response: messageSchema,
  },
} as const satisfies Record<string, ApiCall>;
