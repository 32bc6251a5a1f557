import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../src/server.ts';
import { serviceClient } from '../src/service-client.ts';
import { serviceTargets } from '../src/service-targets.ts';
import { blockOutboundNetwork, fakeService, TEST_SECRET } from '../src/testing/component.ts';
import { verifyIdentity } from '../src/identity.ts';

const caller = { identity: { sub: '00000000-0000-4000-8000-00000000000e', admin: false, lang: 'de' as const } };

describe('the internal service client', () => {
  let restoreNetwork: () => void;
  let service: Awaited<ReturnType<typeof fakeService>>;
  const ports: number[] = [];

  beforeAll(async () => {
    restoreNetwork = blockOutboundNetwork();
    service = await fakeService((router) => {
      router.get('/things/:id', (req, res) => {
        ports.push(req.socket.remotePort ?? 0);
        res.json({ id: req.params.id });
      });
      router.post('/things', (req, res) => {
        res.status(201).json(req.body);
      });
      router.get('/garbled', (_req, res) => {
        res.type('json').send('{not json');
      });
      router.get('/slow', () => undefined);
    });
  });
  afterAll(async () => {
    await service.stop();
    restoreNetwork();
  });

  it('when it calls, then the identity is signed for the call and the request id passed on', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, timeoutMs: 2_000 });
    const answer = await call('/things/1', { ...caller, requestId: 'trace-client-0001' });
    expect(answer).toEqual({ status: 200, body: { id: '1' } });
    const received = service.calls.at(-1);
    expect(received?.requestId).toBe('trace-client-0001');
    expect(verifyIdentity(received?.identity, { method: 'GET', path: '/things/1' }, TEST_SECRET)).toMatchObject(
      caller.identity,
    );
    // The same token is worth nothing for another call.
    expect(verifyIdentity(received?.identity, { method: 'GET', path: '/things/2' }, TEST_SECRET)).toBeNull();
    expect(verifyIdentity(received?.identity, { method: 'DELETE', path: '/things/1' }, TEST_SECRET)).toBeNull();
  });

  it('when it calls with a query string, then the identity holds for that query alone', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, timeoutMs: 2_000 });
    expect((await call('/things/1?view=full', { ...caller, requestId: 'trace-client-0002' })).status).toBe(200);
    const token = service.calls.at(-1)?.identity;
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1?view=full' }, TEST_SECRET)).toMatchObject(
      caller.identity,
    );
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1?view=all' }, TEST_SECRET)).toBeNull();
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1' }, TEST_SECRET)).toBeNull();
  });

  it('when it calls one service several times, then it keeps one connection alive for them', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, timeoutMs: 2_000 });
    ports.length = 0;
    for (const id of ['a', 'b', 'c']) await call(`/things/${id}`, { ...caller, requestId: `trace-keep-${id}-0001` });
    expect(new Set(ports).size).toBe(1);
  });

  it('when an instance refuses the connection, then a read and a write go to the next instance once, and it is skipped after', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const targets = serviceTargets(`${down},${service.url}`);
    const call = serviceClient('things', targets, { secret: TEST_SECRET, timeoutMs: 2_000 });
    expect((await call('/things/2', { ...caller, requestId: 'trace-retry-0001' })).status).toBe(200);
    const written = await call('/things', {
      ...caller,
      method: 'POST',
      body: { name: 'x' },
      requestId: 'trace-retry-0002',
    });
    expect(written).toEqual({ status: 201, body: { name: 'x' } });
    expect([targets.next(), targets.next()]).toEqual([service.url, service.url]);
  });

  it('when every instance is down, then the call fails with 503 service_unavailable', async () => {
    const call = serviceClient('things', `http://127.0.0.1:${await freePort()}`, {
      secret: TEST_SECRET,
      timeoutMs: 2_000,
    });
    await expect(call('/things/3', { ...caller, requestId: 'trace-down-0001' })).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'The things service is not available right now',
    });
  });

  it('when the service does not answer in time, then 503; when it answers unreadable JSON, then 502', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, timeoutMs: 300 });
    await expect(call('/slow', { ...caller, requestId: 'trace-slow-0001' })).rejects.toMatchObject({ status: 503 });
    await expect(call('/garbled', { ...caller, requestId: 'trace-garbled-0001' })).rejects.toMatchObject({
      status: 502,
      code: 'bad_gateway',
    });
  });
});
