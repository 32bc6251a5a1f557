import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import { testBackends } from '@portal/kit/testing/backends';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { componentSetup, fakeService, signedCaller, TEST_SECRET } from '@portal/kit/testing/component';
import { sql } from 'kysely';
import { startAuditService } from '../src/app.ts';
import { loadAuditConfig } from '../src/config.ts';
import { entryHash } from '../src/data-access/chain.ts';
import { entriesRepository, type StoredEntry } from '../src/data-access/entries-repository.ts';
import { type VerifyOptions, verifyTrail } from '../src/domain/verify.ts';

const ADMIN = { sub: randomUUID(), admin: true, lang: 'de' } as const;
const EMPLOYEE = { sub: randomUUID(), admin: false, lang: 'en' } as const;
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;
const CHAIN_KEY = randomBytes(32).toString('hex');
const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
const CHECKS: VerifyOptions = { chainKey: CHAIN_KEY, retentionDays: RETENTION_DAYS };
/** A moment past the retention of everything recorded now. */
const later = () => new Date(Date.now() + (RETENTION_DAYS + 1) * DAY_MS);

function record(overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    occurredAt: new Date().toISOString(),
    actor: { id: ADMIN.sub, name: 'Ada Admin' },
    from: { ip: '192.0.2.7', userAgent: 'Firefox' },
    action: 'course.updated',
    object: { type: 'course', id: randomUUID(), label: 'Safety' },
    outcome: 'success',
    requestId: randomUUID(),
    service: 'courses',
    changes: { title: { before: 'Safty', after: 'Safety' } },
    ...overrides,
  };
}

async function eventually(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An HTTP endpoint that takes JSON lines, or refuses them while `down`. */
async function siem() {
  const lines: string[] = [];
  const state = { down: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (part: Buffer) => (body += part.toString('utf8')));
    req.on('end', () => {
      if (state.down) res.statusCode = 503;
      else lines.push(...body.split('\n').filter(Boolean));
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`,
    lines,
    state,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testBackends())('the audit service on $name', (backend) => {
  let setup: Awaited<ReturnType<typeof componentSetup>>;
  let auth: Awaited<ReturnType<typeof fakeService>>;
  let sink: Awaited<ReturnType<typeof siem>>;
  let service: Awaited<ReturnType<typeof startAuditService>>;
  const deliver = (payload: AuditRecord, id = randomUUID()) =>
    signedCaller(service.url, SYSTEM).post('/internal/events', { id, topic: EVENTS.auditRecorded, payload });

  beforeAll(async () => {
    setup = await componentSetup(backend, 'audit');
    sink = await siem();
    auth = await fakeService((router) => {
      router.get('/internal/users/:id', (req, res) => {
        if (req.params.id === EMPLOYEE.sub)
          res.json({
            id: EMPLOYEE.sub,
            name: 'Emil Employee',
            email: 'e@example.ch',
            language: 'en',
            isSysAdmin: false,
          });
        else res.status(404).json({ error: { code: 'not_found', message: 'User not found' } });
      });
    });
    service = await startAuditService(
      loadAuditConfig({
        ...setup.env,
        AUTH_SERVICE_URL: auth.url,
        AUDIT_SINK: sink.url,
        AUDIT_CHAIN_KEY: CHAIN_KEY,
        AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
      }),
    );
  });

  afterAll(() => setup?.close(service, auth, sink));

  it('when records arrive, then each is kept once, chained to the one before, and the chain verifies', async () => {
    const first = record();
    const eventId = randomUUID();
    expect((await deliver(first, eventId)).status).toBe(200);
    expect((await deliver(first, eventId)).status).toBe(200);
    await deliver(record({ action: 'course.published' }));
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    const kept = await entries.list({ limit: 10 });
    expect(kept.map((entry) => entry.action)).toEqual(['course.published', 'course.updated']);
    expect(kept[0]?.prevHash).toBe(kept[1]?.hash);
    expect(await verifyTrail(entries, CHECKS)).toEqual({ intact: true, entries: 2 });
  });

  it('when a record comes without the actor’s name, then the name at that time is asked of the auth service', async () => {
    const objectId = randomUUID();
    await deliver(
      record({ actor: { id: EMPLOYEE.sub }, action: 'user.signed-in', object: { type: 'user', id: objectId } }),
    );
    const page = await signedCaller(service.url, ADMIN).get(`/api/audit?objectId=${objectId}`);
    expect(page.body.entries[0].actor).toEqual({ id: EMPLOYEE.sub, name: 'Emil Employee' });
  });

  it('when anyone tries to change or delete an entry, then the database refuses it', async () => {
    const db = service.database.db;
    await expect(sql`update audit_entries set action = 'user.nothing'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_entries`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('when a row is changed behind the trigger’s back, then verifying names that entry', async () => {
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    const target = record({ action: 'user.role-changed', changes: { isSysAdmin: { before: false, after: true } } });
    await deliver(target);
    await deliver(record());
    const [, changed] = await entries.list({ limit: 2 });
    const db = service.database.db;
    await sql`alter table audit_entries disable trigger audit_entries_no_change`.execute(db);
    const forged = { ...target, changes: { isSysAdmin: { before: false, after: false } } };
    await sql`update audit_entries set record = ${JSON.stringify(forged)}::jsonb where seq = ${changed?.seq}`.execute(
      db,
    );
    await sql`alter table audit_entries enable trigger audit_entries_no_change`.execute(db);
    expect(await verifyTrail(entries, CHECKS)).toMatchObject({
      intact: false,
      brokenAt: changed?.seq,
      reason: 'its content does not match its hash',
    });
    await sql`alter table audit_entries disable trigger audit_entries_no_change`.execute(db);
    await sql`update audit_entries set record = ${JSON.stringify(target)}::jsonb where seq = ${changed?.seq}`.execute(
      db,
    );
    await sql`alter table audit_entries enable trigger audit_entries_no_change`.execute(db);
    expect(await verifyTrail(entries, CHECKS)).toMatchObject({ intact: true });
  });

  it('when an employee or a visitor asks for the trail, then it is refused', async () => {
    expect((await signedCaller(service.url, EMPLOYEE).get('/api/audit')).status).toBe(403);
    expect((await signedCaller(service.url, SYSTEM).get('/api/audit')).status).toBe(401);
    expect((await signedCaller(service.url, ADMIN).get('/api/audit?limit=100000')).status).toBe(400);
  });

  it('when a page cursor is past what the trail can number, then it is 400 with its code, not a database error', async () => {
    const admin = signedCaller(service.url, ADMIN);
    for (const before of [String(2n ** 63n), '9'.repeat(20)]) {
      const answer = await admin.get(`/api/audit?before=${before}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.issues).toEqual([{ path: 'before', code: 'invalid_cursor' }]);
    }
    expect((await admin.get(`/api/audit?before=${2n ** 63n - 1n}`)).status).toBe(200);
  });

  it('when an administrator filters and pages, then each page is the next older part of the matching entries', async () => {
    const actor = randomUUID();
    for (let index = 0; index < 5; index += 1)
      await deliver(
        record({ actor: { id: actor, name: 'Pat' }, action: 'file.added', object: { type: 'file', id: `f${index}` } }),
      );
    await deliver(record({ actor: { id: actor, name: 'Pat' }, action: 'file.removed' }));
    const admin = signedCaller(service.url, ADMIN);
    const first = await admin.get(`/api/audit?actor=${actor}&action=file.added&limit=3`);
    expect(first.body.entries.map((entry: AuditRecord) => entry.object.id)).toEqual(['f4', 'f3', 'f2']);
    const second = await admin.get(`/api/audit?actor=${actor}&action=file.added&limit=3&before=${first.body.next}`);
    expect(second.body.entries.map((entry: AuditRecord) => entry.object.id)).toEqual(['f1', 'f0']);
    expect(second.body.next).toBeUndefined();
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await admin.get(`/api/audit?actor=${actor}&from=${encodeURIComponent(future)}`)).body.entries).toEqual([]);
  });

  it('when an administrator filters by an action or a prefix, then entries stored under its former names are found too', async () => {
    const objectId = randomUUID();
    const user = { type: 'user', id: objectId, label: 'leaver@example.ch' };
    await deliver(record({ action: 'user.deactivated', object: user, details: { through: 'scim' } }));
    await deliver(record({ action: 'user.status-changed', object: user, details: { through: 'ui' } }));
    await deliver(record({ action: 'user.signed-in', object: user }));
    await deliver(record({ action: 'course.updated', object: { type: 'course', id: objectId } }));
    const admin = signedCaller(service.url, ADMIN);
    const actions = async (action: string) =>
      (await admin.get(`/api/audit?objectId=${objectId}&action=${action}`)).body.entries.map(
        (entry: AuditRecord) => entry.action,
      );
    expect(await actions('user.status-changed')).toEqual(['user.status-changed', 'user.deactivated']);
    expect(await actions('user.')).toEqual(['user.signed-in', 'user.status-changed', 'user.deactivated']);
    expect((await admin.get('/api/audit?action=user..')).status).toBe(400);
    expect((await admin.get('/api/audit?action=user%25')).status).toBe(400);
  });

  it('when an administrator searches objects by what the page shows, then the label’s beginning in any case or the id finds them, and wildcards are text', async () => {
    const run = randomUUID().slice(0, 8);
    const userId = randomUUID();
    await deliver(
      record({ action: 'user.status-changed', object: { type: 'user', id: userId, label: `Leo.${run}@example.ch` } }),
    );
    await deliver(record({ object: { type: 'course', id: randomUUID(), label: `Fire safety ${run}` } }));
    await deliver(record({ object: { type: 'course', id: randomUUID(), label: `Fire_safety ${run}` } }));
    const admin = signedCaller(service.url, ADMIN);
    const labels = async (object: string) =>
      (await admin.get(`/api/audit?object=${encodeURIComponent(object)}`)).body.entries.map(
        (entry: AuditRecord) => entry.object.label,
      );
    expect(await labels(`leo.${run}@EXAMPLE.CH`)).toEqual([`Leo.${run}@example.ch`]);
    expect(await labels(userId)).toEqual([`Leo.${run}@example.ch`]);
    expect(await labels(`fire_safety ${run}`)).toEqual([`Fire_safety ${run}`]);
    expect(await labels(`fire%`)).toEqual([]);
  });

  it('when an administrator pages through a time window, then entries come by when they happened, late ones included', async () => {
    const actor = randomUUID();
    const day = (date: number) => new Date(Date.UTC(2025, 2, date, 12)).toISOString();
    // Delivered out of order: the entry of the 3rd arrives last, as a record held in an outbox would.
    for (const [date, id] of [
      [1, 'a'],
      [2, 'b'],
      [4, 'd'],
      [5, 'e'],
      [3, 'c'],
      [9, 'outside'],
    ] as const)
      await deliver(record({ actor: { id: actor, name: 'Pat' }, occurredAt: day(date), object: { type: 'file', id } }));
    const admin = signedCaller(service.url, ADMIN);
    const window = `actor=${actor}&from=${encodeURIComponent(day(1))}&to=${encodeURIComponent(day(6))}&limit=2`;
    const ids: string[] = [];
    let next: string | undefined;
    do {
      const page = await admin.get(`/api/audit?${window}${next ? `&before=${next}` : ''}`);
      ids.push(...page.body.entries.map((entry: AuditRecord) => entry.object.id));
      next = page.body.next;
    } while (next);
    expect(ids).toEqual(['e', 'd', 'c', 'b', 'a']);
  });

  it('when the trail is exported as CSV, then it opens in Excel in the reader’s language and formulas stay text', async () => {
    const objectId = randomUUID();
    await deliver(record({ object: { type: 'course', id: objectId, label: '=HYPERLINK("http://evil")' } }));
    const path = `/api/audit?objectId=${objectId}&format=csv`;
    // Read as bytes: a text decoder drops the byte order mark this checks.
    const answer = await fetch(new URL(path, service.url), {
      headers: { [IDENTITY_HEADER]: signIdentity(ADMIN, { method: 'GET', path }, TEST_SECRET) },
    });
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = new TextDecoder().decode(bytes).trim().split('\n');
    expect(header).toContain('Zeitpunkt');
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain('Erfolg');
  });

  it('when the SIEM is down for a while, then it gets every entry once it is back, in order', async () => {
    sink.state.down = true;
    const objectId = randomUUID();
    await deliver(record({ object: { type: 'course', id: objectId }, action: 'course.deleted' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    sink.state.down = false;
    await deliver(record({ object: { type: 'course', id: objectId }, action: 'course.created' }));
    await eventually(() => sink.lines.filter((line) => line.includes(objectId)).length === 2);
    const shipped = sink.lines.map((line) => JSON.parse(line).audit.seq as string);
    expect(shipped).toEqual([...shipped].sort((a, b) => Number(a) - Number(b)));
    expect(new Set(shipped).size).toBe(shipped.length);
  });

  /** Runs `work` with the append-only trigger off, as a database superuser could. */
  async function behindTheTrigger(work: () => Promise<unknown>) {
    const db = service.database.db;
    await sql`alter table audit_entries disable trigger audit_entries_no_change`.execute(db);
    try {
      await work();
    } finally {
      await sql`alter table audit_entries enable trigger audit_entries_no_change`.execute(db);
    }
  }

  it('when someone who can write the table recomputes the chain after a change, then verifying names the changed entry', async () => {
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    await deliver(record({ action: 'user.role-changed', changes: { isSysAdmin: { before: false, after: true } } }));
    await deliver(record());
    const [last, changed] = (await entries.list({ limit: 2 })) as [StoredEntry, StoredEntry];
    const rewrite = async (from: StoredEntry, to: AuditRecord, next: StoredEntry) => {
      const fields = { seq: from.seq, recordedAt: new Date(from.recordedAt), prevHash: from.prevHash };
      const hash = entryHash({ ...fields, record: to });
      const { seq, recordedAt, hash: _hash, prevHash: _prev, columns: _columns, mac: _mac, ...nextRecord } = next;
      const nextHash = entryHash({ seq, recordedAt: new Date(recordedAt), record: nextRecord, prevHash: hash });
      const db = service.database.db;
      await sql`update audit_entries set record = ${JSON.stringify(to)}::jsonb, hash = ${hash} where seq = ${from.seq}`.execute(
        db,
      );
      await sql`update audit_entries set prev_hash = ${hash}, hash = ${nextHash} where seq = ${next.seq}`.execute(db);
    };
    const {
      seq: _seq,
      recordedAt: _at,
      hash: _hash,
      prevHash: _prev,
      columns: _columns,
      mac: _mac,
      ...original
    } = changed;
    await behindTheTrigger(() =>
      rewrite(changed, { ...original, changes: { isSysAdmin: { before: false, after: false } } }, last),
    );
    try {
      expect(await verifyTrail(entries, CHECKS)).toMatchObject({
        intact: false,
        brokenAt: changed.seq,
        reason: 'its MAC does not match: the chain was rewritten without the key',
      });
    } finally {
      await behindTheTrigger(() => rewrite(changed, original, last));
    }
    expect(await verifyTrail(entries, CHECKS)).toMatchObject({ intact: true });
  });

  it('when the newest entries are cut, then verifying against the head the sink received names the missing one', async () => {
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    const objectId = randomUUID();
    await deliver(record({ object: { type: 'course', id: objectId }, action: 'course.deleted' }));
    await eventually(() => sink.lines.some((line) => line.includes(objectId)));
    const shipped = JSON.parse(sink.lines.at(-1) as string).audit as { seq: string; hash: string };
    const head = { seq: shipped.seq, hash: shipped.hash };
    expect(await verifyTrail(entries, { ...CHECKS, head })).toMatchObject({ intact: true });
    const db = service.database.db;
    const [cut] = await sql<Record<string, unknown>>`select * from audit_entries where seq = ${head.seq}`
      .execute(db)
      .then((result) => result.rows);
    await db.transaction().execute(async (trx) => {
      await sql`set local audit.pruning = 'on'`.execute(trx);
      await sql`delete from audit_entries where seq = ${head.seq}`.execute(trx);
    });
    try {
      expect(await verifyTrail(entries, { ...CHECKS, head })).toMatchObject({
        intact: false,
        brokenAt: head.seq,
        reason: 'the trail ends before the head held outside',
      });
    } finally {
      await db
        .insertInto('audit_entries')
        .values(cut as never)
        .execute();
    }
    expect(await verifyTrail(entries, { ...CHECKS, head })).toMatchObject({ intact: true });
  });

  it('when entries pass the retention, then they are pruned and the kept trail still verifies and goes on', async () => {
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    // The retention job as it runs a little more than the retention from now: every entry so far is past it.
    const pruned = await entries.prune(new Date(Date.now() + 1_000), later());
    expect(pruned).toBeGreaterThan(0);
    expect(await entries.list({ limit: 1 })).toEqual([]);
    await deliver(record());
    expect(await verifyTrail(entries, CHECKS)).toEqual({ intact: true, entries: 1 });
  });

  it('when a pruning is not the retention job’s, then verifying says so', async () => {
    const entries = entriesRepository(service.database.db, CHAIN_KEY);
    await deliver(record());
    await deliver(record());
    // Signed, but of entries younger than the retention: a key holder who pruned too early.
    await entries.prune(new Date(Date.now() + 1_000));
    expect(await verifyTrail(entries, CHECKS)).toMatchObject({
      intact: false,
      reason: 'the last pruning removed entries younger than AUDIT_RETENTION_DAYS',
    });
    // Forged: any database session can set the pruning switch and write where the trail starts, but not its MAC.
    await deliver(record());
    await deliver(record());
    const [, oldest] = (await entries.list({ limit: 2 })) as [StoredEntry, StoredEntry];
    const db = service.database.db;
    await db.transaction().execute(async (trx) => {
      await sql`set local audit.pruning = 'on'`.execute(trx);
      await sql`delete from audit_entries where seq <= ${oldest.seq}`.execute(trx);
      await sql`insert into audit_pruned (through_seq, last_hash, last_recorded_at, pruned_at, mac)
        values (${oldest.seq}, ${oldest.hash}, ${oldest.recordedAt}, ${later().toISOString()}, ${'0'.repeat(64)})`.execute(
        trx,
      );
    });
    expect(await verifyTrail(entries, CHECKS)).toMatchObject({
      intact: false,
      brokenAt: oldest.seq,
      reason: 'the record of the last pruning does not carry its MAC',
    });
  });
});
