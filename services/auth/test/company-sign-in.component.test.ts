import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { SsoSettingsRequest } from '@portal/contracts/sso-settings';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { accountsFor, startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';
import { type OutboxMail, mailsTo, tokenOf } from './outbox.ts';

const ANONYMOUS = { sub: null, admin: false, lang: 'en' } as const;
const ISSUER = 'https://idp.company.test';
const PASSWORD = 'Lantern-Orbit-Kite-42';
const ADMIN = { email: 'admin@company.test', password: 'Admin12345' };

const settings = (change: Partial<SsoSettingsRequest>): SsoSettingsRequest => ({
  issuerUrl: ISSUER,
  clientId: 'portal',
  clientSecret: '',
  displayName: 'Company',
  adminGroups: ['portal-admins'],
  allowedDomains: ['company.test'],
  passwordSignIn: false,
  enabled: true,
  ...change,
});

let counter = 0;
const unique = (domain: string) => {
  counter += 1;
  return `person.${Date.now()}.${counter}@${domain}`;
};

describe.each(testBackends())('accounts and passwords once a company provider signs in on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startAuthService>>;
  let admin: ReturnType<typeof signedCaller>;
  let config: ReturnType<typeof loadAuthConfig>;
  const gateway = () => signedCaller(service.url, ANONYMOUS);
  const configure = async (change: Partial<SsoSettingsRequest>) =>
    expect((await admin.put('/api/admin/sso', settings(change))).status).toBe(200);
  const register = (email: string) =>
    gateway().post('/internal/register', { name: 'Reg Istrant', email, password: PASSWORD });
  const login = (email: string, password = PASSWORD) => gateway().post('/internal/login', { email, password });
  const providerSignIn = (email: string, subject: string, change: Record<string, unknown> = {}) =>
    gateway().post('/internal/oidc-sign-in', {
      issuer: ISSUER,
      subject,
      email,
      emailVerified: true,
      name: 'Vera Victim',
      groups: ['portal-admins'],
      ...change,
    });
  const resetLink = async (email: string) => {
    expect((await gateway().post('/api/user/request-password-reset', { email })).status).toBe(200);
    return tokenOf((await mailsTo(setup.env.DATA_DIR, email))[0] as OutboxMail, 'reset-password');
  };
  const resetLinksOf = async (userId: string) =>
    (
      await service.database.db
        .selectFrom('password_reset_tokens')
        .select('token_hash')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  beforeAll(async () => {
    setup = await componentSetup(backend, 'auth');
    config = loadAuthConfig({ ...setup.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    service = await startAuthService(config);
    const signedIn = await login(ADMIN.email, ADMIN.password);
    admin = signedCaller(service.url, { sub: signedIn.body.id, admin: true, lang: 'en' });
  });

  afterAll(() => setup?.close(service));

  describe('with password sign-in and registration still open to the provider’s addresses', () => {
    beforeAll(() => configure({ allowedDomains: [], passwordSignIn: true }));

    it('when someone registered the address with a password and its owner signs in through the provider, then the password and reset links are gone, the registrant’s sessions end and the groups do not promote', async () => {
      const email = unique('victim.test');
      const registered = await register(email);
      expect(registered.status).toBe(201);
      expect((await login(email)).status).toBe(200);
      await resetLink(email);

      const taken = await providerSignIn(email, 'victim-1');
      expect(taken.status).toBe(200);
      expect(taken.body).toEqual({
        user: expect.objectContaining({ id: registered.body.id, isSysAdmin: false }),
        endSessions: true,
      });
      const refused = await login(email);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('invalid_credentials');
      expect(await resetLinksOf(registered.body.id)).toBe(0);

      const again = await providerSignIn(email, 'victim-1');
      expect(again.body).toEqual({ user: expect.objectContaining({ isSysAdmin: true }), endSessions: false });
    });

    it('when the address was proven by a followed mail link, then the provider links the account and keeps its password and sessions', async () => {
      const email = unique('proven.test');
      const registered = await register(email);
      const token = await resetLink(email);
      const newPassword = 'Harbour-Violet-Drum-77';
      expect((await gateway().post('/internal/reset-password', { email, token, newPassword })).status).toBe(200);

      const linked = await providerSignIn(email, 'proven-1', { groups: [] });
      expect(linked.body).toEqual({ user: expect.objectContaining({ id: registered.body.id }), endSessions: false });
      expect((await login(email, newPassword)).status).toBe(200);
    });

    it('when the break-glass administrator made before addresses were recorded as proven signs in through the provider, then the start-up has vouched for it and its password stays', async () => {
      await service.database.db
        .updateTable('users')
        .set({ email_verified_at: null })
        .where('email', '=', ADMIN.email)
        .execute();
      await accountsFor(service.database, config).ensureAdmin(ADMIN.email, ADMIN.password, 'Administrator');
      const signedIn = await providerSignIn(ADMIN.email, 'admin-1');
      expect(signedIn.body.endSessions).toBe(false);
      expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
    });

    it('when a test of the connection previews claims of an account found by e-mail, then it is not shown as promoted', async () => {
      const email = unique('preview.test');
      await register(email);
      const preview = await admin.post('/internal/oidc-sign-in/preview', {
        issuer: ISSUER,
        subject: 'preview-1',
        email,
        emailVerified: true,
        groups: ['portal-admins'],
      });
      expect(preview.body).toMatchObject({ outcome: 'existing', isSysAdmin: false });
    });
  });

  it('when a person signs in through the provider again after choosing a language, then their choice stays whatever the provider’s locale', async () => {
    const email = unique('company.test');
    const first = await providerSignIn(email, 'linguist-1', { locale: 'de-CH', groups: [] });
    expect(first.body.user.language).toBe('de');
    const person = signedCaller(service.url, { sub: first.body.user.id, admin: false, lang: 'de' });
    expect((await person.post('/api/user/set-language?requestedLanguage=IT')).status).toBe(200);
    const again = await providerSignIn(email, 'linguist-1', { locale: 'fr', groups: [] });
    expect(again.body.user.language).toBe('it');
  });

  describe('deleting one’s own account', () => {
    const deleting = (userId: string, body: Record<string, string>) =>
      signedCaller(service.url, { sub: userId, admin: false, lang: 'en' }).delete('/api/user/delete-user', body);
    const exists = async (userId: string) => (await gateway().get(`/internal/users/${userId}`)).status === 200;

    it('when a person who signs in through the provider only confirms with their address, then a password or another address is refused and their own, in any case, deletes the account', async () => {
      const email = unique('company.test');
      const signedIn = await providerSignIn(email, `leaving-${email}`, { groups: [] });
      const { id, hasPassword } = signedIn.body.user;
      expect(hasPassword).toBe(false);

      const withPassword = await deleting(id, { password: PASSWORD });
      const wrongAddress = await deleting(id, { email: unique('company.test') });
      expect([withPassword.status, withPassword.body.error.code]).toEqual([401, 'invalid_credentials']);
      expect([wrongAddress.status, wrongAddress.body.error.issues]).toEqual([
        400,
        [{ path: 'email', code: 'email_confirmation_mismatch' }],
      ]);
      expect(await exists(id)).toBe(true);

      expect((await deleting(id, { email: ` ${email.toUpperCase()} ` })).status).toBe(200);
      expect(await exists(id)).toBe(false);
    });

    it('when a person with a password confirms with their address only, then it is refused and the account stays', async () => {
      const email = unique('other.test');
      const registered = await register(email);
      expect((await gateway().get(`/internal/users/${registered.body.id}`)).body.hasPassword).toBe(true);
      const answer = await deleting(registered.body.id, { email });
      expect([answer.status, answer.body.error.code]).toEqual([401, 'invalid_credentials']);
      expect(await exists(registered.body.id)).toBe(true);
    });
  });

  it('when the provider’s sign-in is refused for an unverified e-mail, a foreign domain or a deactivated account, then each is on the trail as a wrong password is', async () => {
    await configure({ passwordSignIn: true });
    const email = unique('company.test');
    const id = (await providerSignIn(email, 'refused-1', { groups: [] })).body.user.id;
    expect((await admin.patch(`/api/admin/users/${id}`, { status: 'deactivated' })).status).toBe(200);
    const refusals = [
      await providerSignIn(email, 'refused-1', { groups: [] }),
      await providerSignIn(email, 'refused-1', { emailVerified: false }),
      await providerSignIn(unique('other.test'), 'refused-2'),
    ];
    expect(refusals.map((answer) => answer.status)).toEqual([403, 403, 403]);
    const { rows } = await sql<{ payload: AuditRecord }>`
      select payload from outbox where topic = ${EVENTS.auditRecorded}
        and payload->>'action' = 'user.sign-in-failed' and payload->'details'->>'through' = 'oidc'
      order by id`.execute(service.database.db);
    expect(rows.map(({ payload }) => [payload.outcome, payload.object.id, payload.details?.reason])).toEqual([
      ['failure', id, 'account_deactivated'],
      ['failure', id, 'email_unverified'],
      ['failure', undefined, 'domain_not_allowed'],
    ]);
  });

  describe('with the safe defaults for the provider’s domain', () => {
    let linkBefore: { email: string; token: string };
    beforeAll(async () => {
      // A company address's reset link asked for while passwords were still allowed.
      await configure({ passwordSignIn: true });
      const email = unique('company.test');
      await register(email);
      linkBefore = { email, token: await resetLink(email) };
      await configure({});
    });

    it('when a company address signs in, registers or sets a password, then each is refused with password_sign_in_off', async () => {
      const answers = [
        await login(linkBefore.email),
        await register(unique('company.test')),
        await gateway().post('/internal/reset-password', { ...linkBefore, newPassword: 'Harbour-Violet-Drum-77' }),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [403, 'password_sign_in_off'],
        [403, 'password_sign_in_off'],
        [403, 'password_sign_in_off'],
      ]);
    });

    it('when a reset is asked for a company address, then the refusal is the same whether or not it has an account, and other domains still get the usual answer', async () => {
      const known = await gateway().post('/api/user/request-password-reset', { email: linkBefore.email });
      const unknown = await gateway().post('/api/user/request-password-reset', { email: unique('company.test') });
      expect(known.status).toBe(403);
      expect(known.body.error.code).toBe('password_sign_in_off');
      const withoutRequestId = (answer: typeof known) => [
        answer.status,
        answer.body.error.code,
        answer.body.error.message,
      ];
      expect(withoutRequestId(unknown)).toEqual(withoutRequestId(known));
      const other = await gateway().post('/api/user/request-password-reset', { email: unique('other.test') });
      expect(other.status).toBe(200);
    });

    it('when another domain registers or the break-glass administrator signs in with a password, then both go through', async () => {
      expect((await register(unique('other.test'))).status).toBe(201);
      expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
    });

    it('when the page reads the settings, then it warns of registration outside the provider’s domains, and of password sign-in once allowed', async () => {
      expect((await admin.get('/api/admin/sso')).body.warnings).toEqual(['registration_outside']);
      await configure({ passwordSignIn: true });
      expect((await admin.get('/api/admin/sso')).body.warnings).toEqual(['password_sign_in', 'registration_outside']);
      await configure({});
    });
  });

  describe('when ADMIN_EMAIL at start-up names an account someone registered with an unproven address', () => {
    const OPERATOR_PASSWORD = 'Operator-Chosen-Lamp-93';
    const ensureAdmin = (email: string, password: string | undefined) =>
      accountsFor(service.database, config).ensureAdmin(email, password, 'Administrator');
    const lookUp = (id: string, sessionBegunAt: number) =>
      gateway().get(`/internal/users/${id}?sessionBegunAt=${sessionBegunAt}`);

    it('when ADMIN_PASSWORD is given, then it becomes the password and the registrant’s password, reset links and sessions are gone', async () => {
      const email = unique('other.test');
      const registered = await register(email);
      expect((await login(email)).status).toBe(200);
      await resetLink(email);
      const registrantSignedInAt = Date.now();

      expect(await ensureAdmin(email, OPERATOR_PASSWORD)).toBe('taken-over');

      expect((await login(email)).status).toBe(401);
      const operator = await login(email, OPERATOR_PASSWORD);
      expect(operator.body).toMatchObject({ id: registered.body.id, isSysAdmin: true });
      expect(await resetLinksOf(registered.body.id)).toBe(0);
      expect((await lookUp(registered.body.id, registrantSignedInAt)).status).toBe(404);
      expect((await lookUp(registered.body.id, Date.now() + 1)).status).toBe(200);
    });

    it('when ADMIN_PASSWORD is not given, then the account is promoted without any password', async () => {
      const email = unique('other.test');
      const registered = await register(email);

      expect(await ensureAdmin(email, undefined)).toBe('password-cleared');

      expect((await login(email)).status).toBe(401);
      expect((await gateway().get(`/internal/users/${registered.body.id}`)).body.isSysAdmin).toBe(true);
    });

    it('when the address was proven by a followed mail link, then the account is promoted and keeps its password', async () => {
      const email = unique('other.test');
      await register(email);
      const token = await resetLink(email);
      const ownPassword = 'Harbour-Violet-Drum-77';
      expect(
        (await gateway().post('/internal/reset-password', { email, token, newPassword: ownPassword })).status,
      ).toBe(200);

      expect(await ensureAdmin(email, OPERATOR_PASSWORD)).toBe('promoted');
      expect((await login(email, ownPassword)).body.isSysAdmin).toBe(true);
    });
  });
});
