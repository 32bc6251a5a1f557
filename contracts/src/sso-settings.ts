import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { EMAIL_PATTERN, boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

export const SSO_LIMITS = {
  urlMax: 2048,
  clientIdMax: 255,
  secretMax: 1024,
  displayNameMax: 60,
  listMax: 100,
} as const;

const URL_PATTERN = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Where single sign-on's settings come from: the environment wins over the administrator's stored ones. */
const ssoSourceSchema = z.enum(['environment', 'stored', 'none']);

/**
 * A setting that still lets someone around the configured provider: password sign-in allowed for its addresses,
 * registration open to addresses outside its domains.
 */
export const SSO_WARNINGS = ['password_sign_in', 'registration_outside'] as const;
export type SsoWarning = (typeof SSO_WARNINGS)[number];

/** The company's provider as the administrators' page shows it: the client secret is never sent back. */
export const ssoSettingsSchema = z.object({
  source: ssoSourceSchema,
  issuerUrl: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  displayName: z.string(),
  adminGroups: z.array(z.string()),
  allowedDomains: z.array(z.string()),
  passwordSignIn: z.boolean(),
  enabled: z.boolean(),
  /** The redirect URI to register at the provider: PUBLIC_URL and /api/auth/oidc/callback. */
  redirectUri: z.string(),
  /** The post-logout redirect URI to register at the provider too: PUBLIC_URL and /. */
  postLogoutRedirectUri: z.string(),
  warnings: z.array(z.enum(SSO_WARNINGS)),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const listEntry = (code: string) => lineTextSchema().check(z.trim(), z.minLength(1, code), boundedTo(256, code));

/** An administrator's settings; an empty client secret keeps the stored one. */
export const ssoSettingsRequestSchema = z.object({
  issuerUrl: lineTextSchema().check(
    z.trim(),
    boundedTo(SSO_LIMITS.urlMax, 'issuer_url_too_long'),
    z.minLength(1, 'issuer_url_required'),
    z.regex(URL_PATTERN, 'issuer_url_invalid'),
  ),
  clientId: lineTextSchema().check(
    z.trim(),
    boundedTo(SSO_LIMITS.clientIdMax, 'client_id_too_long'),
    z.minLength(1, 'client_id_required'),
  ),
  clientSecret: lineTextSchema().check(boundedTo(SSO_LIMITS.secretMax, 'client_secret_too_long')),
  displayName: lineTextSchema().check(
    z.trim(),
    boundedTo(SSO_LIMITS.displayNameMax, 'display_name_too_long'),
    z.minLength(1, 'display_name_required'),
  ),
  adminGroups: z.array(listEntry('admin_group_invalid')).check(boundedTo(SSO_LIMITS.listMax, 'too_many_groups')),
  allowedDomains: z
    .array(
      listEntry('domain_invalid').check(
        z.toLowerCase(),
        z.refine((domain) => EMAIL_PATTERN.test(`a@${domain}`), 'domain_invalid'),
      ),
    )
    .check(boundedTo(SSO_LIMITS.listMax, 'too_many_domains')),
  passwordSignIn: z.boolean(),
  enabled: z.boolean(),
});
export type SsoSettingsRequest = z.infer<typeof ssoSettingsRequestSchema>;

/** What the portal would do with the claims of a test sign-in; nothing is written. */
export const ssoMappingSchema = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('existing'),
    account: z.object({ id: uuidSchema, email: z.string(), name: z.string() }),
    isSysAdmin: z.boolean(),
  }),
  z.object({ outcome: z.literal('new'), isSysAdmin: z.boolean() }),
  z.object({ outcome: z.literal('refused'), reason: z.enum(['domain', 'unverified', 'deactivated', 'claims']) }),
]);
export type SsoMapping = z.infer<typeof ssoMappingSchema>;

/** The last test of the connection in this browser session: the claims received and what they map to. */
export const ssoTestResultSchema = z.union([
  z.object({
    status: z.literal('done'),
    claims: z.record(z.string(), z.unknown()),
    mapping: ssoMappingSchema,
  }),
  z.object({ status: z.enum(['none', 'provider', 'failed', 'state']) }),
]);
export type SsoTestResult = z.infer<typeof ssoTestResultSchema>;

/** Where the administrators' page opens the test of the connection, in a popup. */
export const SSO_TEST_START_PATH = '/api/auth/oidc/test';
/** The query of the page the popup comes back to: it tells the page that opened it, which reads the result. */
export const SSO_TEST_DONE_QUERY = { test: 'done' } as const;
/** The channel the popup and its opener talk on (same origin only, by the browser's rule). */
export const SSO_TEST_CHANNEL = 'portal-sso-test';

/**
 * The single sign-on page's calls, kept out of API_CALLS: only that page loads them (decision 0036).
 */
export const SSO_CALLS = {
  getSsoSettings: { method: 'get', path: '/api/admin/sso', response: ssoSettingsSchema },
  saveSsoSettings: {
    method: 'put',
    path: '/api/admin/sso',
    body: ssoSettingsRequestSchema,
    response: ssoSettingsSchema,
  },
  getSsoTestResult: { method: 'get', path: '/api/auth/oidc/test-result', response: ssoTestResultSchema },
} as const satisfies Record<string, ApiCall>;

/**
 * The stored provider as the auth service hands it to the gateway over the internal client (`GET
 * /internal/sso-provider`), secret included; `null` when none is stored.
 */
export const ssoProviderSchema = z.nullable(
  z.object({
    issuerUrl: z.string(),
    clientId: z.string(),
    clientSecret: z.optional(z.string()),
    displayName: z.string(),
    /** Lower case; empty: every address is the provider's. */
    allowedDomains: z.array(z.string()),
    passwordSignIn: z.boolean(),
    enabled: z.boolean(),
  }),
);
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
