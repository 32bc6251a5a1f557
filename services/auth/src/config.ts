import { emailSchema, passwordSchema } from '@portal/contracts/rules';
import { booleanFromEnv, commaListFromEnv, loadServiceConfig } from '@portal/kit/config';
import { z } from 'zod';

export function loadAuthConfig(env: Record<string, string | undefined> = process.env) {
  return loadServiceConfig(
    8101,
    {
      /** Where links in e-mails point: the portal's public address. */
      PUBLIC_URL: z.url().default('http://localhost:8080'),
      SMTP_URL: z.url().optional(),
      /** Receives the user.deleted events (a deleted user leaves their courses). */
      COURSES_SERVICE_URL: z.url().optional(),
      MAIL_FROM: z.string().default('Course Portal <no-reply@localhost>'),
      ADMIN_EMAIL: z.optional(emailSchema),
      ADMIN_PASSWORD: z.optional(passwordSchema),
      /** A bearer token SCIM clients may use beside the ones administrators generate (at least 32 characters). */
      SCIM_TOKEN: z.string().min(32).max(512).optional(),
      ADMIN_NAME: z.string().trim().min(2).max(100).default('Administrator'),
      /** Values of the provider's `groups` claim that make a system administrator at sign-in. */
      OIDC_ADMIN_GROUPS: commaListFromEnv,
      /** E-mail domains that may sign in through the provider (any when unset), lower case. */
      OIDC_ALLOWED_DOMAINS: commaListFromEnv.transform((domains) => domains.map((domain) => domain.toLowerCase())),
      /** false: addresses of OIDC_ALLOWED_DOMAINS sign in through the provider only (ADMIN_EMAIL excepted). */
      OIDC_PASSWORD_SIGN_IN: booleanFromEnv.default(true),
    },
    env,
  );
}
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
