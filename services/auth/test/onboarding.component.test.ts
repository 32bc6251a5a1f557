import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { END_SESSIONS_HEADER } from '@portal/contracts/http';
import { componentSetup, signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';
import { type OutboxMail, mailsTo, tokenOf } from './outbox.ts';

const ANONYMOUS = { sub: null, admin: false, lang: 'en' } as const;
const PASSWORD = 'Lantern-Orbit-Kite-42';

const unique = (name: string, domain = 'example.ch') =>
  `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@${domain}`;

async function startIn(backend: Parameters<typeof componentSetup>[0], env: Record<string, string>) {
  const setup = await componentSetup(backend, 'auth');
  const service = await startAuthService(
    loadAuthConfig({ ...setup.env, ADMIN_EMAIL: 'admin@portal.test', ADMIN_PASSWORD: 'Admin12345', ...env }),
  );
  const admin = await signedCaller(service.url, ANONYMOUS).post('/internal/login', {
    email: 'admin@portal.test',
    password: 'Admin12345',
  });
  return {
    setup,
    service,
    dataDir: setup.env.DATA_DIR,
    anonymous: signedCaller(service.url, ANONYMOUS),
    admin: signedCaller(service.url, { sub: admin.body.id as string, admin: true, lang: 'en' }),
    adminId: admin.body.id as string,
  };
}

const csvForm = (text: string) => {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'people.csv');
  return form;
};

describe.each(testBackends())('onboarding on $name', (backend) => {
  describe('with REGISTRATION=domains', () => {
    let portal: Awaited<ReturnType<typeof startIn>>;
    beforeAll(async () => {
      portal = await startIn(backend, { REGISTRATION: 'domains', ALLOWED_EMAIL_DOMAINS: 'example.ch, Firma.CH' });
    });
    afterAll(() => portal?.setup.close(portal.service));

    it('when an address of another domain registers, then it is refused with 400', async () => {
      const answer = await portal.anonymous.post('/internal/register', {
        email: unique('eve', 'example.com'),
        name: 'Eve',
        password: PASSWORD,
      });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'email_domain_not_allowed' } } });
    });

    it('when an allowed address registers, then it answers 202, the account is pending until the mailed link is followed, in its language', async () => {
      const email = unique('anna', 'firma.ch');
      const registered = await portal.anonymous.post('/internal/register', {
        email,
        name: 'Anna Meier',
        password: PASSWORD,
        language: 'de',
      });
      expect(registered).toMatchObject({ status: 202, body: { message: expect.any(String) } });
      const [mail] = await mailsTo(portal.dataDir, email);
      expect(mail?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für das Kursportal');
      const login = () => portal.anonymous.post('/internal/login', { email, password: PASSWORD });
      expect(await login()).toMatchObject({ status: 403, body: { error: { code: 'account_pending' } } });
      const token = tokenOf(mail as OutboxMail, 'verify-email');
      expect((await portal.anonymous.post('/api/user/verify-email', { token })).status).toBe(200);
      expect((await login()).status).toBe(200);
      expect((await portal.anonymous.post('/api/user/verify-email', { token })).status).toBe(400);
    });

    it('when an existing address registers, then the answer is the same 202 and the mail says it has an account', async () => {
      const email = unique('known', 'example.ch');
      await portal.admin.post('/api/admin/invitations', { email, name: 'Known', language: 'fr' });
      const again = await portal.anonymous.post('/internal/register', { email, name: 'Other', password: PASSWORD });
      const fresh = await portal.anonymous.post('/internal/register', {
        email: unique('fresh', 'example.ch'),
        name: 'Fresh',
        password: PASSWORD,
      });
      expect(again.status).toBe(202);
      expect(again.body).toEqual(fresh.body);
      const mails = await mailsTo(portal.dataDir, email, 2);
      expect(mails.map((mail) => mail.subject)).toContain('Vous avez déjà un compte sur le portail de cours');
    });
  });

  describe('with REGISTRATION=invite', () => {
    let portal: Awaited<ReturnType<typeof startIn>>;
    beforeAll(async () => {
      portal = await startIn(backend, { REGISTRATION: 'invite', INVITE_TTL_HOURS: '72' });
    });
    afterAll(() => portal?.setup.close(portal.service));

    it('when someone registers, then the answer is 202, no account is created and the mail says accounts are by invitation', async () => {
      const email = unique('walkin');
      const answer = await portal.anonymous.post('/internal/register', {
        email,
        name: 'Walk In',
        password: PASSWORD,
        language: 'it',
      });
      expect(answer.status).toBe(202);
      const [mail] = await mailsTo(portal.dataDir, email);
      expect(mail?.subject).toBe('Gli account del portale dei corsi sono su invito');
      expect(
        await portal.service.database.db.selectFrom('users').where('email', '=', email).selectAll().execute(),
      ).toEqual([]);
    });

    it('when a user who is not an administrator invites or imports, then it is refused with 403', async () => {
      const user = signedCaller(portal.service.url, { sub: portal.adminId, admin: false, lang: 'en' });
      const invitation = { email: unique('x'), name: 'Xaver', language: 'en' };
      expect((await user.post('/api/admin/invitations', invitation)).status).toBe(403);
      expect((await portal.anonymous.post('/api/admin/invitations', invitation)).status).toBe(401);
      expect((await user.post('/api/admin/users/import?dryRun=true', csvForm('email,name\n'))).status).toBe(403);
    });

    it('when an administrator invites, then the invitee gets a link in their language that sets a first password, and can sign in', async () => {
      const email = unique('ines');
      const invited = await portal.admin.post('/api/admin/invitations', {
        email,
        name: 'Ines Caduff',
        language: 'rm',
        groups: ['Sales'],
      });
      expect(invited).toMatchObject({ status: 201, body: { outcome: 'invited', user: { email, isSysAdmin: false } } });
      const [mail] = await mailsTo(portal.dataDir, email);
      expect(mail?.subject).toBe('Vus essas envidà al portal da curs');
      expect(mail?.text).toContain('3 dis');
      const token = tokenOf(mail as OutboxMail, 'reset-password');
      expect((await portal.anonymous.get(`/api/user/reset-password/status?token=${token}`)).body).toEqual({
        valid: true,
        email,
        purpose: 'invite',
      });
      expect((await portal.anonymous.post('/internal/login', { email, password: PASSWORD })).status).toBe(401);

      const reinvited = await portal.admin.post('/api/admin/invitations', {
        email,
        name: 'Ines Caduff',
        language: 'rm',
      });
      expect(reinvited).toMatchObject({ status: 200, body: { outcome: 'reinvited' } });
      const fresh = tokenOf((await mailsTo(portal.dataDir, email, 2))[1] as OutboxMail, 'reset-password');
      expect(
        (await portal.anonymous.post('/internal/reset-password', { email, token, newPassword: PASSWORD })).status,
      ).toBe(400);
      expect(
        (await portal.anonymous.post('/internal/reset-password', { email, token: fresh, newPassword: PASSWORD }))
          .status,
      ).toBe(200);
      expect((await portal.anonymous.post('/internal/login', { email, password: PASSWORD })).status).toBe(200);
      const again = await portal.admin.post('/api/admin/invitations', { email, name: 'Ines', language: 'rm' });
      expect(again).toMatchObject({ status: 409, body: { error: { code: 'email_taken' } } });
    });

    it('when a file has bad rows, then the dry run names each row’s errors and writes nothing, and the real run is refused with 422', async () => {
      const good = unique('good');
      const csv = [
        'E-Mail;Name;Language;Role;Groups',
        `${good};Good Row;fr;user;Sales|Support`,
        'not-an-email;Bad Mail;en;user;',
        `${unique('lang')};Bad Language;es;user;`,
        `${unique('role')};Bad Role;de;owner;`,
        `${good.toUpperCase()};Twice;fr;user;`,
        `admin@portal.test;Administrator;en;admin;Admins`,
      ].join('\r\n');
      const dryRun = await portal.admin.post('/api/admin/users/import?dryRun=true', csvForm(`\uFEFF${csv}`));
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toMatchObject({ dryRun: true, applied: false, counts: { create: 1, update: 1, invalid: 4 } });
      expect(
        dryRun.body.rows.map((row: { line: number; outcome: string; errors: string[] }) => [
          row.line,
          row.outcome,
          row.errors,
        ]),
      ).toEqual([
        [2, 'create', []],
        [3, 'invalid', ['email_invalid']],
        [4, 'invalid', ['language_unknown']],
        [5, 'invalid', ['role_unknown']],
        [6, 'invalid', ['duplicate_in_file']],
        [7, 'update', []],
      ]);
      const real = await portal.admin.post('/api/admin/users/import?dryRun=false', csvForm(csv));
      expect(real).toMatchObject({ status: 422, body: { error: { code: 'import_invalid' } } });
      const stored = await portal.service.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', good)
        .execute();
      expect(stored).toEqual([]);
    });

    it('when a valid file is imported, then its accounts are created and updated in groups, administrators demoted lose their sessions, and invitations go out', async () => {
      const [first, second, demoted] = [unique('first'), unique('second'), unique('demoted')];
      await portal.admin.post('/api/admin/invitations', {
        email: demoted,
        name: 'Was Admin',
        language: 'en',
        isSysAdmin: true,
      });
      const csv = [
        'email,name,language,role,groups',
        `${first},First Person,de,admin,Trainers|Sales`,
        `${second},"Second, Person",,,`,
        `${demoted},Was Admin,it,user,trainers`,
      ].join('\n');
      const answer = await portal.admin.post('/api/admin/users/import?dryRun=false&invite=true', csvForm(csv));
      expect(answer).toMatchObject({
        status: 200,
        body: { applied: true, counts: { create: 2, update: 1, invited: 2 } },
      });
      const db = portal.service.database.db;
      const users = await db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'language', 'is_sys_admin'])
        .where('email', 'in', [first, second, demoted])
        .orderBy('email')
        .execute();
      expect(users.map(({ email, name, language, is_sys_admin }) => ({ email, name, language, is_sys_admin }))).toEqual(
        expect.arrayContaining([
          { email: first, name: 'First Person', language: 'de', is_sys_admin: true },
          { email: second, name: 'Second, Person', language: 'en', is_sys_admin: false },
          { email: demoted, name: 'Was Admin', language: 'it', is_sys_admin: false },
        ]),
      );
      const demotedId = users.find((user) => user.email === demoted)?.id as string;
      expect(answer.headers.get(END_SESSIONS_HEADER)).toBe(demotedId);
      const trainers = await db
        .selectFrom('group_members')
        .innerJoin('groups', 'groups.id', 'group_members.group_id')
        .innerJoin('users', 'users.id', 'group_members.user_id')
        .select(['groups.name', 'users.email'])
        .where('users.email', 'in', [first, second, demoted])
        .execute();
      expect(trainers).toHaveLength(3);
      expect(
        new Set(trainers.filter((row) => row.email !== first || row.name !== 'Sales').map((row) => row.name)),
      ).toEqual(new Set(['Trainers']));
      const [firstMail] = await mailsTo(portal.dataDir, first);
      expect(firstMail?.subject).toBe('Sie sind zum Kursportal eingeladen');
      await mailsTo(portal.dataDir, second);
      const { rows: audited } = await sql<{ action: string; email: string; through: string }>`
        select payload->>'action' as action, payload->'object'->>'label' as email,
          payload->'details'->>'through' as through
        from outbox where topic = ${EVENTS.auditRecorded} and payload->'details'->>'through' = 'import'
          and payload->'object'->>'label' in (${first}, ${demoted})`.execute(db);
      // The same names as an account created or changed any other way; the import is the path, not the action.
      expect(audited.map(({ action, email }) => [email, action]).sort()).toEqual(
        [
          [first, 'user.created'],
          [demoted, 'user.updated'],
        ].sort(),
      );
    });

    it('when the file is not CSV with a header, or too large, then it is refused with 400 or 413', async () => {
      expect((await portal.admin.post('/api/admin/users/import', csvForm('name;language\nA;en'))).status).toBe(400);
      expect((await portal.admin.post('/api/admin/users/import', csvForm('email,name\n"unclosed,x'))).status).toBe(400);
      const big = `email,name\n${'a@example.ch,Somebody\n'.repeat(110_000)}`;
      expect((await portal.admin.post('/api/admin/users/import', csvForm(big))).status).toBe(413);
    });
  });

  describe('with a company provider for company.test', () => {
    let portal: Awaited<ReturnType<typeof startIn>>;
    beforeAll(async () => {
      portal = await startIn(backend, { REGISTRATION: 'invite', OIDC_ALLOWED_DOMAINS: 'company.test' });
    });
    afterAll(() => portal?.setup.close(portal.service));

    const resetLinksOf = async (email: string) =>
      portal.service.database.db
        .selectFrom('password_reset_tokens')
        .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
        .select('token_hash')
        .where('users.email', '=', email)
        .execute();

    it('when an address of the provider is invited, then the mail says in their language to sign in with the company account, no password link exists, and the provider signs them in to it', async () => {
      const email = unique('carla', 'company.test');
      const invited = await portal.admin.post('/api/admin/invitations', { email, name: 'Carla Rossi', language: 'it' });
      expect(invited).toMatchObject({ status: 201, body: { outcome: 'invited' } });
      const [mail] = await mailsTo(portal.dataDir, email);
      expect(mail?.subject).toBe('Sei invitato al portale dei corsi');
      expect(mail?.text).toContain('Accedi con il tuo account aziendale');
      expect(mail?.text).toMatch(/https?:\/\/\S+\/login(\s|$)/);
      expect(mail?.text).not.toContain('token=');
      expect(await resetLinksOf(email)).toEqual([]);

      const signedIn = await portal.anonymous.post('/internal/oidc-sign-in', {
        issuer: 'https://idp.company.test',
        subject: 'carla-1',
        email,
        emailVerified: true,
        name: 'Carla Rossi',
        groups: [],
      });
      expect(signedIn).toMatchObject({ status: 200, body: { user: { id: invited.body.user.id, language: 'it' } } });
    });

    it('when a file is imported with invitations, then the provider’s addresses are told to sign in with the company account and the others get a password link', async () => {
      const [employee, guest] = [unique('employee', 'company.test'), unique('guest', 'example.ch')];
      const csv = ['email,name,language', `${employee},Emil Employee,de`, `${guest},Gina Guest,de`].join('\n');
      const answer = await portal.admin.post('/api/admin/users/import?dryRun=false&invite=true', csvForm(csv));
      expect(answer).toMatchObject({ status: 200, body: { counts: { invited: 2 } } });
      const [employeeMail] = await mailsTo(portal.dataDir, employee);
      expect(employeeMail?.text).toContain('Mit Ihrem Firmenkonto anmelden');
      expect(employeeMail?.text).not.toContain('token=');
      const [guestMail] = await mailsTo(portal.dataDir, guest);
      expect(tokenOf(guestMail as OutboxMail, 'reset-password')).toEqual(expect.any(String));
    });
  });

  describe('with REGISTRATION=off', () => {
    let portal: Awaited<ReturnType<typeof startIn>>;
    beforeAll(async () => {
      portal = await startIn(backend, { REGISTRATION: 'off' });
    });
    afterAll(() => portal?.setup.close(portal.service));

    it('when someone registers, or an administrator invites or imports, then it is refused with 403', async () => {
      const email = unique('closed');
      for (const answer of [
        await portal.anonymous.post('/internal/register', { email, name: 'Closed', password: PASSWORD }),
        await portal.admin.post('/api/admin/invitations', { email, name: 'Closed', language: 'en' }),
        await portal.admin.post('/api/admin/users/import?dryRun=true', csvForm(`email,name\n${email},Closed`)),
      ])
        expect(answer).toMatchObject({ status: 403, body: { error: { code: 'registration_closed' } } });
    });
  });
});
