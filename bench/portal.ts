import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@portal/kit/server';

const root = path.resolve(import.meta.dirname, '..');

/** The whole portal as `npm start` runs it, with these settings; resolves once the gateway answers. */
export async function startPortal(port: number, env: Record<string, string | undefined>): Promise<ChildProcess> {
  // The benchmark's own Node flags go on to the portal's processes: `node --cpu-prof bench/…` profiles them too.
  const child = spawn(process.execPath, [...process.execArgv, path.join(root, 'scripts/start.ts')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Five minutes: on the shared two cores, with other runs beside it, the five services take over a minute to start.
  for (let attempt = 0; attempt < 3000; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/livez`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the portal did not start');
}

/**
 * The portal a browser benchmark measures: the running one at the URL given on the command line (with an
 * administrator from ADMIN_EMAIL and ADMIN_PASSWORD), or one of its own on a fresh data folder.
 */
export async function portalUnderTest() {
  const given = process.argv.slice(2).find((argument) => /^https?:\/\//.test(argument));
  if (given) {
    const admin = { email: process.env.ADMIN_EMAIL ?? '', password: process.env.ADMIN_PASSWORD ?? '' };
    if (!admin.email || !admin.password)
      throw new Error('Set ADMIN_EMAIL and ADMIN_PASSWORD to measure a running portal');
    return { baseURL: given.replace(/\/$/, ''), admin, stop: () => undefined };
  }
  const admin = { email: 'bench-admin@example.com', password: 'Bench12345' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = await freePort();
  const child = await startPortal(port, {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    admin,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the gateway as the browser does; the session's cookies, and the account the answer names. */
export async function signIn(origin: string, credentials: { email: string; password: string }) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`signing in failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ');
  return { cookie, user: (await response.json()) as { id: string; language: 'en' } };
}

const execAsync = promisify(execFile);
/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
export const TICKS_PER_SECOND = 100;

/**
 * The portal's processes under `npm start` (the children of `parent`), by name (gateway, auth, courses, files),
 * with the CPU time each has used so far in ticks (user and system, from /proc) and its resident memory in KiB.
 */
export async function portalProcesses(parent: number) {
  const processes = new Map<string, { pid: number; cpuTicks: number; rssKiB: number }>();
  const output = await execAsync('ps', ['-o', 'pid=,rss=,args=', '--ppid', String(parent)]).catch(() => ({
    stdout: '',
  }));
  for (const line of output.stdout.split('\n').filter(Boolean)) {
    const [pid = '0', rss = '0', ...args] = line.trim().split(/\s+/);
    const entry = args.find((arg) => arg.endsWith('server.ts')) ?? args.join(' ');
    const name = entry.replace(/\/src\/server\.ts$/, '').replace(/^.*\/(services\/)?/, '');
    const cpuTicks = cpuTicksOf(Number(pid));
    if (cpuTicks !== undefined) processes.set(name, { pid: Number(pid), cpuTicks, rssKiB: Number(rss) });
  }
  return processes;
}

/** The CPU time a process has used so far in ticks (user and system, from /proc), if it still runs. */
export function cpuTicksOf(pid: number): number | undefined {
  let stat = '';
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // utime and stime: the 14th and 15th fields, counted after the command name in parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
