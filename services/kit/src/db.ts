import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Extensions, PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction } from 'kysely';
import Cursor from 'pg-cursor';
import pg from 'pg';
import type { Logger } from './logger.ts';

export interface DatabaseOptions {
  /** postgres://… selects a PostgreSQL server; unset, the service uses embedded PGlite. */
  url?: string | undefined;
  /** Folder of the embedded database, or 'memory' for a throw-away one (tests). */
  embeddedDir: string;
  poolSize?: number;
  /** PGlite ships contrib extensions as modules to load; a PostgreSQL server has them installed. */
  pgliteExtensions?: Extensions;
  /** Told when the server ends a connection (restart, administrator command). */
  logger?: Logger;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /** Connections of the pool: total, idle, and requests waiting for one (PGlite: one connection). */
  poolStats(): { total: number; idle: number; waiting: number };
  ping(): Promise<void>;
  /** One SQL text with positional values on the database's own connections, for libraries that bring their SQL (pg-boss). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

// Counts and sums come back as strings from pg (bigint, numeric): parse the safe ones.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  let db: Kysely<DB>;
  let kind: Database<DB>['kind'];
  let poolStats: Database<DB>['poolStats'] = () => ({ total: 1, idle: 1, waiting: 0 });
  let executeSql: Database<DB>['executeSql'];
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // Without a listener such an error would end the process; the pool drops the connection and opens another.
    pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle database connection ended by the server'));
    // The pool listens only to the connections it holds: one lent out, ended by the server between two statements
    // (a restart while a transaction waits), would end the process too. Its next query fails and the pool drops it.
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        options.logger?.warn({ err: error }, 'database connection in use ended by the server'),
      ),
    );
    // pg-cursor lets a query stream its rows in small fetches (`.stream()`): a long export at flat memory.
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool, cursor: Cursor }) });
    kind = 'postgres';
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    executeSql = (text, values) => pool.query(text, values);
  } else {
    let pglite: PGlite;
    if (options.embeddedDir === 'memory') {
      pglite = new PGlite({ extensions: options.pgliteExtensions });
    } else {
      mkdirSync(path.dirname(options.embeddedDir), { recursive: true });
      pglite = new PGlite(options.embeddedDir, { extensions: options.pgliteExtensions });
    }
    await pglite.waitReady;
    db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
    kind = 'pglite';
    // Without values a text may hold several statements, which only exec runs: the last one's rows answer.
    executeSql = async (text, values) =>
      values?.length ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] });
  }
  return {
    db,
    kind,
    poolStats,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    executeSql,
    close: () => db.destroy(),
  };
}

/** Where a service's own database is: DATABASE_URL, or PGlite in DATA_DIR/<service> ('memory' for tests). */
export function openServiceDatabase<DB>(
  service: string,
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string; DATABASE_POOL_SIZE: number },
  options: { pgliteExtensions?: Extensions | undefined; logger?: Logger } = {},
): Promise<Database<DB>> {
  return openDatabase<DB>({
    url: config.DATABASE_URL,
    embeddedDir: config.DATA_DIR === 'memory' ? 'memory' : path.join(config.DATA_DIR, service),
    poolSize: config.DATABASE_POOL_SIZE,
    ...options,
  });
}

/** A row refused by a foreign key (PostgreSQL and PGlite alike): what it pointed at was deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23503';

/** A row refused by a unique index (PostgreSQL and PGlite alike). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | undefined)?.code === '23505';

/** Runs a write; a refusal that `refused` recognises (a foreign key, a unique index) answers `answer` instead of failing. */
export async function answerRefusal<T, const A>(
  write: () => Promise<T>,
  refused: (error: unknown) => boolean,
  answer: A,
): Promise<T | A> {
  try {
    return await write();
  } catch (error) {
    if (refused(error)) return answer;
    throw error;
  }
}

/** Fresh planner statistics and visibility map, as autovacuum would leave them after a bulk load. */
export async function vacuumAnalyze<DB>(db: Kysely<DB>) {
  await sql`vacuum analyze`.execute(db);
}

export interface Migration {
  id: string;
  /** One SQL statement each: PGlite's extended protocol runs one at a time. */
  statements: string[];
  /** Rewrites existing rows with code that SQL cannot express, after the statements, in the same transaction. */
  rewrite?: (trx: Transaction<unknown>) => Promise<void>;
}

/** One migration's statements and rewrite, recorded as applied, in the caller's transaction. */
export async function applyMigration<DB>(trx: Transaction<DB>, migration: Migration) {
  for (const statement of migration.statements) await sql.raw(statement).execute(trx);
  await migration.rewrite?.(trx as unknown as Transaction<unknown>);
  await sql`insert into schema_migrations (id) values (${migration.id})`.execute(trx);
}

/**
 * Applies the service's migrations once, under an advisory lock, so that several instances starting
 * together migrate the schema exactly once.
 */
export async function migrate<DB>(db: Kysely<DB>, service: string, migrations: Migration[], logger?: Logger) {
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${`migrations:${service}`}))`.execute(connection);
    try {
      await sql`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`.execute(
        connection,
      );
      const applied = await sql<{ id: string }>`select id from schema_migrations`.execute(connection);
      const done = new Set(applied.rows.map((row) => row.id));
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        await connection.transaction().execute((trx) => applyMigration(trx, migration));
        logger?.info({ migration: migration.id }, 'migration applied');
      }
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${`migrations:${service}`}))`.execute(connection);
    }
  });
}
