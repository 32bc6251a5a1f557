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
        // Each test then speaks from addresses of its own (X-Forwarded-For), as clients behind a proxy do.
        TRUST_PROXY: 'true',
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

  const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

  it('when one account gets wrong passwords from many addresses, then only the account limit reach the check, with Retry-After', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    const statuses = [];
    for (let address = 1; address <= 5; address += 1) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await portal.session().request('POST', '/api/auth/login', {
          json: { ...account, password: 'Wrong1234' },
          ...from(`198.51.100.${address}`),
        });
        statuses.push(answer.status);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const blocked = await portal
      .session()
      .request('POST', '/api/auth/login', { json: account, ...from('198.51.100.99') });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('when an address sends logins its body cannot pass, then they count for the address too', async () => {
    const address = from('198.51.100.150');
    const invalid = { email: `a@${'.'.repeat(16_000)}`, password: 'x' };
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expect((await portal.session().request('POST', '/api/auth/login', { json: invalid, ...address })).status).toBe(
        400,
      );
    }
    const account = newAccount();
    expect((await portal.session().request('POST', '/api/auth/login', { json: account, ...address })).status).toBe(429);
  });

  it('when an address is over its registration limit, then even a crafted body is refused with 429 before it is read', async () => {
    const address = from('198.51.100.200');
    const crafted = { ...newAccount(), email: `a@${'.'.repeat(15_000)} ` };
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await portal.session().request('POST', '/api/auth/register', { json: crafted, ...address })).status).toBe(
        400,
      );
    }
    const refused = await portal.session().request('POST', '/api/auth/register', { json: crafted, ...address });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
  });

  // The whole portal runs in this process with the client: the bound is 50 ms, the stall it guards against took 0.5 s.
  it('when a crafted 16 KB e-mail is registered or signed in with, then it is refused at once, not after 0.5 s of CPU', async () => {
    const crafted = `a@${'.'.repeat(16_000)} `;
    const cpuOf = async (path: string, body: unknown, address: string) => {
      const start = process.cpuUsage();
      const answer = await portal.session().request('POST', path, { json: body, ...from(address) });
      const used = process.cpuUsage(start);
      expect(answer.status).toBe(400);
      return (used.user + used.system) / 1000;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const registers = [];
    const logins = [];
    for (let run = 0; run < 5; run += 1) {
      registers.push(await cpuOf('/api/auth/register', { ...newAccount(), email: crafted }, `198.51.100.${210 + run}`));
      logins.push(await cpuOf('/api/auth/login', { email: crafted, password: 'x' }, `198.51.100.${220 + run}`));
    }
    expect(median(registers)).toBeLessThan(50);
    expect(median(logins)).toBeLessThan(50);
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
