import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate, openDatabase } from '@portal/kit/db';
import { hasServerBackends, scratchDatabase, testBackends } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { sql } from 'kysely';
import { migrations } from '../../services/auth/src/data-access/schema.ts';
import { newAccount, startTestPortal, type TestPortal } from './harness.ts';

const serverBackend = testBackends().find((backend) => backend.redisUrl);
const describeOnServers = hasServerBackends() && serverBackend ? describe : describe.skip;

describeOnServers('scale-out on PostgreSQL and Redis', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(serverBackend!);
  });
  afterAll(() => portal.stop());

  it('when a user signs in on one gateway, then a second gateway knows the session, and logout ends it on both', async () => {
    const second = await portal.startSecondGateway();
    const onFirst = portal.session();
    const account = newAccount();
    await onFirst.post('/api/auth/register', account);
    const onSecond = new HttpSession(second.url);
    onSecond.cookies = new Map(onFirst.cookies);
    const status = await onSecond.get('/api/auth/check-login-status');
    expect(status.status).toBe(200);
    expect(status.body.email).toBe(account.email);

    await onSecond.post('/api/auth/logout');
    expect((await onFirst.get('/api/auth/check-login-status')).status).toBe(401);
  });

  it('when two instances migrate one database at once, then each migration runs exactly once', async () => {
    const database = await scratchDatabase(process.env.TEST_DATABASE_URL!);
    const instances = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: database.url, embeddedDir: 'memory' })),
    );
    try {
      await Promise.all(instances.map((instance) => migrate(instance.db, 'auth', migrations)));
      const applied = await sql<{ count: number }>`select count(*)::int as count from schema_migrations`.execute(
        instances[0]!.db,
      );
      expect(applied.rows[0]?.count).toBe(migrations.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await database.drop();
    }
  });
});
