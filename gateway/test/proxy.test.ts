import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { END_SESSIONS_HEADER, REQUEST_ID_HEADER } from '@portal/contracts/http';
import { SCIM_BASE_PATH, SCIM_MEDIA_TYPE, SCIM_SCHEMAS } from '@portal/contracts/scim';
import { IDENTITY_HEADER, verifyIdentity } from '@portal/kit/identity';
import { createLogger } from '@portal/kit/logger';
import { requestContext } from '@portal/kit/request-context';
import { serviceTargets } from '@portal/kit/service-targets';
import { apiCompression } from '../src/api-compression.ts';
import { serviceProxy } from '../src/proxy.ts';

const SECRET = 'proxy-test-secret-of-thirty-two-chars';
const USER_ID = '5f0c2a9e-3b1d-4c7e-8a2f-6d9b0e1c4a7f';

type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;

/** A service instance whose answers the test sets, which records what reached it and on which connection. */
async function stubService() {
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer; connection: number }[] =
    [];
  const connections = new Map<Socket, number>();
  let handle: Handler = (_req, res) => res.end('{}');
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        connection: connections.get(req.socket) ?? -1,
      });
      handle(req, res, body);
    });
  });
  server.on('connection', (socket) => connections.set(socket, connections.size));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer(next: Handler) {
      handle = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => undefined),
    server,
  };
}
type Stub = Awaited<ReturnType<typeof stubService>>;

/** The gateway's proxy alone, in front of the given instances, with the session's user set by a header. */
async function gatewayFor(instances: string[], timeoutMs = 2_000) {
  const warnings: string[] = [];
  const endedSessionsOf: string[] = [];
  const logger = createLogger('gateway', 'warn', { write: (line: string) => warnings.push(line) });
  const app = express();
  app.use(requestContext(createLogger('gateway', 'silent')));
  app.use('/api', apiCompression());
  app.use((req, _res, next) => {
    if (req.get('x-test-user'))
      Object.assign(req, { session: { user: { id: req.get('x-test-user'), isSysAdmin: false, language: 'de' } } });
    next();
  });
  app.use(
    serviceProxy({
      name: 'courses',
      targets: serviceTargets(instances.join(',')),
      prefixes: ['/api/courses', SCIM_BASE_PATH],
      secret: SECRET,
      timeoutMs,
      logger,
      endSessions: async (userIds) => {
        endedSessionsOf.push(...userIds);
      },
    }),
  );
  app.use((_req, res) => res.status(404).json({ error: { code: 'not_found' } }));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** What the gateway logged at warn and above, one JSON line each. */
    warnings,
    /** Whose sessions the services asked the gateway to end. */
    endedSessionsOf,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port no one listens on: a service instance that is down. */
async function downInstance() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise((resolve) => server.close(resolve));
  return url;
}

describe('the gateway proxy', () => {
  const stops: (() => Promise<unknown>)[] = [];
  let service: Stub;
  let gateway: Awaited<ReturnType<typeof gatewayFor>>;
  beforeAll(async () => {
    service = await stubService();
    gateway = await gatewayFor([service.url]);
  });
  afterEach(async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
    service.answer((_req, res) => res.end('{}'));
    service.seen.length = 0;
  });
  afterAll(async () => {
    await gateway.stop();
    await service.stop();
  });

  it('when a service answers that it deactivated users, then their sessions end and the header stays inside', async () => {
    const other = '0b6c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    service.answer((_req, res) => {
      res.setHeader(END_SESSIONS_HEADER, `${USER_ID},${other}`);
      res.end('{}');
    });
    const answer = await fetch(`${gateway.url}/api/courses/anything`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get(END_SESSIONS_HEADER)).toBeNull();
    expect(gateway.endedSessionsOf).toEqual([USER_ID, other]);
  });

  it('when a call goes through, then the service gets its path, query, body and the signed identity, never the cookie', async () => {
    service.answer((_req, res, body) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Set-Cookie', 'tracker=1');
      res.setHeader('X-Total-Count', '7');
      res.statusCode = 201;
      res.end(JSON.stringify({ echoed: body.toString('utf8') }));
    });
    const answer = await fetch(`${gateway.url}/api/courses/abc/start?lang=de&x=1`, {
      method: 'POST',
      headers: {
        cookie: 'portal.sid=s%3Asecret',
        'content-type': 'application/json',
        [IDENTITY_HEADER]: 'forged.token',
        'x-test-user': USER_ID,
        [REQUEST_ID_HEADER]: 'request-id-0001',
      },
      body: JSON.stringify({ title: 'Phishing' }),
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ echoed: '{"title":"Phishing"}' });
    expect(answer.headers.get('x-total-count')).toBe('7');
    expect(answer.headers.get('set-cookie')).toBeNull();

    const [received] = service.seen;
    expect(received).toMatchObject({ method: 'POST', url: '/api/courses/abc/start?lang=de&x=1' });
    expect(received?.headers.cookie).toBeUndefined();
    expect(received?.headers[REQUEST_ID_HEADER.toLowerCase()]).toBe('request-id-0001');
    expect(received?.headers['x-forwarded-for']).toBe('127.0.0.1');
    const identity = verifyIdentity(
      received?.headers[IDENTITY_HEADER] as string,
      { method: 'POST', path: '/api/courses/abc/start?lang=de&x=1' },
      SECRET,
    );
    expect(identity).toMatchObject({ sub: USER_ID, admin: false, lang: 'de' });
    for (const path of ['/api/courses/abc/start', '/api/courses/abc/start?lang=fr&x=1'])
      expect(verifyIdentity(received?.headers[IDENTITY_HEADER] as string, { method: 'POST', path }, SECRET)).toBeNull();
  });

  it('when paths are outside the prefixes, then they are not proxied', async () => {
    expect((await fetch(`${gateway.url}/api/coursesX`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/api/other`)).status).toBe(404);
    expect(service.seen).toEqual([]);
  });

  it('when calls follow one another, then they share one kept-alive connection to the service', async () => {
    for (let call = 0; call < 20; call += 1) expect((await fetch(`${gateway.url}/api/courses`)).status).toBe(200);
    expect(new Set(service.seen.map((seen) => seen.connection)).size).toBe(1);
  });

  it('when the service closed a kept-alive connection, then a read is sent again on a new one and succeeds', async () => {
    expect((await fetch(`${gateway.url}/api/courses/warm`)).status).toBe(200);
    // The next call on that connection finds it closed, as when the service's keep-alive timeout passed.
    service.answer((req, res) => {
      service.answer((_again, answer) => answer.end('{"fresh":true}'));
      req.socket.destroy();
      void res;
    });
    const answer = await fetch(`${gateway.url}/api/courses/again`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ fresh: true });
  });

  it('when the service is slower than the timeout, then the caller gets a 503 in the portal error shape', async () => {
    const slow = await gatewayFor([service.url], 200);
    stops.push(slow.stop);
    service.answer((_req, res) => setTimeout(() => res.end('{}'), 1_000));
    const answer = await fetch(`${slow.url}/api/courses`, { headers: { [REQUEST_ID_HEADER]: 'request-id-slow' } });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The courses service is not available right now',
        requestId: 'request-id-slow',
      },
    });
  });

  it('when an answer streams for longer than the timeout, a part within each timeout, then it arrives whole (an export is not cut)', async () => {
    const slow = await gatewayFor([service.url], 1_000);
    stops.push(slow.stop);
    const parts = Array.from({ length: 6 }, (_, n) => `part ${n};`);
    service.answer((_req, res) => {
      res.setHeader('content-type', 'application/octet-stream');
      let next = 0;
      const more = () => (next < parts.length ? res.write(parts[next++], () => setTimeout(more, 250)) : res.end());
      more();
    });
    const answer = await fetch(`${slow.url}/api/courses/export`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(parts.join(''));
  });

  it('when the service goes away mid-answer, then the caller sees the answer cut off, not finished otherwise', async () => {
    const cards = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, title: `Course ${id}` })));
    service.answer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cards) });
      res.write(cards.slice(0, 2000), () => res.socket?.destroy());
    });
    const cutOff = async () =>
      (await fetch(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'br' } })).text();
    await expect(cutOff()).rejects.toThrow();
    expect(gateway.warnings.join('\n')).toContain('answer cut off midway');
    // The next call is answered whole.
    service.answer((_req, res) => res.setHeader('content-type', 'application/json').end(cards));
    expect(await (await fetch(`${gateway.url}/api/courses`)).text()).toBe(cards);
  });

  it('when a large answer streams to a slow reader, then it arrives whole and compressed', async () => {
    const cards = Array.from({ length: 40_000 }, (_, id) => JSON.stringify({ id, title: `Course ${id}` }));
    service.answer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.write('[');
      let next = 0;
      // As the courses service streams its whole list: a slice at a time, waiting for drain.
      const more = () => {
        while (next < cards.length) {
          const slice = `${next ? ',' : ''}${cards.slice(next, next + 500).join(',')}`;
          next += 500;
          if (!res.write(slice)) return void res.once('drain', more);
        }
        res.end(']');
      };
      more();
    });
    const received = await new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
      const call = request(`${gateway.url}/api/courses`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => {
          parts.push(part);
          answer.pause();
          setTimeout(() => answer.resume(), 2);
        });
        answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(parts) }));
        answer.on('error', reject);
      });
      call.on('error', reject);
      call.end();
    });
    expect(received.encoding).toBe('br');
    expect(brotliDecompressSync(received.body).toString('utf8')).toBe(`[${cards.join(',')}]`);
  });

  it('when the caller goes away mid-answer, then the call to the service ends too', async () => {
    const closed = new Promise<void>((resolve) =>
      service.answer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        res.on('close', () => resolve());
      }),
    );
    await new Promise<void>((resolve, reject) => {
      const call = request(`${gateway.url}/api/courses/stream`, (answer) => {
        answer.once('data', () => {
          call.destroy();
          resolve();
        });
      });
      call.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      call.end();
    });
    await expect(closed).resolves.toBeUndefined();
  });
});

describe('the gateway proxy and uploads', () => {
  /** A service that leaves an upload unread for `pauseMs` (as a busy files service does), then reads it all. */
  async function slowReader(pauseMs: number) {
    const closed: boolean[] = [];
    const server = createServer((req, res) => {
      req.pause();
      req.on('close', () => closed.push(req.complete));
      setTimeout(() => {
        let bytes = 0;
        req.on('data', (part: Buffer) => (bytes += part.length));
        req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ bytes })));
        req.resume();
      }, pauseMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      closed,
      stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('when an upload streams for longer than the timeout, then it is passed on whole and answered', async () => {
    const service = await slowReader(1_000);
    const gateway = await gatewayFor([service.url], 200);
    try {
      const body = Buffer.alloc(16 * 1024 * 1024, 7);
      const answer = await fetch(`${gateway.url}/api/courses/upload`, { method: 'POST', body });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ bytes: body.length });
      expect(gateway.warnings).toEqual([]);
    } finally {
      await gateway.stop();
      await service.stop();
    }
  });

  it('when an upload streams without a length, then the service receives it whole', async () => {
    const service = await slowReader(0);
    const gateway = await gatewayFor([service.url]);
    try {
      const parts = [Buffer.alloc(256 * 1024, 1), Buffer.alloc(256 * 1024, 2)];
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          for (const part of parts) stream.enqueue(part);
          stream.close();
        },
      });
      const answer = await fetch(`${gateway.url}/api/courses/upload`, {
        method: 'POST',
        body,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ bytes: 512 * 1024 });
    } finally {
      await gateway.stop();
      await service.stop();
    }
  });

  it('when the caller aborts an upload, then the call to the service ends and nothing is logged as an error', async () => {
    const service = await slowReader(100);
    const gateway = await gatewayFor([service.url], 200);
    try {
      await new Promise<void>((resolve) => {
        const call = request(`${gateway.url}/api/courses/upload`, {
          method: 'POST',
          headers: { 'content-length': String(8 * 1024 * 1024) },
        });
        call.on('error', () => resolve());
        call.write(Buffer.alloc(1024 * 1024, 7), () => setTimeout(() => call.destroy(), 50));
      });
      for (let waited = 0; service.closed.length === 0 && waited < 2_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(service.closed).toEqual([false]);
      expect(gateway.warnings).toEqual([]);
    } finally {
      await gateway.stop();
      await service.stop();
    }
  });
});

describe('the gateway proxy over several instances', () => {
  it('when one instance is down, then reads go to another and are answered; writes are not sent twice', async () => {
    const live = await stubService();
    const down = await downInstance();
    const gateway = await gatewayFor([down, live.url]);
    try {
      for (let call = 0; call < 4; call += 1) expect((await fetch(`${gateway.url}/api/courses`)).status).toBe(200);
      expect(live.seen).toHaveLength(4);

      // A write with a body goes to one instance only: if that one is down, the caller hears so and may retry.
      const single = await gatewayFor([down]);
      const write = await fetch(`${single.url}/api/courses`, { method: 'POST', body: '{"title":"x"}' });
      await single.stop();
      expect(write.status).toBe(503);
      expect(((await write.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    } finally {
      await gateway.stop();
      await live.stop();
    }
  });

  it("when the service of a SCIM call is down, then the 503 comes in SCIM's error shape", async () => {
    const gateway = await gatewayFor([await downInstance()]);
    try {
      const answer = await fetch(`${gateway.url}${SCIM_BASE_PATH}/Users`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toContain(SCIM_MEDIA_TYPE);
      expect(await answer.json()).toEqual({
        schemas: [SCIM_SCHEMAS.error],
        status: '503',
        detail: 'The courses service is not available right now',
      });
    } finally {
      await gateway.stop();
    }
  });

  it('when an instance answers an error, then the answer is passed on as it is, not retried', async () => {
    const failing = await stubService();
    const other = await stubService();
    failing.answer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"internal"}}');
    });
    const gateway = await gatewayFor([failing.url, other.url]);
    try {
      const answer = await fetch(`${gateway.url}/api/courses`);
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({ error: { code: 'internal' } });
      expect(other.seen).toHaveLength(0);
    } finally {
      await gateway.stop();
      await failing.stop();
      await other.stop();
    }
  });
});
