import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/contracts/http';
import { seedEmbeddedDatabase } from '@portal/kit/testing/backends';
import { HttpSession } from '@portal/kit/testing/http-session';
import { freePort } from '@portal/kit/server';

// `npm start` on its embedded defaults (PGlite), with each process killed in turn as a crash would.
const root = path.resolve(import.meta.dirname ?? '.', '..');
const ADMIN = { email: 'supervisor@example.com', password: 'Supervise-1' };
const SERVICES = ['auth', 'courses', 'files'] as const;

/** Polls until the probe's value passes (Jest has no expect.poll); fails with the last value it saw. */
async function eventually<T>(probe: () => T | Promise<T>, passes: (value: T) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (passes(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Portal {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  baseUrl: string;
}

async function startPortal(dataDir: string): Promise<Portal> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_EXAMPLES: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = await eventually(
    () => output,
    (text) => text.includes('Course portal ready') || child.exitCode !== null,
    60_000,
  ).catch(() => undefined);
  if (!ready || child.exitCode !== null) {
    const why = child.exitCode === null ? 'not ready within 60 s' : `exit code ${child.exitCode}`;
    // Not up: the child is stopped here (the suite never sees it) and its last words are the failure.
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    throw new Error(`npm start did not come up (${why}):\n${output.slice(-4000)}`);
  }
  return { process: child, output: () => output, exited, baseUrl: `http://127.0.0.1:${port}` };
}

/** The process id of one of the portal's children, found by its entry file. */
function childPid(portal: Portal, entry: string): number | undefined {
  // ps exits with 1 when the portal has no children left: that is an answer too.
  const listing = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(portal.process.pid)], {
    encoding: 'utf8',
  }).stdout;
  const line = listing.split('\n').find((row) => row.includes(entry));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

const entryOf = (service: string) =>
  service === 'gateway' ? 'gateway/src/server.ts' : `services/${service}/src/server.ts`;

describe('npm start supervises its processes', () => {
  let dataDir: string;
  let portal: Portal;
  let admin: HttpSession;
  let courseId: string;
  let fileId: string;
  const fileBytes = randomBytes(40 * 1024);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
    await Promise.all(
      [...SERVICES, 'audit', 'training', 'quizzes'].map((service) => seedEmbeddedDatabase(dataDir, service)),
    );
    portal = await startPortal(dataDir);
    admin = new HttpSession(portal.baseUrl);
    expect((await admin.post('/api/auth/login', ADMIN)).status).toBe(200);
    const categoryId = (await admin.post('/api/categories', { name: `Supervised ${Date.now()}` })).body.id as string;
    const created = await admin.post('/api/courses', {
      title: 'Survives a crash',
      description: '<p>Stored before every process was killed.</p>',
      isPublished: true,
      categoryIds: [categoryId],
    });
    expect(created.status).toBe(201);
    courseId = created.body.id;
    const form = new FormData();
    form.append('file', new Blob([fileBytes], { type: 'application/pdf' }), 'kept.pdf');
    const uploaded = await fetch(new URL(`/api/files/upload?courseId=${courseId}`, portal.baseUrl), {
      method: 'POST',
      headers: { cookie: admin.cookieHeader, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    fileId = ((await uploaded.json()) as { id: string }).id;
  });

  afterAll(async () => {
    if (portal && portal.process.exitCode === null) {
      portal.process.kill('SIGTERM');
      await portal.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const stored = async () => {
    const course = await admin.get(`/api/courses/${courseId}`);
    const file = await fetch(new URL(`/api/files/download/${fileId}`, portal.baseUrl), {
      headers: { cookie: admin.cookieHeader },
    });
    const bytes = Buffer.from(await file.arrayBuffer());
    return { course: course.status === 200 ? course.body.title : course.status, file: bytes.equals(fileBytes) };
  };

  /** The child's next process id once it differs from the given one; undefined when the portal has stopped. */
  const nextPid = async (service: string, previous: number | undefined) => {
    await eventually(
      () => portal.process.exitCode !== null || (childPid(portal, entryOf(service)) ?? previous) !== previous,
      (changed) => changed,
    );
    return portal.process.exitCode === null ? childPid(portal, entryOf(service)) : undefined;
  };

  const crashLines = (service: string) => portal.output().split(`${service} stopped unexpectedly (SIGKILL)`).length - 1;

  it.each(SERVICES)(
    'when %s is killed with SIGKILL, then the gateway answers 503 for it, it is restarted and no data is lost',
    async (service) => {
      const pid = childPid(portal, entryOf(service));
      expect(pid).toBeDefined();
      const crashesBefore = crashLines(service);
      process.kill(pid!, 'SIGKILL');
      // The supervisor has seen the crash: the service is down for at least the first back-off.
      await eventually(
        () => crashLines(service),
        (crashes) => crashes > crashesBefore,
      );
      const during =
        service === 'auth'
          ? await new HttpSession(portal.baseUrl).post('/api/auth/login', ADMIN)
          : await admin.get(service === 'files' ? `/api/files/course/${courseId}/files` : `/api/courses/${courseId}`);
      expect({ status: during.status, code: during.body?.error?.code }).toEqual({
        status: 503,
        code: 'service_unavailable',
      });
      await nextPid(service, pid);
      const kept = await eventually(stored, ({ course, file }) => course === 'Survives a crash' && file, 60_000);
      expect(kept).toEqual({ course: 'Survives a crash', file: true });
    },
  );

  it('when the gateway is killed, then it is restarted, its in-memory sessions are gone and the data is kept', async () => {
    const pid = childPid(portal, entryOf('gateway'));
    process.kill(pid!, 'SIGKILL');
    await eventually(
      () => crashLines('gateway'),
      (crashes) => crashes === 1,
    );
    await nextPid('gateway', pid);
    const signIn = async () => (await admin.post('/api/auth/login', ADMIN).catch(() => ({ status: 0 }))).status;
    expect(await eventually(signIn, (status) => status !== 0, 60_000)).toBe(200);
    expect(await stored()).toEqual({ course: 'Survives a crash', file: true });
  });

  it('when one process crashes five times within a minute, then the portal stops and names it', async () => {
    let pid = childPid(portal, entryOf('courses'));
    while (pid !== undefined) {
      process.kill(pid, 'SIGKILL');
      pid = await nextPid('courses', pid);
    }
    expect(await portal.exited).toBe(1);
    expect(portal.output()).toMatch(/courses crashed 5 times within a minute \(last: SIGKILL\); stopping the portal/);
  });
});
