import { type PortalBesideProvider, startPortalBesideProvider } from '../support/portal-beside-provider.ts';
import { expect, test } from '../support/portal.ts';

// A portal of its own with single sign-on, beside the suite's (which stays without it): on E2E_PORT + 1.
const portalUrl = `http://localhost:${Number(process.env.E2E_PORT ?? '8181') + 1}`;

const ENVIRONMENT_SCIM_TOKEN = 'e2e-environment-scim-token-0123456789abcdef';

let sso: PortalBesideProvider;

test.describe('single sign-on through the company provider', () => {
  test.describe.configure({ timeout: 300_000 });
  test.use({ baseURL: portalUrl });

  test.beforeAll(async () => {
    // A whole portal starts here: the migrations and the first PGlite start take a while under load.
    test.setTimeout(300_000);
    sso = await startPortalBesideProvider(portalUrl, {
      dataDirPrefix: 'portal-e2e-sso-',
      env: (provider) => ({
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_DISPLAY_NAME: 'Company',
        OIDC_ADMIN_GROUPS: 'portal-admins',
        OIDC_ALLOWED_DOMAINS: 'company.test',
        // A directory's token from the environment: /admin/scim lists it without its value.
        SCIM_TOKEN: ENVIRONMENT_SCIM_TOKEN,
      }),
    });
  });

  test.afterAll(() => sso?.stop());

  test('when an employee opens /dashboard signed out and signs in at the provider, then they land on /dashboard', async ({
    page,
  }) => {
    sso.provider.account('eva', { email: 'eva@company.test', email_verified: true, name: 'Eva Employee' });
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?next=%2Fdashboard');
    await page.getByRole('link', { name: 'Sign in with Company' }).click();
    await page.getByLabel('Login').fill('eva');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${portalUrl}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Welcome, Eva Employee!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create course' })).toHaveCount(0);
  });

  test('when the provider says the user is in the administrators group, then they see the administrator navigation', async ({
    page,
  }) => {
    sso.provider.account('ada', {
      email: 'ada@company.test',
      email_verified: true,
      name: 'Ada Admin',
      groups: ['portal-admins'],
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Company' }).click();
    await page.getByLabel('Login').fill('ada');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${portalUrl}/dashboard`);
    await expect(page.getByRole('link', { name: 'Create course' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Categories' })).toBeVisible();
  });

  test('when the e-mail domain is not allowed, then the login page says so in words', async ({ page }) => {
    sso.provider.account('outsider', { email: 'out@elsewhere.test', email_verified: true, name: 'Out Sider' });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Company' }).click();
    await page.getByLabel('Login').fill('outsider');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login?sso_error=domain');
    await expect(page.getByRole('alert')).toHaveText('Your e-mail address is not allowed to sign in to this portal.');
  });

  test('when an administrator opens SSO and SCIM set by the environment, then SSO shows both redirect URIs and tests the connection, and SCIM lists the environment’s token and copies a new one', async ({
    page,
    context,
  }) => {
    sso.provider.account('olga', {
      email: 'olga@company.test',
      email_verified: true,
      name: 'Olga Operator',
      groups: ['portal-admins'],
    });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Company' }).click();
    await page.getByLabel('Login').fill('olga');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${portalUrl}/dashboard`);

    await test.step('/admin/sso in environment mode: the post-logout redirect URI and "Test connection"', async () => {
      await page.goto('/admin/sso');
      await expect(page.getByText(/come from the environment/)).toBeVisible();
      await expect(page.getByText(`${portalUrl}/api/auth/oidc/callback`)).toBeVisible();
      await expect(page.getByText('Post-logout redirect URI')).toBeVisible();
      await expect(page.getByText(`${portalUrl}/`, { exact: true })).toBeVisible();
      // Olga is still signed in at the provider: the popup goes through it and back without a form.
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(
        page
          .getByRole('region', { name: 'Result of the test' })
          .getByText(
            'These claims sign in to the existing account Olga Operator (olga@company.test), as a system administrator.',
          ),
      ).toBeVisible();
    });

    await test.step('/admin/scim: SCIM_TOKEN listed as the environment’s, a new token copied', async () => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/admin/scim');
      const environmentRow = page.getByRole('row', { name: /SCIM_TOKEN/ });
      await expect(environmentRow).toContainText('From the environment');
      await expect(page.getByText(ENVIRONMENT_SCIM_TOKEN)).toHaveCount(0);
      await page.getByLabel('Name').fill('Entra ID');
      await page.getByRole('button', { name: 'Generate token' }).click();
      const secret = await page.getByLabel('New token').textContent();
      await page.getByRole('button', { name: 'Copy token' }).click();
      await expect(page.getByText('Copied', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    });
  });
});
