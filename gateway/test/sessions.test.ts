import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { hasServerBackends, testBackends } from '@portal/kit/testing/backends';
import { SESSION_ALIVE_PATH } from '@portal/contracts/http';
import { SESSION_COOKIE } from '../src/session.ts';
import { startTestPortal, type TestPortal } from './harness.ts';

const [embedded, servers] = testBackends();
const describeOnServers = hasServerBackends() ? describe : describe.skip;
const SECRET = 'the-session-secret-of-the-test-portal!';
const SHORT_IDLE = { SESSION_SECRET: SECRET, SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '1' };

/** Runs `calls` with the clock moved on by `ms`. */
async function later<T>(ms: number, calls: () => Promise<T>): Promise<T> {
  const now = Date.now() + ms;
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
  try {
    return await calls();
  } finally {
    clock.mockRestore();
  }
}

describe('sessions of calls streamed to a service', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(embedded!, {
      gateway: { SESSION_SECRET: SECRET, SESSION_IDLE_MINUTES: '2', SESSION_ABSOLUTE_HOURS: '1' },
    });
  });
  afterAll(() => portal?.stop());

  it('when a signed-in user only reads, then each read past the refresh step moves the idle expiry on and the session stays', async () => {
    const employee = await portal.employee();
    for (const minutes of [1.5, 3, 4.5]) {
      const read = await later(minutes * 60_000, () => employee.get('/api/courses?page=0&pageSize=24'));
      expect(read.status).toBe(200);
      expect(read.headers.getSetCookie()).toEqual([expect.stringMatching(/^portal\.sid=/)]);
    }
    const idle = await later((4.5 + 2) * 60_000 + 1000, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(idle.status).toBe(401);
  });

  it('when a signed-in user reads again within the refresh step, then no cookie is sent and the expiry stays', async () => {
    const employee = await portal.employee();
    const refreshed = await later(10_000, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(refreshed.headers.getSetCookie()).toEqual([expect.stringMatching(/^portal\.sid=/)]);
    // Half a second on (the step is a twentieth of the 2-minute idle timeout: 6 s), however long the first call took.
    const within = await later(10_500, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(within.status).toBe(200);
    expect(within.headers.getSetCookie()).toEqual([]);
    // Idle for two minutes since the refresh: the read within the step did not move the expiry on.
    const idle = await later(10_000 + 2 * 60_000 + 1000, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(idle.status).toBe(401);
  });

  it('when a session is past its absolute timeout, then a read is refused and the session is over', async () => {
    const employee = await portal.employee();
    // Active all along, a read every 90 s (within the 2-minute idle timeout), until the hour is over.
    for (let ms = 0; ms < 60 * 60_000; ms += 90_000)
      expect((await later(ms, () => employee.get('/api/categories'))).status).toBe(200);
    const read = await later(60 * 60_000 + 1000, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(read.status).toBe(401);
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(401);
  });

  it('when an open tab asks whether its session exists, then it is told without moving the idle expiry', async () => {
    const employee = await portal.employee();
    for (const minutes of [0.5, 1, 1.5]) {
      const alive = await later(minutes * 60_000, () => employee.get(SESSION_ALIVE_PATH));
      expect(alive.body).toEqual({ signedIn: true });
      expect(alive.headers.getSetCookie()).toEqual([]);
    }
    // Two minutes after the last call that counts, the questions have not kept the session alive.
    expect((await later(2 * 60_000 + 1000, () => employee.get(SESSION_ALIVE_PATH))).body).toEqual({ signedIn: false });
    expect((await later(2 * 60_000 + 1000, () => employee.get('/api/categories'))).status).toBe(401);
  });

  it('when the session was ended elsewhere, then the open tab’s question answers that it is gone', async () => {
    const employee = await portal.employee();
    const cookie = employee.cookies.get(SESSION_COOKIE) ?? '';
    expect((await employee.post('/api/auth/logout')).status).toBe(200);
    employee.cookies.set(SESSION_COOKIE, cookie);
    expect((await employee.get(SESSION_ALIVE_PATH)).body).toEqual({ signedIn: false });
  });

  it('when a cookie read before outlives its session, then it reads as a visitor', async () => {
    const employee = await portal.employee();
    const cookie = employee.cookies.get(SESSION_COOKIE) ?? '';
    expect((await employee.get('/api/courses?page=0&pageSize=24')).status).toBe(200);
    expect((await employee.post('/api/auth/logout')).status).toBe(200);
    employee.cookies.set(SESSION_COOKIE, cookie);
    expect((await employee.get('/api/courses?page=0&pageSize=24')).status).toBe(401);
  });

  it('when the account’s sessions were ended outside a request (a start-up taking it over), then a session begun before ends at its next check', async () => {
    const employee = await portal.employee();
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(200);
    await portal.authDb
      .updateTable('users')
      .set({ sessions_ended_at: new Date() })
      .where('id', '=', employee.userId)
      .execute();
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(401);
    expect((await employee.get('/api/courses?page=0&pageSize=24')).status).toBe(401);
  });

  it('when the cookie is forged, then a read is the call of a visitor', async () => {
    const employee = await portal.employee();
    const cookie = employee.cookies.get(SESSION_COOKIE) ?? '';
    employee.cookies.set(
      SESSION_COOKIE,
      cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
    );
    expect((await employee.get('/api/courses?page=0&pageSize=24')).status).toBe(401);
  });
});

describeOnServers('sessions in Redis under load', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(servers!, { gateway: SHORT_IDLE });
  });
  afterAll(() => portal?.stop());

  it('when many signed-in reads cross the idle refresh at once, then every answer arrives whole', async () => {
    const employees = await Promise.all(Array.from({ length: 8 }, () => portal.employee()));
    const paths = ['/api/courses?page=0&pageSize=24', '/api/auth/check-login-status', '/api/categories'];
    const round = () =>
      Promise.allSettled(
        employees.flatMap((employee) =>
          Array.from({ length: 12 }, async (_, call) => {
            const answer = await employee.get(paths[call % paths.length] as string);
            return answer.status;
          }),
        ),
      );
    const before = await round();
    // Past the step at which the old gateway moved the expiry on, the whole load again.
    const after = await later(61_000, round);
    const outcomes = [...before, ...after];
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 0))).toEqual(
      outcomes.map(() => 200),
    );
  });
});
