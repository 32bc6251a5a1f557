// Benchmark of the training service's reports: seeds people, groups, courses, assignments and one row per
// assignment and person (`assigned_people`) set-based in SQL, starts the portal on it (the other services
// embedded) and prints, through the gateway as an administrator, p50 and p99 of the report's pages and the
// compliance figures, then the whole report as CSV and XLSX with rows/s and the training process's memory growth,
// then the reminder job's pass over every row (its mails rendered and built, not sent over a network).
// Two sizes: 10,000 people and 1,000,000 rows on PostgreSQL (issue 30's), and a company of 2,000 people on the
// embedded PGlite. `node bench/training.ts` (options: --runs R --scale F (sizes × F, for a quick try)
// --only postgres|pglite --postgres ADMIN_URL).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openTrainingDatabase } from '@portal/training-service/app';
import { migrations, type TrainingDatabase } from '@portal/training-service/data-access/schema';
import { type Database, migrate, vacuumAnalyze } from '@portal/kit/db';
import { createLogger } from '@portal/kit/logger';
import type { Mailer } from '@portal/kit/mailer';
import { freePort } from '@portal/kit/server';
import { scratchDatabase } from '@portal/kit/testing/backends';
import { reminders } from '@portal/training-service/domain/reminders';
import { type Kysely, sql } from 'kysely';
import nodemailer from 'nodemailer';
import { portalProcesses, signIn, startPortal } from './portal.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    scale: { type: 'string', default: '1' },
    only: { type: 'string' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const runs = Number(values.runs);
const scale = Number(values.scale);
const admin = { email: 'bench-admin@example.com', password: 'Bench12345' };

interface Size {
  people: number;
  groups: number;
  courses: number;
  rows: number;
}
const sized = (size: Size): Size => ({
  people: Math.round(size.people * scale),
  groups: Math.max(5, Math.round(size.groups * scale)),
  courses: Math.max(4, Math.round(size.courses * scale)),
  rows: Math.round(size.rows * scale * scale),
});
const POSTGRES_SIZE = sized({ people: 10_000, groups: 500, courses: 200, rows: 1_000_000 });
const EMBEDDED_SIZE = sized({ people: 2_000, groups: 50, courses: 40, rows: 40_000 });

const FIRST_NAMES = ['Anna', 'Luca', 'Marie', 'Jonas', 'Sofia', 'Noah', 'Elena', 'David', 'Laura', 'Gian'];
const LAST_NAMES = ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Rossi', 'Favre', 'Caduff', 'Brunner'];
const load = () => (loadavg()[0] ?? 0).toFixed(1);

/**
 * Each person in 1 to 3 groups; each course assigned to a share of the groups (80 % of courses mandatory, due in
 * 30 days; one in five recurs yearly), created over the last 400 days; one row per person and course (the first
 * group's assignment when two reach them), cut at `rows`. 55 % completed, 15 % started, the rest not started.
 */
async function seed(db: Kysely<TrainingDatabase>, size: Size) {
  // A UUID v4 (as the API's validation wants it) made from the md5 of a name, so the seed can refer to it.
  const uuid = (prefix: string, n: unknown) =>
    sql`overlay(overlay(md5(${prefix} || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;
  await sql`insert into people (user_id, name, email, language, status, is_sys_admin)
    select ${uuid('person-', sql`n`)},
      (${FIRST_NAMES}::text[])[1 + n % 10] || ' ' || (${LAST_NAMES}::text[])[1 + (n / 10) % 10] || ' ' || n,
      'person' || n || '@bench.example', (array['en','fr','de','it','rm'])[1 + n % 5], 'active', false
    from generate_series(1, ${size.people}::int) as n`.execute(db);
  await sql`insert into groups (group_id, name)
    select ${uuid('group-', sql`g`)}, 'Group ' || g from generate_series(1, ${size.groups}::int) as g`.execute(db);
  await sql`insert into group_members (group_id, user_id, joined_at)
    select ${uuid('group-', sql`1 + abs(hashtext(n || '-' || k)) % ${size.groups}::int`)}, ${uuid('person-', sql`n`)},
      now() - interval '500 days'
    from generate_series(1, ${size.people}::int) as n, generate_series(1, 1 + n % 3) as k
    on conflict do nothing`.execute(db);
  await sql`insert into courses (course_id, titles, default_language, published, completion_proof)
    select ${uuid('course-', sql`c`)},
      jsonb_build_object('en', 'Course ' || c || ': workplace safety', 'fr', 'Cours ' || c || ' : sécurité au travail',
        'de', 'Kurs ' || c || ': Arbeitssicherheit'),
      'en', true, 'none'
    from generate_series(1, ${size.courses}::int) as c`.execute(db);
  // The share of groups a course goes to, so that about `rows` (person, course) pairs are reached (5 % spare).
  const wanted = Math.min(1, size.rows / (size.people * size.courses));
  let share = 1;
  for (let low = 0, high = 1, step = 0; step < 40; step += 1) {
    share = (low + high) / 2;
    const reached = [1, 2, 3].reduce((sum, k) => sum + (1 - (1 - share) ** k), 0) / 3;
    if (reached < wanted * 1.05) low = share;
    else high = share;
  }
  const perMille = Math.ceil(share * 1000);
  await sql`insert into assignments (id, course_id, mandatory, due_at, due_in_days, recur_every_months, created_at)
    select ${uuid('assignment-', sql`c || '-' || g`)}, ${uuid('course-', sql`c`)}, c % 5 <> 0, null,
      case when c % 5 <> 0 then 30 end, case when c % 5 = 1 then 12 end,
      now() - (abs(hashtext('created-' || c || '-' || g)) % 400) * interval '1 day'
    from generate_series(1, ${size.courses}::int) as c, generate_series(1, ${size.groups}::int) as g
    where abs(hashtext(c || '-' || g)) % 1000 < ${perMille}::int`.execute(db);
  await sql`insert into assignment_targets (assignment_id, kind, target_id)
    select a.id, 'group', ${uuid('group-', sql`g`)}
    from generate_series(1, ${size.courses}::int) as c cross join generate_series(1, ${size.groups}::int) as g
    join assignments a on a.id = ${uuid('assignment-', sql`c || '-' || g`)}`.execute(db);
  await sql`insert into assigned_people (assignment_id, user_id, course_id, person_name, mandatory,
      recur_every_months, assigned_at, due_at, direct, group_ids, started_at, completed_at)
    select assignment_id, user_id, course_id, person_name, mandatory, recur_every_months, assigned_at,
      assigned_at + due_in_days * interval '1 day', false, array[group_id],
      case when h < 55 then least(now(), assigned_at + (h % 45) * interval '12 hours')
        when h < 70 then least(now(), assigned_at + interval '2 days') end,
      case when h < 55 then least(now(), assigned_at + (h % 45) * interval '1 day') end
    from (
      select distinct on (a.course_id, m.user_id) a.id as assignment_id, m.user_id, a.course_id,
        p.name as person_name, a.mandatory, a.recur_every_months, a.due_in_days, a.created_at as assigned_at,
        m.group_id, abs(hashtext(a.id::text || m.user_id::text)) % 100 as h
      from assignments a
      join assignment_targets t on t.assignment_id = a.id
      join group_members m on m.group_id = t.target_id
      join people p on p.user_id = m.user_id
      order by a.course_id, m.user_id, a.created_at
    ) reached
    limit ${size.rows}::int`.execute(db);
  await vacuumAnalyze(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from assigned_people`.execute(db);
  // A course and a group it is assigned to, and a person, for the filtered pages.
  const picked = await sql<{ course_id: string; group_id: string; user_id: string }>`
    select a.course_id, t.target_id as group_id,
      (select user_id from assigned_people order by user_id limit 1) as user_id
    from assignments a join assignment_targets t on t.assignment_id = a.id
    order by a.course_id, t.target_id limit 1`.execute(db);
  const found = picked.rows[0];
  if (!found) throw new Error('the seed assigned nothing');
  return { rows: count.rows[0]?.n ?? 0, courseId: found.course_id, groupId: found.group_id, userId: found.user_id };
}

type Picked = Awaited<ReturnType<typeof seed>>;

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
const vmRssKiB = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

async function measure(label: string, gateway: string, trainingPid: number, picked: Picked) {
  const { cookie } = await signIn(gateway, admin);
  const get = async (route: string, query: Record<string, string>) => {
    const response = await fetch(`${gateway}${route}?${new URLSearchParams({ lang: 'en', ...query })}`, {
      headers: { cookie },
    });
    if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
    return { total: response.headers.get('x-total-count'), body: (await response.json()) as unknown[] };
  };
  const completions = '/api/reports/completions';
  const cases: Record<string, [string, Record<string, string>]> = {
    'course × group, first page': [completions, { courseId: picked.courseId, groupId: picked.groupId }],
    'course, first page': [completions, { courseId: picked.courseId }],
    'course, page 50 by offset': [completions, { courseId: picked.courseId, offset: String(49 * 50) }],
    'overdue, all courses, first page': [completions, { status: 'overdue' }],
    'overdue in a course, first page': [completions, { courseId: picked.courseId, status: 'overdue' }],
    'search "meier", all courses': [completions, { q: 'meier' }],
    "one person's history": [completions, { userId: picked.userId }],
    'compliance of a course (per group)': ['/api/reports/compliance', { courseId: picked.courseId }],
  };
  console.log(`\n${label}: through the gateway, ${runs} runs each (1 warm-up), load ${load()} at start`);
  for (const [name, [route, query]] of Object.entries(cases)) {
    await get(route, query);
    const times: number[] = [];
    let shown = { total: null as string | null, rows: 0 };
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      const answer = await get(route, query);
      times.push(performance.now() - start);
      shown = { total: answer.total, rows: answer.body.length };
    }
    times.sort((a, b) => a - b);
    const matched = shown.total === null ? '' : ` of ${shown.total}`;
    console.log(
      `  ${name}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms ` +
        `(${shown.rows} rows${matched}, load ${load()})`,
    );
  }
  for (const format of ['csv', 'xlsx'] as const) {
    const before = vmRssKiB(trainingPid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, vmRssKiB(trainingPid));
    }, 50);
    const start = performance.now();
    const response = await fetch(`${gateway}${completions}?format=${format}&lang=en`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`the ${format} export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.byteLength;
      if (format === 'csv') for (const byte of read.value) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, vmRssKiB(trainingPid));
    // The CSV's lines less its header; the workbook has as many rows.
    const rows = format === 'csv' ? lines - 1 : picked.rows;
    console.log(
      `  ${format.toUpperCase()} of every row: ${rows} rows, ${(bytes / 1_048_576).toFixed(1)} MiB in ` +
        `${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s; training RSS ${Math.round(before / 1024)} → ` +
        `${Math.round(peak / 1024)} MiB (+${((peak - before) / 1024).toFixed(1)} MiB; load ${load()})`,
    );
  }
}

/**
 * The reminder job's pass (what the job runs on its schedule) over the seeded rows at the seed's "now", three
 * times: each mail rendered in its recipient's language and then dropped (a no-op transport); the claims cleared
 * and again, each mail also built into the message an SMTP server would receive (nodemailer's stream transport:
 * headers, MIME parts, quoted-printable), only the network left out; then a pass that finds every reminder claimed,
 * as every later pass does.
 */
async function reminderPasses(label: string, database: Database<TrainingDatabase>) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let build = false;
  let mailBytes = 0;
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      if (!build) return;
      const built = await transport.sendMail({ from: 'Bench <bench@example.com>', ...mail });
      mailBytes += (built.message as Buffer).byteLength;
    },
  };
  const pass = reminders({
    database,
    mailer,
    logger: createLogger('bench', 'silent'),
    publicUrl: 'http://localhost:8080',
    dueSoonDays: 7,
    timeZone: 'Europe/Zurich',
  });
  console.log(`\n${label}: the reminder job's pass over every assigned row, load ${load()} at start`);
  for (const name of ['first pass, mails rendered', 'first pass, mails rendered and built', 'next pass']) {
    build = name.endsWith('built');
    if (build) await sql`delete from reminders_sent`.execute(database.db);
    const start = performance.now();
    const outcome = await pass.sendDueReminders(new Date());
    const seconds = (performance.now() - start) / 1000;
    const built = build ? ` (${(mailBytes / 1_048_576).toFixed(1)} MiB)` : '';
    console.log(
      `  ${name}: ${outcome.sent} mails${built}, ${outcome.failed} failed, in ${seconds.toFixed(1)} s ` +
        `(load ${load()})`,
    );
  }
}

async function run(label: string, size: Size, postgres: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-training-'));
  const scratch = postgres ? await scratchDatabase(values.postgres) : undefined;
  try {
    const database = await openTrainingDatabase({
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url,
      DATABASE_POOL_SIZE: 2,
    });
    await migrate(database.db, 'training', migrations);
    const seedStart = performance.now();
    const picked = await seed(database.db, size);
    await database.close();
    console.log(
      `\n${label}: seeded ${size.people} people, ${size.groups} groups, ${size.courses} courses, ${picked.rows} ` +
        `assigned rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (load ${load()})`,
    );
    const port = await freePort();
    const portal = await startPortal(port, {
      DATA_DIR: dataDir,
      TRAINING_DATABASE_URL: scratch?.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_EXAMPLES: 'false',
      // The bench runs the reminder pass itself, after the reports: the job's schedule would run it amid them.
      REMINDERS: 'off',
    });
    try {
      const training = (await portalProcesses(portal.pid ?? 0)).get('training');
      if (!training) throw new Error('the training process was not found');
      await measure(label, `http://127.0.0.1:${port}`, training.pid, picked);
    } finally {
      portal.kill('SIGTERM');
      await new Promise((resolve) => portal.once('exit', resolve));
    }
    const again = await openTrainingDatabase({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url, DATABASE_POOL_SIZE: 2 });
    try {
      await reminderPasses(label, again);
    } finally {
      await again.close();
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `${new Date().toISOString()}, 2 shared cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
if (values.only !== 'pglite') await run('PostgreSQL', POSTGRES_SIZE, true);
if (values.only !== 'postgres') await run('PGlite (embedded)', EMBEDDED_SIZE, false);
