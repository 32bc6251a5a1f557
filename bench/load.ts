// Load on the real stack: 200 signed-in users for 60 s with the mix of a working day (dashboard page, list,
// search, course details, start and complete a course, list and download its file), twice: paced (each user
// pauses between two requests as a person reading the page does, 2 s on average: the target's run) and closed
// loop (each user sends the next request as soon as the last answered: the stack's capacity).
//   node bench/load.ts --start      `npm start` on the machine's PostgreSQL (scratch databases) and Redis
//   COMPOSE_LOAD=1 npm run test:compose   the compose stack (deploy/compose-check.ts calls runLoad)
// LOAD_USERS and LOAD_SECONDS change the 200 users and 60 s (for a quick try); LOAD_THINK_SECONDS the paced run's
// mean pause (2); LOAD_RUNS=paced or closed runs only one of the two; LOAD_WARM_UP_SECONDS the paced warm-up
// before them, not counted (15).
// Prints p50/p95/p99 and errors, and each process's or container's CPU and memory; writes bench/reports/load-*.txt.
// A benchmark, not a test: figures depend on what else the machine runs.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import http from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/kit/server';
import { portalProcesses, startPortal, TICKS_PER_SECOND } from './portal.ts';

const root = path.resolve(import.meta.dirname, '..');
const execAsync = promisify(execFile);
const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const PASSWORD = 'Load-Test-9';

export interface LoadOptions {
  baseUrl: string;
  label: string;
  admin: { email: string; password: string };
  /** One resource-usage sample: name → CPU % and resident memory in MiB (asynchronous: the load goes on). */
  sample: () => Promise<Map<string, { cpu: number; memoryMiB: number }>>;
  users?: number;
  seconds?: number;
}

async function call(baseUrl: string, method: string, url: string, cookie = '', body?: unknown) {
  const response = await fetch(new URL(url, baseUrl), {
    method,
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return { cookie: setCookie || cookie, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A published course with a file, and the session cookies of the users (each registered, then signed in). */
async function prepare(options: LoadOptions, users: number) {
  const admin = await call(options.baseUrl, 'POST', '/api/auth/login', '', options.admin);
  const categories = (await call(options.baseUrl, 'GET', '/api/categories', admin.cookie)).body as { id: string }[];
  const course = (
    await call(options.baseUrl, 'POST', '/api/courses', admin.cookie, {
      title: 'Load test: security basics',
      description: '<p>The course every user of the load test opens, starts and completes.</p>',
      isPublished: true,
      categoryIds: categories.slice(0, 1).map(({ id }) => id),
    })
  ).body as { id: string };
  const form = new FormData();
  form.append('file', new Blob([randomBytes(64 * 1024)], { type: 'application/pdf' }), 'handout.pdf');
  const uploaded = await fetch(new URL(`/api/files/upload?courseId=${course.id}`, options.baseUrl), {
    method: 'POST',
    headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}`);
  const file = (await uploaded.json()) as { id: string };
  const run = randomBytes(3).toString('hex');
  const cookies: string[] = [];
  for (let index = 0; index < users; index += 1) {
    const email = `load-${run}-${index}@example.com`;
    await call(options.baseUrl, 'POST', '/api/auth/register', '', {
      name: `Load User ${index}`,
      email,
      password: PASSWORD,
    });
    cookies.push((await call(options.baseUrl, 'POST', '/api/auth/login', '', { email, password: PASSWORD })).cookie);
  }
  return { courseId: course.id, fileId: file.id, cookies };
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);

type Usage = Map<string, { cpu: number[]; memoryMiB: number[] }>;

interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
}

interface Drive {
  baseUrl: string;
  users: number;
  seconds: number;
  /** A user's mean pause between two requests (reading the page), in seconds; 0: the next request at once. */
  think: number;
  mix: MixRequest[];
  cookies: string[];
  sample: LoadOptions['sample'];
}

/** One request on a kept-alive connection; resolves with the status (0: no answer) once the body is read. */
function send(agent: http.Agent, baseUrl: string, request: MixRequest, cookie: string): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      new URL(request.path, baseUrl),
      { method: request.method, agent, headers: { ...XHR, cookie }, timeout: 30_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve(0));
    outgoing.end();
  });
}

/**
 * One run of the mix: every user is one signed-in session with a connection of its own, going through the mix
 * in order (a course is started before it is completed) again and again, pausing between two requests for a
 * time drawn evenly between half and one and a half of `think` (a person reading).
 */
async function drive({ baseUrl, users, seconds, think, mix, cookies, sample }: Drive): Promise<string> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: users });
  const latencies: number[] = [];
  const byRequest = new Map<MixRequest, number[]>(mix.map((request) => [request, []]));
  const statuses = new Map<number, number>();
  const usage: Usage = new Map();
  const sampler = setInterval(() => {
    void sample().then((samples) => {
      for (const [name, { cpu, memoryMiB }] of samples) {
        const entry = usage.get(name) ?? { cpu: [], memoryMiB: [] };
        entry.cpu.push(cpu);
        entry.memoryMiB.push(memoryMiB);
        usage.set(name, entry);
      }
    });
  }, 5_000);
  const ends = performance.now() + seconds * 1000;
  const user = async (index: number) => {
    const cookie = cookies[index % cookies.length] ?? '';
    // Users arrive spread over the first pause, so that they do not click in step.
    await setTimeout(Math.random() * think * 1000);
    for (let step = 0; performance.now() < ends; step += 1) {
      const started = performance.now();
      const request = mix[step % mix.length];
      if (!request) break;
      const status = await send(agent, baseUrl, request, cookie);
      const latency = performance.now() - started;
      latencies.push(latency);
      byRequest.get(request)?.push(latency);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (think > 0) await setTimeout(think * 1000 * (0.5 + Math.random()));
    }
  };
  await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
  clearInterval(sampler);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const failed = [...statuses].filter(([status]) => status === 0 || status >= 400);
  const errors = failed.reduce((sum, [, count]) => sum + count, 0);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
  return [
    think > 0
      ? `${users} users, ${seconds} s, paced: each user pauses ${think} s on average between two requests (0.5 to 1.5 times that)`
      : `${users} users, ${seconds} s, closed loop: each user sends the next request as soon as the last answered`,
    `  requests: ${latencies.length} (${(latencies.length / seconds).toFixed(0)}/s)`,
    `  latency ms: p50 ${percentile(latencies, 0.5)}, p95 ${percentile(latencies, 0.95)}, p99 ${percentile(latencies, 0.99)}, max ${Math.round(latencies.at(-1) ?? 0)}`,
    ...[...byRequest].map(([{ method, path: url }, times]) => {
      times.sort((a, b) => a - b);
      const shown = url.replace(/[0-9a-f-]{36}/g, '{id}').padEnd(52);
      return `    ${method.padEnd(4)} ${shown} p50 ${percentile(times, 0.5)}, p99 ${percentile(times, 0.99)}`;
    }),
    `  errors: ${errors} (${failed.map(([status, count]) => `${count} × ${status === 0 ? 'no answer' : status}`).join(', ') || 'no 4xx/5xx, every request answered'})`,
    '  CPU (mean of 5 s samples, % of one core) and memory (peak) per process:',
    ...[...usage]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([name, { cpu, memoryMiB }]) =>
          `    ${name.padEnd(36)} CPU ${mean(cpu).toFixed(0).padStart(4)} %   memory ${Math.max(...memoryMiB).toFixed(0)} MiB`,
      ),
  ].join('\n');
}

export async function runLoad(options: LoadOptions): Promise<string> {
  const users = options.users ?? (Number(process.env.LOAD_USERS) || 200);
  const seconds = options.seconds ?? (Number(process.env.LOAD_SECONDS) || 60);
  const think = Number(process.env.LOAD_THINK_SECONDS) || 2;
  const { courseId, fileId, cookies } = await prepare(options, users);
  const mix: MixRequest[] = [
    { method: 'GET', path: '/dashboard' },
    { method: 'GET', path: '/api/courses?limit=24' },
    { method: 'GET', path: '/api/courses?q=security&limit=24' },
    { method: 'GET', path: `/api/courses/${courseId}` },
    { method: 'POST', path: `/api/courses/register-for-course?courseId=${courseId}` },
    { method: 'POST', path: `/api/courses/complete-course?courseId=${courseId}` },
    { method: 'GET', path: `/api/files/course/${courseId}/files` },
    { method: 'GET', path: `/api/files/download/${fileId}` },
  ];
  // Not counted: the first seconds after the users signed in (Node compiling the hot paths, the lists and the
  // database's caches filling), as a stack that has been serving for a while would not show them.
  const warmUp = Number(process.env.LOAD_WARM_UP_SECONDS ?? 15);
  if (warmUp > 0)
    await drive({
      baseUrl: options.baseUrl,
      users,
      seconds: warmUp,
      think,
      mix,
      cookies,
      sample: async () => new Map(),
    });
  const runs = [];
  const only = process.env.LOAD_RUNS;
  for (const runThink of only === 'paced' ? [think] : only === 'closed' ? [0] : [think, 0]) {
    runs.push(
      await drive({ baseUrl: options.baseUrl, users, seconds, think: runThink, mix, cookies, sample: options.sample }),
    );
  }
  return [
    `Load on ${options.label}: signed-in users with the mix dashboard page, course list, search, course details,`,
    `start, complete, file list, file download (one kept-alive connection per user), after ${warmUp} s of warm-up.`,
    ...runs,
  ].join('\n');
}

/** A number read from a control-group file: the whole file, or the value of one `key value` line. */
function cgroupValue(file: string, key?: string): number {
  const text = readFileSync(file, 'utf8');
  if (key === undefined) return Number(text.trim());
  return Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** CPU time used so far (seconds) and memory in use without the page cache (MiB) of the process's control group. */
function cgroupUsage(pid: string): { cpuSeconds: number; memoryMiB: number } {
  const groups = readFileSync(`/proc/${pid}/cgroup`, 'utf8');
  const v1 = (controller: string) => new RegExp(`^\\d+:[\\w,]*\\b${controller}\\b[\\w,]*:(.*)$`, 'm').exec(groups)?.[1];
  const cpuacct = v1('cpuacct');
  const memory = v1('memory');
  if (cpuacct !== undefined && memory !== undefined) {
    const base = '/sys/fs/cgroup';
    return {
      cpuSeconds: cgroupValue(`${base}/cpuacct${cpuacct}/cpuacct.usage`) / 1e9,
      memoryMiB:
        (cgroupValue(`${base}/memory${memory}/memory.usage_in_bytes`) -
          cgroupValue(`${base}/memory${memory}/memory.stat`, 'total_inactive_file')) /
        2 ** 20,
    };
  }
  const unified = `/sys/fs/cgroup${/^0::(.*)$/m.exec(groups)?.[1] ?? ''}`;
  return {
    cpuSeconds: cgroupValue(`${unified}/cpu.stat`, 'usage_usec') / 1e6,
    memoryMiB:
      (cgroupValue(`${unified}/memory.current`) - cgroupValue(`${unified}/memory.stat`, 'inactive_file')) / 2 ** 20,
  };
}

/**
 * CPU and memory of a compose project's containers, read from their control groups (as `docker stats` does),
 * CPU as the share of one core used since the previous sample. `docker stats --no-stream` itself costs the
 * engine a few hundred milliseconds of CPU per sample, which showed in the latencies it was meant to explain.
 */
export function dockerStats(project: string) {
  const previous = new Map<string, { cpuSeconds: number; at: number }>();
  return async () => {
    const samples = new Map<string, { cpu: number; memoryMiB: number }>();
    const filter = `label=com.docker.compose.project=${project}`;
    const { stdout: ids } = await execAsync('docker', ['ps', '--quiet', '--filter', filter]);
    if (!ids.trim()) return samples;
    const format = '{{.Name}} {{.State.Pid}}';
    const { stdout: inspected } = await execAsync('docker', ['inspect', '--format', format, ...ids.trim().split('\n')]);
    for (const line of inspected.trim().split('\n')) {
      const [name = '', pid = '0'] = line.split(' ');
      let usage;
      try {
        usage = cgroupUsage(pid);
      } catch {
        continue;
      }
      const now = performance.now();
      const before = previous.get(name);
      previous.set(name, { cpuSeconds: usage.cpuSeconds, at: now });
      if (!before) continue;
      const cpu = ((usage.cpuSeconds - before.cpuSeconds) / ((now - before.at) / 1000)) * 100;
      samples.set(name.replace(`/${project}_`, ''), { cpu, memoryMiB: usage.memoryMiB });
    }
    return samples;
  };
}

/** CPU and memory of a process's children (the portal under `npm start`), from /proc: CPU is the share of one
 * core used since the previous sample. */
function processStats(parent: number) {
  const previous = new Map<number, { ticks: number; at: number }>();
  return async () => {
    const samples = new Map<string, { cpu: number; memoryMiB: number }>();
    for (const [name, { pid, cpuTicks, rssKiB }] of await portalProcesses(parent)) {
      const now = performance.now();
      const before = previous.get(pid);
      previous.set(pid, { ticks: cpuTicks, at: now });
      if (!before) continue;
      const cpu = ((cpuTicks - before.ticks) / TICKS_PER_SECOND / ((now - before.at) / 1000)) * 100;
      samples.set(name, { cpu, memoryMiB: rssKiB / 1024 });
    }
    return samples;
  };
}

async function loadOnNpmStart() {
  const postgres = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const redis = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const run = `load_${randomBytes(4).toString('hex')}`;
  const databases = ['auth', 'courses', 'files'].map((service) => `${run}_${service}`);
  const psql = (sql: string) => execFileSync('psql', [`${postgres}/postgres`, '-qc', sql], { stdio: 'ignore' });
  for (const database of databases) psql(`CREATE DATABASE ${database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
  const port = await freePort();
  const admin = { email: 'load-admin@example.com', password: 'Load-Admin-9' };
  const portal = await startPortal(port, {
    DATA_DIR: dataDir,
    AUTH_DATABASE_URL: `${postgres}/${databases[0]}`,
    COURSES_DATABASE_URL: `${postgres}/${databases[1]}`,
    FILES_DATABASE_URL: `${postgres}/${databases[2]}`,
    REDIS_URL: redis,
    REDIS_KEY_PREFIX: `${run}:`,
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_EXAMPLES: 'true',
  });
  try {
    return await runLoad({
      baseUrl: `http://127.0.0.1:${port}`,
      label: '`npm start` on the machine PostgreSQL and Redis',
      admin,
      sample: processStats(portal.pid ?? 0),
    });
  } finally {
    const exited = new Promise((resolve) => portal.once('exit', resolve));
    portal.kill('SIGTERM');
    await exited;
    for (const database of databases) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    spawnSync('sh', ['-c', `redis-cli -u ${redis} --scan --pattern '${run}:*' | xargs -r redis-cli -u ${redis} del`]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function writeReport(name: string, text: string) {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const note = `Measured ${new Date().toISOString()} on the project's 2-core machine, shared with other work at the time (load average ${load} at the end).`;
  writeFileSync(path.join(root, `bench/reports/load-${name}.txt`), `${text}\n${note}\n`);
}

if (process.argv[1] === import.meta.filename && process.argv.includes('--start')) {
  const report = await loadOnNpmStart();
  console.log(report);
  writeReport('npm-start', report);
}
