// Benchmark of the administrators' user list: seeds 100,000 users (PGlite, or --postgres ADMIN_URL for scratch
// databases there) through the auth repository, then prints p50 and p99 of the first page, a searched page and a
// filtered page deep in the list, as the auth service runs them (the query and its count), with the query plans.
// `node bench/users-list.ts` (options: --users N --runs R --postgres URL).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { UserListQuery } from '@portal/contracts/admin-users';
import { LANGUAGES } from '@portal/contracts/languages';
import { openAuthDatabase } from '@portal/auth-service/app';
import { migrations } from '@portal/auth-service/data-access/schema';
import { usersRepository } from '@portal/auth-service/data-access/users-repository';
import { migrate, vacuumAnalyze } from '@portal/kit/db';
import { scratchDatabase } from '@portal/kit/testing/backends';
import { sql } from 'kysely';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    postgres: { type: 'string' },
  },
});
const userCount = Number(values.users);
const runs = Number(values.runs);
const BATCH = 1000;
const PAGE = 25;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-users-'));
const scratch = values.postgres ? await scratchDatabase(values.postgres) : undefined;
const database = await openAuthDatabase({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: 5, DATABASE_URL: scratch?.url });
await migrate(database.db, 'auth', migrations);
const users = usersRepository(database.db);

const seedStart = Date.now();
for (let start = 0; start < userCount; start += BATCH) {
  const batch = [];
  for (let index = start; index < Math.min(userCount, start + BATCH); index += 1) {
    batch.push({
      id: randomUUID(),
      email: `user${index}@bench.example`,
      name: `Person ${String(index).padStart(6, '0')}`,
      passwordHash: null,
      language: LANGUAGES[index % LANGUAGES.length] ?? 'en',
      isSysAdmin: index % 1000 === 0,
    });
  }
  await users.insertMany(batch);
}
// Two thirds have signed in at some point in the last 200 days; every twentieth is deactivated.
await sql`update users set last_sign_in_at = now() - (abs(hashtext(id::text)) % 200) * interval '1 day'
  where abs(hashtext(id::text)) % 3 <> 0`.execute(database.db);
await sql`update users set status = 'deactivated' where abs(hashtext(email)) % 20 = 0`.execute(database.db);
await vacuumAnalyze(database.db);
console.log(`seeded ${userCount} users in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

const monthAgo = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
const cases: Record<string, UserListQuery> = {
  'first page (by name)': {},
  'search "person 0421"': { q: 'person 0421' },
  'deactivated, not signed in for 30 days, page 3': {
    status: 'deactivated',
    signedInBefore: monthAgo,
    sort: 'lastSignIn',
    offset: 2 * PAGE,
  },
};

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
for (const [name, query] of Object.entries(cases)) {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    total = (await users.list(query, PAGE)).total;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${percentile(times, 0.5)?.toFixed(1)} ms, p99 ${percentile(times, 0.99)?.toFixed(1)} ms (${total} match)`,
  );
}

await database.close();
await scratch?.drop();
rmSync(dataDir, { recursive: true, force: true });
