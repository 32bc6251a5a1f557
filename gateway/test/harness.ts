import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Backend } from '@portal/kit/testing/backends';
import type { Kysely } from 'kysely';
import { freePort } from '@portal/kit/server';
import { HttpSession } from '@portal/kit/testing/http-session';
import { startAuthService } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { startCoursesService } from '@portal/courses-service/app';
import { loadCoursesConfig } from '@portal/courses-service/config';
import { startFilesService } from '@portal/files-service/app';
import { loadFilesConfig } from '@portal/files-service/config';
import type { FilesDatabase } from '@portal/files-service/data-access/schema';
import { startGateway } from '../src/app.ts';
import { loadGatewayConfig } from '../src/config.ts';

export const TEST_IDENTITY_SECRET = randomBytes(32).toString('hex');
const ADMIN = { ADMIN_EMAIL: 'admin@portal.test', ADMIN_PASSWORD: 'Admin12345' };

export interface TestPortal {
  url: string;
  authUrl: string;
  coursesUrl: string | undefined;
  /** Stops the files service (to see how the others cope without it). */
  stopFiles(): Promise<void>;
  /** The files service's database, to see what it stored (undefined when it does not run). */
  filesDb: Kysely<FilesDatabase> | undefined;
  dataDir: string;
  session(): HttpSession;
  /** A browser signed in as the administrator of ADMIN_EMAIL. */
  admin(): Promise<HttpSession>;
  /** A browser signed in as a new employee. */
  employee(): Promise<HttpSession & { userId: string }>;
  /** Another gateway on the same services and session store (Redis). */
  startSecondGateway(): Promise<{ url: string; stop(): Promise<void> }>;
  /** Delivers the events waiting in the outboxes now, instead of on the relays' next tick. */
  relayEvents(): Promise<void>;
  stop(): Promise<void>;
}

/** The auth, courses and files services and the gateway in this process, on the given backend, on free ports. */
export async function startTestPortal(
  backend: Backend,
  options: {
    auth?: Record<string, string>;
    courses?: Record<string, string>;
    files?: Record<string, string>;
    gateway?: Record<string, string>;
    /** The courses and files services run unless told otherwise (some tests want them down). */
    withCourses?: boolean;
  } = {},
): Promise<TestPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const authDatabase = await backend.database();
  const coursesDatabase = await backend.database();
  const filesDatabase = await backend.database();
  const common = {
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    IDENTITY_SECRET: TEST_IDENTITY_SECRET,
  };
  const coursesPort = await freePort();
  const filesPort = await freePort();
  const auth = await startAuthService(
    loadAuthConfig({
      ...common,
      PORT: '0',
      DATABASE_URL: authDatabase.url,
      COURSES_SERVICE_URL: `http://127.0.0.1:${coursesPort}`,
      ...ADMIN,
      ...options.auth,
    }),
  );
  const courses =
    options.withCourses === false
      ? undefined
      : await startCoursesService(
          loadCoursesConfig({
            ...common,
            PORT: String(coursesPort),
            DATABASE_URL: coursesDatabase.url,
            AUTH_SERVICE_URL: auth.url,
            FILES_SERVICE_URL: `http://127.0.0.1:${filesPort}`,
            ...options.courses,
          }),
        );
  const files =
    options.withCourses === false
      ? undefined
      : await startFilesService(
          loadFilesConfig({
            ...common,
            PORT: String(filesPort),
            DATABASE_URL: filesDatabase.url,
            COURSES_SERVICE_URL: `http://127.0.0.1:${coursesPort}`,
            ...options.files,
          }),
        );
  const redisPrefix = `portal-test-${randomBytes(4).toString('hex')}:`;
  const gatewayEnv = {
    ...common,
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_SERVICE_URL: auth.url,
    // Port 9 (discard) has no listener here: a service that is down.
    COURSES_SERVICE_URL: courses?.url ?? 'http://127.0.0.1:9',
    FILES_SERVICE_URL: files?.url ?? 'http://127.0.0.1:9',
    REDIS_URL: backend.redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    // Suites share two cores with other suites and builds: an argon2 hash can take seconds there. The tests are
    // about answers, not about how long a service may take (the suites that test timeouts set their own).
    SERVICE_TIMEOUT_MS: '30000',
    ...options.gateway,
  };
  const gateway = await startGateway(loadGatewayConfig(gatewayEnv));
  const extraGateways: { stop(): Promise<void> }[] = [];
  return {
    url: gateway.url,
    authUrl: auth.url,
    coursesUrl: courses?.url,
    stopFiles: async () => {
      await files?.stop();
    },
    filesDb: files?.database.db,
    dataDir,
    session: () => new HttpSession(gateway.url),
    async admin() {
      const browser = new HttpSession(gateway.url);
      const login = await browser.post('/api/auth/login', { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
      if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
      return browser;
    },
    async employee() {
      const browser = new HttpSession(gateway.url);
      const registered = await browser.post('/api/auth/register', newAccount());
      if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
      return Object.assign(browser, { userId: registered.body.id as string });
    },
    async startSecondGateway() {
      const second = await startGateway(loadGatewayConfig(gatewayEnv));
      extraGateways.push(second);
      return second;
    },
    async relayEvents() {
      await auth.relay?.relayNow();
      await courses?.relay?.relayNow();
    },
    async stop() {
      await Promise.all(extraGateways.map((extra) => extra.stop()));
      await gateway.stop();
      await files?.stop();
      await courses?.stop();
      await auth.stop();
      await authDatabase.drop();
      await coursesDatabase.drop();
      await filesDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A password that passes every rule, the guessability check included. */
export const TEST_PASSWORD = 'Lantern-Orbit-Kite-42';

let counter = 0;
/** A unique, valid registration for each call. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    name: 'Anna Muster',
    email: `anna.${Date.now()}.${counter}@example.ch`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}
