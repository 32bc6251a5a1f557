import { mailConfigShape } from '@portal/kit/mailer';
import { ONBOARDING_LIMITS } from '@portal/contracts/onboarding';
import { REGISTRATION_MODES } from '@portal/contracts/portal-config';
import { EMAIL_PATTERN, emailSchema, passwordSchema } from '@portal/contracts/rules';
import { ConfigError, booleanFromEnv, commaListFromEnv, loadServiceConfig } from '@portal/kit/config';
import { z } from 'zod';

/** A comma-separated list of e-mail domains (`example.ch, example.com`), lower-cased. */
const domainList = z
  .string()
  .max(4_000)
  .transform((value) =>
    value
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter((domain) => domain.length > 0),
  )
  .refine(
    (domains) => domains.every((domain) => EMAIL_PATTERN.test(`a@${domain}`)),
    'must be domains separated by commas',
  );

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadServiceConfig(
    'auth',
    {
      ...mailConfigShape,
      /** Receives the user.deleted events (a deleted user leaves their courses). */
      COURSES_SERVICE_URL: z.url().optional(),
      ADMIN_EMAIL: z.optional(emailSchema),
      ADMIN_PASSWORD: z.optional(passwordSchema),
      /** A bearer token SCIM clients may use beside the ones administrators generate (at least 32 characters). */
      SCIM_TOKEN: z.string().min(32).max(512).optional(),
      ADMIN_NAME: z.string().trim().min(2).max(100).default('Administrator'),
      /** Who may create an account: open (default), domains, invite or off. */
      REGISTRATION: z.enum(REGISTRATION_MODES).default('open'),
      /** The domains whose addresses may register when REGISTRATION=domains. */
      ALLOWED_EMAIL_DOMAINS: domainList.default([]),
      /** How long an invitation's link sets a first password. */
      INVITE_TTL_HOURS: z.coerce.number().int().min(1).max(2_160).default(ONBOARDING_LIMITS.inviteTtlHoursDefault),
      /** The gateway's provider; when set, the environment's settings win and the UI shows them read-only. */
      OIDC_ISSUER_URL: z.url().optional(),
      OIDC_CLIENT_ID: z.string().min(1).optional(),
      /** Only whether it is set, for the SSO page: the value is the gateway's and is not kept here. */
      OIDC_CLIENT_SECRET: z
        .string()
        .min(1)
        .optional()
        .transform((secret) => secret !== undefined),
      OIDC_DISPLAY_NAME: z.string().min(1).max(60).default('company account'),
      /** Values of the provider's `groups` claim that make a system administrator at sign-in. */
      OIDC_ADMIN_GROUPS: commaListFromEnv,
      /** E-mail domains that may sign in through the provider (any when unset), lower case. */
      OIDC_ALLOWED_DOMAINS: commaListFromEnv.transform((domains) => domains.map((domain) => domain.toLowerCase())),
      /**
       * true: addresses of the provider's domains (OIDC_ALLOWED_DOMAINS, or any) may also use a password; by default
       * they sign in through the provider only and may neither reset a password nor register (ADMIN_EMAIL excepted).
       */
      OIDC_PASSWORD_SIGN_IN: booleanFromEnv.default(false),
    },
    env,
  );
  if (config.REGISTRATION === 'domains' && config.ALLOWED_EMAIL_DOMAINS.length === 0)
    throw new ConfigError(['ALLOWED_EMAIL_DOMAINS: must name at least one domain when REGISTRATION=domains']);
  return config;
}
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
