// Benchmark of the audit page's reads: seeds a trail of millions of entries in a scratch PostgreSQL database,
// starts the portal on it (the other services embedded) and prints p50 and p99 of the pages an administrator asks
// for through the gateway: the newest, a person's, an object's, an action's, a month long ago, and a page deep in
// the trail by its cursor. `node bench/audit-trail.ts` (options: --entries N --runs R --postgres ADMIN_URL).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrations } from '@portal/audit-service/data-access/schema';
import { migrate, openDatabase, vacuumAnalyze } from '@portal/kit/db';
import { freePort } from '@portal/kit/server';
import { scratchDatabase } from '@portal/kit/testing/backends';
import { sql } from 'kysely';
import { signIn, startPortal } from './portal.ts';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '2000000' },
    runs: { type: 'string', default: '40' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const entryCount = Number(values.entries);
const runs = Number(values.runs);
const PAGE = 50;
const ACTORS = 10_000;
const OBJECTS = 100_000;
const ACTIONS = ['user.signed-in', 'course.updated', 'course.created', 'file.added', 'user.role-changed'];
const admin = { email: 'bench-admin@example.com', password: 'Bench12345' };

const scratch = await scratchDatabase(values.postgres);
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-audit-'));
const actorIds = Array.from({ length: 100 }, () => randomUUID());
try {
  const database = await openDatabase<unknown>({ url: scratch.url, embeddedDir: dataDir });
  await migrate(database.db, 'audit', migrations);
  const seedStart = performance.now();
  // Set-based: a person of ACTORS (a hundred known ids among them), an object of OBJECTS, one entry a ~16 s apart
  // over the last year. The hashes are not a valid chain: the reads do not look at them.
  await sql`
    insert into audit_entries (seq, recorded_at, occurred_at, actor_id, action, object_id, outcome, record, prev_hash, hash)
    select n,
      now() - (${entryCount}::bigint - n) * interval '16 seconds',
      now() - (${entryCount}::bigint - n) * interval '16 seconds',
      (${actorIds}::uuid[])[1 + n % 100] ,
      (${ACTIONS}::text[])[1 + n % ${ACTIONS.length}],
      'object-' || (n * 7919 % ${OBJECTS}),
      case when n % 50 = 0 then 'failure' else 'success' end,
      jsonb_build_object(
        'occurredAt', to_char((now() - (${entryCount}::bigint - n) * interval '16 seconds') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'actor', jsonb_build_object('id', (${actorIds}::uuid[])[1 + n % 100], 'name', 'Person ' || (n % ${ACTORS})),
        'from', jsonb_build_object('ip', '192.0.2.' || (n % 250)),
        'action', (${ACTIONS}::text[])[1 + n % ${ACTIONS.length}],
        'object', jsonb_build_object('type', 'course', 'id', 'object-' || (n * 7919 % ${OBJECTS}), 'label', 'Course ' || (n % 997)),
        'outcome', case when n % 50 = 0 then 'failure' else 'success' end,
        'service', 'courses'),
      repeat('0', 64), repeat('0', 64)
    from generate_series(1, ${entryCount}::bigint) as n`.execute(database.db);
  await vacuumAnalyze(database.db);
  await database.close();
  console.log(`seeded ${entryCount} entries in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const port = await freePort();
  const portal = await startPortal(port, {
    DATA_DIR: dataDir,
    AUDIT_DATABASE_URL: scratch.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_EXAMPLES: 'false',
    AUDIT_RETENTION_DAYS: '3650',
  });
  try {
    const gateway = `http://127.0.0.1:${port}`;
    const { cookie } = await signIn(gateway, admin);
    const page = async (query: Record<string, string>) => {
      const response = await fetch(`${gateway}/api/audit?${new URLSearchParams({ limit: String(PAGE), ...query })}`, {
        headers: { cookie },
      });
      if (!response.ok) throw new Error(`GET /api/audit answered ${response.status}`);
      return (await response.json()) as { entries: unknown[]; next?: string };
    };
    // The cursor of the twentieth page of the whole trail.
    let deepCursor = '';
    for (let index = 0; index < 20; index += 1)
      deepCursor = (await page(deepCursor ? { before: deepCursor } : {})).next ?? '';
    const monthAgo = (months: number) => new Date(Date.now() - months * 30 * 24 * 3_600_000).toISOString();
    const cases: Record<string, Record<string, string>> = {
      'newest page': {},
      "a person's entries": { actor: actorIds[7] ?? '' },
      "an object's history": { objectId: 'object-4242' },
      'one action': { action: 'user.role-changed' },
      'a month, ten months ago': { from: monthAgo(10), to: monthAgo(9) },
      'page 21 by its cursor': { before: deepCursor },
    };
    const loadAtStart = loadavg()[0] ?? 0;
    const percentile = (sorted: number[], share: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
    console.log(
      `through the gateway, ${runs} runs each, ${PAGE} entries a page, load ${loadAtStart.toFixed(1)} at start`,
    );
    for (const [name, query] of Object.entries(cases)) {
      const times: number[] = [];
      let shown = 0;
      for (let run = 0; run < runs; run += 1) {
        const start = performance.now();
        shown = (await page(query)).entries.length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms (${shown} entries)`,
      );
    }
    console.log(`load ${(loadavg()[0] ?? 0).toFixed(1)} at the end`);
  } finally {
    portal.kill('SIGTERM');
  }
} finally {
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
