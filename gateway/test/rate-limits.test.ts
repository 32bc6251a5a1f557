import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { newAccount, startTestPortal, type TestPortal } from './harness.ts';

describe.each(testBackends())('rate limits on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend, {
      gateway: {
        LOGIN_LIMIT_PER_ACCOUNT: '3',
        LOGIN_LIMIT_PER_ADDRESS: '8',
        REGISTER_LIMIT_PER_ADDRESS: '50',
        RESET_LIMIT_PER_ADDRESS: '2',
      },
    });
  });
  afterAll(() => portal?.stop());

  it('when an account has too many failed logins from one address, then even the right password waits, with Retry-After', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await portal.session().post('/api/auth/login', { ...account, password: 'Wrong1234' })).status).toBe(401);
    }
    const blocked = await portal.session().post('/api/auth/login', account);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const other = newAccount();
    await portal.session().post('/api/auth/register', other);
    expect((await portal.session().post('/api/auth/login', other)).status).toBe(200);
  });

  it('when an address fails logins across many accounts, then the address is limited', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await portal.session().post('/api/auth/login', { email: `spray${attempt}@example.ch`, password: 'Wrong1234' });
    }
    const blocked = await portal
      .session()
      .post('/api/auth/login', { email: 'spray-last@example.ch', password: 'Wrong1234' });
    expect(blocked.status).toBe(429);
  });

  it('when reset requests come too often from one address, then they are refused with 429', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await portal.session().post('/api/user/request-password-reset', { email: 'someone@example.ch' })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('when reset links are checked too often from one address, then the checks are refused with 429', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push(
        (await portal.session().get(`/api/user/reset-password/status?token=made-up-token-${attempt}`)).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
