// `npm start`: the whole portal on its embedded defaults. Each service and the gateway run as child
// processes, exactly as they run alone in the compose stack, supervised like a restart policy (a crashed process
// is started again; five crashes of one within a minute stop the portal); Ctrl-C stops them all.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@portal/kit/server';
import { SERVICE_NAMES, TOPOLOGY } from '@portal/kit/topology';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data'));
mkdirSync(dataDir, { recursive: true });

/** Secrets for the embedded setup, made once and kept in the data folder, unless the environment gives them. */
const SECRET_NAMES = ['SESSION_SECRET', 'IDENTITY_SECRET', 'AUDIT_CHAIN_KEY'] as const;
function localSecrets(): Record<(typeof SECRET_NAMES)[number], string> {
  const file = path.join(dataDir, 'secrets.json');
  const stored = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, string>;
  // A data folder from before a secret was added gets it now, kept with the others.
  const missing = SECRET_NAMES.filter((name) => !stored[name]);
  for (const name of missing) stored[name] = randomBytes(32).toString('hex');
  if (missing.length > 0) writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  return Object.fromEntries(SECRET_NAMES.map((name) => [name, process.env[name] ?? stored[name]])) as Record<
    (typeof SECRET_NAMES)[number],
    string
  >;
}

const port = process.env.PORT ?? '8080';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
// Each service owns its database: its databaseUrlVariable in the topology (AUTH_DATABASE_URL, …; unset: PGlite).
const { DATABASE_URL: _shared, ...inherited } = process.env;
// One JSON line per request is for log collectors; on a terminal `npm start` shows warnings and errors only.
const logLevel = process.env.LOG_LEVEL ?? 'warn';
const baseEnv = { ...inherited, ...localSecrets(), DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: logLevel };

const services = SERVICE_NAMES.map((name) => ({
  name,
  entry: `services/${name}/src/server.ts`,
  urlVariable: TOPOLOGY[name].urlVariable,
  databaseUrlVariable: TOPOLOGY[name].databaseUrlVariable,
}));

const children = new Set<ChildProcess>();
let stopping = false;

// Like a container's restart policy: a process that stops on its own is started again after a pause that doubles
// with each recent crash; only a crash loop stops the portal.
const CRASH_WINDOW_MS = 60_000;
const CRASHES_IN_WINDOW = 5;
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 10_000;

interface ChildMessage {
  type: string;
  port?: number;
  email?: string;
  outcome?: string;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) => signal ?? `exit code ${code}`;

/**
 * Starts a process and keeps it running; resolves with its port once it first listens. A process that stops
 * before it ever listened (a wrong setting) stops the portal at once: restarting it would not help.
 */
function supervise(name: string, entry: string, env: NodeJS.ProcessEnv, onMessage?: (message: ChildMessage) => void) {
  const crashes: number[] = [];
  return new Promise<number>((resolve, reject) => {
    let listened = false;
    const launch = () => {
      const child = fork(path.join(root, entry), { env, stdio: 'inherit' });
      children.add(child);
      child.on('message', (message: ChildMessage) => {
        onMessage?.(message);
        if (message.type === 'listening' && message.port !== undefined) {
          if (!listened) resolve(message.port);
          else console.log(`${name} is running again.`);
          listened = true;
        }
      });
      child.on('exit', (code, signal) => {
        children.delete(child);
        if (stopping) return;
        const how = describeExit(code, signal);
        if (!listened) {
          reject(new Error(`${name} exited during start-up (${how})`));
          return;
        }
        const now = Date.now();
        crashes.push(now);
        while (crashes[0] !== undefined && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
        if (crashes.length >= CRASHES_IN_WINDOW) {
          console.error(
            `${name} crashed ${crashes.length} times within a minute (last: ${how}); stopping the portal. See its log above for the cause.`,
          );
          void stopAll(1);
          return;
        }
        const backoff = Math.min(FIRST_BACKOFF_MS * 2 ** (crashes.length - 1), MAX_BACKOFF_MS);
        console.error(`${name} stopped unexpectedly (${how}); restarting it in ${backoff / 1000} s.`);
        setTimeout(() => {
          if (!stopping) launch();
        }, backoff);
      });
    };
    launch();
  });
}

async function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  const exits = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  const forced = setTimeout(() => children.forEach((child) => child.kill('SIGKILL')), 15_000);
  await Promise.all(exits);
  clearTimeout(forced);
  process.exit(exitCode);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const adminNotes: string[] = [];
const serviceUrls: Record<string, string> = {};
const servicePorts: Record<string, number> = {};
// AUTH_PORT, COURSES_PORT … pin a service's port (benchmarks and the e2e specs call services directly). A free
// port for the others is none of those nor the gateway's, which a parent process may have picked for it just now.
const pinnedPort = (service: (typeof services)[number]) =>
  Number(process.env[`${service.name.toUpperCase()}_PORT`]) || undefined;
const pinnedPorts = new Set([Number(port), ...services.map(pinnedPort)]);
for (const service of services) {
  let port = pinnedPort(service);
  while (port === undefined) {
    const free = await freePort();
    if (!pinnedPorts.has(free)) port = free;
  }
  servicePorts[service.name] = port;
  serviceUrls[service.urlVariable] = `http://127.0.0.1:${port}`;
}
try {
  await Promise.all(
    services.map((service) =>
      supervise(
        service.name,
        service.entry,
        {
          SEED_EXAMPLES: 'true',
          ...baseEnv,
          ...serviceUrls,
          DATABASE_URL: process.env[service.databaseUrlVariable],
          HOST: '127.0.0.1',
          PORT: String(servicePorts[service.name]),
        },
        (message) => {
          if (message.type === 'admin' && message.outcome === 'password-cleared') {
            adminNotes.push(
              `Administrator ${message.email}: its unproven account was taken over and has no password; set one with \`npm run admin -- reset-password ${message.email}\`.`,
            );
          } else if (message.type === 'admin') {
            adminNotes.push(`Administrator: sign in at ${publicUrl}/login as ${message.email} (${message.outcome}).`);
          }
        },
      ),
    ),
  );
  await supervise('gateway', 'gateway/src/server.ts', { ...baseEnv, ...serviceUrls, PORT: port, STATIC_ROOT: root });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}

const adminHelp =
  adminNotes.length > 0
    ? adminNotes.join(' ')
    : 'No ADMIN_EMAIL/ADMIN_PASSWORD given: set them to create or promote the first administrator at start-up, or run `npm run admin -- promote <email>` while the portal is stopped.';
const logNote =
  process.env.LOG_LEVEL === undefined
    ? 'Logs: warnings and errors only (LOG_LEVEL=info shows every request, LOG_LEVEL=debug more).'
    : `Logs: LOG_LEVEL=${logLevel}.`;
console.log(
  [
    '',
    `Course portal ready at ${publicUrl}`,
    `Started: the gateway and the ${services.map((service) => service.name).join(', ')} services; data in ${dataDir}`,
    adminHelp,
    logNote,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
