import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { END_SESSIONS_HEADER, TOTAL_COUNT_HEADER } from '@portal/contracts/http';
import { signedCaller } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { ANONYMOUS, type AuthSuite, PASSWORD, registerAccount, SEEDED_ADMIN, startAuthSuite } from './auth-suite.ts';

describe.each(testBackends())('user administration on $name', (backend) => {
  let service: AuthSuite['service'];
  let stop: AuthSuite['stop'] | undefined;
  let admin: ReturnType<typeof signedCaller>;
  let adminId: string;
  const run = Date.now();

  const register = (name: string, email: string) => registerAccount(service.url, name, email);

  beforeAll(async () => {
    ({ service, stop } = await startAuthSuite(backend));
    const login = await signedCaller(service.url, ANONYMOUS).post('/internal/login', SEEDED_ADMIN);
    adminId = login.body.id;
    admin = signedCaller(service.url, { sub: adminId, admin: true, lang: 'en' });
    for (const [name, email] of [
      ['Zoë Ängstrom', `zoe.${run}@example.ch`],
      ['Anna Berg', `anna.${run}@example.ch`],
      ['Marco Rossi', `marco.${run}@example.ch`],
    ]) {
      await register(name as string, email as string);
    }
  });

  afterAll(() => stop?.());

  it('when a non-administrator or an anonymous caller asks for the list or a change, then 403 or 401', async () => {
    const userId = await register('Plain User', `plain.${run}@example.ch`);
    const user = signedCaller(service.url, { sub: userId, admin: false, lang: 'en' });
    expect((await user.get('/api/admin/users')).status).toBe(403);
    expect((await user.patch(`/api/admin/users/${userId}`, { isSysAdmin: true })).status).toBe(403);
    expect((await signedCaller(service.url, ANONYMOUS).get('/api/admin/users')).status).toBe(401);
  });

  it('when an administrator searches in any case, with or without accents, then name and e-mail match and the total is in X-Total-Count', async () => {
    const byName = await admin.get(`/api/admin/users?q=${encodeURIComponent('ZOË ÄNG')}`);
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([expect.objectContaining({ name: 'Zoë Ängstrom', status: 'active' })]);
    expect(byName.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
    const byEmail = await admin.get(`/api/admin/users?q=marco.${run}`);
    expect(byEmail.body).toEqual([expect.objectContaining({ name: 'Marco Rossi', lastSignInAt: null })]);
    const withoutAccents = await admin.get(`/api/admin/users?q=${encodeURIComponent('zoe angs')}`);
    expect(withoutAccents.body).toEqual([expect.objectContaining({ name: 'Zoë Ängstrom' })]);
    const wildcard = await admin.get('/api/admin/users?q=%25');
    expect(wildcard.headers.get(TOTAL_COUNT_HEADER)).toBe('0');
  });

  it('when an administrator pages and sorts, then the pages follow each other without overlap', async () => {
    const first = await admin.get('/api/admin/users?sort=name&limit=2');
    const second = await admin.get('/api/admin/users?sort=name&limit=2&offset=2');
    const total = Number(first.headers.get(TOTAL_COUNT_HEADER));
    expect(total).toBeGreaterThanOrEqual(4);
    const names = [...first.body, ...second.body].map((user: { name: string }) => user.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(new Set(names).size).toBe(4);
    const descending = await admin.get('/api/admin/users?sort=email&order=desc&limit=1');
    expect(descending.body[0].email).toBe(`zoe.${run}@example.ch`);
    expect((await admin.get('/api/admin/users?limit=101')).status).toBe(400);
    expect((await admin.get('/api/admin/users?sort=password')).status).toBe(400);
  });

  it('when an administrator filters by role, status and last sign-in, then only those users come', async () => {
    const admins = await admin.get('/api/admin/users?role=admin');
    expect(admins.body.map((user: { id: string }) => user.id)).toEqual([adminId]);
    const never = await admin.get(`/api/admin/users?neverSignedIn=true&q=${run}`);
    expect(never.headers.get(TOTAL_COUNT_HEADER)).toBe(String(never.body.length));
    expect(never.body.every((user: { lastSignInAt: string | null }) => user.lastSignInAt === null)).toBe(true);
    const recent = await admin.get(`/api/admin/users?signedInAfter=${new Date(Date.now() - 3_600_000).toISOString()}`);
    expect(recent.body.map((user: { id: string }) => user.id)).toContain(adminId);
    const old = await admin.get('/api/admin/users?signedInBefore=2000-01-01');
    expect(old.body).toEqual([]);
    expect((await admin.get('/api/admin/users?signedInBefore=yesterday')).status).toBe(400);
  });

  it('when an administrator deactivates and reactivates a user, then sign-in is refused, the sessions end, it works again, and the trail says user.status-changed through ui', async () => {
    const email = `leaver.${run}@example.ch`;
    const id = await register('Leaver', email);
    const deactivated = await admin.patch(`/api/admin/users/${id}`, { status: 'deactivated' });
    expect(deactivated).toMatchObject({ status: 200, body: { id, status: 'deactivated' } });
    expect(deactivated.headers.get(END_SESSIONS_HEADER)).toBe(id);
    expect((await admin.get(`/api/admin/users?status=deactivated&q=leaver.${run}`)).body).toHaveLength(1);
    const gateway = signedCaller(service.url, ANONYMOUS);
    expect((await gateway.post('/internal/login', { email, password: PASSWORD })).status).toBe(403);
    const reactivated = await admin.patch(`/api/admin/users/${id}`, { status: 'active' });
    expect(reactivated.body.status).toBe('active');
    expect(reactivated.headers.get(END_SESSIONS_HEADER)).toBeNull();
    expect((await gateway.post('/internal/login', { email, password: PASSWORD })).status).toBe(200);
    const { rows } = await sql<{ action: string; after: string; through: string }>`
      select payload->>'action' as action, payload->'changes'->'status'->>'after' as after,
        payload->'details'->>'through' as through
      from outbox where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${id}
        and payload->'changes'->'status' is not null order by id`.execute(service.database.db);
    // One name for a change of status, whether the admin page or SCIM made it; the path is `through`.
    expect(rows).toEqual([
      { action: 'user.status-changed', after: 'deactivated', through: 'ui' },
      { action: 'user.status-changed', after: 'active', through: 'ui' },
    ]);
  });

  it('when the last active administrator would be demoted or deactivated, or an administrator changes themself, then 409', async () => {
    expect((await admin.patch(`/api/admin/users/${adminId}`, { isSysAdmin: false })).body.error.code).toBe(
      'not_oneself',
    );
    const otherId = await register('Second Admin', `second.${run}@example.ch`);
    const promoted = await admin.patch(`/api/admin/users/${otherId}`, { isSysAdmin: true });
    expect(promoted).toMatchObject({ status: 200, body: { isSysAdmin: true } });
    expect(promoted.headers.get(END_SESSIONS_HEADER)).toBeNull();
    const other = signedCaller(service.url, { sub: otherId, admin: true, lang: 'en' });
    await admin.patch(`/api/admin/users/${otherId}`, { status: 'deactivated' });
    const refused = await other.patch(`/api/admin/users/${adminId}`, { isSysAdmin: false });
    expect(refused).toMatchObject({ status: 409 });
    expect(['last_admin', 'not_oneself']).toContain(refused.body.error.code);
    await admin.patch(`/api/admin/users/${otherId}`, { status: 'active' });
    const demoted = await other.patch(`/api/admin/users/${adminId}`, { isSysAdmin: false });
    expect(demoted).toMatchObject({ status: 200, body: { isSysAdmin: false } });
    expect(demoted.headers.get(END_SESSIONS_HEADER)).toBe(adminId);
    const last = await other.patch(`/api/admin/users/${adminId}`, { status: 'deactivated' });
    expect(last.status).toBe(200);
    await other.patch(`/api/admin/users/${adminId}`, { status: 'active', isSysAdmin: true });
  });

  it('when the last other administrator is deactivated, then demoting the remaining one is refused with last_admin', async () => {
    const thirdId = await register('Third Admin', `third.${run}@example.ch`);
    await admin.patch(`/api/admin/users/${thirdId}`, { isSysAdmin: true });
    const third = signedCaller(service.url, { sub: thirdId, admin: true, lang: 'en' });
    const others = (await admin.get('/api/admin/users?role=admin&status=active')).body as { id: string }[];
    for (const other of others.filter((user) => user.id !== adminId && user.id !== thirdId)) {
      await admin.patch(`/api/admin/users/${other.id}`, { isSysAdmin: false });
    }
    // A stale session of a deactivated administrator cannot take the last active one away.
    await admin.patch(`/api/admin/users/${thirdId}`, { status: 'deactivated' });
    const refused = await third.patch(`/api/admin/users/${adminId}`, { isSysAdmin: false });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'last_admin' } } });
  });

  it('when a user changes their name, then it is stored and bad names are refused with 400', async () => {
    const id = await register('Old Name', `rename.${run}@example.ch`);
    const user = signedCaller(service.url, { sub: id, admin: false, lang: 'en' });
    expect(await user.post('/api/user/set-name', { name: '  New Name ' })).toMatchObject({
      status: 200,
      body: { id, name: 'New Name' },
    });
    expect((await user.post('/api/user/set-name', { name: '' })).status).toBe(400);
    expect((await signedCaller(service.url, ANONYMOUS).post('/api/user/set-name', { name: 'X Y' })).status).toBe(401);
  });
});
