import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { ANONYMOUS, type AuthSuite, startAuthSuite } from './auth-suite.ts';

/** The client, the body's JSON and the garbage collector count too: 50 ms, where the stalls took seconds. */
const CALL_CPU_MS = 50;

/** The median CPU time of this process over a few calls, in milliseconds. */
async function medianCpuMs(call: () => Promise<{ status: number }>, status: number, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = process.cpuUsage();
    expect((await call()).status).toBe(status);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
}

describe.each(testBackends())('the auth service on $name', (backend) => {
  let service: AuthSuite['service'];
  let courses: AuthSuite['courses'];
  let stop: AuthSuite['stop'] | undefined;
  let gateway: ReturnType<typeof signedCaller>;

  beforeAll(async () => {
    ({ service, courses, stop } = await startAuthSuite(backend));
    gateway = signedCaller(service.url, ANONYMOUS);
  });

  afterAll(() => stop?.());

  it('when the service starts with ADMIN_EMAIL, then that administrator signs in', async () => {
    expect(service.admin).toEqual({ email: 'admin@portal.test', outcome: 'created' });
    const login = await gateway.post('/internal/login', { email: 'ADMIN@portal.test', password: 'Admin12345' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: 'admin@portal.test', isSysAdmin: true });
  });

  it('when someone registers, then the account signs in, is found by id, and a wrong password is 401', async () => {
    const account = { name: 'Lea Muster', email: `lea.${Date.now()}@example.ch`, password: 'Lantern-Orbit-Kite-42' };
    const registered = await gateway.post('/internal/register', account);
    expect(registered.status).toBe(201);
    expect(registered.body).not.toHaveProperty('passwordHash');
    expect((await gateway.post('/internal/register', account)).status).toBe(409);
    expect((await gateway.post('/internal/login', account)).body).toMatchObject({ id: registered.body.id });
    expect((await gateway.post('/internal/login', { ...account, password: 'Wrong1234' })).status).toBe(401);
    expect((await gateway.get(`/internal/users/${registered.body.id}`)).body).toMatchObject({ email: account.email });
  });

  it('when an account is deactivated or pending, then the right password is refused with 403 and its reason, and a sign-in is recorded', async () => {
    const account = { name: 'Status', email: `status.${Date.now()}@example.ch`, password: 'Lantern-Orbit-Kite-42' };
    const registered = await gateway.post('/internal/register', account);
    const users = service.database.db.selectFrom('users').where('id', '=', registered.body.id);
    expect((await gateway.post('/internal/login', account)).status).toBe(200);
    expect((await users.select('last_sign_in_at').executeTakeFirstOrThrow()).last_sign_in_at).toBeInstanceOf(Date);
    for (const [status, code] of [
      ['deactivated', 'account_deactivated'],
      ['pending', 'account_pending'],
    ] as const) {
      await service.database.db.updateTable('users').set({ status }).where('id', '=', registered.body.id).execute();
      const refused = await gateway.post('/internal/login', account);
      expect(refused).toMatchObject({ status: 403, body: { error: { code } } });
      expect((await gateway.post('/internal/login', { ...account, password: 'Wrong1234' })).status).toBe(401);
    }
  });

  it('when a user deletes the account, then user.deleted is delivered to the courses service', async () => {
    const account = { name: 'Leaving', email: `leaving.${Date.now()}@example.ch`, password: 'Lantern-Orbit-Kite-42' };
    const registered = await gateway.post('/internal/register', account);
    const user = signedCaller(service.url, { sub: registered.body.id, admin: false, lang: 'en' });
    expect((await user.delete('/api/user/delete-user', { password: account.password })).status).toBe(200);
    await service.relay?.relayNow();
    expect(courses.calls).toContainEqual(
      expect.objectContaining({
        path: '/internal/events',
        body: expect.objectContaining({ topic: EVENTS.userDeleted, payload: { userId: registered.body.id } }),
      }),
    );
    expect((await gateway.get(`/internal/users/${registered.body.id}`)).status).toBe(404);
  });

  it('when a 98 KB crafted e-mail asks for a reset, then it is refused with 400 at once, not after seconds of CPU', async () => {
    const email = `a@${'.'.repeat(98_000)} `;
    expect(await medianCpuMs(() => gateway.post('/api/user/request-password-reset', { email }), 400)).toBeLessThan(
      CALL_CPU_MS,
    );
  });

  it("when a reset names an unknown e-mail or a token that is not the account's, then the crafted password is never judged", async () => {
    const account = { name: 'Jean Dupont', email: `jean.${Date.now()}@example.ch`, password: 'Lantern-Orbit-Kite-42' };
    expect((await gateway.post('/internal/register', account)).status).toBe(201);
    const newPassword = `Aa1${'passwordqwerty1990'.repeat(8)}`.slice(0, 128);
    for (const email of ['ghost@example.ch', account.email]) {
      const reset = () => gateway.post('/internal/reset-password', { email, token: 'x'.repeat(43), newPassword });
      expect((await reset()).status).toBe(400);
      expect(await medianCpuMs(reset, 400)).toBeLessThan(CALL_CPU_MS);
    }
  });
});
