import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { preloadPasswordEstimator } from '@portal/contracts/password-strength';
import { type Database, openServiceDatabase } from '@portal/kit/db';
import { createLogger } from '@portal/kit/logger';
import { strictRouter } from '@portal/kit/service-app';
import { startService } from '@portal/kit/start-service';
import { SCIM_BASE_PATH } from '@portal/contracts/scim';
import type { AuthConfig } from './config.ts';
import { onboardingRepository } from './data-access/onboarding-repository.ts';
import { resetTokensRepository } from './data-access/reset-tokens-repository.ts';
import { type AuthDatabase, migrations } from './data-access/schema.ts';
import { directoryRepository } from './data-access/directory-repository.ts';
import { groupsRepository } from './data-access/groups-repository.ts';
import { personalData } from './data-access/personal-data.ts';
import { scimSettingsRepository } from './data-access/scim-settings-repository.ts';
import { scimTokensRepository } from './data-access/scim-tokens-repository.ts';
import { usersRepository } from './data-access/users-repository.ts';
import { accounts as createAccounts } from './domain/accounts.ts';
import { companySignIn } from './domain/company-sign-in.ts';
import { ssoSettings } from './domain/sso-settings.ts';
import { ssoSettingsRepository } from './data-access/sso-settings-repository.ts';
import { OIDC_CALLBACK_PATH } from '@portal/contracts/oidc';
import { createMailer } from '@portal/kit/mailer';
import { groupAdministration } from './domain/groups.ts';
import { directory } from './domain/scim.ts';
import { scimSettings } from './domain/scim-settings.ts';
import { scimTokens } from './domain/scim-tokens.ts';
import { onboarding } from './domain/onboarding.ts';
import { oidcRoutes } from './entry-points/api/oidc-routes.ts';
import { onboardingRoutes } from './entry-points/api/onboarding-routes.ts';
import { groupRoutes } from './entry-points/api/group-routes.ts';
import { authRoutes } from './entry-points/api/routes.ts';
import { scimRoutes } from './entry-points/api/scim-routes.ts';

export const SERVICE_NAME = 'auth';
/** The user search folds accents and is served by a trigram index (migration 006). */
const PGLITE_EXTENSIONS = { unaccent, pg_trgm };

export function openAuthDatabase(config: Pick<AuthConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<AuthDatabase>(SERVICE_NAME, config, { pgliteExtensions: PGLITE_EXTENSIONS });
}

/** The company's provider: the environment's (OIDC_*) or the one an administrator stored. */
export function ssoSettingsFor(
  database: Database<AuthDatabase>,
  config: AuthConfig,
  logger = createLogger(SERVICE_NAME, 'silent'),
) {
  return ssoSettings({
    settings: ssoSettingsRepository(database.db),
    environment: {
      issuerUrl: config.OIDC_ISSUER_URL,
      clientId: config.OIDC_CLIENT_ID,
      hasClientSecret: config.OIDC_CLIENT_SECRET,
      displayName: config.OIDC_DISPLAY_NAME,
      policy: {
        allowedDomains: config.OIDC_ALLOWED_DOMAINS,
        adminGroups: config.OIDC_ADMIN_GROUPS,
        passwordSignIn: config.OIDC_PASSWORD_SIGN_IN,
      },
    },
    adminEmail: config.ADMIN_EMAIL,
    registration: { mode: config.REGISTRATION, allowedEmailDomains: config.ALLOWED_EMAIL_DOMAINS },
    keySecret: config.IDENTITY_SECRET,
    redirectUri: new URL(OIDC_CALLBACK_PATH, config.PUBLIC_URL).href,
    // Where the gateway's sign-out sends the provider back to (its end-session request).
    postLogoutRedirectUri: new URL('/', config.PUBLIC_URL).href,
    logger,
  });
}

export function companySignInFor(
  database: Database<AuthDatabase>,
  config: AuthConfig,
  logger = createLogger(SERVICE_NAME, 'silent'),
) {
  const settings = ssoSettingsFor(database, config, logger);
  return companySignIn({
    users: usersRepository(database.db),
    logger,
    policy: settings.policy,
    testPolicy: settings.testPolicy,
  });
}

export function accountsFor(
  database: Database<AuthDatabase>,
  config: AuthConfig,
  logger = createLogger(SERVICE_NAME, 'silent'),
) {
  return createAccounts(accountsDeps(database, config, logger));
}

function accountsDeps(database: Database<AuthDatabase>, config: AuthConfig, logger: ReturnType<typeof createLogger>) {
  return {
    checkPasswordSignIn: companySignInFor(database, config, logger).checkPasswordSignIn,
    users: usersRepository(database.db),
    resetTokens: resetTokensRepository(database.db),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      logger,
    }),
    logger,
    publicUrl: config.PUBLIC_URL,
  };
}

/** Registration by REGISTRATION, invitations and imports, on the same repositories and mailer as the accounts. */
function onboardingFor(database: Database<AuthDatabase>, config: AuthConfig, logger: ReturnType<typeof createLogger>) {
  const deps = accountsDeps(database, config, logger);
  return onboarding({
    ...deps,
    signsInThroughProviderOnly: companySignInFor(database, config, logger).signsInThroughProviderOnly,
    accounts: createAccounts(deps),
    onboarding: onboardingRepository(database.db),
    registration: config.REGISTRATION,
    allowedEmailDomains: config.ALLOWED_EMAIL_DOMAINS,
    inviteTtlHours: config.INVITE_TTL_HOURS,
  });
}

/** Starts the auth service; the password dictionaries are loaded and the administrator of ADMIN_EMAIL is created or
 * promoted before it answers. */
export async function startAuthService(config: AuthConfig) {
  let admin: { email: string; outcome: string } | undefined;
  const service = await startService<AuthDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    pgliteExtensions: PGLITE_EXTENSIONS,
    personalData,
    beforeServing: async ({ database, logger }) => {
      await preloadPasswordEstimator();
      if (!config.ADMIN_EMAIL) return undefined;
      const outcome = await accountsFor(database, config, logger).ensureAdmin(
        config.ADMIN_EMAIL,
        config.ADMIN_PASSWORD,
        config.ADMIN_NAME,
      );
      if (outcome === 'absent') return undefined;
      admin = { email: config.ADMIN_EMAIL, outcome };
      logger.info({ outcome }, 'administrator from ADMIN_EMAIL');
      if (outcome === 'password-cleared')
        logger.warn(
          'the account of ADMIN_EMAIL had an unproven address and was taken over; it has no password now: set one with `npm run admin -- reset-password <ADMIN_EMAIL>`',
        );
      return undefined;
    },
    ownBodies: [SCIM_BASE_PATH],
    routes: ({ database, logger }) => {
      const baseUrl = `${config.PUBLIC_URL.replace(/\/$/, '')}${SCIM_BASE_PATH}`;
      const tokens = scimTokens({
        tokens: scimTokensRepository(database.db),
        environmentToken: config.SCIM_TOKEN,
        baseUrl,
        logger,
      });
      const scim = directory({
        directory: directoryRepository(database.db),
        baseUrl,
        logger,
        adminEmail: config.ADMIN_EMAIL,
      });
      const router = strictRouter();
      router.use(
        authRoutes(
          accountsFor(database, config, logger),
          tokens,
          scimSettings({ settings: scimSettingsRepository(database.db), logger }),
        ),
        onboardingRoutes(onboardingFor(database, config, logger)),
        oidcRoutes(companySignInFor(database, config, logger), ssoSettingsFor(database, config, logger)),
        groupRoutes(groupAdministration({ groups: groupsRepository(database.db), logger })),
        scimRoutes(scim, tokens, logger),
      );
      return router;
    },
  });
  return { ...service, admin };
}
