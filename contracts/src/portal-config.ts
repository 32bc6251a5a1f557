import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';

/**
 * Who may create an account (REGISTRATION): `open` anyone, signed in at once; `domains` addresses of the allowed
 * domains, active once the e-mail link is followed; `invite` only administrators' invitations and imports; `off`
 * neither (single sign-on and SCIM only).
 */
export const REGISTRATION_MODES = ['open', 'domains', 'invite', 'off'] as const;
export const registrationModeSchema = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

/**
 * What the portal keeps of a deleted account (DELETED_ACCOUNT_RECORDS): `anonymise` keeps the training records
 * for the company's compliance with the name removed; `erase` deletes them too. The audit trail is kept either way.
 */
export const DELETED_ACCOUNT_RECORD_MODES = ['anonymise', 'erase'] as const;
export const deletedAccountRecordsSchema = z.enum(DELETED_ACCOUNT_RECORD_MODES);
export type DeletedAccountRecords = z.infer<typeof deletedAccountRecordsSchema>;

export const REMOTE_NAMES = ['auth', 'courses', 'editor', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The largest attachment when MAX_FILE_BYTES is not set (the files service and the gateway read the same variable). */
export const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

/** What the gateway serves at /config.json: read by the shell at run time, before first render. */
export const portalConfigSchema = z.object({
  remotes: z.record(z.enum(REMOTE_NAMES), z.string().check(z.minLength(1))),
  languages: z.array(z.enum(LANGUAGES)),
  /** The largest file an upload may have, in bytes: the editor refuses a larger one when it is dropped. */
  maxFileBytes: z.number().check(z.int(), z.positive()),
  /** The gateway's idle timeout: the shell warns before it ends a session (WCAG 2.2.1). */
  sessionIdleMinutes: z.number().check(z.positive()),
  /** Who may create an account: the register page and the landing page's "Create account" follow it. */
  registration: registrationModeSchema,
  /** What deleting an account keeps: the account page says so before it happens. */
  deletedAccountRecords: deletedAccountRecordsSchema,
  /**
   * Sign-in through the company's OpenID Connect provider, when configured: its name, whether its addresses may still
   * use a password, and whether addresses outside its domains (which sign in with a password) exist at all.
   */
  sso: z.optional(
    z.object({ displayName: z.string(), passwordSignIn: z.boolean(), passwordOutsideDomains: z.boolean() }),
  ),
  footer: z.object({
    address: z.string(),
    website: z.string(),
    phone: z.string(),
    email: z.string(),
    /** The operator's tagline in each interface language. */
    tagline: z.record(z.enum(LANGUAGES), z.string()),
    imprintUrl: z.string(),
    privacyUrl: z.string(),
  }),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
