import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuditService } from '@portal/audit-service/app';
import { loadAuditConfig } from '@portal/audit-service/config';
import { entriesRepository } from '@portal/audit-service/data-access/entries-repository';
import { accountsFor, openAuthDatabase } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { migrations } from '@portal/auth-service/data-access/schema';
import { migrate } from '@portal/kit/db';
import { Redis } from 'ioredis';
import { RedisUserSessionStore } from '../gateway/src/session.ts';

const run = promisify(execFile);
const withRedis = process.env.TEST_REDIS_URL ? it : it.skip;
const script = path.resolve('scripts/admin.ts');

describe('npm run admin -- promote', () => {
  let dataDir: string;
  let leaId: string;
  const config = () => loadAuthConfig({ PORT: '0', DATA_DIR: dataDir, IDENTITY_SECRET: 'x'.repeat(32) });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-'));
    const database = await openAuthDatabase(config());
    await migrate(database.db, 'auth', migrations);
    ({ id: leaId } = await accountsFor(database, config()).register({
      email: 'Lea@Example.ch',
      password: 'Lantern-Orbit-Kite-42',
      name: 'Lea',
    }));
    await database.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('when the account exists, then it becomes a system administrator', async () => {
    const { stdout } = await run(process.execPath, [script, 'promote', 'lea@example.ch'], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    expect(stdout).toContain('is now a system administrator');
    const database = await openAuthDatabase(config());
    const user = await accountsFor(database, config()).login('lea@example.ch', 'Lantern-Orbit-Kite-42');
    await database.close();
    expect(user.isSysAdmin).toBe(true);
  });

  it('when an operator resets a password or creates an administrator, then the new credentials work', async () => {
    const env = { ...process.env, DATA_DIR: dataDir };
    await run(process.execPath, [script, 'reset-password', 'lea@example.ch'], {
      env: { ...env, NEW_PASSWORD: 'Renewed123' },
    });
    const made = await run(process.execPath, [script, 'create-admin', 'ops@example.ch', 'Ops', 'Team'], { env });
    const password = made.stdout.match(/password: (\S+)/)?.[1] ?? '';
    const database = await openAuthDatabase(config());
    const accounts = accountsFor(database, config());
    const lea = await accounts.login('lea@example.ch', 'Renewed123');
    const ops = await accounts.login('ops@example.ch', password);
    await database.close();
    expect(lea.email).toBe('Lea@Example.ch');
    expect(ops).toMatchObject({ name: 'Ops Team', isSysAdmin: true });
  });

  withRedis('when an operator resets a password, then every session of the account in Redis ends', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    const prefix = `portal-admin-${Date.now()}:`;
    const store = new RedisUserSessionStore(redis, prefix, 600, 3600);
    const set = (sid: string) =>
      new Promise<void>((resolve, reject) =>
        store.set(sid, { cookie: { originalMaxAge: 600_000 } } as never, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    const read = (sid: string) =>
      new Promise((resolve, reject) => store.get(sid, (error, data) => (error ? reject(error) : resolve(data))));
    try {
      for (const sid of ['laptop', 'phone']) {
        await set(sid);
        await store.track(leaId, sid);
      }
      await set('someone-else');
      expect(await read('phone')).not.toBeNull();
      const { stdout } = await run(process.execPath, [script, 'reset-password', 'lea@example.ch'], {
        env: { ...process.env, DATA_DIR: dataDir, REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix },
      });
      expect(stdout).toContain('Every session of the account has ended.');
      expect(await read('laptop')).toBeNull();
      expect(await read('phone')).toBeNull();
      expect(await read('someone-else')).not.toBeNull();
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('when the account is unknown or the command wrong, then it fails with a message', async () => {
    await expect(
      run(process.execPath, [script, 'promote', 'nobody@example.ch'], { env: { ...process.env, DATA_DIR: dataDir } }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No account'),
    });
    await expect(
      run(process.execPath, [script, 'demote', 'x'], { env: { ...process.env, DATA_DIR: dataDir } }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage'),
    });
  });

  it('when asked for help with --help or -h, then it prints the usage and succeeds', async () => {
    for (const flag of ['--help', '-h']) {
      const { stdout } = await run(process.execPath, [script, flag], {
        env: { ...process.env, DATA_DIR: dataDir },
      });
      expect(stdout).toContain('Usage: npm run admin -- <command>');
      expect(stdout).toContain('promote <email>');
    }
  });
});

/** Every file of a folder and its content, as one hash. */
async function folderDigest(folder: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort())
    hash.update(file).update(await readFile(file));
  return hash.digest('hex');
}

describe('npm run admin -- audit-verify', () => {
  const chainKey = 'ab'.repeat(32);
  let dataDir: string;
  let service: Awaited<ReturnType<typeof startAuditService>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-audit-'));
    service = await startAuditService(
      loadAuditConfig({ PORT: '0', DATA_DIR: dataDir, IDENTITY_SECRET: 'x'.repeat(32), AUDIT_CHAIN_KEY: chainKey }),
    );
    const entries = entriesRepository(service.database.db, chainKey);
    for (const action of ['user.signed-in', 'user.status-changed'])
      await entries.append(
        {
          occurredAt: new Date().toISOString(),
          actor: { id: null, name: 'System' },
          from: {},
          action,
          object: { type: 'user' },
          outcome: 'success',
          service: 'auth',
        },
        new Date(),
      );
  });
  afterAll(async () => {
    await service?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when the portal’s audit service runs on PGlite, then the command verifies a copy beside it, says what it cannot prove, and the service goes on', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, AUDIT_CHAIN_KEY: chainKey, AUDIT_DATABASE_URL: '' };
    const before = await folderDigest(path.join(dataDir, 'audit'));
    const { stdout } = await run(process.execPath, [script, 'audit-verify'], { env });
    // The running service's folder is not written by a second process.
    expect(await folderDigest(path.join(dataDir, 'audit'))).toBe(before);
    expect(stdout).toContain('The audit trail is intact: 2 entries verified');
    const help = await run(process.execPath, [script, '--help'], { env });
    expect(help.stdout).toContain('Cannot prove');
    expect((await entriesRepository(service.database.db, chainKey).batchAfter('0', 10)).length).toBe(2);
  });
});
