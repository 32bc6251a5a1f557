import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Backend } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { startAuthService } from '../../services/auth/src/app.ts';
import { loadAuthConfig } from '../../services/auth/src/config.ts';
import { startGateway } from '../src/app.ts';
import { loadGatewayConfig } from '../src/config.ts';

export const TEST_IDENTITY_SECRET = randomBytes(32).toString('hex');

export interface TestPortal {
  url: string;
  authUrl: string;
  dataDir: string;
  session(): HttpSession;
  /** Another gateway on the same services and session store (Redis). */
  startSecondGateway(): Promise<{ url: string; stop(): Promise<void> }>;
  stop(): Promise<void>;
}

/** The auth service and the gateway in this process, on the given backend, listening on free ports. */
export async function startTestPortal(
  backend: Backend,
  options: { auth?: Record<string, string>; gateway?: Record<string, string> } = {},
): Promise<TestPortal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  const database = await backend.database();
  const common = { LOG_LEVEL: 'silent', DATA_DIR: dataDir, IDENTITY_SECRET: TEST_IDENTITY_SECRET };
  const auth = await startAuthService(
    loadAuthConfig({ ...common, PORT: '0', DATABASE_URL: database.url, ...options.auth }),
  );
  const redisPrefix = `portal-test-${randomBytes(4).toString('hex')}:`;
  const gatewayEnv = {
    ...common,
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    AUTH_SERVICE_URL: auth.url,
    // Nothing listens there: the courses and files services are down for these tests.
    COURSES_SERVICE_URL: 'http://127.0.0.1:9',
    FILES_SERVICE_URL: 'http://127.0.0.1:9',
    REDIS_URL: backend.redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    ...options.gateway,
  };
  const gateway = await startGateway(loadGatewayConfig(gatewayEnv));
  const extraGateways: { stop(): Promise<void> }[] = [];
  return {
    url: gateway.url,
    authUrl: auth.url,
    dataDir,
    session: () => new HttpSession(gateway.url),
    async startSecondGateway() {
      const second = await startGateway(loadGatewayConfig(gatewayEnv));
      extraGateways.push(second);
      return second;
    },
    async stop() {
      await Promise.all(extraGateways.map((extra) => extra.stop()));
      await gateway.stop();
      await auth.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid registration for each call. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    name: 'Anna Muster',
    email: `anna.${Date.now()}.${counter}@example.ch`,
    password: 'Secret123',
    ...overrides,
  };
}
