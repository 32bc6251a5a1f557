import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { END_SESSIONS_HEADER } from '@portal/contracts/http';
import { testBackends } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { newAccount, startTestPortal, type TestPortal } from './harness.ts';

const SCIM_TOKEN = 'gateway-test-token-0123456789abcdef0123456789';
const SCIM_LIMIT = 20;

describe.each(testBackends())('SCIM through the gateway on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend, {
      withCourses: false,
      auth: { SCIM_TOKEN },
      gateway: { SCIM_LIMIT_PER_ADDRESS: String(SCIM_LIMIT) },
    });
  });
  afterAll(() => portal?.stop());

  /** A directory's call: a bearer token, SCIM's media type, no cookie and no CSRF header. */
  async function scim(method: string, path: string, body?: unknown, token = SCIM_TOKEN) {
    const response = await fetch(new URL(path, portal.url), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  it('when the directory deactivates a signed-in user with PATCH active=false, then that user’s session ends', async () => {
    const account = newAccount();
    const employee = new HttpSession(portal.url);
    const registered = await employee.post('/api/auth/register', account);
    expect((await employee.get('/api/auth/check-login-status')).status).toBe(200);
    const patched = await scim('PATCH', `/scim/v2/Users/${registered.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.active).toBe(false);
    expect(patched.headers.has(END_SESSIONS_HEADER)).toBe(false);
    expect(patched.headers.get('cache-control')).toMatch(/no-store|no-cache/);
    // The gateway ends the sessions as it relays the answer, without holding the answer back for it.
    let status = 200;
    for (let attempt = 0; attempt < 50 && status !== 401; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await employee.get('/api/auth/check-login-status')).status;
    }
    expect(status).toBe(401);
    const again = await employee.post('/api/auth/login', { email: account.email, password: account.password });
    expect(again.body).toMatchObject({ error: { code: 'account_deactivated' } });
  });

  it('when an administrator generates a token, then a directory provisions with it, without session or CSRF header', async () => {
    const admin = await portal.admin();
    const generated = await admin.post('/api/admin/scim-tokens', { label: 'Okta' });
    expect(generated.status).toBe(201);
    expect((await admin.get('/api/admin/scim-tokens')).body.baseUrl).toMatch(/\/scim\/v2$/);
    const created = await scim('POST', '/scim/v2/Users', { userName: 'provisioned@example.ch' }, generated.body.secret);
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(created.headers.get('location')).toMatch(new RegExp(`/scim/v2/Users/${created.body.id}$`));
    const employee = await portal.employee();
    expect((await employee.get('/api/admin/scim-tokens')).status).toBe(403);
  });

  it('when a call has no valid token, then it is 401 in SCIM’s shape', async () => {
    const refused = await scim('GET', '/scim/v2/Users', undefined, 'not-the-token');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
  });

  it('when an address sends more SCIM calls than its limit, then it is 429 in SCIM’s shape with Retry-After', async () => {
    let limited: Awaited<ReturnType<typeof scim>> | undefined;
    for (let call = 0; call <= SCIM_LIMIT && !limited; call += 1) {
      const answer = await scim('GET', '/scim/v2/ServiceProviderConfig');
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '429' });
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
