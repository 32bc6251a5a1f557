import path from 'node:path';
import { ConfigError, booleanFromEnv, commaListFromEnv, loadConfig } from '@portal/kit/config';
import { localServiceUrl, SERVICE_NAMES, type ServiceUrlVariable, TOPOLOGY } from '@portal/kit/topology';
import {
  DEFAULT_MAX_FILE_BYTES,
  DELETED_ACCOUNT_RECORD_MODES,
  REGISTRATION_MODES,
} from '@portal/contracts/portal-config';
import { z } from 'zod';

/** One URL, or several comma-separated ones for the instances of a scaled-out service. */
const serviceUrl = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (value) => value.split(',').every((url) => z.url().safeParse(url.trim()).success),
      'must be URLs separated by commas',
    );

/** Each service's URL variable, defaulting to its port on this machine. */
const serviceUrls = Object.fromEntries(
  SERVICE_NAMES.map((name) => [TOPOLOGY[name].urlVariable, serviceUrl(localServiceUrl(name))]),
) as Record<ServiceUrlVariable, ReturnType<typeof serviceUrl>>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(
    {
      HOST: z.string().default('0.0.0.0'),
      PORT: z.coerce.number().int().min(0).max(65535).default(8080),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      PUBLIC_URL: z.url().default('http://localhost:8080'),
      SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
      IDENTITY_SECRET: z.string().min(32, 'must be at least 32 characters'),
      /** Sessions and rate limits in Redis when set; in-process otherwise (one gateway only). */
      REDIS_URL: z.url().optional(),
      /** Prefix of every key the gateway writes in Redis, so that several portals can share one server. */
      REDIS_KEY_PREFIX: z.string().default('portal:'),
      SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
      SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
      /** Behind a TLS-terminating proxy: trust its X-Forwarded-* and mark the cookie Secure. */
      TRUST_PROXY: booleanFromEnv.default(false),
      ...serviceUrls,
      /** The files service's upload limit, told to the front end in /config.json. */
      MAX_FILE_BYTES: z.coerce.number().int().min(1).default(DEFAULT_MAX_FILE_BYTES),
      /** Who may create an account (the auth service reads the same variable): told to the front end in /config.json. */
      REGISTRATION: z.enum(REGISTRATION_MODES).default('open'),
      /** As for the training service, which applies it: the account page tells it before a deletion. */
      DELETED_ACCOUNT_RECORDS: z.enum(DELETED_ACCOUNT_RECORD_MODES).default('anonymise'),
      /** Bearer token for /metrics; unset, only callers on this machine (loopback) may read it. */
      METRICS_TOKEN: z.string().min(16).optional(),
      SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
      /** Root of the built front-end slices: shell/dist and each remote's dist folder. */
      STATIC_ROOT: z
        .string()
        .default('.')
        .transform((dir) => path.resolve(dir)),
      /** Containers serving the slices (compose): set, the gateway forwards to them instead of STATIC_ROOT. */
      SHELL_UPSTREAM: z.url().optional(),
      MFE_AUTH_UPSTREAM: z.url().optional(),
      MFE_COURSES_UPSTREAM: z.url().optional(),
      MFE_EDITOR_UPSTREAM: z.url().optional(),
      MFE_ADMIN_UPSTREAM: z.url().optional(),
      REMOTE_AUTH_URL: z.string().default('/mfe/auth/mf-manifest.json'),
      REMOTE_COURSES_URL: z.string().default('/mfe/courses/mf-manifest.json'),
      REMOTE_EDITOR_URL: z.string().default('/mfe/editor/mf-manifest.json'),
      REMOTE_ADMIN_URL: z.string().default('/mfe/admin/mf-manifest.json'),
      FOOTER_ADDRESS: z.string().default('Bahnhofstrasse 1, 8001 Zürich'),
      FOOTER_WEBSITE: z.string().default('https://example.com'),
      FOOTER_PHONE: z.string().default('+41 44 000 00 00'),
      FOOTER_EMAIL: z.string().default('learning@example.com'),
      FOOTER_TAGLINE: z.string().default('Learning that fits your working day'),
      FOOTER_TAGLINE_FR: z.string().default('Apprendre au rythme de votre journée de travail'),
      FOOTER_TAGLINE_DE: z.string().default('Lernen, das in Ihren Arbeitstag passt'),
      FOOTER_TAGLINE_IT: z.string().default('Imparare al ritmo della tua giornata lavorativa'),
      FOOTER_TAGLINE_RM: z.string().default('Emprender en il ritem da Voss di da lavur'),
      FOOTER_IMPRINT_URL: z.string().default('https://example.com/imprint'),
      FOOTER_PRIVACY_URL: z.string().default('https://example.com/privacy'),
      LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
      LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
      REGISTER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
      RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
      /** SCIM calls per address and minute: a directory's full sync sends one call per user and group. */
      SCIM_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(1200),
      /** Single sign-on with this OpenID Connect provider (its issuer URL, discovery is under it) when set. */
      OIDC_ISSUER_URL: z.url().optional(),
      OIDC_CLIENT_ID: z.string().min(1).optional(),
      /** Unset for a public client (PKCE only). */
      OIDC_CLIENT_SECRET: z.string().min(1).optional(),
      /** The provider's name on the login page's button: "Sign in with …". */
      OIDC_DISPLAY_NAME: z.string().min(1).max(60).default('company account'),
      /** true: the login page offers the password form beside the provider; by default it is the break-glass's, folded. */
      OIDC_PASSWORD_SIGN_IN: booleanFromEnv.default(false),
      /** The provider's domains, as the auth service has them: addresses outside them sign in with a password. */
      OIDC_ALLOWED_DOMAINS: commaListFromEnv.transform((domains) => domains.map((domain) => domain.toLowerCase())),
      /** Tests only: allows plain HTTP to the provider, which must otherwise be HTTPS. */
      OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: booleanFromEnv.default(false),
    },
    env,
  );
  if (config.OIDC_ISSUER_URL && !config.OIDC_CLIENT_ID)
    throw new ConfigError(['OIDC_CLIENT_ID: required with OIDC_ISSUER_URL']);
  return config;
}
export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
