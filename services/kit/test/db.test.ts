import { describe, expect, it } from '@jest/globals';
import { openDatabase } from '@portal/kit/db';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';

// A server that ends connections: PostgreSQL only (TEST_DATABASE_URL); PGlite runs in this process.
const postgres = testBackends().find((backend) => backend.name.startsWith('PostgreSQL'));

(postgres ? describe : describe.skip)('the database on a PostgreSQL server', () => {
  it('when the server ends a connection while a transaction holds it, then the transaction fails and the pool goes on', async () => {
    if (!postgres) return;
    const scratch = await postgres.database();
    const warnings: string[] = [];
    const logger = { warn: (_fields: unknown, message: string) => warnings.push(message) };
    const database = await openDatabase<unknown>({
      url: scratch.url,
      embeddedDir: 'memory',
      poolSize: 2,
      logger: logger as never,
    });
    try {
      const transaction = database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // Between two statements, as PostgreSQL restarting would: an uncaught 'error' would end this process.
        await sql`select pg_terminate_backend(${rows[0]?.pid ?? 0})`.execute(database.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      expect(warnings).toContain('database connection in use ended by the server');
      const { rows } = await sql<{ answer: number }>`select 42 as answer`.execute(database.db);
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
