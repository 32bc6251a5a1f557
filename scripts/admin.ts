// `npm run admin -- <command>`: what an operator does by hand. It works on the services' databases directly:
// AUTH_DATABASE_URL, COURSES_DATABASE_URL, FILES_DATABASE_URL, AUDIT_DATABASE_URL, TRAINING_DATABASE_URL, QUIZZES_DATABASE_URL for PostgreSQL servers, otherwise the embedded
// ones in DATA_DIR (stop the portal first: an embedded database has one process at a time; audit-verify reads a copy).
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emailSchema, nameSchema, passwordSchema } from '@portal/contracts/rules';
import { accountsFor, openAuthDatabase } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { loadAuditConfig } from '@portal/audit-service/config';
import { entriesRepository } from '@portal/audit-service/data-access/entries-repository';
import type { AuditDatabase } from '@portal/audit-service/data-access/schema';
import { verifyTrail } from '@portal/audit-service/domain/verify';
import { migrate } from '@portal/kit/db';
import type { Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { loadGatewayConfig } from '../gateway/src/config.ts';
import { RedisUserSessionStore } from '../gateway/src/session.ts';
import { backup, restore, type ServiceDatabases } from './backup.ts';
import { SERVICE_DATABASES, withServiceDatabases } from './service-databases.ts';

const USAGE = `Usage: npm run admin -- <command>
  promote <email>                 make an existing account a system administrator
  create-admin <email> <name>     create a system administrator (password from ADMIN_PASSWORD, or one is made and printed)
  reset-password <email>          set a new password (from NEW_PASSWORD, or one is made and printed); ends the
                                  account's sessions (in Redis; without it, restart the gateway)
  audit-verify [<seq>:<hash>]     prove the audit trail's hash chain and MACs (AUDIT_CHAIN_KEY), or name the first
                                  entry that breaks it; given the last entry the SIEM received, that the trail
                                  still ends with it. Runs beside a running portal: PostgreSQL is read directly;
                                  PGlite's folder (DATA_DIR/audit) is the running service's alone, so a copy taken
                                  now is verified (the service stays untouched and is not trusted to judge itself).
                                  Proves: every kept entry is unchanged, in order, none taken out between, each
                                  MAC made with the key, prunings the retention's. Cannot prove: that entries
                                  newer than the last one kept were not cut (give <seq>:<hash> from the SIEM for
                                  that), nor anything recorded after the copy, nor the trail against whoever
                                  holds AUDIT_CHAIN_KEY. A copy taken during a write may not open: run it again
  backup <file>                   write every service's data into one archive
  restore <file>                  replace every service's data with an archive's`;

class UsageError extends Error {}

const config = () =>
  loadAuthConfig({
    ...process.env,
    PORT: '0',
    DATABASE_URL: process.env.AUTH_DATABASE_URL,
    // Only the databases are used here: the identity secret signs nothing.
    IDENTITY_SECRET: process.env.IDENTITY_SECRET ?? 'x'.repeat(32),
  });

function valid<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UsageError(`Not a valid ${what}: ${String(value)}`);
  return parsed.data;
}

/**
 * Ends every session of the account, as a password change does. They are in Redis when the gateways use it;
 * otherwise they live in the one gateway's memory, out of this process's reach.
 */
async function endSessionsOf(userId: string): Promise<string> {
  const gateway = loadGatewayConfig({
    ...process.env,
    // Only Redis and the session timeouts are used here: the secrets sign nothing.
    SESSION_SECRET: 'x'.repeat(32),
    IDENTITY_SECRET: 'x'.repeat(32),
  });
  if (!gateway.REDIS_URL) return 'Without REDIS_URL the sessions are in the gateway: restart it to end them.';
  const redis = new Redis(gateway.REDIS_URL, { maxRetriesPerRequest: 2 });
  try {
    const idleSeconds = gateway.SESSION_IDLE_MINUTES * 60;
    const absoluteSeconds = gateway.SESSION_ABSOLUTE_HOURS * 3600;
    await new RedisUserSessionStore(redis, gateway.REDIS_KEY_PREFIX, idleSeconds, absoluteSeconds).endSessionsOf(
      userId,
    );
  } finally {
    await redis.quit();
  }
  return 'Every session of the account has ended.';
}

/** A password that meets the rule: random, with each required kind of character. */
const madePassword = () => `${randomBytes(12).toString('base64url')}aA1`;

async function withAccounts<T>(work: (accounts: ReturnType<typeof accountsFor>) => Promise<T>): Promise<T> {
  const database = await openAuthDatabase(config());
  try {
    await migrate(database.db, 'auth', authMigrations);
    return await work(accountsFor(database, config()));
  } finally {
    await database.close();
  }
}

/** Every service's database, as a backup holds them. */
const withAllDatabases = <T>(work: (databases: ServiceDatabases) => Promise<T>) =>
  withServiceDatabases(['auth', 'courses', 'files', 'audit', 'training', 'quizzes'], config(), (databases) =>
    work(databases as ServiceDatabases),
  );

/** The audit service's settings: its chain key from the environment, else the one `npm start` keeps in DATA_DIR. */
function auditConfig() {
  const secrets = path.resolve(process.env.DATA_DIR ?? 'data', 'secrets.json');
  const stored = existsSync(secrets)
    ? (JSON.parse(readFileSync(secrets, 'utf8')) as { AUDIT_CHAIN_KEY?: string }).AUDIT_CHAIN_KEY
    : undefined;
  return loadAuditConfig({
    ...process.env,
    PORT: '0',
    IDENTITY_SECRET: 'x'.repeat(32),
    AUDIT_CHAIN_KEY: process.env.AUDIT_CHAIN_KEY ?? stored,
  });
}

/**
 * The audit database to verify: PostgreSQL as it is (it serves readers beside the service); PGlite as a copy of
 * its folder, since the running service holds the folder and PGlite serves one process at a time.
 */
async function withAuditDatabase<T>(work: (audit: Kysely<AuditDatabase>) => Promise<T>): Promise<T> {
  const settings = config();
  const folder = path.join(settings.DATA_DIR, 'audit');
  if (process.env.AUDIT_DATABASE_URL || !existsSync(folder))
    return withServiceDatabases(['audit'], settings, ({ audit }) => work(audit));
  const copyRoot = mkdtempSync(path.join(tmpdir(), 'portal-audit-verify-'));
  try {
    cpSync(folder, path.join(copyRoot, 'audit'), { recursive: true });
    return await withServiceDatabases(['audit'], { ...settings, DATA_DIR: copyRoot }, ({ audit }) => work(audit));
  } finally {
    rmSync(copyRoot, { recursive: true, force: true });
  }
}

/** Walks the trail; a broken chain is a failure of the command (exit code 1), naming the first bad entry. */
async function auditVerify(headArgument: string | undefined): Promise<string> {
  const head = headArgument === undefined ? undefined : /^(\d{1,19}):([0-9a-f]{64})$/.exec(headArgument);
  if (head === null) throw new UsageError(`Not an entry as <seq>:<hash>: ${headArgument}`);
  const { AUDIT_CHAIN_KEY, AUDIT_RETENTION_DAYS } = auditConfig();
  const result = await withAuditDatabase((audit) =>
    verifyTrail(entriesRepository(audit, AUDIT_CHAIN_KEY), {
      chainKey: AUDIT_CHAIN_KEY,
      retentionDays: AUDIT_RETENTION_DAYS,
      ...(head ? { head: { seq: head[1] as string, hash: head[2] as string } } : {}),
    }),
  );
  if (result.intact)
    return `The audit trail is intact: ${result.entries} entries verified${result.unsigned ? `, the first ${result.unsigned} from before AUDIT_CHAIN_KEY without a MAC` : ''}.`;
  throw new Error(
    `The audit trail is broken at entry ${result.brokenAt}: ${result.reason} (${result.entries} entries before it verified).`,
  );
}

async function run([command, ...args]: string[]): Promise<string> {
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      return USAGE;
    case 'promote': {
      const user = await withAccounts((accounts) => accounts.promote(valid(emailSchema, args[0], 'e-mail')));
      return `${user.email} (${user.name}) is now a system administrator.`;
    }
    case 'create-admin': {
      const email = valid(emailSchema, args[0], 'e-mail');
      const name = valid(nameSchema, args.slice(1).join(' '), 'name (2 characters or more)');
      const password = process.env.ADMIN_PASSWORD
        ? valid(passwordSchema, process.env.ADMIN_PASSWORD, 'ADMIN_PASSWORD')
        : madePassword();
      const outcome = await withAccounts((accounts) => accounts.ensureAdmin(email, password, name));
      const withPassword = process.env.ADMIN_PASSWORD ? '.' : ` with the password: ${password}`;
      if (outcome === 'created') return `Administrator ${email} created${withPassword}`;
      if (outcome === 'taken-over')
        return `${email} existed with an unproven address: taken over as a system administrator (its password, reset links and sessions ended)${withPassword}`;
      return `${email} existed already; it is a system administrator now (password unchanged).`;
    }
    case 'reset-password': {
      const email = valid(emailSchema, args[0], 'e-mail');
      const password = process.env.NEW_PASSWORD
        ? valid(passwordSchema, process.env.NEW_PASSWORD, 'NEW_PASSWORD')
        : madePassword();
      const user = await withAccounts((accounts) => accounts.setPassword(email, password));
      const changed = process.env.NEW_PASSWORD
        ? `Password of ${email} changed.`
        : `New password of ${email}: ${password}`;
      return `${changed}\n${await endSessionsOf(user.id)}`;
    }
    case 'audit-verify':
      return auditVerify(args[0]);
    case 'backup': {
      if (!args[0]) throw new UsageError('Which file?');
      await withAllDatabases((databases) => backup(databases, args[0] as string));
      return `Backup written to ${args[0]}.`;
    }
    case 'restore': {
      if (!args[0]) throw new UsageError('Which file?');
      const counts = await withAllDatabases((databases) =>
        restore(databases, args[0] as string, {
          auth: SERVICE_DATABASES.auth.migrations,
          courses: SERVICE_DATABASES.courses.migrations,
          files: SERVICE_DATABASES.files.migrations,
          audit: SERVICE_DATABASES.audit.migrations,
          training: SERVICE_DATABASES.training.migrations,
          quizzes: SERVICE_DATABASES.quizzes.migrations,
        }),
      );
      return `Restored from ${args[0]}: ${Object.entries(counts)
        .map(([table, count]) => `${table} ${count}`)
        .join(', ')}.`;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'Which command?');
  }
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
