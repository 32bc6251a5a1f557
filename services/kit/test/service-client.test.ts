import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../src/server.ts';
import { serviceClient } from '../src/service-client.ts';
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
      let flaky = 0;
      router.get('/flaky', (req, res) => {
        flaky += 1;
        if (flaky === 1) req.socket.destroy();
        else res.json({ tries: flaky });
      });
      router.post('/cut-off', (req) => {
        req.socket.destroy();
      });
    });
  });
  afterAll(async () => {
    await service.stop();
    restoreNetwork();
  });

  it('when it calls, then the identity is signed for the call and the request id passed on', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, answerTimeoutMs: 2_000 });
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
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, answerTimeoutMs: 2_000 });
    expect((await call('/things/1?view=full', { ...caller, requestId: 'trace-client-0002' })).status).toBe(200);
    const token = service.calls.at(-1)?.identity;
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1?view=full' }, TEST_SECRET)).toMatchObject(
      caller.identity,
    );
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1?view=all' }, TEST_SECRET)).toBeNull();
    expect(verifyIdentity(token, { method: 'GET', path: '/things/1' }, TEST_SECRET)).toBeNull();
  });

  it('when it calls one service several times, then the calls share kept-alive connections', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, answerTimeoutMs: 2_000 });
    ports.length = 0;
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f'])
      await call(`/things/${id}`, { ...caller, requestId: `trace-keep-${id}-0001` });
    // undici may open a second connection before the first is free again; both are then reused.
    expect(new Set(ports).size).toBeLessThanOrEqual(2);
  });

  it('when an instance refuses the connection, then every read and write is answered by the live one, and the refusing one is asked less and less', async () => {
    const downPort = await freePort();
    const refusedAtCall: number[] = [];
    let calls = 0;
    const onConnectError = (message: unknown) => {
      const { connectParams } = message as { connectParams: { port: string } };
      if (Number(connectParams.port) === downPort) refusedAtCall.push(calls);
    };
    subscribe('undici:client:connectError', onConnectError);
    try {
      const call = serviceClient('things', `http://127.0.0.1:${downPort},${service.url}`, {
        secret: TEST_SECRET,
        answerTimeoutMs: 2_000,
      });
      const before = service.calls.length;
      for (calls = 1; calls <= 60; calls += 1) {
        const answer =
          calls % 3 === 0
            ? await call('/things', { ...caller, method: 'POST', body: { n: calls }, requestId: `trace-w-${calls}` })
            : await call(`/things/${calls}`, { ...caller, requestId: `trace-r-${calls}` });
        expect(answer.status).toBe(calls % 3 === 0 ? 201 : 200);
      }
      expect(service.calls.length - before).toBe(60);
      expect(refusedAtCall.length).toBeGreaterThan(0);
      expect(refusedAtCall.length).toBeLessThanOrEqual(10);
      expect(refusedAtCall.filter((call) => call > 40)).toEqual([]);
    } finally {
      unsubscribe('undici:client:connectError', onConnectError);
    }
  });

  it('when the connection breaks before the answer, then a read is asked once more and a write is not sent twice', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, answerTimeoutMs: 2_000 });
    expect(await call('/flaky', { ...caller, requestId: 'trace-flaky-0001' })).toEqual({
      status: 200,
      body: { tries: 2 },
    });
    await expect(
      call('/cut-off', { ...caller, method: 'POST', body: { name: 'y' }, requestId: 'trace-cut-0001' }),
    ).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(service.calls.filter((received) => received.path === '/cut-off')).toHaveLength(1);
  });

  it('when every instance is down, then the call fails with 503 service_unavailable', async () => {
    const call = serviceClient('things', `http://127.0.0.1:${await freePort()}`, {
      secret: TEST_SECRET,
      answerTimeoutMs: 2_000,
    });
    await expect(call('/things/3', { ...caller, requestId: 'trace-down-0001' })).rejects.toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'The things service is not available right now',
    });
  });

  it('when the service does not answer in time, then 503; when it answers unreadable JSON, then 502', async () => {
    const call = serviceClient('things', service.url, { secret: TEST_SECRET, answerTimeoutMs: 300 });
    await expect(call('/slow', { ...caller, requestId: 'trace-slow-0001' })).rejects.toMatchObject({ status: 503 });
    await expect(call('/garbled', { ...caller, requestId: 'trace-garbled-0001' })).rejects.toMatchObject({
      status: 502,
      code: 'bad_gateway',
    });
  });
});
