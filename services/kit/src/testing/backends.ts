import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface Backend {
  name: string;
  /** A fresh PostgreSQL database per call, or undefined for embedded PGlite. */
  database(): Promise<{ url: string | undefined; drop(): Promise<void> }>;
  redisUrl: string | undefined;
}

const embedded: Backend = {
  name: 'embedded (PGlite, in-process sessions)',
  database: async () => ({ url: undefined, drop: async () => undefined }),
  redisUrl: undefined,
};

/**
 * Gives a service's embedded database (DATA_DIR/<service>) the initialised cluster that jest's global setup keeps,
 * so PGlite skips initdb; without one (outside jest) the service runs initdb itself.
 */
export async function seedEmbeddedDatabase(dataDir: string, service: string) {
  const template = process.env.PORTAL_TEST_PGLITE_TEMPLATE;
  if (template) await cp(template, path.join(dataDir, service), { recursive: true });
}

/** A scratch database on the server of TEST_DATABASE_URL, dropped after the test. */
async function scratchDatabase(adminUrl: string) {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The embedded defaults always; PostgreSQL and Redis too when TEST_DATABASE_URL and TEST_REDIS_URL point at
 * servers (CI sets both), so one suite proves both paths.
 */
export function testBackends(): Backend[] {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!databaseUrl) return [embedded];
  return [embedded, { name: 'PostgreSQL and Redis', database: () => scratchDatabase(databaseUrl), redisUrl }];
}

export const hasServerBackends = () => Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
export { scratchDatabase };
