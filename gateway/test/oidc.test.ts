import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '@portal/kit/server';
import { testBackends } from '@portal/kit/testing/backends';
import { newAccount, startTestPortal, TEST_PASSWORD, type TestPortal } from './harness.ts';
import { startTamperingProvider } from './tampering-provider.ts';
import { startTestProvider, type TestProvider } from './test-provider.ts';
import { Browser } from './browser.ts';

const CALLBACK = '/api/auth/oidc/callback';

describe.each(testBackends())('single sign-on through an OpenID Connect provider on $name', (backend) => {
  let provider: TestProvider;
  let portal: TestPortal;
  let portalUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    provider = await startTestProvider(portalUrl);
    portal = await startTestPortal(backend, {
      withCourses: false,
      gateway: {
        PORT: String(port),
        PUBLIC_URL: portalUrl,
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_DISPLAY_NAME: 'Company',
        OIDC_PASSWORD_SIGN_IN: 'false',
        OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true',
      },
      auth: {
        OIDC_ALLOWED_DOMAINS: 'Company.test,portal.test',
        OIDC_ADMIN_GROUPS: 'portal-admins',
        OIDC_PASSWORD_SIGN_IN: 'false',
      },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await provider?.stop();
  });

  const isCallback = (url: URL) => url.origin === portalUrl && url.pathname === CALLBACK;
  const isPortalPage = (url: URL) => url.origin === portalUrl && !url.pathname.startsWith('/api/');

  /** Starts a sign-in and signs in at the provider; answers the callback address the provider sent back. */
  async function throughProvider(browser: Browser, login: string, tamper: (authorize: URL) => URL = (url) => url) {
    const started = await browser.go(`${portalUrl}/api/auth/oidc/login?next=/courses?page=2`, {}, (url) =>
      url.pathname.endsWith('/auth'),
    );
    const form = await browser.go(tamper(started.url).href);
    expect(form.url.pathname).toMatch(/^\/interaction\//);
    const callback = await browser.submitProviderLogin(form.url, login, isCallback);
    expect(isCallback(callback.url)).toBe(true);
    return callback.url;
  }

  /** Where the portal sends the browser after this callback. */
  const landing = async (browser: Browser, callback: URL) => (await browser.go(callback.href, {}, isPortalPage)).url;

  let counter = 0;
  const employee = (claims: Partial<Parameters<TestProvider['account']>[1]> = {}) => {
    counter += 1;
    const login = `employee-${counter}-${Date.now()}`;
    provider.account(login, { email: `${login}@company.test`, email_verified: true, name: 'Eva Employee', ...claims });
    return login;
  };

  it('when an employee signs in for the first time, then an account is made from the claims and they land on the page asked for', async () => {
    const browser = new Browser();
    const login = employee({ locale: 'de-CH', name: 'Eva Beispiel' });
    const landed = await landing(browser, await throughProvider(browser, login));
    expect(`${landed.pathname}${landed.search}`).toBe('/courses?page=2');
    const status = await browser.json(`${portalUrl}/api/auth/check-login-status`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      email: `${login}@company.test`,
      name: 'Eva Beispiel',
      language: 'de',
      isSysAdmin: false,
    });
  });

  it('when the employee signs in again with changed claims, then the same account follows them, keeping its language', async () => {
    const login = employee({ name: 'Old Name' });
    const first = new Browser();
    await landing(first, await throughProvider(first, login));
    const before = await first.json(`${portalUrl}/api/auth/check-login-status`);
    provider.account(login, {
      email: `${login}.new@company.test`,
      email_verified: true,
      name: 'New Name',
      locale: 'fr',
    });
    const second = new Browser();
    await landing(second, await throughProvider(second, login));
    const after = await second.json(`${portalUrl}/api/auth/check-login-status`);
    expect(after.body).toMatchObject({
      id: before.body?.id,
      name: 'New Name',
      email: `${login}.new@company.test`,
      language: 'en',
    });
  });

  it('when the groups claim holds an administrators group, then the account is a system administrator', async () => {
    const browser = new Browser();
    await landing(browser, await throughProvider(browser, employee({ groups: ['staff', 'portal-admins'] })));
    expect((await browser.json(`${portalUrl}/api/auth/check-login-status`)).body).toMatchObject({ isSysAdmin: true });
  });

  it('when someone registered the address with a password before and the person signs in through the provider, then the provider takes the account over: its password is gone and the registrant’s session ends', async () => {
    const login = employee({ groups: ['portal-admins'] });
    const registrant = portal.session();
    const created = await registrant.post('/api/auth/register', newAccount());
    expect(created.status).toBe(201);
    // Registered before the provider was configured, when the company's addresses could still register.
    await portal.authDb
      .updateTable('users')
      .set({ email: `${login}@company.test` })
      .where('id', '=', created.body.id)
      .execute();
    const browser = new Browser();
    await landing(browser, await throughProvider(browser, login));
    const signedIn = await browser.json(`${portalUrl}/api/auth/check-login-status`);
    expect(signedIn.body).toMatchObject({ id: created.body.id, isSysAdmin: false });
    expect((await registrant.get('/api/auth/check-login-status')).status).toBe(401);
    const row = await portal.authDb
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
  });

  it('when another subject of the provider comes with the e-mail of a linked account, then it does not take the account over', async () => {
    const first = employee();
    const browser = new Browser();
    await landing(browser, await throughProvider(browser, first));
    const second = employee();
    provider.account(second, { email: `${first}@company.test`, email_verified: true, name: 'Someone Else' });
    const other = new Browser();
    const landed = await landing(other, await throughProvider(other, second));
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=failed');
    expect((await other.json(`${portalUrl}/api/auth/check-login-status`)).status).toBe(401);
  });

  it('when password sign-in is off for the company domain, then a company address is refused with 403 but the break-glass administrator signs in', async () => {
    const login = employee();
    const registration = await portal
      .session()
      .post('/api/auth/register', { name: 'Eva', email: `${login}@company.test`, password: TEST_PASSWORD });
    expect(registration.status).toBe(403);
    expect(registration.body.error.code).toBe('password_sign_in_off');
    const refused = await portal
      .session()
      .post('/api/auth/login', { email: `${login}@COMPANY.test`, password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('password_sign_in_off');
    await expect(portal.admin()).resolves.toBeDefined();
  });

  it('when the provider has not verified the e-mail, then sign-in is refused with sso_error=unverified and no session', async () => {
    const browser = new Browser();
    const landed = await landing(browser, await throughProvider(browser, employee({ email_verified: false })));
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=unverified');
    expect((await browser.json(`${portalUrl}/api/auth/check-login-status`)).status).toBe(401);
  });

  it('when the e-mail is outside OIDC_ALLOWED_DOMAINS, then sign-in is refused with sso_error=domain', async () => {
    const browser = new Browser();
    const login = employee();
    provider.account(login, { email: `${login}@elsewhere.test`, email_verified: true, name: 'Eve Else' });
    const landed = await landing(browser, await throughProvider(browser, login));
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=domain');
  });

  it('when the callback carries another state, then sign-in is refused with sso_error=state without asking the provider', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, employee());
    callback.searchParams.set('state', 'forged-state');
    const landed = await landing(browser, callback);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=state');
    expect((await browser.json(`${portalUrl}/api/auth/check-login-status`)).status).toBe(401);
  });

  it('when a callback comes without a sign-in started in this browser, then it is refused with sso_error=state', async () => {
    const victim = new Browser();
    const callback = await throughProvider(victim, employee());
    const attacker = new Browser();
    const landed = await landing(attacker, callback);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=state');
  });

  it('when a used code is replayed in a new sign-in, then the provider refuses it and sign-in fails with sso_error=failed', async () => {
    const browser = new Browser();
    const login = employee();
    const used = await throughProvider(browser, login);
    await landing(browser, used);
    // A new browser, so that the provider asks for the login again and a new sign-in starts at the portal.
    const again = new Browser();
    const replayed = new URL(await throughProvider(again, login));
    replayed.searchParams.set('code', used.searchParams.get('code') ?? '');
    const landed = await landing(again, replayed);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=failed');
  });

  it('when the ID token carries another nonce than the one sent, then sign-in fails with sso_error=failed', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, employee(), (authorize) => {
      const tampered = new URL(authorize);
      tampered.searchParams.set('nonce', 'another-nonce');
      return tampered;
    });
    const landed = await landing(browser, callback);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=failed');
    expect((await browser.json(`${portalUrl}/api/auth/check-login-status`)).status).toBe(401);
  });

  it('when the authorization response names another issuer (iss), then sign-in fails with sso_error=failed', async () => {
    const browser = new Browser();
    const callback = await throughProvider(browser, employee());
    callback.searchParams.set('iss', 'http://127.0.0.1:9/another-issuer');
    const landed = await landing(browser, callback);
    expect(`${landed.pathname}${landed.search}`).toBe('/login?sso_error=failed');
  });

  it('when the next path leads off the portal, then the employee lands on / instead', async () => {
    const browser = new Browser();
    const started = await browser.go(`${portalUrl}/api/auth/oidc/login?next=//evil.test/x`, {}, (url) =>
      url.pathname.endsWith('/auth'),
    );
    const form = await browser.go(started.url.href);
    const callback = await browser.submitProviderLogin(form.url, employee(), isCallback);
    expect((await landing(browser, callback.url)).href).toBe(`${portalUrl}/`);
  });

  it('when a provider user signs out, then the portal session ends and the browser is sent to the provider logout', async () => {
    const browser = new Browser();
    await landing(browser, await throughProvider(browser, employee()));
    const { response } = await browser.go(`${portalUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const body = (await response.json()) as { endSessionUrl?: string };
    const endSession = new URL(body.endSessionUrl ?? '');
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${portalUrl}/`);
    expect(endSession.searchParams.get('id_token_hint')).toEqual(expect.any(String));
    expect((await browser.json(`${portalUrl}/api/auth/check-login-status`)).status).toBe(401);
  });
});

describe('single sign-on while the provider is down', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(testBackends()[0]!, {
      withCourses: false,
      // Port 9 (discard) has no listener here: a provider that is down.
      gateway: {
        OIDC_ISSUER_URL: 'http://127.0.0.1:9',
        OIDC_CLIENT_ID: 'portal',
        OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true',
      },
    });
  });
  afterAll(() => portal?.stop());

  it('when the provider cannot be reached, then the portal still starts and sign-in sends the browser to /login?sso_error=provider', async () => {
    const response = await fetch(`${portal.url}/api/auth/oidc/login?next=/dashboard`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?sso_error=provider');
    await expect(portal.admin()).resolves.toBeDefined();
  });
});

describe('single sign-on with an ID token tampered by a fake token endpoint (oidc-provider signs only valid ones)', () => {
  let fake: Awaited<ReturnType<typeof startTamperingProvider>>;
  let portal: TestPortal;
  let portalUrl: string;
  beforeAll(async () => {
    fake = await startTamperingProvider();
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    portal = await startTestPortal(testBackends()[0]!, {
      withCourses: false,
      gateway: {
        PORT: String(port),
        PUBLIC_URL: portalUrl,
        OIDC_ISSUER_URL: fake.issuer,
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'fake-secret',
        OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true',
      },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await fake?.stop();
  });

  /** Runs a whole sign-in; answers where the browser lands and whether it is signed in. */
  async function signIn() {
    const browser = new Browser();
    const landed = await browser.go(
      `${portalUrl}/api/auth/oidc/login?next=/dashboard`,
      {},
      (url) => url.origin === portalUrl && !url.pathname.startsWith('/api/'),
    );
    const status = await browser.json(`${portalUrl}/api/auth/check-login-status`);
    return { landed: `${landed.url.pathname}${landed.url.search}`, signedIn: status.status === 200 };
  }

  it('when the ID token is as it should be, then the fake provider signs the employee in (the fake itself works)', async () => {
    fake.tamper({});
    expect(await signIn()).toEqual({ landed: '/dashboard', signedIn: true });
  });

  it('when the ID token names another issuer, then sign-in fails with sso_error=failed', async () => {
    fake.tamper({ iss: 'http://127.0.0.1:9' });
    expect(await signIn()).toEqual({ landed: '/login?sso_error=failed', signedIn: false });
  });

  it('when the ID token is for another client (aud), then sign-in fails with sso_error=failed', async () => {
    fake.tamper({ aud: 'another-client' });
    expect(await signIn()).toEqual({ landed: '/login?sso_error=failed', signedIn: false });
  });

  it('when the ID token has expired, then sign-in fails with sso_error=failed', async () => {
    fake.tamper({ expiresIn: -120 });
    expect(await signIn()).toEqual({ landed: '/login?sso_error=failed', signedIn: false });
  });
});
