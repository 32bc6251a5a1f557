import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { metricsAccess } from '../src/health.ts';
import { startTestPortal, type TestPortal } from './harness.ts';

const [embedded] = testBackends();

describe('metrics, health and request ids', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(embedded!, { gateway: { METRICS_TOKEN: 'a-long-metrics-token-0123' } });
  });
  afterAll(() => portal?.stop());

  it('when traffic has passed, then /metrics counts it per route pattern and status, ids left out', async () => {
    const employee = await portal.employee();
    await employee.get('/api/courses/00000000-0000-4000-8000-000000000000');
    await employee.get('/api/auth/check-login-status');
    const metrics = await fetch(new URL('/metrics', portal.url), {
      headers: { authorization: 'Bearer a-long-metrics-token-0123' },
    });
    const text = await metrics.text();
    expect(metrics.status).toBe(200);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/courses\/\*",status="404",service="gateway"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/auth\/check-login-status",status="200"\} 1/,
    );
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');

    const courses = await (await fetch(new URL('/metrics', portal.coursesUrl))).text();
    expect(courses).toMatch(
      /http_requests_total\{method="GET",route="\/api\/courses\/:id",status="404",service="courses"\} 1/,
    );
    expect(courses).toContain('db_pool_connections{service="courses"} 1');
    expect(courses).toMatch(/outbox_pending_events\{service="courses"\} \d+/);
  });

  it('when /metrics is asked without the token, then it is refused', async () => {
    expect((await fetch(new URL('/metrics', portal.url))).status).toBe(403);
  });

  it('when a request carries an id, then the gateway and the service answer with it; otherwise one is made', async () => {
    const employee = await portal.employee();
    const given = await employee.get('/api/courses?limit=1', { headers: { 'x-request-id': 'trace-0123456789' } });
    expect(given.headers.get('x-request-id')).toBe('trace-0123456789');
    const made = await employee.get('/api/courses?limit=1');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when every service is up, then the gateway is ready, and /livez and /healthz mean alive everywhere', async () => {
    const ready = await portal.session().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', checks: { auth: 'up', courses: 'up', files: 'up', audit: 'up' } });
    for (const url of [portal.url, portal.authUrl, portal.coursesUrl ?? '']) {
      for (const path of ['/livez', '/healthz']) {
        const alive = await fetch(new URL(path, url));
        expect(alive.status).toBe(200);
        expect(await alive.json()).toEqual({ status: 'ok' });
      }
    }
    expect((await fetch(new URL('/readyz', portal.coursesUrl))).status).toBe(200);
  });
});

describe('metrics without a token', () => {
  it('when a call came through a reverse proxy on this machine, then it is not taken for a local one', async () => {
    const app = express();
    app.set('trust proxy', 1);
    app.get('/metrics', metricsAccess(undefined), (_req, res) => res.send('metrics'));
    app.use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      res.sendStatus(error.status ?? 500),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(200);
      expect((await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(403);
      expect((await fetch(url, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
      expect((await fetch(url, { headers: { forwarded: 'for=203.0.113.7' } })).status).toBe(403);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
