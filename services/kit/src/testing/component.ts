import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import express, { type Request, type Router } from 'express';
import { IDENTITY_HEADER, type Identity, signIdentity } from '../identity.ts';
import { type Backend, seedEmbeddedDatabase } from './backends.ts';

export const TEST_SECRET = randomBytes(32).toString('hex');

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/**
 * Refuses every outbound connection but to this machine's loopback (the service under test, its fakes, the
 * test database): a component test that would reach the network fails instead.
 */
export function blockOutboundNetwork(): () => void {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    // Node passes its normalized arguments as one array: [options, callback].
    const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { host?: string; path?: string } | number;
    const host =
      typeof first === 'object'
        ? first.path
          ? undefined
          : (first.host ?? 'localhost')
        : String(args[1] ?? 'localhost');
    if (host !== undefined && !LOOPBACK.has(host)) {
      process.nextTick(() => this.destroy(new Error(`outbound network blocked in tests: ${host}`)));
      return this;
    }
    return (connect as (...given: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  return () => {
    net.Socket.prototype.connect = connect;
  };
}

/**
 * What a component suite stands on: outbound network blocked, a data folder, a database on the backend, and
 * the environment a service under test starts with (port 0, silent logs, the test secret). Given the service's
 * name, its embedded database starts initialised. `close` stops what it is given, in order, then undoes the rest.
 */
export async function componentSetup(backend: Backend, service?: string) {
  const restoreNetwork = blockOutboundNetwork();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'component-'));
  const database = await backend.database();
  if (service && database.url === undefined) await seedEmbeddedDatabase(dataDir, service);
  return {
    env: {
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      IDENTITY_SECRET: TEST_SECRET,
    },
    async close(...running: ({ stop(): Promise<void> } | undefined)[]) {
      for (const process of running) await process?.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      restoreNetwork();
    },
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  identity: string | undefined;
  requestId: string | undefined;
  body: unknown;
}

/** Another service faked at its HTTP boundary: the routes it answers, and every call it received. */
export async function fakeService(routes: (router: Router) => void) {
  const calls: RecordedCall[] = [];
  const app = express();
  app.use(express.json());
  app.use((req: Request, _res, next) => {
    calls.push({
      method: req.method,
      path: req.path,
      identity: req.get(IDENTITY_HEADER),
      requestId: req.get('x-request-id'),
      body: req.body as unknown,
    });
    next();
  });
  const router = express.Router();
  routes(router);
  app.use(router);
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls a service the way the gateway does: with a signed identity (and a request id when given). */
export function signedCaller(baseUrl: string, identity: Omit<Identity, 'exp'>, secret = TEST_SECRET) {
  async function send<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const isForm = body instanceof FormData;
    const url = new URL(path, baseUrl);
    const response = await fetch(url, {
      method,
      headers: {
        [IDENTITY_HEADER]: signIdentity(identity, { method, path: `${url.pathname}${url.search}` }, secret),
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the text is the body
    }
    return { status: response.status, headers: response.headers, body: parsed as T } satisfies Answer<T>;
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => send<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
      send<T>('POST', path, body, headers),
    put: <T = any>(path: string, body?: unknown) => send<T>('PUT', path, body),
    patch: <T = any>(path: string, body?: unknown) => send<T>('PATCH', path, body),
    delete: <T = any>(path: string, body?: unknown) => send<T>('DELETE', path, body),
  };
}
export type SignedCaller = ReturnType<typeof signedCaller>;
