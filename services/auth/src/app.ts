import path from 'node:path';
import { EVENTS } from '@portal/contracts/events';
import { type Database, migrate, openDatabase } from '@portal/kit/db';
import { startOutboxRelay } from '@portal/kit/events';
import { createLogger } from '@portal/kit/logger';
import { serveService } from '@portal/kit/serve';
import type { AuthConfig } from './config.ts';
import { resetTokensRepository } from './data-access/reset-tokens-repository.ts';
import { type AuthDatabase, migrations } from './data-access/schema.ts';
import { usersRepository } from './data-access/users-repository.ts';
import { accounts as createAccounts } from './domain/accounts.ts';
import { createMailer } from './domain/mailer.ts';
import { authRoutes } from './entry-points/api/routes.ts';

export const SERVICE_NAME = 'auth';

export async function openAuthDatabase(config: Pick<AuthConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openDatabase<AuthDatabase>({
    url: config.DATABASE_URL,
    embeddedDir: config.DATA_DIR === 'memory' ? 'memory' : path.join(config.DATA_DIR, SERVICE_NAME),
    poolSize: config.DATABASE_POOL_SIZE,
  });
}

export function accountsFor(
  database: Database<AuthDatabase>,
  config: AuthConfig,
  logger = createLogger(SERVICE_NAME, 'silent'),
) {
  return createAccounts({
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
  });
}

/** Starts the auth service: database, migrations, first administrator, HTTP. */
export async function startAuthService(config: AuthConfig) {
  const logger = createLogger(SERVICE_NAME, config.LOG_LEVEL);
  const database = await openAuthDatabase(config);
  await migrate(database.db, SERVICE_NAME, migrations, logger);
  const accounts = accountsFor(database, config, logger);

  let admin: { email: string; outcome: string } | undefined;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const outcome = await accounts.ensureAdmin(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, config.ADMIN_NAME);
    admin = { email: config.ADMIN_EMAIL, outcome };
    logger.info({ email: config.ADMIN_EMAIL, outcome }, 'administrator from ADMIN_EMAIL');
  }

  const relay = config.COURSES_SERVICE_URL
    ? startOutboxRelay({
        db: database.db,
        subscribers: { [EVENTS.userDeleted]: [config.COURSES_SERVICE_URL] },
        identitySecret: config.IDENTITY_SECRET,
        logger,
      })
    : undefined;
  const server = await serveService({
    name: SERVICE_NAME,
    config,
    logger,
    database,
    routes: authRoutes(accounts),
    relay,
  });
  return { ...server, logger, admin, database, relay };
}
