import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { OIDC_CALLBACK_PATH } from '@portal/contracts/oidc';
import { SSO_TEST_START_PATH, type SsoSettingsRequest } from '@portal/contracts/sso-settings';
import { freePort } from '@portal/kit/server';
import { testBackends } from '@portal/kit/testing/backends';
import { Browser } from './browser.ts';
import { startTestPortal, TEST_PASSWORD, type TestPortal } from './harness.ts';
import { startTestProvider, type TestProvider } from './test-provider.ts';

const JSON_HEADERS = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe.each(testBackends().slice(0, 1))('single sign-on configured by an administrator on $name', (backend) => {
  let provider: TestProvider;
  let portal: TestPortal;
  let portalUrl: string;
  let admin: Browser;
  let settings: SsoSettingsRequest;

  const send = (browser: Browser, method: string, path: string, body?: unknown) =>
    browser.go(`${portalUrl}${path}`, { method, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const isPortalPage = (url: URL) => url.origin === portalUrl && !url.pathname.startsWith('/api/');

  /** Runs a flow from `start` through the provider's login form as `login`; answers the portal page it ends on. */
  async function throughProvider(browser: Browser, start: string, login: string) {
    const form = await browser.go(`${portalUrl}${start}`, {}, isPortalPage);
    // Signed in at the provider already: it answers at once, without its form.
    if (isPortalPage(form.url)) return form.url;
    expect(form.url.pathname).toMatch(/^\/interaction\//);
    const landed = await browser.submitProviderLogin(form.url, login, isPortalPage);
    return landed.url;
  }

  beforeAll(async () => {
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    provider = await startTestProvider(portalUrl);
    portal = await startTestPortal(backend, {
      withCourses: false,
      gateway: { PORT: String(port), PUBLIC_URL: portalUrl, OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true' },
      auth: { PUBLIC_URL: portalUrl },
    });
    admin = new Browser();
    const login = await send(admin, 'POST', '/api/auth/login', { email: 'admin@portal.test', password: 'Admin12345' });
    expect(login.response.status).toBe(200);
    settings = {
      issuerUrl: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      displayName: 'Company',
      adminGroups: ['portal-admins'],
      allowedDomains: ['company.test'],
      passwordSignIn: true,
      enabled: false,
    };
  });
  afterAll(async () => {
    await portal?.stop();
    await provider?.stop();
  });

  it('when an employee asks for the settings or a test of the connection, then the answer is 403', async () => {
    const employee = new Browser();
    const registered = await send(employee, 'POST', '/api/auth/register', {
      name: 'Erin Employee',
      email: `erin.${Date.now()}@portal.test`,
      password: TEST_PASSWORD,
    });
    expect(registered.response.status).toBe(201);
    expect((await employee.json(`${portalUrl}/api/admin/sso`)).status).toBe(403);
    expect((await send(employee, 'PUT', '/api/admin/sso', settings)).response.status).toBe(403);
    expect((await employee.go(`${portalUrl}${SSO_TEST_START_PATH}`)).response.status).toBe(403);
    expect((await employee.json(`${portalUrl}/api/auth/oidc/test-result`)).status).toBe(403);
  });

  it('when the login page has just read that no provider is stored and one is saved, then a test at once uses it', async () => {
    expect((await admin.json(`${portalUrl}/config.json`)).body).not.toHaveProperty('sso');
    expect((await send(admin, 'PUT', '/api/admin/sso', settings)).response.status).toBe(200);
    const started = await admin.go(`${portalUrl}${SSO_TEST_START_PATH}`, {}, (next) => next.origin !== portalUrl);
    expect(started.url.origin).toBe(new URL(provider.issuer).origin);
  });

  it('when the settings are saved but not switched on, then the login page offers no provider', async () => {
    const saved = await send(admin, 'PUT', '/api/admin/sso', settings);
    expect(saved.response.status).toBe(200);
    expect(await saved.response.text()).not.toContain(provider.clientSecret);
    expect((await admin.json(`${portalUrl}/config.json`)).body).not.toHaveProperty('sso');
    expect((await new Browser().go(`${portalUrl}/api/auth/oidc/login`)).response.status).toBe(404);
  });

  it('when an administrator tests the connection, then the claims and their account are shown and no one is signed in or created', async () => {
    provider.account('tess', {
      email: 'tess@company.test',
      email_verified: true,
      name: 'Tess Tester',
      groups: ['portal-admins'],
    });
    const landed = await throughProvider(admin, SSO_TEST_START_PATH, 'tess');
    expect(`${landed.pathname}${landed.search}`).toBe('/admin/sso?test=done');
    const result = await admin.json(`${portalUrl}/api/auth/oidc/test-result`);
    expect(result.body).toMatchObject({
      status: 'done',
      claims: { sub: 'tess', email: 'tess@company.test', groups: ['portal-admins'] },
      mapping: { outcome: 'new', isSysAdmin: true },
    });
    expect((await admin.json(`${portalUrl}/api/auth/check-login-status`)).body).toMatchObject({
      email: 'admin@portal.test',
    });
    const users = await admin.json(`${portalUrl}/api/admin/users?q=tess`);
    expect(users.body).toEqual([]);
  });

  it('when the client secret is wrong, then the test says the sign-in failed', async () => {
    expect(
      (await send(admin, 'PUT', '/api/admin/sso', { ...settings, clientSecret: 'wrong-secret' })).response.status,
    ).toBe(200);
    const landed = await throughProvider(admin, SSO_TEST_START_PATH, 'tess');
    expect(landed.pathname).toBe('/admin/sso');
    expect((await admin.json(`${portalUrl}/api/auth/oidc/test-result`)).body).toEqual({ status: 'failed' });
  });

  it('when the provider cannot be reached, then the test says so', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect((await send(admin, 'PUT', '/api/admin/sso', { ...settings, issuerUrl: closed })).response.status).toBe(200);
    const landed = await admin.go(`${portalUrl}${SSO_TEST_START_PATH}`, {}, isPortalPage);
    expect(landed.url.pathname).toBe('/admin/sso');
    expect((await admin.json(`${portalUrl}/api/auth/oidc/test-result`)).body).toEqual({ status: 'provider' });
  });

  it('when the stored provider is switched on, then the login page offers it and an employee signs in with it', async () => {
    expect((await send(admin, 'PUT', '/api/admin/sso', { ...settings, enabled: true })).response.status).toBe(200);
    let offered: unknown;
    for (let attempt = 0; attempt < 30 && !offered; attempt += 1) {
      offered = (await new Browser().json(`${portalUrl}/config.json`)).body?.sso;
      if (!offered) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(offered).toEqual({ displayName: 'Company', passwordSignIn: true, passwordOutsideDomains: true });
    provider.account('eva', { email: 'eva@company.test', email_verified: true, name: 'Eva Employee' });
    const employee = new Browser();
    const landed = await throughProvider(employee, '/api/auth/oidc/login?next=/dashboard', 'eva');
    expect(landed.pathname).toBe('/dashboard');
    expect((await employee.json(`${portalUrl}/api/auth/check-login-status`)).body).toMatchObject({
      email: 'eva@company.test',
      name: 'Eva Employee',
    });
  });

  it('when a callback comes without a pending sign-in, then it goes to the login page', async () => {
    const landed = await new Browser().go(`${portalUrl}${OIDC_CALLBACK_PATH}?code=x&state=y`, {}, isPortalPage);
    expect(`${landed.url.pathname}${landed.url.search}`).toBe('/login?sso_error=state');
  });
});
