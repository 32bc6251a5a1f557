import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { startTestPortal, type TestPortal } from './harness.ts';

const [embedded] = testBackends();

/** A slice container as in the compose stack: serves its files under its path, the shell with an SPA fallback. */
function sliceContainer(version: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (/mf-stats\.json/.test(decodeURIComponent(req.url ?? ''))) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ buildPath: '/home/builder/portal' }));
      return;
    }
    if (req.url === '/mfe/courses/mf-manifest.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      res.end(JSON.stringify({ id: 'courses', version }));
      return;
    }
    if (req.url?.startsWith('/mfe/')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>shell ${version}</title>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('slices served by their own containers behind the gateway', () => {
  let portal: TestPortal;
  let container: Server;
  beforeAll(async () => {
    container = await sliceContainer('v2');
    const url = `http://127.0.0.1:${(container.address() as AddressInfo).port}`;
    portal = await startTestPortal(embedded!, {
      withCourses: false,
      gateway: { SHELL_UPSTREAM: url, MFE_COURSES_UPSTREAM: url, MFE_EDITOR_UPSTREAM: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    if (container) await new Promise((resolve) => container.close(resolve));
  });

  it('when a slice has an upstream, then its files come from there with their cache headers', async () => {
    const manifest = await portal.session().get('/mfe/courses/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.body).toEqual({ id: 'courses', version: 'v2' });
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await portal.session().get('/mfe/courses/missing.js')).status).toBe(404);
  });

  it('when the shell has an upstream, then every page path is answered by it, and the API stays the gateway’s', async () => {
    const page = await portal.session().get('/course/123');
    expect(page.text).toContain('shell v2');
    expect((await portal.session().get('/api/auth/check-login-status')).status).toBe(401);
    expect((await portal.session().get('/config.json')).body.remotes.courses).toBe('/mfe/courses/mf-manifest.json');
  });

  it('when anyone asks for the build statistics, in any spelling, then they are not served', async () => {
    for (const path of [
      '/mf-stats.json',
      '/mfe/courses/mf-stats.json',
      '/mfe/courses/mf-stats.json.br',
      '/mfe/courses/mf-stats.json.gz',
      '/mfe/courses/mf%2Dstats.json',
    ]) {
      const stats = await portal.session().get(path);
      expect({ path, status: stats.status }).toEqual({ path, status: 404 });
      expect(stats.text).not.toContain('/home/builder');
    }
  });

  it('when a slice container is down, then its files answer 503 and the rest keeps working', async () => {
    const down = await portal.session().get('/mfe/editor/mf-manifest.json');
    expect(down.status).toBe(503);
    expect((await portal.session().get('/login')).status).toBe(200);
  });
});
