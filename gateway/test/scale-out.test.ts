import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { migrate, openDatabase } from '@portal/kit/db';
import { freePort } from '@portal/kit/server';
import { hasServerBackends, scratchDatabase } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { sql } from 'kysely';
import pg from 'pg';
import { startAuthService } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { migrations } from '@portal/auth-service/data-access/schema';
import { startCoursesService } from '@portal/courses-service/app';
import { loadCoursesConfig } from '@portal/courses-service/config';
import { startFilesService } from '@portal/files-service/app';
import { loadFilesConfig } from '@portal/files-service/config';
import { startGateway } from '../src/app.ts';
import { loadGatewayConfig } from '../src/config.ts';
import { newAccount, TEST_IDENTITY_SECRET } from './harness.ts';

const describeOnServers = hasServerBackends() ? describe : describe.skip;
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const ADMIN = { ADMIN_EMAIL: 'admin@scale.test', ADMIN_PASSWORD: 'Admin12345' };
const at = (port: number) => `http://127.0.0.1:${port}`;
const pair = async () => [await freePort(), await freePort()];

const BOUNDARY = 'scaleboundary';
const partHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
const partEnd = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** An attachment upload to one gateway whose body the test writes itself, and the status it is answered. */
function upload(gatewayUrl: string, cookie: string, uploadPath: string) {
  const call = request(new URL(uploadPath, gatewayUrl), {
    method: 'POST',
    headers: {
      cookie,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'transfer-encoding': 'chunked',
    },
  });
  const status = new Promise<number>((resolve, reject) => {
    call.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', reject);
  });
  return { call, status };
}

/** Two gateways and two instances of each service on one PostgreSQL server and one Redis. */
async function startCluster() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-scale-'));
  const databases = {
    auth: await scratchDatabase(adminUrl),
    courses: await scratchDatabase(adminUrl),
    files: await scratchDatabase(adminUrl),
  };
  const ports = { auth: await pair(), courses: await pair(), files: await pair() };
  const common = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
  };
  const authAt = (port: number) =>
    startAuthService(
      loadAuthConfig({
        ...common,
        ...ADMIN,
        PORT: String(port),
        DATABASE_URL: databases.auth.url,
        COURSES_SERVICE_URL: at(ports.courses[0]!),
      }),
    );
  const coursesAt = (port: number) =>
    startCoursesService(
      loadCoursesConfig({
        ...common,
        PORT: String(port),
        DATABASE_URL: databases.courses.url,
        AUTH_SERVICE_URL: at(ports.auth[0]!),
        FILES_SERVICE_URL: at(ports.files[1]!),
      }),
    );
  const filesAt = (port: number) =>
    startFilesService(
      loadFilesConfig({
        ...common,
        PORT: String(port),
        DATABASE_URL: databases.files.url,
        COURSES_SERVICE_URL: at(ports.courses[1]!),
      }),
    );
  // Instances of a service start together: their migrations meet at the advisory lock.
  const auth = await Promise.all(ports.auth.map(authAt));
  const courses = await Promise.all(ports.courses.map(coursesAt));
  const files = await Promise.all(ports.files.map(filesAt));
  const gatewayEnv = {
    ...common,
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: process.env.TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `portal-scale-${randomBytes(4).toString('hex')}:`,
    AUTH_SERVICE_URL: ports.auth.map(at).join(','),
    COURSES_SERVICE_URL: ports.courses.map(at).join(','),
    FILES_SERVICE_URL: ports.files.map(at).join(','),
    LOGIN_LIMIT_PER_ACCOUNT: '4',
  };
  const gateways = await Promise.all([1, 2].map(() => startGateway(loadGatewayConfig(gatewayEnv))));
  let turn = 0;
  return {
    ports,
    auth,
    courses,
    files,
    gateways,
    coursesAt,
    /** The next gateway, round-robin, as a load balancer would pick it. */
    nextGateway: () => gateways[turn++ % gateways.length]!.url,
    query: async <T>(database: keyof typeof databases, text: string) => {
      const client = new pg.Client({ connectionString: databases[database].url });
      await client.connect();
      try {
        return (await client.query(text)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async stop() {
      await Promise.all(gateways.map((gateway) => gateway.stop()));
      await Promise.all([...files, ...courses, ...auth].map((instance) => instance.stop()));
      await Promise.all(Object.values(databases).map((database) => database.drop()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describeOnServers('scale-out: two gateways and two instances of each service on PostgreSQL and Redis', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let admin: HttpSession;
  let categoryId: string;

  /** A browser whose every request may reach either gateway: it carries its cookie from one to the other. */
  function browser(): HttpSession {
    const session = new HttpSession(cluster.nextGateway());
    const request = session.request.bind(session);
    session.request = (method, requestPath, options) =>
      request(method, new URL(requestPath, cluster.nextGateway()).toString(), options);
    return session;
  }

  beforeAll(async () => {
    cluster = await startCluster();
    admin = browser();
    expect(
      (await admin.post('/api/auth/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD })).status,
    ).toBe(200);
    categoryId = (await admin.post('/api/categories', { name: 'Scale' })).body.id;
  });
  afterAll(() => cluster?.stop());

  it('when two instances migrated one database at once, then each migration ran exactly once', async () => {
    const applied = await cluster.query<{ count: number }>(
      'auth',
      'select count(*)::int as count from schema_migrations',
    );
    expect(applied[0]?.count).toBe(migrations.length);
  });

  it('when requests alternate between the gateways, then the session holds on both and logout ends it on both', async () => {
    const user = browser();
    await user.post('/api/auth/register', newAccount());
    for (let round = 0; round < 4; round += 1)
      expect((await user.get('/api/auth/check-login-status')).status).toBe(200);
    await user.post('/api/auth/logout');
    for (let round = 0; round < 2; round += 1)
      expect((await user.get('/api/auth/check-login-status')).status).toBe(401);
  });

  it('when failed logins are spread over both gateways, then they count together', async () => {
    const account = newAccount();
    await browser().post('/api/auth/register', account);
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push((await browser().post('/api/auth/login', { ...account, password: 'Wrong1234' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it("when a person starts a second upload on the other gateway while the first is under way, then 429 there, and the first one's end frees both", async () => {
    const course = (
      await admin.post('/api/courses', {
        title: 'Uploads',
        description: '<p>x</p>',
        isPublished: true,
        categoryIds: [categoryId],
      })
    ).body;
    const uploadPath = `/api/files/upload?courseId=${course.id}`;
    const [one, other] = cluster.gateways.map((gateway) => gateway.url);
    const first = upload(one!, admin.cookieHeader, uploadPath);
    first.call.write(partHead('first.pdf'));
    // The files service begins a file as it reads its first bytes: the first upload is under way from then on.
    const begun = async () =>
      (await cluster.query('files', `select id from files where file_name = 'first.pdf'`)).length > 0;
    for (let attempt = 0; attempt < 100 && !(await begun()); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const second = upload(other!, admin.cookieHeader, uploadPath);
    second.call.end(Buffer.concat([partHead('second.pdf'), partEnd]));
    expect(await second.status).toBe(429);
    first.call.end(partEnd);
    expect(await first.status).toBe(201);
    const third = upload(other!, admin.cookieHeader, uploadPath);
    third.call.end(Buffer.concat([partHead('third.pdf'), partEnd]));
    expect(await third.status).toBe(201);
  });

  it('when events are relayed by both instances at once, then each effect happens once: none lost, none twice', async () => {
    const course = (
      await admin.post('/api/courses', {
        title: 'Events',
        description: '<p>x</p>',
        isPublished: true,
        categoryIds: [categoryId],
      })
    ).body;
    const users = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = browser();
        const account = newAccount();
        await user.post('/api/auth/register', account);
        await user.post(`/api/courses/register-for-course?courseId=${course.id}`);
        return { user, account };
      }),
    );
    expect((await admin.get(`/api/courses/${course.id}`)).body.participants).toHaveLength(6);
    for (const { user, account } of users) {
      expect(
        (await user.request('DELETE', '/api/user/delete-user', { json: { password: account.password } })).status,
      ).toBe(200);
    }
    await Promise.all([...cluster.auth, ...cluster.auth].map((instance) => instance.relay?.relayNow()));
    await Promise.all(cluster.auth.map((instance) => instance.relay?.relayNow()));

    expect((await admin.get(`/api/courses/${course.id}`)).body.participants).toEqual([]);
    const sent = await cluster.query<{ pending: number; total: number }>(
      'auth',
      `select count(*) filter (where delivered_at is null)::int as pending, count(*)::int as total from outbox where topic = 'user.deleted'`,
    );
    const handled = await cluster.query<{ count: number }>(
      'courses',
      'select count(*)::int as count from processed_events',
    );
    expect(sent[0]).toEqual({ pending: 0, total: 6 });
    expect(handled[0]?.count).toBe(6);
  });

  it('when one courses instance restarts under load, then every request succeeds at once or after one retry of a 503', async () => {
    const [first] = cluster.ports.courses;
    const outcomes: number[] = [];
    const workers = Array.from({ length: 6 }, async () => {
      const user = browser();
      await user.post('/api/auth/register', newAccount());
      const until = Date.now() + 3_000;
      while (Date.now() < until) {
        let response = await user.get('/api/courses?limit=5');
        if (response.status === 503) response = await user.get('/api/courses?limit=5');
        outcomes.push(response.status);
      }
    });
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const index = cluster.ports.courses.indexOf(first!);
      await cluster.courses[index]!.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      cluster.courses[index] = await cluster.coursesAt(first!);
    })();
    await Promise.all([...workers, restart]);
    expect(outcomes.length).toBeGreaterThan(20);
    expect(outcomes.filter((status) => status !== 200)).toEqual([]);
  });
});

describeOnServers('migrations on PostgreSQL', () => {
  it('when three instances migrate one database at once, then each migration runs exactly once', async () => {
    const database = await scratchDatabase(adminUrl);
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
