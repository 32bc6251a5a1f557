import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOTAL_COUNT_HEADER } from '@portal/contracts/http';
import { migrate } from '@portal/kit/db';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { componentSetup, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { openAuthDatabase, startAuthService } from '../src/app.ts';
import { loadAuthConfig } from '../src/config.ts';
import { migrations } from '../src/data-access/schema.ts';
import { ANONYMOUS, registerAccount } from './auth-suite.ts';

const SCIM_TOKEN = 'env-token-0123456789abcdef0123456789abcdef';

interface OutboxRow {
  id: number;
  topic: string;
  payload: Record<string, unknown>;
}

describe.each(testBackends())('groups and the directory’s events on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let service: Awaited<ReturnType<typeof startAuthService>>;
  let admin: ReturnType<typeof signedCaller>;
  let employee: ReturnType<typeof signedCaller>;
  let adminId: string;
  let employeeId: string;
  const run = Date.now();

  /** The outbox's rows from `after` on (the relay marks rows delivered, it keeps them). */
  async function outboxSince(after: number): Promise<OutboxRow[]> {
    const rows = await sql<OutboxRow>`select id, topic, payload from outbox where id > ${after} order by id`.execute(
      service.database.db,
    );
    return rows.rows.map((row) => ({ ...row, id: Number(row.id) }));
  }
  const mark = async () => {
    const rows = await outboxSince(0);
    return rows.at(-1)?.id ?? 0;
  };
  const ofTopic = (rows: OutboxRow[], topic: string) => rows.filter((row) => row.topic === topic).map((r) => r.payload);
  const auditActions = (rows: OutboxRow[]) => ofTopic(rows, 'audit.recorded').map((payload) => payload.action);

  const register = (name: string, email: string) => registerAccount(service.url, name, email);

  /** A call as the gateway passes a directory's: no session, the bearer token, SCIM's media type. */
  function scim(method: string, route: string, body?: unknown) {
    const url = new URL(`/scim/v2${route}`, service.url);
    return fetch(url, {
      method,
      headers: {
        [IDENTITY_HEADER]: signIdentity(ANONYMOUS, { method, path: url.pathname }, TEST_SECRET),
        authorization: `Bearer ${SCIM_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).then(async (answer) => {
      const text = await answer.text();
      return { status: answer.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    });
  }

  beforeAll(async () => {
    setup = await componentSetup(backend, 'auth');
    service = await startAuthService(
      loadAuthConfig({
        ...setup.env,
        ADMIN_EMAIL: 'admin@portal.test',
        ADMIN_PASSWORD: 'Admin12345',
        SCIM_TOKEN,
      }),
    );
    const login = await signedCaller(service.url, ANONYMOUS).post('/internal/login', {
      email: 'admin@portal.test',
      password: 'Admin12345',
    });
    adminId = login.body.id;
    admin = signedCaller(service.url, { sub: adminId, admin: true, lang: 'en' });
    employeeId = await register('Anna Berg', `anna.${run}@example.ch`);
    employee = signedCaller(service.url, { sub: employeeId, admin: false, lang: 'en' });
  });

  afterAll(() => setup?.close(service));

  it('when an employee or an anonymous caller uses the group administration, then 403 or 401 and nothing changes', async () => {
    const before = await mark();
    const someId = crypto.randomUUID();
    const refused = [
      await employee.get('/api/admin/groups'),
      await employee.post('/api/admin/groups', { name: 'Sneaky' }),
      await employee.patch(`/api/admin/groups/${someId}`, { name: 'Sneaky' }),
      await employee.delete(`/api/admin/groups/${someId}`),
      await employee.get(`/api/admin/groups/${someId}/members`),
      await employee.post(`/api/admin/groups/${someId}/members`, { userIds: [employeeId] }),
      await employee.delete(`/api/admin/groups/${someId}/members/${employeeId}`),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await signedCaller(service.url, ANONYMOUS).get('/api/admin/groups')).status).toBe(401);
    expect(await outboxSince(before)).toEqual([]);
  });

  it('when an administrator creates, lists, renames and deletes a group, then each change is answered, its event and audit record are in the outbox, and names are unique in any case', async () => {
    const before = await mark();
    const created = await admin.post('/api/admin/groups', { name: `  Sales ${run}  ` });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: `Sales ${run}`, memberCount: 0, managedBy: 'portal' });
    const id = created.body.id as string;

    const taken = await admin.post('/api/admin/groups', { name: `SALES ${run}` });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('group_name_taken');
    expect((await admin.post('/api/admin/groups', { name: '' })).status).toBe(400);

    const other = await admin.post('/api/admin/groups', { name: `Support ${run}` });
    const renameTaken = await admin.patch(`/api/admin/groups/${id}`, { name: `support ${run}` });
    expect(renameTaken.status).toBe(409);
    expect(renameTaken.body.error.code).toBe('group_name_taken');

    const listed = await admin.get(`/api/admin/groups?q=${encodeURIComponent(`sales ${run}`)}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);
    expect(listed.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
    const paged = await admin.get(`/api/admin/groups?q=${run}&limit=1&offset=1`);
    expect(paged.body).toEqual([expect.objectContaining({ name: `Support ${run}` })]);
    expect(paged.headers.get(TOTAL_COUNT_HEADER)).toBe('2');

    const renamed = await admin.patch(`/api/admin/groups/${id}`, { name: `Field sales ${run}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: `Field sales ${run}` });

    expect((await admin.delete(`/api/admin/groups/${other.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/groups/${other.body.id}`)).status).toBe(404);
    expect((await admin.patch(`/api/admin/groups/${crypto.randomUUID()}`, { name: 'Nobody' })).status).toBe(404);

    const rows = await outboxSince(before);
    expect(ofTopic(rows, 'group.changed')).toEqual([
      { groupId: id, name: `Sales ${run}` },
      { groupId: other.body.id, name: `Support ${run}` },
      { groupId: id, name: `Field sales ${run}` },
    ]);
    expect(ofTopic(rows, 'group.deleted')).toEqual([{ groupId: other.body.id }]);
    expect(auditActions(rows)).toEqual(['group.created', 'group.created', 'group.updated', 'group.deleted']);
    const renameAudit = ofTopic(rows, 'audit.recorded')[2];
    expect(renameAudit).toMatchObject({
      actor: { id: adminId },
      object: { type: 'group', id },
      changes: { name: { before: `Sales ${run}`, after: `Field sales ${run}` } },
      details: { through: 'ui' },
    });
  });

  it('when an administrator adds and removes members, then the members list shows them with the day they joined, member-added and member-removed are in the outbox, and the trail says group.updated through ui as for SCIM', async () => {
    const group = (await admin.post('/api/admin/groups', { name: `Onboarding ${run}` })).body;
    const marco = await register('Marco Rossi', `marco.${run}@example.ch`);
    const before = await mark();

    const added = await admin.post(`/api/admin/groups/${group.id}/members`, { userIds: [employeeId, marco, marco] });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ added: 2 });
    expect((await admin.post(`/api/admin/groups/${group.id}/members`, { userIds: [marco] })).body).toEqual({
      added: 0,
    });
    const unknown = await admin.post(`/api/admin/groups/${group.id}/members`, { userIds: [crypto.randomUUID()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues).toEqual([{ path: 'userIds.0', code: 'user_not_found' }]);
    const tooMany = Array.from({ length: 501 }, () => crypto.randomUUID());
    expect((await admin.post(`/api/admin/groups/${group.id}/members`, { userIds: tooMany })).status).toBe(400);

    const members = await admin.get(`/api/admin/groups/${group.id}/members?q=rossi`);
    expect(members.body).toEqual([
      { id: marco, name: 'Marco Rossi', email: `marco.${run}@example.ch`, joinedAt: expect.any(String) },
    ]);
    expect(members.headers.get(TOTAL_COUNT_HEADER)).toBe('1');
    const listed = await admin.get(`/api/admin/groups?q=${encodeURIComponent(`onboarding ${run}`)}`);
    expect(listed.body[0].memberCount).toBe(2);

    expect((await admin.delete(`/api/admin/groups/${group.id}/members/${marco}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/groups/${group.id}/members/${marco}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/groups/${group.id}/members`)).headers.get(TOTAL_COUNT_HEADER)).toBe('1');

    const rows = await outboxSince(before);
    const joined = ofTopic(rows, 'group.member-added');
    expect(joined).toEqual([
      { groupId: group.id, userId: employeeId, joinedAt: members.body[0].joinedAt },
      { groupId: group.id, userId: marco, joinedAt: members.body[0].joinedAt },
    ]);
    expect(ofTopic(rows, 'group.member-removed')).toEqual([{ groupId: group.id, userId: marco }]);
    // The same name and details as a directory's change of members; the path is `through`.
    expect(ofTopic(rows, 'audit.recorded').map(({ action, details }) => [action, details])).toEqual([
      ['group.updated', { through: 'ui', added: [employeeId, marco], removed: [] }],
      ['group.updated', { through: 'ui', added: [], removed: [marco] }],
    ]);
  });

  it('when the directory keeps a group, then it is listed as such and the portal refuses to change it with 409; SCIM writes record the members who joined and left, and audit them', async () => {
    const marco = await register('Piet Jansen', `piet.${run}@example.ch`);
    const before = await mark();
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: `Directory ${run}`,
      externalId: `ext-${run}`,
      members: [{ value: employeeId }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const listed = await admin.get(`/api/admin/groups?q=${encodeURIComponent(`directory ${run}`)}`);
    expect(listed.body).toEqual([{ id, name: `Directory ${run}`, memberCount: 1, managedBy: 'directory' }]);

    const refusals = [
      await admin.patch(`/api/admin/groups/${id}`, { name: 'Mine now' }),
      await admin.delete(`/api/admin/groups/${id}`),
      await admin.post(`/api/admin/groups/${id}/members`, { userIds: [marco] }),
      await admin.delete(`/api/admin/groups/${id}/members/${employeeId}`),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.error.code])).toEqual(
      Array.from({ length: 4 }, () => [409, 'group_managed_by_directory']),
    );
    expect((await admin.get(`/api/admin/groups/${id}/members`)).body).toHaveLength(1);

    const joinedFirst = (await admin.get(`/api/admin/groups/${id}/members`)).body[0].joinedAt;
    const replaced = await scim('PUT', `/Groups/${id}`, {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: `Directory ${run}`,
      members: [{ value: employeeId }, { value: marco }],
    });
    expect(replaced.status).toBe(200);
    const patched = await scim('PATCH', `/Groups/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'remove', path: `members[value eq "${employeeId}"]` },
        { op: 'replace', path: 'displayName', value: `Directory renamed ${run}` },
      ],
    });
    expect(patched.status).toBe(200);
    const stayed = (await admin.get(`/api/admin/groups/${id}/members`)).body;
    expect(stayed).toEqual([expect.objectContaining({ id: marco })]);
    expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);

    const rows = await outboxSince(before);
    expect(ofTopic(rows, 'group.changed')).toEqual([
      { groupId: id, name: `Directory ${run}` },
      { groupId: id, name: `Directory renamed ${run}` },
    ]);
    expect(ofTopic(rows, 'group.member-added')).toEqual([
      { groupId: id, userId: employeeId, joinedAt: joinedFirst },
      { groupId: id, userId: marco, joinedAt: stayed[0].joinedAt },
    ]);
    expect(ofTopic(rows, 'group.member-removed')).toEqual([{ groupId: id, userId: employeeId }]);
    expect(ofTopic(rows, 'group.deleted')).toEqual([{ groupId: id }]);
    const audits = ofTopic(rows, 'audit.recorded');
    expect(audits.map((audit) => audit.action)).toEqual([
      'group.created',
      'group.updated',
      'group.updated',
      'group.deleted',
    ]);
    expect(audits[1]).toMatchObject({ actor: { name: 'SCIM directory' }, details: { added: [marco], removed: [] } });
    expect(audits[2]).toMatchObject({
      changes: { name: { before: `Directory ${run}`, after: `Directory renamed ${run}` } },
      details: { through: 'scim', removed: [employeeId] },
    });
  });

  it('when an account is created or its name, e-mail, language, status or role changes on any path, then user.changed carries its whole state; a change of nothing of these records none', async () => {
    const state = (userId: string, more: Record<string, unknown>) => ({
      userId,
      language: 'en',
      status: 'active',
      isSysAdmin: false,
      ...more,
    });
    let before = await mark();
    const lena = await register('Lena Keller', `lena.${run}@example.ch`);
    const lenaUser = signedCaller(service.url, { sub: lena, admin: false, lang: 'en' });
    await lenaUser.post('/api/user/set-name', { name: 'Lena Keller-Huber' });
    await lenaUser.post('/api/user/set-language?requestedLanguage=RM');
    await lenaUser.post('/api/user/set-language?requestedLanguage=RM');
    await admin.patch(`/api/admin/users/${lena}`, { isSysAdmin: true });
    await admin.patch(`/api/admin/users/${lena}`, { status: 'deactivated' });
    const lenaMail = `lena.${run}@example.ch`;
    expect(ofTopic(await outboxSince(before), 'user.changed')).toEqual([
      state(lena, { name: 'Lena Keller', email: lenaMail }),
      state(lena, { name: 'Lena Keller-Huber', email: lenaMail }),
      state(lena, { name: 'Lena Keller-Huber', email: lenaMail, language: 'rm' }),
      state(lena, { name: 'Lena Keller-Huber', email: lenaMail, language: 'rm', isSysAdmin: true }),
      state(lena, {
        name: 'Lena Keller-Huber',
        email: lenaMail,
        language: 'rm',
        isSysAdmin: true,
        status: 'deactivated',
      }),
    ]);

    before = await mark();
    const invited = await admin.post('/api/admin/invitations', {
      email: `ivo.${run}@example.ch`,
      name: 'Ivo Bernasconi',
      language: 'it',
      groups: [`Ticino ${run}`],
    });
    expect(invited.status).toBe(201);
    const ivo = invited.body.user.id as string;
    const csv = `email,name,language,role,groups\nivo.${run}@example.ch,Ivo Bernasconi,it,user,Ticino ${run}|Lugano ${run}\nnora.${run}@example.ch,Nora Weber,de,user,Lugano ${run}\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const imported = await admin.post('/api/admin/users/import?dryRun=false', form);
    expect(imported.status).toBe(200);
    const nora = (await admin.get(`/api/admin/users?q=nora.${run}`)).body[0].id as string;
    const afterImport = await outboxSince(before);
    expect(ofTopic(afterImport, 'user.changed')).toEqual([
      state(ivo, { name: 'Ivo Bernasconi', email: `ivo.${run}@example.ch`, language: 'it' }),
      state(nora, { name: 'Nora Weber', email: `nora.${run}@example.ch`, language: 'de' }),
    ]);
    const groupNames = ofTopic(afterImport, 'group.changed').map((group) => group.name);
    expect(groupNames).toEqual([`Ticino ${run}`, `Lugano ${run}`]);
    const [ticino, lugano] = ofTopic(afterImport, 'group.changed').map((group) => group.groupId);
    expect(ofTopic(afterImport, 'group.member-added').map((member) => [member.groupId, member.userId])).toEqual([
      [ticino, ivo],
      [lugano, ivo],
      [lugano, nora],
    ]);

    before = await mark();
    const provisioned = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: `sara.${run}@example.ch`,
      displayName: 'Sara Meier',
      preferredLanguage: 'fr-CH',
    });
    expect(provisioned.status).toBe(201);
    const sara = provisioned.body.id as string;
    await scim('PATCH', `/Users/${sara}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    const tomSignsIn = (email: string, name: string) =>
      signedCaller(service.url, ANONYMOUS).post('/internal/oidc-sign-in', {
        issuer: 'https://idp.example.ch',
        subject: `tom-${run}`,
        email,
        emailVerified: true,
        name,
        locale: 'de-CH',
        groups: [],
      });
    const signedIn = await tomSignsIn(`tom.${run}@example.ch`, 'Tom Frei');
    expect(signedIn.status).toBe(200);
    const tom = signedIn.body.user.id as string;
    await tomSignsIn(`tom.${run}@example.ch`, 'Tom Frei');
    await tomSignsIn(`thomas.${run}@example.ch`, 'Thomas Frei');
    expect(ofTopic(await outboxSince(before), 'user.changed')).toEqual([
      state(sara, { name: 'Sara Meier', email: `sara.${run}@example.ch`, language: 'fr' }),
      state(sara, { name: 'Sara Meier', email: `sara.${run}@example.ch`, language: 'fr', status: 'deactivated' }),
      state(tom, { name: 'Tom Frei', email: `tom.${run}@example.ch`, language: 'de' }),
      state(tom, { name: 'Thomas Frei', email: `thomas.${run}@example.ch`, language: 'de' }),
    ]);
  });

  it('when the administrator of ADMIN_EMAIL was created at start-up, then its user.changed is in the outbox', async () => {
    const rows = ofTopic(await outboxSince(0), 'user.changed');
    expect(rows.find((row) => row.userId === adminId)).toMatchObject({ email: 'admin@portal.test', isSysAdmin: true });
  });

  it('when a database with accounts, groups and members reaches the backfill migration, then the outbox holds each of them once as an event', async () => {
    const scratch = await backend.database();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'auth-backfill-'));
    const database = await openAuthDatabase({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1, DATABASE_URL: scratch.url });
    try {
      const db = database.db;
      const upTo = migrations.findIndex((migration) => migration.id === '007-directory-events-backfill');
      await migrate(db, 'auth', migrations.slice(0, upTo));
      const [ada, bo] = [crypto.randomUUID(), crypto.randomUUID()];
      const group = crypto.randomUUID();
      await sql`insert into users (id, email, name, password_hash, language, is_sys_admin, status)
        values (${ada}, 'ada@example.ch', 'Ada', null, 'de', true, 'active'),
               (${bo}, 'bo@example.ch', 'Bo', null, 'rm', false, 'deactivated')`.execute(db);
      await sql`insert into groups (id, name) values (${group}, 'Zürich')`.execute(db);
      await sql`insert into group_members (group_id, user_id, added_at) values (${group}, ${bo}, '2026-03-01T08:30:00Z')`.execute(
        db,
      );

      await migrate(db, 'auth', migrations);

      const rows = await sql<{ topic: string; payload: unknown; event_id: string }>`
        select topic, payload, event_id from outbox order by id`.execute(db);
      expect(rows.rows.map(({ topic, payload }) => ({ topic, payload }))).toEqual(
        expect.arrayContaining([
          {
            topic: 'user.changed',
            payload: {
              userId: ada,
              name: 'Ada',
              email: 'ada@example.ch',
              language: 'de',
              status: 'active',
              isSysAdmin: true,
            },
          },
          {
            topic: 'user.changed',
            payload: {
              userId: bo,
              name: 'Bo',
              email: 'bo@example.ch',
              language: 'rm',
              status: 'deactivated',
              isSysAdmin: false,
            },
          },
          { topic: 'group.changed', payload: { groupId: group, name: 'Zürich' } },
          {
            topic: 'group.member-added',
            payload: { groupId: group, userId: bo, joinedAt: '2026-03-01T08:30:00.000Z' },
          },
        ]),
      );
      expect(rows.rows).toHaveLength(4);
      expect(new Set(rows.rows.map((row) => row.event_id)).size).toBe(4);
    } finally {
      await database.close();
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
