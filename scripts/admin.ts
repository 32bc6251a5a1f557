// `npm run admin -- promote <email>`: makes an existing account a system administrator. It writes to the auth
// database directly: AUTH_DATABASE_URL for a PostgreSQL server, otherwise the embedded one in DATA_DIR (stop
// the portal first: an embedded database has one process at a time).
import { emailSchema } from '../contracts/src/rules.ts';
import { accountsFor, openAuthDatabase } from '../services/auth/src/app.ts';
import { loadAuthConfig } from '../services/auth/src/config.ts';
import { migrations } from '../services/auth/src/data-access/schema.ts';
import { migrate } from '../services/kit/src/db.ts';

const USAGE = 'Usage: npm run admin -- promote <email>';

async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== 'promote' || !email) {
    console.error(USAGE);
    return 2;
  }
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) {
    console.error(`Not an e-mail address: ${email}\n${USAGE}`);
    return 2;
  }
  const config = loadAuthConfig({
    ...process.env,
    PORT: '0',
    DATABASE_URL: process.env.AUTH_DATABASE_URL ?? process.env.DATABASE_URL,
    // Only the database is used here: the identity secret signs nothing.
    IDENTITY_SECRET: process.env.IDENTITY_SECRET ?? 'x'.repeat(32),
  });
  const database = await openAuthDatabase(config);
  try {
    await migrate(database.db, 'auth', migrations);
    const user = await accountsFor(database, config).promote(parsed.data);
    console.log(`${user.email} (${user.name}) is now a system administrator.`);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
