import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { apiCompression } from '../src/api-compression.ts';
import { startTestPortal, type TestPortal } from './harness.ts';

const [embedded] = testBackends();

const SCRIPT = `console.log(${JSON.stringify('the portal '.repeat(200))});`;
const INDEX = '<!doctype html><title>portal</title><div id="root"></div>';

/** A build folder as the slices' build leaves it: each text file with its .br and .gz copy (one without). */
function buildFolder(root: string) {
  const js = path.join(root, 'shell', 'dist', 'static', 'js');
  mkdirSync(js, { recursive: true });
  mkdirSync(path.join(root, 'mfe-auth', 'dist'), { recursive: true });
  const files: Record<string, string> = {
    'shell/dist/index.html': INDEX,
    'shell/dist/static/js/index.0123456789.js': SCRIPT,
    'mfe-auth/dist/mf-manifest.json': JSON.stringify({ id: 'auth', padding: 'x'.repeat(2000) }),
    'mfe-auth/dist/mf-stats.json': JSON.stringify({ buildPath: '/home/builder/portal' }),
    'shell/dist/mf-stats.json': JSON.stringify({ buildPath: '/home/builder/portal' }),
  };
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(path.join(root, file), content);
    writeFileSync(path.join(root, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(root, `${file}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(root, 'shell/dist/static/js/plain.0123456789.js'), SCRIPT);
}

/** Raw bytes as sent: node's fetch would decode them, so these requests go through node:http. */
async function raw(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const asked = acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers;
      const req = request(url, { headers: asked }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('compressed answers', () => {
  let portal: TestPortal;
  const staticRoot = mkdtempSync(path.join(tmpdir(), 'portal-static-'));
  beforeAll(async () => {
    buildFolder(staticRoot);
    portal = await startTestPortal(embedded!, { withCourses: false, gateway: { STATIC_ROOT: staticRoot } });
  });
  afterAll(async () => {
    await portal?.stop();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it('when the browser takes brotli, then a built file comes as its .br copy, cached like the file itself', async () => {
    const url = `${portal.url}/static/js/index.0123456789.js`;
    const answer = await raw(url, 'gzip, deflate, br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.etag).toBeUndefined();
    expect(answer.headers['last-modified']).toBeUndefined();
    expect(answer.headers['accept-ranges']).toBeUndefined();
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);

    expect((await raw(url, 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await raw(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await raw(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('when a hashed script is asked for, then it carries nosniff but not the headers that only act on documents', async () => {
    const script = await raw(`${portal.url}/static/js/index.0123456789.js`, 'br');
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    const page = await raw(`${portal.url}/dashboard`, 'br');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('when a page path or a manifest is asked for, then it is compressed and revalidated on every load', async () => {
    const page = await raw(`${portal.url}/dashboard`, 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['last-modified']).toBeDefined();
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
    const unchanged = await raw(`${portal.url}/dashboard`, 'br', { 'if-none-match': String(page.headers.etag) });
    expect(unchanged.status).toBe(304);
    const manifest = await raw(`${portal.url}/mfe/auth/mf-manifest.json`, 'br');
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('when the build statistics or their compressed copies are asked for, then they are not served', async () => {
    for (const file of ['/mf-stats.json', '/mfe/auth/mf-stats.json']) {
      for (const encoding of [undefined, 'br', 'gzip']) {
        const stats = await raw(`${portal.url}${file}`, encoding);
        expect({ file, encoding, status: stats.status }).toEqual({ file, encoding, status: 404 });
        expect(stats.body.toString()).not.toContain('/home/builder');
      }
      for (const suffix of ['.br', '.gz']) expect((await raw(`${portal.url}${file}${suffix}`)).status).toBe(404);
    }
  });

  it('when a file has no compressed copy, then it is sent as it is', async () => {
    const answer = await raw(`${portal.url}/static/js/plain.0123456789.js`, 'br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(SCRIPT);
  });

  it('when an /api JSON answer is above 1 KiB, then it is compressed; a small one is not', async () => {
    const large = await raw(`${portal.url}/api/openapi.json`, 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.body).toString())).toHaveProperty('openapi');
    const small = await raw(`${portal.url}/api/auth/check-login-status?optional=true`, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe('null');
  });
});

describe('API compression by size', () => {
  const cards = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: index, title: `Course ${index}`, text: 'Spot a phish. ' }));
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const app = express();
    app.use('/api', apiCompression());
    app.get('/api/page', (_req, res) => res.json(cards(200)));
    app.get('/api/whole', (_req, res) => res.json(cards(20_000)));
    // A list streamed as it is read: no length known in advance.
    app.get('/api/streamed', (_req, res) => {
      res.type('json');
      res.write('[');
      res.write(
        cards(200)
          .map((card) => JSON.stringify(card))
          .join(','),
      );
      res.end(']');
    });
    // Megabytes streamed without a length: compressed as a page is, with the window sized for pages.
    app.get('/api/streamed-whole', (_req, res) => {
      res.type('json');
      res.write('[');
      const all = cards(20_000);
      for (let start = 0; start < all.length; start += 1000)
        res.write(
          `${start ? ',' : ''}${all
            .slice(start, start + 1000)
            .map((card) => JSON.stringify(card))
            .join(',')}`,
        );
      res.end(']');
    });
    app.get('/api/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').json(cards(200)));
    // As the courses service sends its whole list: compressed once, where it is kept.
    app.get('/api/encoded', (_req, res) => {
      res.type('json').setHeader('Content-Encoding', 'gzip');
      res.send(gzipSync(JSON.stringify(cards(20_000))));
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when an answer is a page or megabytes, then either comes compressed and whole, in brotli or gzip', async () => {
    for (const [path, count] of [
      ['/api/page', 200],
      ['/api/whole', 20_000],
    ] as const) {
      const brotli = await raw(`${url}${path}`, 'gzip, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(cards(count));
      const gzip = await raw(`${url}${path}`, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(cards(count));
    }
  });

  it('when a JSON answer is streamed without a length, then it is compressed as a stream', async () => {
    const streamed = await raw(`${url}/api/streamed`, 'gzip');
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(gunzipSync(streamed.body).toString())).toEqual(cards(200));
  });

  it('when a streamed answer is larger than the brotli window of pages, then it still comes compressed and whole', async () => {
    const streamed = await raw(`${url}/api/streamed-whole`, 'br');
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.body.length).toBeLessThan(JSON.stringify(cards(20_000)).length / 4);
    expect(JSON.parse(brotliDecompressSync(streamed.body).toString())).toEqual(cards(20_000));
  });

  it('when an answer forbids transforming it, then it is sent as it is', async () => {
    const kept = await raw(`${url}/api/no-transform`, 'br');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(kept.body.toString())).toEqual(cards(200));
  });

  it('when an answer comes compressed already, then it is passed on as it is, not compressed twice', async () => {
    const passed = await raw(`${url}/api/encoded`, 'gzip, br');
    expect(passed.headers['content-encoding']).toBe('gzip');
    expect(passed.body.equals(gzipSync(JSON.stringify(cards(20_000))))).toBe(true);
  });
});

describe('API compression and a session store that answers late', () => {
  const cards = Array.from({ length: 200 }, (_, index) => ({ id: index, title: `Course ${index}` }));
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const store = new session.MemoryStore();
    // As connect-redis: the store's round trip ends after the handler has written its answer.
    const touch = store.touch?.bind(store);
    store.touch = (sid, data, done) => setTimeout(() => touch?.(sid, data, done), 5);
    const app = express();
    app.use(
      '/api',
      apiCompression(),
      session({
        secret: 'a-session-secret-of-some-length',
        store,
        resave: false,
        saveUninitialized: false,
        rolling: true,
      }),
    );
    app.post('/api/sign-in', (req, res) => {
      Object.assign(req.session, { user: { id: 'u' } });
      res.json({});
    });
    app.get('/api/page', (_req, res) => res.json(cards));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('when every answer waits for the store to move the expiry on, then each arrives compressed and whole', async () => {
    const signIn = await fetch(`${url}/api/sign-in`, { method: 'POST' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { request } = await import('node:http');
    const read = () =>
      new Promise<{ encoding: unknown; body: Buffer }>((resolve, reject) => {
        const call = request(`${url}/api/page`, { headers: { cookie, 'accept-encoding': 'br' } }, (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(parts) }));
          answer.on('error', reject);
        });
        call.on('error', reject);
        call.end();
      });
    const answers = await Promise.all(Array.from({ length: 40 }, read));
    for (const answer of answers) {
      expect(answer.encoding).toBe('br');
      expect(JSON.parse(brotliDecompressSync(answer.body).toString())).toEqual(cards);
    }
  });
});
