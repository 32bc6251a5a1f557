import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { SsoSettingsRequest } from '@portal/contracts/sso-settings';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';

const ANONYMOUS = { sub: null, admin: false, lang: 'en' } as const;
const CLIENT_SECRET = 'stored-client-secret-0123456789';
const ISSUER = 'https://idp.company.test';

const settings = (change: Partial<SsoSettingsRequest> = {}): SsoSettingsRequest => ({
  issuerUrl: ISSUER,
  clientId: 'portal',
  clientSecret: CLIENT_SECRET,
  displayName: 'Company',
  adminGroups: ['portal-admins'],
  allowedDomains: ['company.test'],
  passwordSignIn: true,
  enabled: false,
  ...change,
});

const claims = (change: Record<string, unknown> = {}) => ({
  issuer: ISSUER,
  subject: 'sub-1',
  email: 'eva@company.test',
  emailVerified: true,
  name: 'Eva Employee',
  groups: [],
  ...change,
});

describe.each(testBackends())('single sign-on settings in the auth service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startAuthService>>;
  let admin: ReturnType<typeof signedCaller>;
  let employee: ReturnType<typeof signedCaller>;
  const gateway = () => signedCaller(service.url, ANONYMOUS);
  const countUsers = async () =>
    Number(
      (
        await service.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    setup = await componentSetup(backend, 'auth');
    service = await startAuthService(
      loadAuthConfig({
        ...setup.env,
        ADMIN_EMAIL: 'admin@portal.test',
        ADMIN_PASSWORD: 'Admin12345',
        PUBLIC_URL: 'https://learn.example.ch',
      }),
    );
    const adminLogin = await gateway().post('/internal/login', { email: 'admin@portal.test', password: 'Admin12345' });
    admin = signedCaller(service.url, { sub: adminLogin.body.id, admin: true, lang: 'en' });
    const registered = await gateway().post('/internal/register', {
      name: 'Erin Employee',
      email: 'erin@portal.test',
      password: 'Lantern-Orbit-Kite-42',
    });
    employee = signedCaller(service.url, { sub: registered.body.id, admin: false, lang: 'en' });
  });

  afterAll(() => setup?.close(service));

  it('when an employee reads, saves or previews, then every call answers 403', async () => {
    expect((await employee.get('/api/admin/sso')).status).toBe(403);
    expect((await employee.put('/api/admin/sso', settings())).status).toBe(403);
    expect((await employee.post('/internal/oidc-sign-in/preview', claims())).status).toBe(403);
  });

  it('when nothing is stored, then the page is told so, with the redirect URIs to register', async () => {
    expect((await admin.get('/api/admin/sso')).body).toMatchObject({
      source: 'none',
      enabled: false,
      redirectUri: 'https://learn.example.ch/api/auth/oidc/callback',
      postLogoutRedirectUri: 'https://learn.example.ch/',
    });
  });

  it('when an administrator saves the settings, then the secret is in no answer and is kept encrypted and audited without its value', async () => {
    const saved = await admin.put('/api/admin/sso', settings());
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: 'stored', hasClientSecret: true, enabled: false, clientId: 'portal' });
    expect(JSON.stringify(saved.body)).not.toContain(CLIENT_SECRET);
    expect(JSON.stringify((await admin.get('/api/admin/sso')).body)).not.toContain(CLIENT_SECRET);
    const row = await service.database.db.selectFrom('sso_settings').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).not.toContain(CLIENT_SECRET);
    expect((await gateway().get('/internal/sso-provider')).body).toMatchObject({ clientSecret: CLIENT_SECRET });
    const { rows } = await sql<{ payload: AuditRecord }>`
      select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->>'action' = 'sso-settings.changed'
      order by id`.execute(service.database.db);
    expect(rows.at(-1)?.payload).toMatchObject({ object: { type: 'sso-settings' }, outcome: 'success' });
    expect(JSON.stringify(rows)).not.toContain(CLIENT_SECRET);
  });

  it('when the settings are saved with an empty secret, then the stored secret is kept', async () => {
    await admin.put('/api/admin/sso', settings({ clientSecret: '', displayName: 'Company IdP' }));
    expect((await gateway().get('/internal/sso-provider')).body).toMatchObject({
      clientSecret: CLIENT_SECRET,
      displayName: 'Company IdP',
    });
  });

  it('when the settings are invalid, then 400 names each field and nothing changes', async () => {
    const answer = await admin.put(
      '/api/admin/sso',
      settings({ issuerUrl: 'not a url', allowedDomains: ['not a domain'], displayName: '' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'issuerUrl', code: 'issuer_url_invalid' },
        { path: 'allowedDomains.0', code: 'domain_invalid' },
        { path: 'displayName', code: 'display_name_required' },
      ]),
    );
    expect((await admin.get('/api/admin/sso')).body).toMatchObject({ issuerUrl: ISSUER, displayName: 'Company IdP' });
  });

  it('when claims are previewed, then the mapping is answered and nothing is written', async () => {
    const before = await countUsers();
    expect((await admin.post('/internal/oidc-sign-in/preview', claims({ groups: ['portal-admins'] }))).body).toEqual({
      outcome: 'new',
      isSysAdmin: true,
    });
    expect((await admin.post('/internal/oidc-sign-in/preview', claims({ email: 'erin@portal.test' }))).body).toEqual({
      outcome: 'refused',
      reason: 'domain',
    });
    expect((await admin.post('/internal/oidc-sign-in/preview', claims({ emailVerified: false }))).body).toEqual({
      outcome: 'refused',
      reason: 'unverified',
    });
    expect(await countUsers()).toBe(before);
  });

  it('when the claims match an existing account, then the preview names it', async () => {
    await admin.put('/api/admin/sso', settings({ clientSecret: '', allowedDomains: [] }));
    expect((await admin.post('/internal/oidc-sign-in/preview', claims({ email: 'erin@portal.test' }))).body).toEqual({
      outcome: 'existing',
      account: { id: expect.any(String), email: 'erin@portal.test', name: 'Erin Employee' },
      isSysAdmin: false,
    });
  });

  it('when the stored settings are switched on, then sign-in follows their policy', async () => {
    await admin.put(
      '/api/admin/sso',
      settings({ clientSecret: '', allowedDomains: ['company.test'], passwordSignIn: false, enabled: false }),
    );
    expect((await gateway().post('/internal/oidc-sign-in', claims({ email: 'x@other.test' }))).status).toBe(200);
    await admin.put(
      '/api/admin/sso',
      settings({ clientSecret: '', allowedDomains: ['company.test'], passwordSignIn: false, enabled: true }),
    );
    const refused = await gateway().post('/internal/oidc-sign-in', claims({ subject: 'sub-2', email: 'y@other.test' }));
    expect(refused.body.error.code).toBe('sso_domain_not_allowed');
    const admitted = await gateway().post(
      '/internal/oidc-sign-in',
      claims({ subject: 'sub-3', groups: ['portal-admins'] }),
    );
    expect(admitted.body.user).toMatchObject({ email: 'eva@company.test', isSysAdmin: true });
    const password = await gateway().post('/internal/login', { email: 'eva@company.test', password: 'Whatever12345' });
    expect(password.body.error.code).toBe('password_sign_in_off');
  });
});

describe('single sign-on settings from the environment', () => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startAuthService>>;

  beforeAll(async () => {
    setup = await componentSetup(testBackends()[0]!, 'auth');
    service = await startAuthService(
      loadAuthConfig({
        ...setup.env,
        OIDC_ISSUER_URL: ISSUER,
        OIDC_CLIENT_ID: 'env-client',
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_DISPLAY_NAME: 'Env',
        OIDC_ALLOWED_DOMAINS: 'company.test',
        PUBLIC_URL: 'https://learn.example.ch',
      }),
    );
  });
  afterAll(() => setup?.close(service));

  it('when OIDC_ISSUER_URL is set, then the settings are shown from it, with the client secret it has, and cannot be saved', async () => {
    const admin = signedCaller(service.url, { sub: '00000000-0000-4000-8000-000000000001', admin: true, lang: 'en' });
    const shown = await admin.get('/api/admin/sso');
    expect(shown.body).toMatchObject({
      source: 'environment',
      issuerUrl: ISSUER,
      clientId: 'env-client',
      hasClientSecret: true,
      displayName: 'Env',
      passwordSignIn: false,
      redirectUri: 'https://learn.example.ch/api/auth/oidc/callback',
      postLogoutRedirectUri: 'https://learn.example.ch/',
    });
    expect(JSON.stringify(shown.body)).not.toContain(CLIENT_SECRET);
    const refused = await admin.put('/api/admin/sso', settings());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('sso_from_environment');
  });

  it('when OIDC_PASSWORD_SIGN_IN is not set, then an address of the provider’s domain may not sign in with a password', async () => {
    const refused = await signedCaller(service.url, ANONYMOUS).post('/internal/login', {
      email: 'eva@company.test',
      password: 'Whatever12345',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('password_sign_in_off');
  });
});
