import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { testBackends } from '@portal/kit/testing/backends';
import { newAccount, startTestPortal, type TestPortal } from './harness.ts';

describe.each(testBackends())('signing in through the gateway on $name', (backend) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(backend, { withCourses: false });
  });
  afterAll(() => portal?.stop());

  it('when someone registers, then they are signed in, and logging out signs them out', async () => {
    const browser = portal.session();
    const account = newAccount();
    const registered = await browser.post('/api/auth/register', { ...account, language: 'fr' });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      id: expect.any(String),
      name: account.name,
      email: account.email,
      language: 'fr',
      isSysAdmin: false,
      hasPassword: true,
    });
    const status = await browser.get('/api/auth/check-login-status');
    expect(status.status).toBe(200);
    expect(status.body.id).toBe(registered.body.id);

    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    expect((await browser.get('/api/auth/check-login-status')).status).toBe(401);
  });

  it('when a visitor asks with optional=true, then the login status is null with 200; without it, 401 as the spec says', async () => {
    const visitor = portal.session();
    const optional = await visitor.get('/api/auth/check-login-status?optional=true');
    expect(optional.status).toBe(200);
    expect(optional.body).toBeNull();
    expect((await visitor.get('/api/auth/check-login-status')).status).toBe(401);
    expect((await visitor.get('/api/auth/check-login-status?optional=maybe')).status).toBe(400);

    const browser = portal.session();
    const registered = await browser.post('/api/auth/register', newAccount());
    const signedIn = await browser.get('/api/auth/check-login-status?optional=true');
    expect(signedIn.body.id).toBe(registered.body.id);
  });

  it('when the e-mail is taken in any letter case, then registration answers 409 email_taken', async () => {
    const account = newAccount();
    expect((await portal.session().post('/api/auth/register', account)).status).toBe(201);
    const again = await portal.session().post('/api/auth/register', { ...account, email: account.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_taken');
  });

  it('when a registration breaks the rules, then it answers 400 naming each field and stores nothing', async () => {
    const account = newAccount({ password: 'short', name: ' J ' });
    const refused = await portal.session().post('/api/auth/register', { ...account, email: 'not-an-email' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('validation_failed');
    expect(refused.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', code: 'email_invalid' },
        { path: 'password', code: 'password_too_short' },
        { path: 'name', code: 'name_too_short' },
      ]),
    );
    const login = await portal.session().post('/api/auth/login', { email: 'not-an-email', password: 'short' });
    expect(login.status).toBe(401);
  });

  it('when the password is wrong or the e-mail unknown, then both answer the same 401', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    const wrongPassword = await portal
      .session()
      .post('/api/auth/login', { email: account.email, password: 'Wrong1234' });
    const unknownEmail = await portal
      .session()
      .post('/api/auth/login', { email: `x${account.email}`, password: 'Wrong1234' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe('invalid_credentials');
    expect(unknownEmail.body.error.message).toBe(wrongPassword.body.error.message);
  });

  it('when a user signs in on a session id they already had, then they get a new id and the old one is dead', async () => {
    const first = newAccount();
    const second = newAccount();
    await portal.session().post('/api/auth/register', second);
    const browser = portal.session();
    await browser.post('/api/auth/register', first);
    const planted = browser.cookieHeader;
    expect(planted).toMatch(/^portal\.sid=/);

    const login = await browser.post('/api/auth/login', { email: second.email, password: second.password });
    expect(login.status).toBe(200);
    expect(browser.cookieHeader).not.toBe(planted);

    const attacker = portal.session();
    attacker.cookies.set('portal.sid', planted.replace('portal.sid=', ''));
    expect((await attacker.get('/api/auth/check-login-status')).status).toBe(401);
    expect((await browser.get('/api/auth/check-login-status')).body.email).toBe(second.email);
  });

  it('when the session cookie is set, then it is HttpOnly and SameSite=Lax', async () => {
    const response = await portal.session().post('/api/auth/register', newAccount());
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('portal.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('when a state-changing call lacks X-Requested-With, then the gateway refuses it with 403', async () => {
    const account = newAccount();
    const refused = await portal.session().post('/api/auth/register', account, { csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('csrf_header_missing');
    expect((await portal.session().post('/api/auth/login', account)).status).toBe(401);
    const proxied = await portal
      .session()
      .request('POST', '/api/user/set-language?requestedLanguage=DE', { csrf: false });
    expect(proxied.status).toBe(403);
  });

  it('when the body is malformed JSON, of wrong types, or too large, then a 4xx JSON answer names the problem', async () => {
    const browser = portal.session();
    const malformed = await browser.request('POST', '/api/auth/login', { body: '{"email": "a@b.ch",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');

    const wrongTypes = await browser.post('/api/auth/register', { email: 42, password: true, name: [] });
    expect(wrongTypes.status).toBe(400);
    expect([...new Set(wrongTypes.body.error.issues.map((issue: { path: string }) => issue.path))].sort()).toEqual([
      'email',
      'name',
      'password',
    ]);

    const missing = await browser.post('/api/auth/login', {});
    expect(missing.status).toBe(400);

    const huge = await browser.post('/api/auth/register', { ...newAccount(), name: 'x'.repeat(64 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  it('when an /api path is unknown, then it answers 404 JSON, not the web page', async () => {
    const response = await portal.session().get('/api/auth/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('when the language is set, then only EN FR DE IT RM are accepted and the account keeps it', async () => {
    const browser = portal.session();
    const account = newAccount();
    await browser.post('/api/auth/register', account);
    const set = await browser.post('/api/user/set-language?requestedLanguage=RM');
    expect(set.status).toBe(200);
    expect(set.body.language).toBe('rm');
    for (const bad of ['XX', 'de', '', 'EN,FR']) {
      const refused = await browser.post(`/api/user/set-language?requestedLanguage=${bad}`);
      expect(refused.status).toBe(400);
    }
    const again = portal.session();
    const login = await again.post('/api/auth/login', { email: account.email, password: account.password });
    expect(login.body.language).toBe('rm');
    expect((await portal.session().post('/api/user/set-language?requestedLanguage=DE')).status).toBe(401);
  });

  it('when a language was picked before sign-in, then the login stores it for the account; without one the stored language stays', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', { ...account, language: 'en' });
    const credentials = { email: account.email, password: account.password };

    const picked = await portal.session().post('/api/auth/login', { ...credentials, language: 'de' });
    expect(picked.status).toBe(200);
    expect(picked.body.language).toBe('de');
    const unchosen = await portal.session().post('/api/auth/login', credentials);
    expect(unchosen.body.language).toBe('de');

    const wrongPassword = await portal
      .session()
      .post('/api/auth/login', { ...credentials, password: 'Wrong1234', language: 'it' });
    expect(wrongPassword.status).toBe(401);
    expect((await portal.session().post('/api/auth/login', { ...credentials, language: 'xx' })).status).toBe(400);
    expect((await portal.session().post('/api/auth/login', credentials)).body.language).toBe('de');
  });

  it('when a password is changed, then the current one is required and the new one works', async () => {
    const browser = portal.session();
    const account = newAccount();
    await browser.post('/api/auth/register', account);
    const wrong = await browser.post('/api/user/change-password', {
      currentPassword: 'Nope12345',
      newPassword: 'Better-harbour-lantern-5',
    });
    expect(wrong.status).toBe(401);
    const weak = await browser.post('/api/user/change-password', {
      currentPassword: account.password,
      newPassword: 'weak',
    });
    expect(weak.status).toBe(400);
    const changed = await browser.post('/api/user/change-password', {
      currentPassword: account.password,
      newPassword: 'Better-harbour-lantern-5',
    });
    expect(changed.status).toBe(200);
    expect((await portal.session().post('/api/auth/login', account)).status).toBe(401);
    expect(
      (await portal.session().post('/api/auth/login', { ...account, password: 'Better-harbour-lantern-5' })).status,
    ).toBe(200);
  });

  it('when a user deletes their account with the right password, then they are signed out and cannot sign in', async () => {
    const browser = portal.session();
    const account = newAccount();
    await browser.post('/api/auth/register', account);
    expect((await browser.request('DELETE', '/api/user/delete-user', { json: { password: 'Wrong1234' } })).status).toBe(
      401,
    );
    expect((await browser.request('DELETE', '/api/user/delete-user', { json: {} })).status).toBe(400);
    const deleted = await browser.request('DELETE', '/api/user/delete-user', { json: { password: account.password } });
    expect(deleted.status).toBe(200);
    expect((await browser.get('/api/auth/check-login-status')).status).toBe(401);
    expect((await portal.session().post('/api/auth/login', account)).status).toBe(401);
  });

  it('when the e-mail of a reset request is unknown, then the answer is the same as for a known one', async () => {
    const account = newAccount();
    await portal.session().post('/api/auth/register', account);
    const known = await portal.session().post('/api/user/request-password-reset', { email: account.email });
    const unknown = await portal
      .session()
      .post(`/api/user/request-password-reset?email=nobody${Date.now()}@example.ch`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect((await portal.session().post('/api/user/request-password-reset', { email: 'nope' })).status).toBe(400);
  });

  it('when a service calls come without the gateway identity, then the service refuses them', async () => {
    const direct = await fetch(new URL('/internal/users/00000000-0000-4000-8000-000000000000', portal.authUrl));
    expect(direct.status).toBe(401);
    const forged = await fetch(new URL('/api/user/set-language?requestedLanguage=DE', portal.authUrl), {
      method: 'POST',
      headers: { 'x-portal-identity': 'eyJzdWIiOm51bGx9.forged' },
    });
    expect(forged.status).toBe(401);
  });

  it('when a proxied service is down, then the gateway answers 503 JSON quickly', async () => {
    const started = Date.now();
    const response = await portal.session().get('/api/courses');
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('service_unavailable');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the gateway is asked for its readiness and config, then it reports each service and the footer values', async () => {
    const health = await portal.session().get('/readyz');
    expect(health.status).toBe(503);
    expect(health.body.checks).toMatchObject({ auth: 'up', courses: 'down', files: 'down', audit: 'down' });
    const config = await portal.session().get('/config.json');
    expect(config.body.remotes.auth).toBe('/mfe/auth/mf-manifest.json');
    expect(config.body.languages).toEqual(['en', 'fr', 'de', 'it', 'rm']);
    expect(config.body.maxFileBytes).toBe(50 * 1024 * 1024);
    expect(config.body.footer.imprintUrl).toMatch(/^https:/);
    expect(health.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('when a signed-in user keeps working, then an answer past the refresh step moves the session cookie on, and the session stays', async () => {
    const browser = portal.session();
    expect((await browser.post('/api/auth/register', { ...newAccount(), language: 'en' })).status).toBe(201);
    const soon = await browser.get('/api/auth/check-login-status');
    expect(soon.status).toBe(200);
    expect(soon.headers.get('cache-control')).toBe('private, no-store');
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const moved = await browser.get('/api/auth/check-login-status');
      expect(moved.status).toBe(200);
      const [cookie = ''] = moved.headers.getSetCookie();
      expect(cookie).toMatch(/^portal\.sid=/);
      const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
      // The default idle timeout (120 minutes) counted from the later call, to the second the header gives.
      expect(expires).toBeGreaterThanOrEqual(later + 120 * 60_000 - 1000);
      // Within the refresh step (a minute at this idle timeout) the next answer leaves the cookie as it is.
      expect((await browser.get('/api/auth/check-login-status')).headers.getSetCookie()).toEqual([]);
    } finally {
      clock.mockRestore();
    }
    expect((await browser.get('/api/auth/check-login-status')).status).toBe(200);
  });
});
