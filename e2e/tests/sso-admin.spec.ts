import path from 'node:path';
import { type PortalBesideProvider, startPortalBesideProvider } from '../support/portal-beside-provider.ts';
import { ADMIN, expect, test } from '../support/portal.ts';

// A portal of its own without OIDC_* in its environment, so that an administrator configures the provider in the
// UI: on E2E_PORT + 50, clear of sso.spec.ts (+ 1) and of suites that run beside on neighbouring ports.
const port = Number(process.env.E2E_PORT ?? '8181') + 50;
const portalUrl = `http://localhost:${port}`;
const root = path.resolve(import.meta.dirname, '../..');

let sso: PortalBesideProvider;

test.describe('single sign-on configured by an administrator', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ baseURL: portalUrl });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Another portal answering there would be tested in this one's place.
    if (await fetch(`${portalUrl}/readyz`).catch(() => undefined)) throw new Error(`port ${port} is taken`);
    const { OIDC_ISSUER_URL: _issuer, OIDC_CLIENT_ID: _client, ...inherited } = process.env;
    sso = await startPortalBesideProvider(portalUrl, {
      dataDirPrefix: 'portal-e2e-sso-admin-',
      inherited,
      env: () => ({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    });
  });

  test.afterAll(() => sso?.stop());

  test('when an administrator enters the provider, tests it and switches it on, then an employee signs in with it', async ({
    page,
    browser,
  }) => {
    sso.provider.account('tess', {
      email: 'tess@company.test',
      email_verified: true,
      name: 'Tess Tester',
      groups: ['portal-admins'],
    });
    const login = await page.request.post('/api/auth/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.ok()).toBe(true);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Single sign-on' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Single sign-on' })).toBeVisible();
    await expect(page.getByText(`${portalUrl}/api/auth/oidc/callback`)).toBeVisible();

    const issuer = page.getByLabel('Issuer or discovery URL');
    await issuer.fill('idp.company.test');
    await page.getByLabel('Client ID').fill(sso.provider.clientId);
    await page.getByLabel('Client secret').fill(sso.provider.clientSecret);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(issuer).toHaveAccessibleDescription(/Please enter a full URL starting with https:\/\//);
    await expect(page.getByLabel('Display name')).toHaveAccessibleDescription(/Please enter a display name\./);
    await expect(page.getByLabel('Client ID')).toHaveValue(sso.provider.clientId);

    await issuer.fill(sso.provider.issuer);
    await page.getByLabel('Display name').fill('Company');
    await page.getByLabel('Administrator groups').fill('portal-admins');
    await page.getByLabel('Allowed e-mail domains').fill('company.test');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const popup = await popupOpened;
    await popup.getByLabel('Login').fill('tess');
    await popup.getByRole('button', { name: 'Sign in' }).click();

    const result = page.getByRole('region', { name: 'Result of the test' });
    await expect(
      result.getByText('These claims would create a new account for tess@company.test, as a system administrator.'),
    ).toBeVisible();
    await expect(result.getByText('"email": "tess@company.test"')).toBeVisible();
    await expect(page.getByText('Saved, not switched on')).toBeVisible();
    await page.screenshot({ path: path.join(root, 'test-results', 'sso-admin-test-result.png'), fullPage: true });
    // The test signed no one in: the administrator's session is still theirs, and no account was made.
    expect(await (await page.request.get('/api/auth/check-login-status')).json()).toMatchObject({ email: ADMIN.email });
    const users = await page.request.get('/api/admin/users?q=tess');
    expect(await users.json()).toEqual([]);

    await page.getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByText('Switched on: the login page offers it')).toBeVisible();

    sso.provider.account('eva', { email: 'eva@company.test', email_verified: true, name: 'Eva Employee' });
    const visitor = await (await browser.newContext({ baseURL: portalUrl })).newPage();
    // Every gateway asks the auth service again after 5 s; on a loaded machine the login page alone can take
    // several seconds to draw, so each look waits for it.
    await expect(async () => {
      await visitor.goto('/login');
      await expect(visitor.getByRole('link', { name: 'Sign in with Company' })).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await visitor.getByRole('link', { name: 'Sign in with Company' }).click();
    await visitor.getByLabel('Login').fill('eva');
    await visitor.getByRole('button', { name: 'Sign in' }).click();
    await expect(visitor).toHaveURL(`${portalUrl}/dashboard`);
    await expect(visitor.getByRole('heading', { name: 'Welcome, Eva Employee!' })).toBeVisible();
  });
});
