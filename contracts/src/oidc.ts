import { z } from 'zod/mini';
import { userSchema } from './auth.ts';
import { boundedTo, emailSchema, lineTextSchema } from './rules.ts';

/** Where the provider sends the browser back, after PUBLIC_URL: the redirect URI registered at the provider. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** The query of the start of a sign-in: the portal's page to return to afterwards. */
export const oidcLoginQuerySchema = z.object({
  next: z.optional(lineTextSchema().check(boundedTo(2048, 'next_too_long'))),
});

/** The callback's query: checked for bounds only, openid-client judges its content. */
export const oidcCallbackQuerySchema = z.object({
  code: z.optional(lineTextSchema().check(boundedTo(4096, 'code_too_long'))),
  state: z.optional(lineTextSchema().check(boundedTo(1024, 'state_too_long'))),
  iss: z.optional(lineTextSchema().check(boundedTo(2048, 'iss_too_long'))),
  session_state: z.optional(lineTextSchema().check(boundedTo(1024, 'session_state_too_long'))),
  error: z.optional(lineTextSchema().check(boundedTo(256, 'error_too_long'))),
  error_description: z.optional(lineTextSchema().check(boundedTo(2048, 'error_description_too_long'))),
});

/** The claims of a validated ID token (or userinfo) that the gateway passes on to the auth service. */
export const oidcSignInRequestSchema = z.object({
  /** The issuer and its subject: together the account's lasting link to the provider. */
  issuer: lineTextSchema().check(z.minLength(1), boundedTo(2048, 'issuer_too_long')),
  subject: lineTextSchema().check(z.minLength(1), boundedTo(255, 'subject_too_long')),
  email: emailSchema,
  emailVerified: z.boolean(),
  name: z.optional(lineTextSchema().check(boundedTo(200, 'name_too_long'))),
  locale: z.optional(lineTextSchema().check(boundedTo(35, 'locale_too_long'))),
  groups: z.array(lineTextSchema().check(boundedTo(256, 'group_too_long'))).check(z.maxLength(500)),
});
export type OidcSignInRequest = z.infer<typeof oidcSignInRequestSchema>;

/** The auth service's answer to a provider sign-in; `endSessions`: it took the account over, its sessions end. */
export const oidcSignInAnswerSchema = z.object({ user: userSchema, endSessions: z.boolean() });
export type OidcSignInAnswer = z.infer<typeof oidcSignInAnswerSchema>;

/**
 * The gateway's look-up of a session's account: `sessionBegunAt` (epoch ms) finds none for a session since ended (an
 * account a provider or the break-glass administrator took over). Server-side only, out of the pages' contracts.
 */
export const userLookupQuerySchema = z.object({ sessionBegunAt: z.optional(z.string().check(z.regex(/^\d{1,15}$/))) });
