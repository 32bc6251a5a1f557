import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { IDLE_EXPIRY_STEP_MS, SESSION_COOKIE, signedSessionId } from '../src/session.ts';
import { startTestPortal, type TestPortal } from './harness.ts';

const [embedded] = testBackends();
const SECRET = 'the-session-secret-of-the-test-portal!';

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
      gateway: { SESSION_SECRET: SECRET, SESSION_IDLE_MINUTES: '120', SESSION_ABSOLUTE_HOURS: '1' },
    });
  });
  afterAll(() => portal?.stop());

  it('when the cookie is the one express-session signed, then its id is read; tampered, unsigned or absent, it is not', async () => {
    const employee = await portal.employee();
    const cookie = employee.cookies.get(SESSION_COOKIE) ?? '';
    const sid = signedSessionId(`theme=dark; ${SESSION_COOKIE}=${cookie}`, SECRET);
    expect(sid).toMatch(/^[\w-]{20,}$/);
    expect(decodeURIComponent(cookie)).toBe(`s:${sid}.${decodeURIComponent(cookie).split('.').pop()}`);

    expect(signedSessionId(`${SESSION_COOKIE}=${cookie}`, `${SECRET}-other`)).toBeUndefined();
    expect(signedSessionId(`${SESSION_COOKIE}=${cookie.replace(/.(%2E|\.)/i, 'x$1')}`, SECRET)).toBeUndefined();
    expect(signedSessionId(`${SESSION_COOKIE}=${sid}`, SECRET)).toBeUndefined();
    expect(signedSessionId(`${SESSION_COOKIE}=%E0%A4%A`, SECRET)).toBeUndefined();
    expect(signedSessionId('theme=dark', SECRET)).toBeUndefined();
    expect(signedSessionId(undefined, SECRET)).toBeUndefined();
    // As express-session reads it: the first cookie of the name counts, so a forged one in front wins and fails.
    expect(signedSessionId(`${SESSION_COOKIE}=s%3Aforged.sig; ${SESSION_COOKIE}=${cookie}`, SECRET)).toBeUndefined();
    expect(signedSessionId(`${SESSION_COOKIE}="${cookie}"`, SECRET)).toBe(sid);
  });

  it('when a signed-in user only reads courses, then the idle expiry still moves on once a minute', async () => {
    const employee = await portal.employee();
    const soon = await employee.get('/api/courses?page=0&pageSize=24');
    expect(soon.status).toBe(200);
    expect(soon.headers.getSetCookie()).toEqual([]);

    const moved = await later(IDLE_EXPIRY_STEP_MS + 1000, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(moved.status).toBe(200);
    expect(moved.headers.getSetCookie()).toEqual([expect.stringMatching(/^portal\.sid=/)]);
    const again = await later(IDLE_EXPIRY_STEP_MS + 2000, () => employee.get('/api/categories'));
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('when a session is past its absolute timeout, then a read is refused and the session is over', async () => {
    const employee = await portal.employee();
    expect((await employee.get('/api/categories')).status).toBe(200);
    const pastTimeout = 60 * 60_000 + 1000;
    const read = await later(pastTimeout, () => employee.get('/api/courses?page=0&pageSize=24'));
    expect(read.status).toBe(401);
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(401);
  });

  it('when a cookie read before outlives its session, then it reads as a visitor', async () => {
    const employee = await portal.employee();
    const cookie = employee.cookies.get(SESSION_COOKIE) ?? '';
    expect((await employee.get('/api/courses?page=0&pageSize=24')).status).toBe(200);
    expect((await employee.post('/api/auth/logout')).status).toBe(200);
    employee.cookies.set(SESSION_COOKIE, cookie);
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
