// Benchmark of the courses API: seeds 10,000 courses and 1,000 users with participations, starts the portal
// as `npm start` does, then loads each call through the gateway (with a real session), through a minimal Node
// proxy (`bench/minimal-proxy.ts`: what any hop costs here) and straight against the courses service, and prints
// requests per second, p50 and p99, the ratios to direct (one table at the end) and the query plans. The clients
// ask as a browser does (Accept-Encoding br, gzip) and read the bytes as sent, without decompressing them, as a
// load tool does: on two shared cores a decompressing client would charge the gateway's compression twice.
// `npm run bench` (options: --courses N --languages L --users N --seconds S --concurrency C --only TEXT); each
// course has texts in L languages (3 by default). Each run also prints the CPU time the gateway, the minimal
// proxy, the courses service and the load generator used per request (from /proc): what a call costs them, which
// the machine's other work changes far less than it changes throughput.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { CompiledQuery, sql } from 'kysely';
import { openAuthDatabase } from '@portal/auth-service/app';
import { migrations as authMigrations } from '@portal/auth-service/data-access/schema';
import { openCoursesDatabase } from '@portal/courses-service/app';
import { coursesRepository } from '@portal/courses-service/data-access/courses-repository';
import { migrations as coursesMigrations } from '@portal/courses-service/data-access/schema';
import { searchable } from '@portal/courses-service/domain/rich-text';
import { migrate } from '@portal/kit/db';
import { IDENTITY_HEADER, signIdentity } from '@portal/kit/identity';
import { freePort } from '@portal/kit/server';
import { cpuTicksOf, portalProcesses, signIn, startPortal, TICKS_PER_SECOND } from './portal.ts';
import { scratchDatabase } from '@portal/kit/testing/backends';
import { seedBulk } from '../scripts/bulk-seed.ts';

const { values } = parseArgs({
  options: {
    courses: { type: 'string', default: '10000' },
    languages: { type: 'string', default: '3' },
    users: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
    /** A PostgreSQL server (admin URL): the services then run on scratch databases there instead of PGlite. */
    postgres: { type: 'string' },
    /** Only the calls whose name holds this text (e.g. `omit`). */
    only: { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const WARM_UP_SECONDS = 1;

const databases = values.postgres
  ? { auth: await scratchDatabase(values.postgres), courses: await scratchDatabase(values.postgres) }
  : undefined;

async function seed() {
  const config = { DATA_DIR: dataDir, DATABASE_POOL_SIZE: 5 };
  const auth = await openAuthDatabase({ ...config, DATABASE_URL: databases?.auth.url });
  const courses = await openCoursesDatabase({ ...config, DATABASE_URL: databases?.courses.url });
  await migrate(auth.db, 'auth', authMigrations);
  await migrate(courses.db, 'courses', coursesMigrations);
  const result = await seedBulk(
    { auth: auth.db, courses: courses.db },
    {
      courses: Number(values.courses),
      users: Number(values.users),
      participationsPerUser: 5,
      languagesPerCourse: Number(values.languages),
    },
  );
  // The seed's events (a course changed, a participation started, …) would keep the training and audit services
  // busy for minutes while the calls are measured: they are taken as delivered, as after a long-finished import.
  for (const db of [auth.db, courses.db])
    await sql`update outbox set delivered_at = now() where delivered_at is null`.execute(db);
  await auth.close();
  await courses.close();
  return result;
}

interface Result {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * CPU time each of the portal's processes (and the minimal proxy and the load generator) used per request (ms),
   * from /proc: what a call costs, whatever else the machine runs.
   */
  cpuMsPerRequest: Map<string, number>;
}

/** Kept-alive connections, as many as there are clients. */
const clientConnections = new Agent({ connections: 64 });
let minimalProxyPid = 0;

async function cpuTicks(): Promise<Map<string, number>> {
  const ticks = new Map<string, number>();
  for (const [name, child] of await portalProcesses(portal.pid ?? 0)) ticks.set(`${name}:${child.pid}`, child.cpuTicks);
  ticks.set('minimal proxy', cpuTicksOf(minimalProxyPid) ?? 0);
  ticks.set('client', cpuTicksOf(process.pid) ?? 0);
  return ticks;
}

/** Closed-loop load: `concurrency` clients each send the next request when the previous one is answered. */
async function load(
  url: string,
  headers: () => Record<string, string>,
  durationSeconds: number,
  clients: number,
): Promise<Result> {
  const cpuBefore = await cpuTicks();
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const answer = await request(url, {
            headers: { 'accept-encoding': 'br, gzip', ...headers() },
            dispatcher: clientConnections,
          });
          await answer.body.arrayBuffer();
          if (answer.statusCode !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuMsPerRequest = new Map<string, number>();
  for (const [key, after] of await cpuTicks()) {
    const before = cpuBefore.get(key);
    if (before !== undefined)
      cpuMsPerRequest.set(key.split(':')[0] ?? key, ((after - before) * 1000) / TICKS_PER_SECOND / latencies.length);
  }
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    cpuMsPerRequest,
  };
}

async function queryPlans(sampleCourseId: string): Promise<string> {
  const captured: CompiledQuery[] = [];
  const courses = await openCoursesDatabase({
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: 1,
    DATABASE_URL: databases?.courses.url,
  });
  // Record the SQL the repository really sends, then ask the planner about exactly that.
  const executor = courses.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery, queryId: never) => {
    captured.push(query);
    return execute(query, queryId);
  }) as typeof executor.executeQuery;
  const repository = coursesRepository(courses.db);
  await repository.list({ published: true, limit: 24, offset: 240 }, 'en');
  await repository.list({ published: true, search: searchable('Sécurité'), limit: 24 }, 'en');
  await repository.findById(sampleCourseId, 'en');
  executor.executeQuery = execute;
  const plans: string[] = [];
  for (const query of captured) {
    const explained = await courses.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    plans.push(`${query.sql}\n${explained.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  }
  await courses.close();
  return plans.join('\n\n');
}

const seeded = await seed();
const loadAtStart = loadavg()[0] ?? 0;
const port = await freePort();
const coursesPort = await freePort();
const portal = await startPortal(port, {
  COURSES_PORT: String(coursesPort),
  DATA_DIR: dataDir,
  AUTH_DATABASE_URL: databases?.auth.url,
  COURSES_DATABASE_URL: databases?.courses.url,
  SEED_EXAMPLES: 'false',
  LOGIN_LIMIT_PER_ADDRESS: '100000',
});
const gateway = `http://127.0.0.1:${port}`;
const direct = `http://127.0.0.1:${coursesPort}`;
const minimalProxyPort = await freePort();
const minimalProxy = fork(path.join(root, 'bench/minimal-proxy.ts'), [String(minimalProxyPort), direct]);
await new Promise((resolve) => minimalProxy.once('message', resolve));
minimalProxyPid = minimalProxy.pid ?? 0;
const viaMinimalProxy = `http://127.0.0.1:${minimalProxyPort}`;
let report = '';
try {
  if (!seeded.sampleEmail) throw new Error('the seed made no user to sign in as');
  const { cookie, user } = await signIn(gateway, { email: seeded.sampleEmail, password: seeded.password });
  const { IDENTITY_SECRET } = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    IDENTITY_SECRET: string;
  };
  const viaGateway = () => ({ cookie });
  const viaIdentity = (requestPath: string) => () => ({
    [IDENTITY_HEADER]: signIdentity(
      { sub: user.id, admin: false, lang: user.language },
      { method: 'GET', path: requestPath },
      IDENTITY_SECRET,
    ),
  });

  const scenarios = [
    { name: 'GET /api/courses?limit=24 (one page)', path: '/api/courses?limit=24&offset=240', clients: concurrency },
    { name: 'GET /api/courses?q=securite&limit=24', path: '/api/courses?q=securite&limit=24', clients: concurrency },
    // Each full list is megabytes of JSON: a few clients at a time, as a dashboard would never ask for it.
    { name: 'GET /api/courses (full list, 2 clients)', path: '/api/courses', clients: 2 },
    { name: 'GET /api/courses/{id}', path: `/api/courses/${seeded.sampleCourseId}`, clients: concurrency },
    // As the course page asks for it (decisions 0030 and 0037): the files and the viewer's participation apart.
    {
      name: 'GET /api/courses/{id}?participants=omit&files=omit',
      path: `/api/courses/${seeded.sampleCourseId}?participants=omit&files=omit`,
      clients: concurrency,
    },
    // One person at a time, as a user meets it: how much the gateway adds to a call's time when the CPU is not the
    // limit (under 16 clients it is, and the ratio shows the gateway's share of two cores).
    { name: 'GET /api/courses?limit=24 (one page, 1 client)', path: '/api/courses?limit=24&offset=240', clients: 1 },
    { name: 'GET /api/courses/{id} (1 client)', path: `/api/courses/${seeded.sampleCourseId}`, clients: 1 },
  ];
  const rows: string[] = [];
  const summary: string[] = [];
  for (const scenario of scenarios.filter(({ name }) => name.includes(values.only ?? ''))) {
    // Not counted: the first calls of a path compile its code and fill the service's kept lists, and would
    // otherwise fall on whichever of the two runs comes first.
    await load(`${gateway}${scenario.path}`, viaGateway, WARM_UP_SECONDS, scenario.clients);
    await load(`${viaMinimalProxy}${scenario.path}`, viaIdentity(scenario.path), WARM_UP_SECONDS, scenario.clients);
    await load(`${direct}${scenario.path}`, viaIdentity(scenario.path), WARM_UP_SECONDS, scenario.clients);
    const throughGateway = await load(`${gateway}${scenario.path}`, viaGateway, seconds, scenario.clients);
    const throughMinimal = await load(
      `${viaMinimalProxy}${scenario.path}`,
      viaIdentity(scenario.path),
      seconds,
      scenario.clients,
    );
    const straight = await load(`${direct}${scenario.path}`, viaIdentity(scenario.path), seconds, scenario.clients);
    const cpuOf = (result: Result, name: string) => (result.cpuMsPerRequest.get(name) ?? 0).toFixed(2);
    const format = (result: Result, hop: string) =>
      `${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  CPU per request: ${hop ? `${hop} ${cpuOf(result, hop)} ms, ` : ''}courses ${cpuOf(result, 'courses')} ms, client ${cpuOf(result, 'client')} ms${result.errors ? `  (${result.errors} errors)` : ''}`;
    const ratio = (result: Result) => (result.rps / straight.rps).toFixed(2);
    rows.push(
      [
        scenario.name,
        `  gateway        ${format(throughGateway, 'gateway')}`,
        `  minimal proxy  ${format(throughMinimal, 'minimal proxy')}`,
        `  direct         ${format(straight, '')}`,
        `  ratio to direct: gateway ${ratio(throughGateway)}, minimal proxy ${ratio(throughMinimal)} of the throughput; the gateway adds ${(throughGateway.p50 - straight.p50).toFixed(1)} ms at p50, the minimal proxy ${(throughMinimal.p50 - straight.p50).toFixed(1)} ms`,
      ].join('\n'),
    );
    console.log(rows.at(-1));
    summary.push(
      `| ${scenario.name} | ${throughGateway.rps.toFixed(0)} | ${throughMinimal.rps.toFixed(0)} | ${straight.rps.toFixed(0)} | ${ratio(throughGateway)} | ${ratio(throughMinimal)} | ${throughGateway.p50.toFixed(1)} | ${straight.p50.toFixed(1)} | ${cpuOf(throughGateway, 'gateway')} | ${cpuOf(throughMinimal, 'minimal proxy')} | ${cpuOf(straight, 'courses')} |`,
    );
  }
  const table = [
    '| call | gateway req/s | minimal proxy req/s | direct req/s | gateway/direct | minimal proxy/direct | gateway p50 ms | direct p50 ms | gateway CPU ms/request | minimal proxy CPU ms/request | courses CPU ms/request |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...summary,
  ].join('\n');
  console.log(`\n${table}`);
  minimalProxy.kill('SIGTERM');
  portal.kill('SIGTERM');
  await new Promise((resolve) => portal.once('exit', resolve));
  const plans = await queryPlans(seeded.sampleCourseId ?? '');
  report = [
    `Courses API benchmark, ${new Date().toISOString()}`,
    `Data: ${seeded.courses} courses in ${seeded.languagesPerCourse} languages each, in ${seeded.categories} categories, ${seeded.users} users, ${seeded.participations} participations, on ${databases ? 'a PostgreSQL server' : 'embedded PGlite'}.`,
    `Machine: load average ${loadAtStart.toFixed(1)} when the load began, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
    `Load: ${concurrency} concurrent clients (unless marked), closed loop, ${seconds} s per scenario and path after ${WARM_UP_SECONDS} s of warm-up, on one 2-core machine shared by the load generator, the gateway and the services. Clients send Accept-Encoding br, gzip and read the bytes as sent.`,
    '',
    ...rows,
    '',
    table,
    '',
    'Query plans (EXPLAIN):',
    plans,
  ].join('\n');
} finally {
  if (minimalProxy.exitCode === null) minimalProxy.kill('SIGTERM');
  if (portal.exitCode === null) portal.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  await databases?.auth.drop();
  await databases?.courses.drop();
}
const reportFile = path.join(root, `bench/reports/courses-api-${databases ? 'postgres' : 'pglite'}.txt`);
writeFileSync(reportFile, `${report}\n`);
console.log(`\n${report.slice(report.indexOf('Query plans'))}\nReport written to ${path.relative(root, reportFile)}`);
