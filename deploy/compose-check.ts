// The compose stack on a real engine (run by deploy/test-compose.sh, which prepares the engine, the stand-in
// base images and the generated .env, and removes everything afterwards). Each step prints what it proved and
// its figure; the first failure stops the run with a non-zero exit code.
import { spawn, type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS } from '@portal/e2e/support/chromium';
import { unzip } from '@portal/files-service/testing/unzip';
import { SERVICE_NAMES } from '@portal/kit/topology';

const root = path.resolve(import.meta.dirname, '..');
const project = required('COMPOSE_PROJECT');
const envFile = required('COMPOSE_ENV_FILE');
const settings = Object.fromEntries(
  readFileSync(envFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
) as Record<string, string>;
const baseUrl = `http://127.0.0.1:${settings.PORTAL_PORT}`;
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const PASSWORD = 'Compose-Smoke-9';
const SECRET_NAMES = [
  'SESSION_SECRET',
  'IDENTITY_SECRET',
  'AUDIT_CHAIN_KEY',
  'POSTGRES_PASSWORD',
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'SCIM_TOKEN',
];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through deploy/test-compose.sh`);
  return value;
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr ?? ''}`);
  }
  return String(result.stdout ?? '').trim();
}

/** The stack and the test's company provider (deploy/compose.sso-test.yml). */
const COMPOSE_ARGUMENTS = [
  '--project-name',
  project,
  '--env-file',
  envFile,
  '--file',
  'docker-compose.yml',
  '--file',
  'deploy/compose.sso-test.yml',
];
const compose = (...args: string[]) => run('docker-compose', [...COMPOSE_ARGUMENTS, ...args]);
const docker = (...args: string[]) => run('docker', args);
/** docker-compose without blocking: traffic and probes go on while it works. */
const composeInBackground = (...args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('docker-compose', [...COMPOSE_ARGUMENTS, ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`docker-compose ${args.join(' ')} failed`)),
    );
  });
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** What each step proved, with its figure: printed, and kept in bench/reports/compose-drills.txt. */
const proved: string[] = [];

async function step(name: string, work: () => Promise<string>) {
  const started = performance.now();
  console.log(`▶ ${name}`);
  const figure = await work();
  const line = `✓ ${name} (${seconds(started)} s)${figure ? `: ${figure}` : ''}`;
  console.log(line);
  proved.push(line);
}

function writeDrillReport(outcome: string) {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const text = [
    `npm run test:compose, ${new Date().toISOString()}: ${outcome}`,
    ...proved,
    `On the project's 2-core machine, shared with other work (load average ${load} at the end).`,
  ];
  writeFileSync(path.join(root, 'bench/reports/compose-drills.txt'), `${text.join('\n')}\n`);
}

/** The stack's container ids, optionally of one compose service. */
const containers = (service?: string) =>
  compose('ps', '-q', ...(service ? [service] : []))
    .split('\n')
    .filter(Boolean);
const inspect = (id: string, format: string) => docker('inspect', '--format', format, id);
const nameOf = (id: string) => inspect(id, '{{.Name}}').replace(/^\//, '');

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await sleep(500);
  }
}

const healthOf = (id: string) => inspect(id, '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}');
async function allHealthy(ids = containers()) {
  await until(
    'every container is healthy',
    () => {
      const unhealthy = ids.filter((id) => healthOf(id) !== 'healthy');
      return unhealthy.length === 0 ? true : undefined;
    },
    300_000,
  );
}

async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const response = await context.request.post('/api/auth/login', { headers: XHR, data: { email, password } });
  check(response.ok(), `sign-in of ${email} answered ${response.status()}`);
  return context;
}

interface Fixture {
  courseId: string;
  courseTitle: string;
  fileId: string;
  fileBytes: Buffer;
  employeeEmail: string;
}

async function createCourseWithFile(admin: APIRequestContext, title: string) {
  const categories = (await (await admin.get('/api/categories')).json()) as { id: string }[];
  const created = await admin.post('/api/courses', {
    headers: XHR,
    data: {
      title,
      description: `<p>${title}: made by the compose smoke test.</p>`,
      isPublished: true,
      categoryIds: categories.slice(0, 1).map((category) => category.id),
    },
  });
  check(created.status() === 201, `creating a course answered ${created.status()}`);
  const courseId = ((await created.json()) as { id: string }).id;
  const fileBytes = randomBytes(300 * 1024);
  const uploaded = await admin.post(`/api/files/upload?courseId=${courseId}`, {
    headers: XHR,
    multipart: { file: { name: 'handbook.pdf', mimeType: 'application/pdf', buffer: fileBytes } },
  });
  check(uploaded.status() === 201, `uploading a file answered ${uploaded.status()}`);
  const fileId = ((await uploaded.json()) as { id: string }).id;
  return { courseId, fileId, fileBytes };
}

async function smoke(browser: Browser): Promise<Fixture> {
  const employeeEmail = `employee-${randomBytes(4).toString('hex')}@example.com`;
  const employee = await browser.newContext({ baseURL: baseUrl });
  const page = await employee.newPage();
  const assets: { url: string; encoding?: string; cacheControl?: string; length?: string }[] = [];
  page.on('response', (response) => {
    if (/\.(js|css)$/.test(new URL(response.url()).pathname)) {
      void response.allHeaders().then((headers) =>
        assets.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cacheControl: headers['cache-control'],
          length: headers['content-length'],
        }),
      );
    }
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register here' }).click();
  await page.getByLabel('Full name').fill('Compose Employee');
  await page.getByLabel('E-mail', { exact: true }).fill(employeeEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Welcome, Compose Employee!' }).waitFor();

  const admin = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  const courseTitle = `Compose smoke ${randomBytes(3).toString('hex')}`;
  const { courseId, fileId, fileBytes } = await createCourseWithFile(admin.request, courseTitle);
  await admin.close();

  await page.goto(`/course/${courseId}`);
  await page.getByRole('heading', { name: courseTitle }).waitFor();
  await page.getByText('handbook.pdf').first().waitFor();
  const downloaded = await page.request.get(`/api/files/download/${fileId}`);
  check(sha256(await downloaded.body()) === sha256(fileBytes), 'the downloaded file differs from the uploaded one');
  const zip = await page.request.get(`/api/files/course/${courseId}/files/download`);
  check(zip.headers()['content-type'] === 'application/zip', 'the course zip is not a zip');
  const entries = await unzip(await zip.body());
  check(sha256(entries.get('handbook.pdf') ?? Buffer.alloc(0)) === sha256(fileBytes), 'the zip does not hold the file');

  const hashed = assets.filter((asset) => /\.[0-9a-f]{8,}\.(js|css)$/.test(new URL(asset.url).pathname));
  check(hashed.length > 0, 'the page loaded no hashed JS or CSS');
  // nginx leaves files under 20 bytes as they are (gzip_min_length): compressing them would not pay.
  const plain = hashed.filter(
    (asset) => !['gzip', 'br'].includes(asset.encoding ?? '') && Number(asset.length ?? Infinity) >= 20,
  );
  check(plain.length === 0, `not compressed: ${plain.map((asset) => asset.url).join(', ')}`);
  const mutable = hashed.filter((asset) => !/immutable/.test(asset.cacheControl ?? ''));
  check(mutable.length === 0, `not immutable: ${mutable.map((asset) => asset.url).join(', ')}`);

  const openapi = await page.request.get('/api/openapi.json');
  check(openapi.ok() && ((await openapi.json()) as { openapi?: string }).openapi?.startsWith('3.'), 'no OpenAPI');
  const refused = await page.request.get('/metrics');
  check(refused.status() === 401 || refused.status() === 403, `/metrics without token answered ${refused.status()}`);
  const metrics = await page.request.get('/metrics', {
    headers: { Authorization: `Bearer ${settings.METRICS_TOKEN}` },
  });
  check(metrics.ok() && (await metrics.text()).includes('http_requests_total'), '/metrics with the token failed');
  await employee.close();
  return { courseId, courseTitle, fileId, fileBytes, employeeEmail };
}

interface ScimAnswer {
  id?: string;
  active?: boolean;
  totalResults?: number;
  name?: { familyName?: string };
  Resources?: { id: string }[];
}

/**
 * A directory's sequence through the gateway, as Entra ID sends it with the SCIM_TOKEN of the .env: provision a
 * new user, match a signed-in employee by userName, update and deactivate them; the employee's session ends.
 */
async function scimSequence(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const headers = { Authorization: `Bearer ${settings.SCIM_TOKEN}`, 'Content-Type': 'application/scim+json' };
  const scim = async (method: string, path: string, body?: unknown) => {
    const response = await context.request.fetch(`/scim/v2${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { data: JSON.stringify(body) }),
    });
    return {
      status: response.status(),
      body: (await response.json().catch(() => undefined)) as ScimAnswer | undefined,
    };
  };
  const patchOp = (operations: unknown[]) => ({
    schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
    Operations: operations,
  });
  const suffix = randomBytes(4).toString('hex');
  const provisioned = await scim('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
    userName: `scim-${suffix}@example.com`,
    name: { givenName: 'Compose', familyName: 'Directory' },
    externalId: suffix,
    active: true,
  });
  check(provisioned.status === 201, `SCIM create answered ${provisioned.status}`);

  const leaver = await browser.newContext({ baseURL: baseUrl });
  const email = `leaver-${suffix}@example.com`;
  const registered = await leaver.request.post('/api/auth/register', {
    headers: XHR,
    data: { email, password: PASSWORD, name: 'Compose Leaver' },
  });
  check(registered.status() === 201, `registration of the leaver answered ${registered.status()}`);
  const found = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
  const id = found.body?.Resources?.[0]?.id;
  check(found.body?.totalResults === 1 && id, 'SCIM did not find the employee by userName');
  const updated = await scim(
    'PATCH',
    `/Users/${id}`,
    patchOp([{ op: 'Replace', path: 'name.familyName', value: 'Left' }]),
  );
  check(updated.body?.name?.familyName === 'Left', `SCIM update answered ${updated.status}`);
  const deactivated = await scim('PATCH', `/Users/${id}`, patchOp([{ op: 'Replace', path: 'active', value: 'False' }]));
  check(deactivated.body?.active === false, `SCIM deactivation answered ${deactivated.status}`);
  const status = await until(
    'the leaver signed out',
    async () => {
      const answer = await leaver.request.get('/api/auth/check-login-status');
      return answer.status() === 401 ? answer.status() : undefined;
    },
    10_000,
  );
  await Promise.all([leaver.close(), context.close()]);
  return `provisioned ${provisioned.body?.id}; matched, updated and deactivated ${id}, whose session ended (${status})`;
}

/**
 * The audit trail of what the smoke and SCIM steps did: the administrator reads the SCIM deactivation on the
 * audit page's call, an employee is refused it, and the admin CLI verifies the whole chain.
 */
async function auditTrail(browser: Browser, fixture: Fixture): Promise<string> {
  const admin = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  const deactivations = await until(
    'the SCIM deactivation on the trail',
    async () => {
      const answer = await admin.request.get('/api/audit?action=user.status-changed&limit=5');
      const page = (await answer.json()) as { entries?: { outcome: string }[] };
      return page.entries && page.entries.length > 0 ? page.entries : undefined;
    },
    30_000,
  );
  const csv = await admin.request.get(`/api/audit?objectId=${fixture.courseId}&format=csv`);
  const text = await csv.text();
  check(csv.ok() && text.includes('course.created'), "the course's creation is not in the audit trail's CSV");
  await admin.close();
  const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
  const refused = await employee.request.get('/api/audit');
  check(refused.status() === 403, `an employee reading the trail was answered ${refused.status()}`);
  await employee.close();
  const verified = compose('run', '--rm', 'admin', 'audit-verify');
  return `${deactivations.length} deactivation(s) read, the course's history exported, employee refused; ${verified.trim().split('\n').at(-1)}`;
}

/**
 * Single sign-on through the test provider's container: an employee who opened a course signed out signs in at
 * the provider and lands on that course (in the language of their `locale` claim); the IT administrator's
 * `groups` claim makes a system administrator. The browser finds `idp` at the container's address, as the
 * gateway does by name; no port of the provider is published.
 */
async function singleSignOn(fixture: Fixture): Promise<string> {
  const address = inspect(only('idp'), '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP idp ${address}`],
  });
  try {
    const signIn = async (login: string, startAt: string) => {
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      await page.goto(startAt);
      await page.waitForURL(/\/login\?next=/);
      await page.getByRole('link', { name: 'Sign in with Test provider' }).click();
      await page.getByLabel('Login').fill(login);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseUrl}${startAt}`);
      const status = await page.request.get('/api/auth/check-login-status');
      return { context, page, user: (await status.json()) as { isSysAdmin: boolean; language: string } };
    };
    const employee = await signIn('sso-employee', `/course/${fixture.courseId}`);
    await employee.page.getByRole('heading', { name: fixture.courseTitle }).waitFor();
    check(!employee.user.isSysAdmin && employee.user.language === 'de', "the employee's account is not as claimed");
    await employee.context.close();
    const administrator = await signIn('sso-it-admin', '/admin');
    check(administrator.user.isSysAdmin, 'the groups claim did not make a system administrator');
    await administrator.context.close();
    return `an employee landed on the course they opened (language de from the claim); the IT administrator is a system administrator`;
  } finally {
    await browser.close();
  }
}

/**
 * The training service behind the gateway: the employee's assignments answer, its reports refuse them, and the
 * administrator's completions report comes as a CSV with a byte order mark.
 */
async function trainingReports(browser: Browser, fixture: Fixture): Promise<string> {
  const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
  const mine = await employee.request.get('/api/assignments/mine');
  check(mine.ok(), `the employee's assignments answered ${mine.status()}`);
  const refused = await employee.request.get('/api/reports/completions');
  check(refused.status() === 403, `an employee reading the report was answered ${refused.status()}`);
  await employee.close();
  const admin = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  const csv = await admin.request.get('/api/reports/completions?format=csv&lang=en');
  const bytes = await csv.body();
  check(csv.ok() && bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'the report CSV has no BOM');
  await admin.close();
  return `assignments answered, employee refused the report, CSV of ${bytes.length} bytes`;
}

/** Searches a stream for any of the needles, also across chunk boundaries. */
function streamContains(command: string, args: string[], needles: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const longest = Math.max(...needles.map((needle) => needle.length));
    const found = new Set<string>();
    let tail = '';
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      for (const needle of needles) if (text.includes(needle)) found.add(needle);
      tail = text.slice(-longest);
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve([...found]) : reject(new Error(`${command} failed (${code})`))));
  });
}

async function containerChecks(): Promise<string> {
  const ids = containers();
  for (const id of ids) {
    const name = nameOf(id);
    // The engine needs the pid column to match the processes to the container.
    const uids = docker('top', id, '-eo', 'pid,uid')
      .split('\n')
      .slice(1)
      .map((line) => Number(line.trim().split(/\s+/)[1]));
    check(uids.length > 0 && uids.every((uid) => uid !== 0), `${name} runs a process as root (${uids.join(',')})`);
    check(inspect(id, '{{.HostConfig.ReadonlyRootfs}}') === 'true', `${name} has a writable root file system`);
    const ports = JSON.parse(inspect(id, '{{json .NetworkSettings.Ports}}')) as Record<
      string,
      { HostIp: string; HostPort: string }[] | null
    >;
    const published = Object.values(ports ?? {}).flatMap((bindings) => bindings ?? []);
    if (name.includes('_gateway_')) {
      check(published.length > 0, 'the gateway publishes no port');
      check(
        published.every((binding) => binding.HostIp === '127.0.0.1'),
        'the gateway is published beyond 127.0.0.1',
      );
    } else {
      check(published.length === 0, `${name} publishes a port`);
    }
  }

  const secrets = SECRET_NAMES.map((name) => settings[name]).filter((value): value is string => Boolean(value));
  const caBodies = (process.env.NPM_CA ?? '')
    .split('-----END CERTIFICATE-----')
    .map((pem) => pem.replace(/-----BEGIN CERTIFICATE-----|\s/g, '').slice(0, 64))
    .filter((body) => body.length === 64);
  const images = [...new Set(ids.map((id) => inspect(id, '{{.Image}}')))];
  for (const image of images) {
    const label = docker('image', 'inspect', '--format', '{{index .RepoTags 0}}', image);
    const history = docker('history', '--no-trunc', '--format', '{{.CreatedBy}}', image);
    const environment = docker('image', 'inspect', '--format', '{{json .Config.Env}}', image);
    for (const text of [history, environment]) {
      for (const secret of [...secrets, ...caBodies, '_authToken', 'NPM_CA=', 'NPM_REGISTRY=']) {
        check(!text.includes(secret), `${label}: its history or environment holds a secret or the build's npm setting`);
      }
    }
    const container = docker('create', image);
    try {
      const found = await streamContains('docker', ['export', container], secrets);
      const names = SECRET_NAMES.filter((name) => found.includes(settings[name] ?? ''));
      check(found.length === 0, `${label}: its files hold ${names.join(', ')}`);
    } finally {
      docker('rm', container);
    }
    // No npm configuration beyond the project's own (fund and audit settings) is left in the image.
    const npmrc = run('docker', [
      'run',
      '--rm',
      '--network',
      'none',
      '--entrypoint',
      'sh',
      image,
      '-c',
      'cat /root/.npmrc /home/node/.npmrc /usr/local/etc/npmrc /app/.npmrc ~/.npmrc 2>/dev/null; true',
    ]);
    check(!/registry|_auth|cafile|(^|\n)ca=/i.test(npmrc), `${label}: an npm configuration holds registry settings`);
  }
  return `${ids.length} containers, ${images.length} images scanned`;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'compose-check-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await step('build every image through docker-compose', async () => {
      compose('--profile', 'tools', 'build');
      return `${compose('config', '--services').split('\n').length} services`;
    });
    await step('start the stack and wait until every container is healthy', async () => {
      compose('up', '-d');
      await allHealthy();
      return `${containers().length} containers healthy`;
    });
    let fixture: Fixture | undefined;
    await step('smoke in Chromium', async () => {
      fixture = await smoke(browser);
      return `registered ${fixture.employeeEmail}, course ${fixture.courseId} with a 300 KiB file`;
    });
    await step('SCIM: provision, match, update and deactivate; the deactivated user is signed out', () =>
      scimSequence(browser),
    );
    check(fixture, 'no fixture');
    const smoked = fixture;
    await step('single sign-on through the test provider container; a group claim makes an administrator', () =>
      singleSignOn(smoked),
    );
    await step('audit: the trail shows the changes, refuses employees, and its chain verifies', () =>
      auditTrail(browser, smoked),
    );
    await step('training: assignments answer, reports refuse employees and export CSV', () =>
      trainingReports(browser, smoked),
    );
    await step('every container non-root, read-only, only the gateway published, no secret in an image', () =>
      containerChecks(),
    );
    if (process.env.COMPOSE_LOAD) {
      // A benchmark, not a check: its figures are reported, a failure of the load tool does not stop the drills.
      await step('load: 200 signed-in users for 60 s (bench/load.ts)', async () => {
        const { dockerStats, runLoad, writeReport } = await import('../bench/load.ts');
        try {
          const report = await runLoad({
            baseUrl,
            label: 'the compose stack',
            admin: { email: settings.ADMIN_EMAIL ?? '', password: settings.ADMIN_PASSWORD ?? '' },
            sample: dockerStats(project),
          });
          writeReport('compose', report);
          return `\n${report}`;
        } catch (error) {
          return `the load run failed: ${error instanceof Error ? error.message : String(error)}`;
        }
      });
    }
    await drills(browser, fixture, work);
    writeDrillReport('passed');
  } catch (error) {
    writeDrillReport(`failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    throw error;
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const restartsOf = (id: string) => Number(inspect(id, '{{.RestartCount}}'));
const startedAt = (id: string) => inspect(id, '{{.State.StartedAt}}');
const only = (service: string) => {
  const [id, ...more] = containers(service);
  check(id && more.length === 0, `expected one ${service} container`);
  return id;
};

async function courseTitle(context: APIRequestContext, courseId: string) {
  const response = await context.get(`/api/courses/${courseId}`);
  return response.ok() ? ((await response.json()) as { title: string }).title : undefined;
}

/** A crash as the kernel would cause it (SIGKILL to the container's process from the host): `docker kill`
 * counts as a manual stop, after which Docker's restart policy does not restart a container. */
async function crashDrill(browser: Browser, fixture: Fixture) {
  const id = only('courses');
  const restarts = restartsOf(id);
  const started = performance.now();
  const admin = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  run('kill', ['-KILL', inspect(id, '{{.State.Pid}}')]);
  await until('courses is restarted', () => restartsOf(id) > restarts || undefined, 60_000);
  // What a user sees: the course answers through the gateway again (Docker's health flag follows at its next probe).
  const title = await until('the course answers again', () => courseTitle(admin.request, fixture.courseId), 60_000);
  const recovery = seconds(started);
  check(title === fixture.courseTitle, 'the course is gone');
  await allHealthy([id]);
  await admin.close();
  return `the course answers again ${recovery} s after SIGKILL (restart policy), unchanged; healthy after ${seconds(started)} s`;
}

/** PostgreSQL restarts while an administrator keeps writing: every acknowledged write is still there after. */
async function postgresDrill(browser: Browser) {
  const admin = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  const services = SERVICE_NAMES.map(only);
  const restartsBefore = services.map(restartsOf);
  const acknowledged: string[] = [];
  let failed = 0;
  let writing = true;
  const writer = (async () => {
    for (let index = 0; writing; index += 1) {
      const name = `Drill ${Date.now()}-${index}`;
      const response = await admin.request
        .post('/api/categories', { headers: XHR, data: { name } })
        .catch(() => undefined);
      if (response?.status() === 201) acknowledged.push(name);
      else failed += 1;
      await sleep(50);
    }
  })();
  await until('some writes are acknowledged', () => acknowledged.length >= 5 || undefined);
  const gatewayHealth = async () => (await admin.request.get('/readyz').catch(() => undefined))?.status();
  let notReadySeen = false;
  let probing = true;
  const prober = (async () => {
    while (probing) {
      if ((await gatewayHealth()) === 503) notReadySeen = true;
      await sleep(100);
    }
  })();
  const started = performance.now();
  await composeInBackground('restart', '--timeout', '10', 'postgres');
  await until('the gateway has reported a service not ready', () => notReadySeen || undefined, 30_000);
  await until('every service is ready again', async () => ((await gatewayHealth()) === 200 ? true : undefined));
  probing = false;
  await prober;
  const recovery = seconds(started);
  const during = acknowledged.length;
  await until('writes are acknowledged again', () => acknowledged.length >= during + 5 || undefined);
  writing = false;
  await writer;
  const stored = new Set(
    ((await (await admin.request.get('/api/categories')).json()) as { name: string }[]).map(({ name }) => name),
  );
  const lost = acknowledged.filter((name) => !stored.has(name));
  check(lost.length === 0, `acknowledged writes lost after the PostgreSQL restart: ${lost.join(', ')}`);
  // A service must ride out the restart on its own: its pool drops the dead connections and opens new ones.
  const restarted = services.filter((id, index) => restartsOf(id) !== restartsBefore[index]);
  for (const id of restarted) {
    const logs = spawnSync('docker', ['logs', '--tail', '15', id], { encoding: 'utf8' });
    console.warn(
      `! ${nameOf(id)} was restarted during the PostgreSQL restart; its last lines:\n${logs.stdout}${logs.stderr}`,
    );
  }
  await admin.close();
  check(restarted.length === 0, `restarted instead of reconnecting: ${restarted.map(nameOf).join(', ')}`);
  return `ready again ${recovery} s after the restart began; ${acknowledged.length} writes acknowledged, 0 lost, ${failed} refused while it was down; no service restarted`;
}

async function redisDrill(browser: Browser, fixture: Fixture) {
  const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
  check((await employee.request.get('/api/auth/check-login-status')).ok(), 'not signed in before the drill');
  await sleep(1500);
  const started = performance.now();
  compose('restart', '--timeout', '10', 'redis');
  const status = await until('the session answers', async () => {
    const response = await employee.request.get('/api/auth/check-login-status').catch(() => undefined);
    return response && response.status() !== 503 ? response.status() : undefined;
  });
  const recovery = seconds(started);
  check(status === 200, `after the Redis restart the session answered ${status}`);
  await allHealthy([only('redis')]);
  await employee.close();
  return `the session answers again ${recovery} s after the Redis restart began; the signed-in user is still signed in (append-only file)`;
}

async function filesDownDrill(browser: Browser, fixture: Fixture) {
  compose('stop', '--timeout', '10', 'files');
  try {
    const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
    const page = await employee.newPage();
    await page.goto(`/course/${fixture.courseId}`);
    await page.getByRole('heading', { name: fixture.courseTitle }).waitFor();
    await page.getByText('Files are unavailable right now. Please try again later.').waitFor();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Compose Employee!' }).waitFor();
    await employee.close();
  } finally {
    compose('start', 'files');
  }
  await allHealthy([only('files')]);
  return 'the course page says "Files are unavailable right now", the dashboard works';
}

async function scaleDrill(browser: Browser, fixture: Fixture) {
  compose('up', '-d', '--no-recreate', '--scale', 'courses=2');
  const instances = containers('courses');
  check(instances.length === 2, `expected two courses containers, found ${instances.length}`);
  await allHealthy(instances);
  const since = new Date().toISOString();
  const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
  await Promise.all(
    Array.from({ length: 60 }, async () => {
      const response = await employee.request.get(`/api/courses/${fixture.courseId}`, {
        headers: { Connection: 'close' },
      });
      check(response.ok(), `a request answered ${response.status()} with two courses instances`);
    }),
  );
  await employee.close();
  const served = instances.map((id) => {
    const logs = spawnSync('docker', ['logs', '--since', since, id], { encoding: 'utf8' });
    return `${logs.stdout}${logs.stderr}`
      .split('\n')
      .filter((line) => line.includes(`"path":"/api/courses/${fixture.courseId}"`)).length;
  });
  compose('up', '-d', '--no-recreate', '--scale', 'courses=1');
  check(
    served.every((count) => count > 0),
    `not both instances served: ${served.join(' and ')} requests`,
  );
  return `60 course requests through the gateway: ${served.join(' and ')} served by the two instances`;
}

/** The courses slice rebuilt alone with a changed text and its container recreated: nothing else moves. */
async function sliceRedeployDrill(browser: Browser, fixture: Fixture, work: string) {
  const slice = only('mfe-courses');
  const others = containers().filter((id) => id !== slice);
  const before = new Map(others.map((id) => [id, startedAt(id)]));
  const employee = await signedIn(browser, fixture.employeeEmail, PASSWORD);
  const page = await employee.newPage();
  await page.goto('/dashboard');
  await page.getByText('Find a course, start it and pick up where you left off.').waitFor();

  const context = path.join(work, 'context');
  run('sh', [
    '-c',
    `mkdir -p '${context}' && tar -C '${root}' --exclude=./node_modules --exclude='*/node_modules' --exclude='*/dist' --exclude=./.git --exclude=./data -cf - . | tar -C '${context}' -xf -`,
  ]);
  const locale = path.join(context, 'mfe-courses/src/locales/en/courses.json');
  const texts = JSON.parse(readFileSync(locale, 'utf8')) as { dashboard: { subtitle: string } };
  texts.dashboard.subtitle = 'Redeployed alone: the courses team shipped this without touching the shell.';
  writeFileSync(locale, JSON.stringify(texts, null, 2));
  const image = inspect(slice, '{{.Config.Image}}');
  const started = performance.now();
  const args = {
    SLICE: 'mfe-courses',
    MOUNT_PATH: '/mfe/courses/',
    SPA_FALLBACK: '=404',
    NODE_IMAGE: process.env.NODE_IMAGE ?? '',
    NGINX_IMAGE: process.env.NGINX_IMAGE ?? '',
    NPM_REGISTRY: process.env.NPM_REGISTRY ?? '',
    NPM_CA: process.env.NPM_CA ?? '',
  };
  run('docker', [
    'build',
    '--quiet',
    '--network',
    'host',
    '--target',
    'slice',
    ...Object.entries(args).flatMap(([name, value]) => ['--build-arg', `${name}=${value}`]),
    '--tag',
    image,
    context,
  ]);
  compose('up', '-d', '--no-deps', 'mfe-courses');
  const recreated = only('mfe-courses');
  check(recreated !== slice, 'the mfe-courses container was not recreated');
  await allHealthy([recreated]);
  const redeploy = seconds(started);
  await page.reload();
  await page.getByText(texts.dashboard.subtitle).waitFor();
  await employee.close();
  const moved = others.filter((id) => containers().includes(id) === false || startedAt(id) !== before.get(id));
  check(moved.length === 0, `other containers were recreated or restarted: ${moved.map(nameOf).join(', ')}`);
  return `rebuilt and replaced in ${redeploy} s; the running shell shows the new text after a reload; ${others.length} other containers untouched`;
}

/** The documented backup and restore: the admin CLI in a one-off container on the stack's databases. */
async function backupDrill(browser: Browser, fixture: Fixture, work: string) {
  const backups = path.join(work, 'backups');
  mkdirSync(backups, { mode: 0o777 });
  chmodSync(backups, 0o777);
  const admin = ['run', '--rm', '--volume', `${backups}:/backups`, 'admin'];
  compose(...admin, 'backup', '/backups/portal.backup');
  const size = statSync(path.join(backups, 'portal.backup')).size;
  const session = await signedIn(browser, settings.ADMIN_EMAIL ?? '', settings.ADMIN_PASSWORD ?? '');
  const { courseId: laterCourse } = await createCourseWithFile(session.request, 'Made after the backup');
  compose(...admin, 'restore', '/backups/portal.backup');
  check((await courseTitle(session.request, fixture.courseId)) === fixture.courseTitle, 'restore lost the course');
  check((await courseTitle(session.request, laterCourse)) === undefined, 'restore kept a course made after the backup');
  const file = await session.request.get(`/api/files/download/${fixture.fileId}`);
  check(sha256(await file.body()) === sha256(fixture.fileBytes), 'restore changed the file');
  await session.close();
  return `backup of ${(size / 1024).toFixed(0)} KiB; after restore the backed-up course and file are there and a later course is gone`;
}

async function drills(browser: Browser, fixture: Fixture, work: string) {
  await step('drill: courses crashes (SIGKILL)', () => crashDrill(browser, fixture));
  await step('drill: PostgreSQL restarts under writes', () => postgresDrill(browser));
  await step('drill: Redis restarts', () => redisDrill(browser, fixture));
  await step('drill: the files service is stopped', () => filesDownDrill(browser, fixture));
  await step('scale: two courses instances', () => scaleDrill(browser, fixture));
  await step('the courses slice redeployed alone', () => sliceRedeployDrill(browser, fixture, work));
  await step('backup and restore with the admin CLI', () => backupDrill(browser, fixture, work));
}

await main().catch((error: unknown) => {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  try {
    console.error(compose('ps'));
    console.error(compose('logs', '--tail', '30'));
  } catch {
    // The engine itself may be what failed.
  }
  process.exit(1);
});
