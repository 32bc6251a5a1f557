import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { END_SESSIONS_HEADER } from '@portal/contracts/http';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { sql } from 'kysely';
import { signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { testBackends } from '@portal/kit/testing/backends';
import { ANONYMOUS, type AuthSuite, SEEDED_ADMIN, startAuthSuite } from './auth-suite.ts';

const SCIM_TOKEN = 'env-token-0123456789abcdef0123456789abcdef';

interface Step {
  name: string;
  request: { method: string; path: string; body?: unknown };
  expect: { status: number; body?: unknown; endsSessionsOf?: string };
  capture?: Record<string, string>;
}
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`fixtures/scim/${name}.json`, import.meta.url), 'utf8')) as { steps: Step[] };

/** The text with each {{name}} replaced by what an earlier step captured. */
const filled = (text: string, captured: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => captured[name] ?? `{{${name}}}`);

/** A call to the service at `serviceUrl` as the gateway passes a directory's: no session, the bearer token, SCIM's media type. */
async function scimCall(
  serviceUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = SCIM_TOKEN,
) {
  const url = new URL(path, serviceUrl);
  const response = await fetch(url, {
    method,
    headers: {
      [IDENTITY_HEADER]: signIdentity(ANONYMOUS, { method, path: `${url.pathname}${url.search}` }, TEST_SECRET),
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const deactivate = { Operations: [{ op: 'Replace', path: 'active', value: 'False' }] };

/** The seeded administrator's id on the service at `serviceUrl`. */
async function seededAdminId(serviceUrl: string): Promise<string> {
  return (await signedCaller(serviceUrl, ANONYMOUS).post('/internal/login', SEEDED_ADMIN)).body.id;
}

describe.each(testBackends())('SCIM in the auth service on $name', (backend) => {
  let service: AuthSuite['service'];
  let stop: AuthSuite['stop'] | undefined;
  let adminId: string;

  const scim = (...args: Parameters<typeof scimCall> extends [string, ...infer Rest] ? Rest : never) =>
    scimCall(service.url, ...args);

  /** The audit records the service has put in its outbox about one object, oldest first. */
  async function auditOf(objectId: string): Promise<AuditRecord[]> {
    const { rows } = await sql<{ payload: AuditRecord }>`
      select payload from outbox where topic = ${EVENTS.auditRecorded} and payload->'object'->>'id' = ${objectId}
      order by id`.execute(service.database.db);
    return rows.map((row) => row.payload);
  }

  async function createUser(userName: string, extra: Record<string, unknown> = {}) {
    const created = await scim('POST', '/scim/v2/Users', { userName, ...extra });
    expect(created.status).toBe(201);
    return created.body as { id: string; meta: { version: string } };
  }

  beforeAll(async () => {
    ({ service, stop } = await startAuthSuite(backend, {
      SCIM_TOKEN,
      PUBLIC_URL: 'https://learn.example.ch',
    }));
    adminId = await seededAdminId(service.url);
  });

  afterAll(() => stop?.());

  it.each(['entra-id', 'okta'])(
    'when the %s request sequence is replayed, then each call answers as the directory expects',
    async (name) => {
      const captured: Record<string, string> = {};
      for (const step of fixture(name).steps) {
        const body = step.request.body === undefined ? undefined : filled(JSON.stringify(step.request.body), captured);
        const answer = await scim(step.request.method, filled(step.request.path, captured), body);
        const expected = step.expect.body && JSON.parse(filled(JSON.stringify(step.expect.body), captured));
        expect({ step: step.name, status: answer.status }).toEqual({ step: step.name, status: step.expect.status });
        if (expected) expect(answer.body).toMatchObject(expected);
        if (answer.status >= 400) expect(answer.headers.get('content-type')).toMatch(/^application\/scim\+json/);
        expect({ step: step.name, ended: answer.headers.get(END_SESSIONS_HEADER) }).toEqual({
          step: step.name,
          ended: step.expect.endsSessionsOf ? filled(step.expect.endsSessionsOf, captured) : null,
        });
        for (const [key, attribute] of Object.entries(step.capture ?? {})) captured[key] = answer.body[attribute];
      }
    },
  );

  it('when a directory deactivates a user, then the account is deactivated, kept, cannot sign in, and the trail says user.status-changed through scim as for the admin page', async () => {
    const user = await createUser('leaver@example.ch', { name: { givenName: 'Leo', familyName: 'Leaver' } });
    expect(
      (
        await scim('PATCH', `/scim/v2/Users/${user.id}`, {
          Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
        })
      ).status,
    ).toBe(200);
    const row = await service.database.db
      .selectFrom('users')
      .select(['status', 'password_hash', 'name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'deactivated', password_hash: null, name: 'Leo Leaver' });
    expect(
      (await auditOf(user.id)).map((record) => [record.action, record.actor, record.changes, record.details?.through]),
    ).toEqual([
      ['user.created', { id: null, name: 'SCIM directory' }, undefined, 'scim'],
      [
        'user.status-changed',
        { id: null, name: 'SCIM directory' },
        { status: { before: 'active', after: 'deactivated' } },
        'scim',
      ],
    ]);
    const login = await signedCaller(service.url, ANONYMOUS).post('/internal/login', {
      email: 'leaver@example.ch',
      password: 'Anything-12345',
    });
    expect(login.status).toBe(401);
  });

  it('when a directory writes the account of ADMIN_EMAIL or takes its address, then it is 403 and nothing changes', async () => {
    const path = `/scim/v2/Users/${adminId}`;
    const takeover = { Operations: [{ op: 'replace', path: 'userName', value: 'attacker@evil.example' }] };
    const pathLess = { Operations: [{ op: 'replace', value: { userName: 'attacker@evil.example' } }] };
    for (const [method, body] of [
      ['PATCH', takeover],
      ['PATCH', pathLess],
      ['PATCH', deactivate],
      ['PUT', { userName: 'attacker@evil.example' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await scim(method, path, body);
      expect({ method, status: refused.status, schemas: refused.body.schemas }).toEqual({
        method,
        status: 403,
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      });
    }
    const someone = await createUser('wants.admin.address@example.ch');
    const renamed = await scim('PATCH', `/scim/v2/Users/${someone.id}`, {
      Operations: [{ op: 'replace', path: 'userName', value: SEEDED_ADMIN.email.toUpperCase() }],
    });
    expect(renamed.status).toBe(403);
    const admin = await service.database.db
      .selectFrom('users')
      .select(['email', 'status', 'is_sys_admin'])
      .where('id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ email: SEEDED_ADMIN.email, status: 'active', is_sys_admin: true });
  });

  it('when a directory adds or removes the account of ADMIN_EMAIL in a group, then that is ignored and the rest applied', async () => {
    const [first, second] = [await createUser('member.one@example.ch'), await createUser('member.two@example.ch')];
    const membersOf = async (groupId: string) =>
      (
        await service.database.db
          .selectFrom('group_members')
          .select('user_id')
          .where('group_id', '=', groupId)
          .orderBy('user_id')
          .execute()
      ).map((row) => row.user_id);
    const sorted = (...ids: string[]) => [...ids].sort();

    const created = await scim('POST', '/scim/v2/Groups', {
      displayName: 'Admins kept',
      members: [{ value: adminId }, { value: first.id }],
    });
    expect(created.status).toBe(201);
    const groupId = created.body.id as string;
    const path = `/scim/v2/Groups/${groupId}`;
    expect(await membersOf(groupId)).toEqual([first.id]);
    const added = await scim('PATCH', path, {
      Operations: [{ op: 'add', path: 'members', value: [{ value: adminId }, { value: second.id }] }],
    });
    expect(added.status).toBe(200);
    expect(await membersOf(groupId)).toEqual(sorted(first.id, second.id));

    await service.database.db.insertInto('group_members').values({ group_id: groupId, user_id: adminId }).execute();
    const removed = await scim('PATCH', path, {
      Operations: [
        { op: 'remove', path: `members[value eq "${adminId}"]` },
        { op: 'remove', path: `members[value eq "${first.id}"]` },
      ],
    });
    expect(removed.status).toBe(200);
    expect(await membersOf(groupId)).toEqual(sorted(adminId, second.id));
    expect((await scim('PUT', path, { displayName: 'Admins kept', members: [{ value: first.id }] })).status).toBe(200);
    expect(await membersOf(groupId)).toEqual(sorted(adminId, first.id));
    expect((await scim('PATCH', path, { Operations: [{ op: 'remove', path: 'members' }] })).status).toBe(200);
    expect(await membersOf(groupId)).toEqual([adminId]);
  });

  it('when a directory changes or deletes an administrator while /admin/scim does not allow it, then it is 403', async () => {
    const other = await createUser('other.admin@example.ch');
    const admin = signedCaller(service.url, { sub: adminId, admin: true, lang: 'en' });
    expect((await admin.patch(`/api/admin/users/${other.id}`, { isSysAdmin: true })).status).toBe(200);
    const path = `/scim/v2/Users/${other.id}`;
    expect((await scim('PATCH', path, deactivate)).status).toBe(403);
    expect(
      (await scim('PATCH', path, { Operations: [{ op: 'replace', path: 'displayName', value: 'X Y' }] })).status,
    ).toBe(403);
    expect((await scim('PUT', path, { userName: 'other.admin@example.ch', active: false })).status).toBe(403);
    expect((await scim('DELETE', path)).status).toBe(403);
    expect((await scim('GET', path)).body).toMatchObject({ active: true, userName: 'other.admin@example.ch' });
  });

  it('when an administrator switches SCIM’s administrators on and off, then SCIM may change them only meanwhile and each change is audited', async () => {
    const admin = signedCaller(service.url, { sub: adminId, admin: true, lang: 'en' });
    const other = await createUser('switched.admin@example.ch');
    const person = signedCaller(service.url, { sub: other.id, admin: false, lang: 'en' });
    expect((await admin.get('/api/admin/scim-settings')).body).toEqual({ managesAdministrators: false });
    expect((await person.put('/api/admin/scim-settings', { managesAdministrators: true })).status).toBe(403);
    expect((await admin.put('/api/admin/scim-settings', { managesAdministrators: 'true' })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${other.id}`, { isSysAdmin: true })).status).toBe(200);
    const rename = (name: string) =>
      scim('PATCH', `/scim/v2/Users/${other.id}`, {
        Operations: [{ op: 'replace', path: 'displayName', value: name }],
      });

    const on = await admin.put('/api/admin/scim-settings', { managesAdministrators: true });
    expect(on).toMatchObject({ status: 200, body: { managesAdministrators: true } });
    expect((await rename('Switched On')).status).toBe(200);
    expect((await admin.put('/api/admin/scim-settings', { managesAdministrators: false })).status).toBe(200);
    expect((await rename('Switched Off')).status).toBe(403);
    expect((await admin.get('/api/admin/scim-settings')).body).toEqual({ managesAdministrators: false });

    const trail = (await auditOf('company')).filter((record) => record.action === 'scim-settings.changed');
    expect(trail.map((record) => [record.actor.id, record.changes])).toEqual([
      [adminId, { managesAdministrators: { before: false, after: true } }],
      [adminId, { managesAdministrators: { before: true, after: false } }],
    ]);
  });

  it('when a directory changes a person’s userName, then their sessions end and their links are void', async () => {
    const user = await createUser('moves@example.ch');
    await service.database.db
      .insertInto('password_reset_tokens')
      .values({ user_id: user.id, token_hash: `hash-${user.id}`, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const recased = await scim('PATCH', `/scim/v2/Users/${user.id}`, {
      Operations: [{ op: 'replace', path: 'userName', value: 'Moves@Example.ch' }],
    });
    expect(recased.headers.get(END_SESSIONS_HEADER)).toBeNull();
    const moved = await scim('PATCH', `/scim/v2/Users/${user.id}`, {
      Operations: [{ op: 'replace', path: 'userName', value: 'moved@example.ch' }],
    });
    expect(moved.status).toBe(200);
    expect(moved.headers.get(END_SESSIONS_HEADER)).toBe(user.id);
    const links = await service.database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('when a call has no token, a wrong one or a revoked one, then it is 401 in SCIM’s error shape', async () => {
    for (const token of ['', 'wrong-token-0123456789abcdef0123456789']) {
      const refused = await scim('GET', '/scim/v2/Users', undefined, {}, token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="SCIM"');
      expect(refused.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    }
    const admin = signedCaller(service.url, { sub: adminId, admin: true, lang: 'en' });
    const generated = await admin.post('/api/admin/scim-tokens', { label: 'Entra ID' });
    expect(generated.status).toBe(201);
    expect(generated.body.secret).toMatch(/^scim_/);
    expect((await scim('GET', '/scim/v2/ServiceProviderConfig', undefined, {}, generated.body.secret)).status).toBe(
      200,
    );
    const listed = await admin.get('/api/admin/scim-tokens');
    expect(listed.body.baseUrl).toBe('https://learn.example.ch/scim/v2');
    expect(listed.body.environmentToken).toBe(true);
    expect(listed.body.tokens).toEqual([
      expect.objectContaining({ id: generated.body.token.id, label: 'Entra ID', lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(generated.body.secret);
    const stored = await service.database.db.selectFrom('scim_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(generated.body.secret);
    expect((await admin.delete(`/api/admin/scim-tokens/${generated.body.token.id}`)).status).toBe(200);
    expect((await scim('GET', '/scim/v2/Users', undefined, {}, generated.body.secret)).status).toBe(401);
    const trail = await auditOf(generated.body.token.id);
    expect(trail.map((record) => [record.action, record.actor.id])).toEqual([
      ['scim-token.generated', adminId],
      ['scim-token.revoked', adminId],
    ]);
    expect(JSON.stringify(trail)).not.toContain(generated.body.secret);
  });

  it('when someone not an administrator manages tokens, then it is 403', async () => {
    const user = await createUser('not.admin@example.ch');
    const caller = signedCaller(service.url, { sub: user.id, admin: false, lang: 'en' });
    expect((await caller.get('/api/admin/scim-tokens')).status).toBe(403);
    expect((await caller.post('/api/admin/scim-tokens', { label: 'x' })).status).toBe(403);
    expect((await signedCaller(service.url, ANONYMOUS).get('/api/admin/scim-tokens')).status).toBe(401);
  });

  it('when If-Match names an older version, then PUT, PATCH and DELETE answer 412 and change nothing', async () => {
    const user = await createUser('etag@example.ch', { displayName: 'Etag One' });
    const read = await scim('GET', `/scim/v2/Users/${user.id}`);
    expect(read.headers.get('etag')).toBe(user.meta.version);
    const rename = { Operations: [{ op: 'replace', path: 'displayName', value: 'Etag Two' }] };
    const renamed = await scim('PATCH', `/scim/v2/Users/${user.id}`, rename, { 'if-match': user.meta.version });
    expect(renamed.status).toBe(200);
    expect(renamed.body.meta.version).not.toBe(user.meta.version);
    const stale = { 'if-match': user.meta.version };
    expect((await scim('PATCH', `/scim/v2/Users/${user.id}`, rename, stale)).body).toMatchObject({ status: '412' });
    expect((await scim('PUT', `/scim/v2/Users/${user.id}`, { userName: 'etag@example.ch' }, stale)).status).toBe(412);
    expect((await scim('DELETE', `/scim/v2/Users/${user.id}`, undefined, stale)).status).toBe(412);
    expect((await scim('GET', `/scim/v2/Users/${user.id}`)).body.displayName).toBe('Etag Two');
    expect((await scim('DELETE', `/scim/v2/Users/${user.id}`, undefined, { 'if-match': '*' })).status).toBe(204);
    expect((await auditOf(user.id)).map((record) => [record.action, record.details])).toEqual([
      ['user.created', { through: 'scim' }],
      ['user.updated', { through: 'scim', fields: ['name'] }],
      ['user.deleted', { through: 'scim' }],
    ]);

    const group = await scim('POST', '/scim/v2/Groups', { displayName: 'Etag group' });
    const groupStale = { 'if-match': group.body.meta.version };
    await scim('PATCH', `/scim/v2/Groups/${group.body.id}`, {
      Operations: [{ op: 'replace', path: 'displayName', value: 'Etag group 2' }],
    });
    expect((await scim('DELETE', `/scim/v2/Groups/${group.body.id}`, undefined, groupStale)).status).toBe(412);
  });

  it('when a filter is not an equality the portal answers, then it is 400 invalidFilter', async () => {
    for (const filter of [
      'userName co "a"',
      'userName eq "a" and active eq true',
      'title eq "Trainer"',
      'userName eq a',
      `userName eq "${'a'.repeat(600)}"`,
    ]) {
      const answer = await scim('GET', `/scim/v2/Users?filter=${encodeURIComponent(filter)}`);
      expect({ filter: filter.slice(0, 40), status: answer.status }).toEqual({
        filter: filter.slice(0, 40),
        status: 400,
      });
      if (filter.length < 600) expect(answer.body.scimType).toBe('invalidFilter');
    }
  });

  it('when a filter’s value escapes a NUL or a lone surrogate, then it is 400 invalidFilter in SCIM’s shape', async () => {
    for (const path of ['/scim/v2/Users', '/scim/v2/Groups']) {
      for (const filter of [String.raw`externalId eq "a\u0000b"`, String.raw`externalId eq "\ud800"`]) {
        const answer = await scim('GET', `${path}?filter=${encodeURIComponent(filter)}`);
        expect({ path, filter, status: answer.status, scimType: answer.body.scimType }).toEqual({
          path,
          filter,
          status: 400,
          scimType: 'invalidFilter',
        });
      }
    }
  });

  it('when the scheme is sent in lower case, then the token is accepted', async () => {
    const answer = await scim('GET', '/scim/v2/ServiceProviderConfig', undefined, {
      authorization: `bearer ${SCIM_TOKEN}`,
    });
    expect(answer.status).toBe(200);
  });

  it('when a PATCH names a prototype or sends 96 KB of dotted key or nesting, then it is 400 in bounded CPU and the service serves on', async () => {
    const user = await createUser('patch.bounds@example.ch');
    const path = `/scim/v2/Users/${user.id}`;
    const pollution = { Operations: [{ op: 'replace', path: '__proto__.polluted', value: 'yes' }] };
    expect((await scim('PATCH', path, pollution)).body).toMatchObject({ status: '400', scimType: 'invalidPath' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const nested = `{"Operations":[{"op":"replace","value":{"name":{"__proto__":{"polluted":"yes"}}}}]}`;
    expect((await scim('PATCH', path, nested)).body).toMatchObject({ status: '400', scimType: 'invalidPath' });
    for (const body of [
      JSON.stringify({ Operations: [{ op: 'replace', value: { [`${'a.'.repeat(48_000)}a`]: 'x' } }] }),
      `{"Operations":[{"op":"replace","value":{"name":${'{"a":'.repeat(16_000)}1${'}'.repeat(16_000)}}}]}`,
    ]) {
      const start = process.cpuUsage();
      const answer = await scim('PATCH', path, body);
      const used = process.cpuUsage(start);
      expect(answer.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400' });
      expect((used.user + used.system) / 1000).toBeLessThan(500);
    }
    expect((await scim('GET', path)).body).toMatchObject({ userName: 'patch.bounds@example.ch' });
  });

  it('when a PATCH sets an object where text is due, then it is 400 invalidValue; removing by one removes nothing', async () => {
    const user = await createUser('object.values@example.ch');
    const group = await scim('POST', '/scim/v2/Groups', {
      displayName: 'Object values',
      members: [{ value: user.id }],
    });
    for (const [path, operation] of [
      [`/scim/v2/Users/${user.id}`, { op: 'replace', path: 'displayName', value: { text: 'x' } }],
      [`/scim/v2/Users/${user.id}`, { op: 'replace', value: { 'name.givenName': { text: 'x' } } }],
      [`/scim/v2/Users/${user.id}`, { op: 'add', path: 'emails[type eq "work"].value', value: { text: 'x' } }],
      [`/scim/v2/Groups/${group.body.id}`, { op: 'add', path: 'members', value: [{ value: { id: user.id } }] }],
    ] as const) {
      const answer = await scim('PATCH', path, { Operations: [operation] });
      expect({ operation, status: answer.status, scimType: answer.body.scimType }).toEqual({
        operation,
        status: 400,
        scimType: 'invalidValue',
      });
    }
    const removeNothing = { op: 'remove', path: 'members', value: [{ value: { id: user.id } }] };
    const kept = await scim('PATCH', `/scim/v2/Groups/${group.body.id}`, { Operations: [removeNothing] });
    expect(kept).toMatchObject({ status: 200, body: { members: [{ value: user.id }] } });
  });

  it('when users are listed by pages, then startIndex and count pick the page and totalResults counts all', async () => {
    for (const index of [1, 2, 3]) await createUser(`page.${index}@paging.test`);
    const all = await scim('GET', '/scim/v2/Users?count=1000');
    const total = all.body.totalResults as number;
    expect(all.body.itemsPerPage).toBe(Math.min(total, 100));
    const second = await scim('GET', '/scim/v2/Users?startIndex=2&count=2');
    expect(second.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(second.body.Resources.map((user: { id: string }) => user.id)).toEqual(
      all.body.Resources.slice(1, 3).map((user: { id: string }) => user.id),
    );
    expect((await scim('GET', '/scim/v2/Users?count=0')).body).toMatchObject({ totalResults: total, itemsPerPage: 0 });
    expect((await scim('GET', '/scim/v2/Users?startIndex=0')).status).toBe(400);
  });

  it('when a body is wrong, then the answer says why in SCIM’s shape and nothing is written', async () => {
    for (const type of ['application/scim+json', 'application/json']) {
      const malformed = await scim('POST', '/scim/v2/Users', '{"userName":', { 'content-type': type });
      expect(malformed.body).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
      // The token is checked before the body is read.
      const unread = await scim('POST', '/scim/v2/Users', '{"userName":', { 'content-type': type }, 'wrong');
      expect(unread.body).toMatchObject({ status: '401' });
    }
    const tooLarge = await scim('POST', '/scim/v2/Users', {
      userName: 'big@example.ch',
      displayName: 'x'.repeat(200_000),
    });
    expect(tooLarge.body).toMatchObject({ status: '413' });
    const notEmail = await scim('POST', '/scim/v2/Users', { userName: 'no-address' });
    expect(notEmail.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const user = await createUser('patch.errors@example.ch');
    const noPath = await scim('PATCH', `/scim/v2/Users/${user.id}`, { Operations: [{ op: 'remove' }] });
    expect(noPath.body).toMatchObject({ status: '400', scimType: 'noTarget' });
    const badOp = await scim('PATCH', `/scim/v2/Users/${user.id}`, {
      Operations: [{ op: 'move', path: 'x', value: 1 }],
    });
    expect(badOp.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const unknownMember = await scim('POST', '/scim/v2/Groups', {
      displayName: 'Ghosts',
      members: [{ value: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknownMember.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await scim('GET', '/scim/v2/Groups?filter=displayName%20eq%20%22Ghosts%22')).body.totalResults).toBe(0);
    expect((await scim('GET', '/scim/v2/Nothing')).body).toMatchObject({ status: '404' });
  });

  it('when a directory reads the discovery documents, then they describe Users and Groups', async () => {
    const config = await scim('GET', '/scim/v2/ServiceProviderConfig');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      etag: { supported: true },
    });
    const types = await scim('GET', '/scim/v2/ResourceTypes');
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const userSchema = await scim('GET', '/scim/v2/Schemas/urn:ietf:params:scim:schemas:core:2.0:User');
    expect(userSchema.body.attributes.map((attribute: { name: string }) => attribute.name)).toContain('userName');
    expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  });
});

describe.each(testBackends())('SCIM allowed to manage administrators on $name', (backend) => {
  let suite: AuthSuite | undefined;
  let serviceUrl: string;

  beforeAll(async () => {
    suite = await startAuthSuite(backend, { SCIM_TOKEN });
    serviceUrl = suite.service.url;
    const seeded = signedCaller(serviceUrl, { sub: await seededAdminId(serviceUrl), admin: true, lang: 'en' });
    expect((await seeded.put('/api/admin/scim-settings', { managesAdministrators: true })).status).toBe(200);
  });

  afterAll(() => suite?.stop());

  it('when a directory would deactivate or delete the last active administrator, then it is 409 last_admin; ADMIN_EMAIL stays out of reach', async () => {
    const seededId = await seededAdminId(serviceUrl);
    const seeded = signedCaller(serviceUrl, { sub: seededId, admin: true, lang: 'en' });
    const created = await scimCall(serviceUrl, 'POST', '/scim/v2/Users', { userName: 'managed.admin@example.ch' });
    const managedId = created.body.id as string;
    expect((await seeded.patch(`/api/admin/users/${managedId}`, { isSysAdmin: true })).status).toBe(200);
    const managed = signedCaller(serviceUrl, { sub: managedId, admin: true, lang: 'en' });
    expect((await managed.patch(`/api/admin/users/${seededId}`, { status: 'deactivated' })).status).toBe(200);

    const path = `/scim/v2/Users/${managedId}`;
    for (const [method, body] of [
      ['PATCH', deactivate],
      ['PUT', { userName: 'managed.admin@example.ch', active: false }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await scimCall(serviceUrl, method, path, body);
      expect({ method, status: refused.status, detail: refused.body.detail }).toEqual({
        method,
        status: 409,
        detail: expect.stringContaining('last active administrator'),
      });
    }
    const renamed = await scimCall(serviceUrl, 'PATCH', path, {
      Operations: [{ op: 'replace', path: 'displayName', value: 'Managed Admin' }],
    });
    expect(renamed.status).toBe(200);
    expect((await scimCall(serviceUrl, 'PATCH', `/scim/v2/Users/${seededId}`, deactivate)).status).toBe(403);

    expect((await managed.patch(`/api/admin/users/${seededId}`, { status: 'active' })).status).toBe(200);
    const deactivated = await scimCall(serviceUrl, 'PATCH', path, deactivate);
    expect(deactivated.status).toBe(200);
    expect(deactivated.headers.get(END_SESSIONS_HEADER)).toBe(managedId);
  });

  it('when every active administrator is ended at once through SCIM and the admin API, then exactly one stays', async () => {
    const seededId = await seededAdminId(serviceUrl);
    const seeded = signedCaller(serviceUrl, { sub: seededId, admin: true, lang: 'en' });
    const ids: string[] = [];
    for (const name of ['race.a', 'race.b', 'race.c', 'race.d']) {
      const created = await scimCall(serviceUrl, 'POST', '/scim/v2/Users', { userName: `${name}@example.ch` });
      expect((await seeded.patch(`/api/admin/users/${created.body.id}`, { isSysAdmin: true })).status).toBe(200);
      ids.push(created.body.id as string);
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    const byA = signedCaller(serviceUrl, { sub: a, admin: true, lang: 'en' });
    const statuses = await Promise.all([
      byA.patch(`/api/admin/users/${seededId}`, { status: 'deactivated' }),
      byA.patch(`/api/admin/users/${b}`, { isSysAdmin: false }),
      scimCall(serviceUrl, 'PATCH', `/scim/v2/Users/${c}`, deactivate),
      scimCall(serviceUrl, 'DELETE', `/scim/v2/Users/${d}`),
      scimCall(serviceUrl, 'PUT', `/scim/v2/Users/${a}`, { userName: 'race.a@example.ch', active: false }),
    ]).then((answers) => answers.map((answer) => answer.status).sort());
    expect(statuses).toEqual([200, 200, 200, 204, 409]);
    const active = await suite?.service.database.db
      .selectFrom('users')
      .select('id')
      .where('is_sys_admin', '=', true)
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(1);
  });
});
