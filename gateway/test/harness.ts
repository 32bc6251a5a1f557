import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type Backend, seedEmbeddedDatabase } from '@portal/kit/testing/backends';
import type { Kysely } from 'kysely';
import { freePort } from '@portal/kit/server';
import { HttpSession } from '@portal/kit/testing/http-session';
import { startAuthService } from '@portal/auth-service/app';
import { loadAuthConfig } from '@portal/auth-service/config';
import { startCoursesService } from '@portal/courses-service/app';
import { loadCoursesConfig } from '@portal/courses-service/config';
import { startFilesService } from '@portal/files-service/app';
import { loadFilesConfig } from '@portal/files-service/config';
import type { FilesDatabase } from '@portal/files-service/data-access/schema';
import type { AuthDatabase } from '@portal/auth-service/data-access/schema';
import { startAuditService } from '@portal/audit-service/app';
import { loadAuditConfig } from '@portal/audit-service/config';
import { startQuizzesService } from '@portal/quizzes-service/app';
import { loadQuizzesConfig } from '@portal/quizzes-service/config';
import { startTrainingService } from '@portal/training-service/app';
import { loadTrainingConfig } from '@portal/training-service/config';
import { startGateway } from '../src/app.ts';
import { loadGatewayConfig } from '../src/config.ts';

export const TEST_IDENTITY_SECRET = randomBytes(32).toString('hex');
const ADMIN = { ADMIN_EMAIL: 'admin@portal.test', ADMIN_PASSWORD: 'Admin12345' };

export interface TestPortal {
  url: string;
  authUrl: string;
  coursesUrl: string | undefined;
  /** Stops the files service (to see how the others cope without it). */
  stopFiles(): Promise<void>;
  /** The files service's database, to see what it stored (undefined when it does not run). */
  filesDb: Kysely<FilesDatabase> | undefined;
  /** The auth service's database, to set up what its API no longer allows (an account of before a change). */
  authDb: Kysely<AuthDatabase>;
  dataDir: string;
  session(): HttpSession;
  /** A browser signed in as the administrator of ADMIN_EMAIL. */
  admin(): Promise<HttpSession>;
  /** A browser signed in as a new employee. */
  employee(): Promise<HttpSession & { userId: string }>;
  /** Another gateway on the same services and session store (Redis). */
  startSecondGateway(): Promise<{ url: string; stop(): Promise<void> }>;
  /** Delivers the events waiting in the outboxes now, instead of on the relays' next tick. */
  relayEvents(): Promise<void>;
  stop(): Promise<void>;
}

/** How long a whole portal may take to come up: below the hooks' timeout, so the failure reported names its cause. */
const START_TIMEOUT_MS = 75_000;

/**
 * `starting`, or a failure naming `what` once the deadline has passed (with the load, the usual cause); what
 * comes up after that is undone at once, so nothing stays open behind a failed start.
 */
function beforeDeadline<T>(what: string, deadline: number, starting: Promise<T>, undo: (value: T) => Promise<unknown>) {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      const [load] = loadavg();
      const seconds = START_TIMEOUT_MS / 1000;
      const cores = availableParallelism();
      reject(
        new Error(`${what} did not come up within ${seconds} s (load average ${load?.toFixed(1)} on ${cores} cores)`),
      );
    }, deadline - Date.now());
    starting.then(
      (value) => {
        clearTimeout(timer);
        if (late) void undo(value).catch(() => undefined);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? new Error(`${what}: ${error.message}`, { cause: error }) : error);
      },
    );
  });
}

/** Runs the undo steps last first; one that fails does not keep the others from running. */
async function undoAll(steps: (() => Promise<unknown>)[]) {
  const failures: unknown[] = [];
  for (const step of steps.splice(0).reverse()) await step().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw new AggregateError(failures, 'the test portal did not stop cleanly');
}

/**
 * The auth, courses and files services and the gateway in this process, on the given backend, on free ports. A
 * start that fails stops what it had started and fails with the cause, within START_TIMEOUT_MS.
 */
export async function startTestPortal(
  backend: Backend,
  options: {
    auth?: Record<string, string>;
    courses?: Record<string, string>;
    files?: Record<string, string>;
    gateway?: Record<string, string>;
    /** The courses and files services run unless told otherwise (some tests want them down). */
    withCourses?: boolean;
    /** The audit service runs with the courses service unless told otherwise. */
    withAudit?: boolean;
    /** The training service runs with the courses service (fed by auth and courses) unless told otherwise. */
    withTraining?: boolean;
    /** The quizzes service runs with the courses service (fed by its lessons) unless told otherwise. */
    withQuizzes?: boolean;
  } = {},
): Promise<TestPortal> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const undo: (() => Promise<unknown>)[] = [];
  /** Starts one part before the deadline and remembers how to stop it. */
  const start = async <T>(what: string, starting: () => Promise<T>, stop: (value: NoInfer<T>) => Promise<unknown>) => {
    // Called here, so that a configuration it refuses fails this part like any other failure of its start.
    const value = await beforeDeadline(what, deadline, Promise.resolve().then(starting), stop);
    undo.push(() => stop(value));
    return value;
  };
  /** Starts parts side by side; when one fails, the others are still waited for, so all are stopped. */
  const startTogether = async <T extends unknown[]>(starting: { [K in keyof T]: Promise<T[K]> }) => {
    const settled = await Promise.allSettled(starting);
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
  };
  try {
    const dataDir = await start(
      'the data folder',
      () => mkdtemp(path.join(tmpdir(), 'portal-test-')),
      (folder) => rm(folder, { recursive: true, force: true }),
    );
    const dropDatabase = (database: { drop(): Promise<void> }) => database.drop();
    const [authDatabase, coursesDatabase, filesDatabase, auditDatabase, trainingDatabase, quizzesDatabase] =
      await startTogether([
        start('the auth database', () => backend.database(), dropDatabase),
        start('the courses database', () => backend.database(), dropDatabase),
        start('the files database', () => backend.database(), dropDatabase),
        start('the audit database', () => backend.database(), dropDatabase),
        start('the training database', () => backend.database(), dropDatabase),
        start('the quizzes database', () => backend.database(), dropDatabase),
      ]);
    if (authDatabase.url === undefined) {
      await Promise.all(
        ['auth', 'courses', 'files', 'audit', 'training', 'quizzes'].map((service) =>
          seedEmbeddedDatabase(dataDir, service),
        ),
      );
    }
    const common = {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      IDENTITY_SECRET: TEST_IDENTITY_SECRET,
    };
    const [authPort, coursesPort, filesPort, auditPort, trainingPort, quizzesPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const at = (port: number) => `http://127.0.0.1:${port}`;
    const stopService = (service: { stop(): Promise<void> }) => service.stop();
    const withCourses = options.withCourses !== false;
    // The services know each other's ports before they listen: they start side by side.
    const withAudit = withCourses && options.withAudit !== false;
    const auditUrl = withAudit ? { AUDIT_SERVICE_URL: at(auditPort) } : {};
    const withTraining = withCourses && options.withTraining !== false;
    const trainingUrl = withTraining ? { TRAINING_SERVICE_URL: at(trainingPort) } : {};
    const withQuizzes = withCourses && options.withQuizzes !== false;
    const quizzesUrl = withQuizzes ? { QUIZZES_SERVICE_URL: at(quizzesPort) } : {};
    const [auth, courses, files, audit, training, quizzes] = await startTogether([
      start(
        'the auth service',
        () =>
          startAuthService(
            loadAuthConfig({
              ...common,
              PORT: String(authPort),
              DATABASE_URL: authDatabase.url,
              COURSES_SERVICE_URL: at(coursesPort),
              ...auditUrl,
              ...trainingUrl,
              ...quizzesUrl,
              ...ADMIN,
              ...options.auth,
            }),
          ),
        stopService,
      ),
      withCourses
        ? start(
            'the courses service',
            () =>
              startCoursesService(
                loadCoursesConfig({
                  ...common,
                  PORT: String(coursesPort),
                  DATABASE_URL: coursesDatabase.url,
                  AUTH_SERVICE_URL: at(authPort),
                  FILES_SERVICE_URL: at(filesPort),
                  ...auditUrl,
                  ...trainingUrl,
                  ...quizzesUrl,
                  ...options.courses,
                }),
              ),
            stopService,
          )
        : Promise.resolve(undefined),
      withCourses
        ? start(
            'the files service',
            () =>
              startFilesService(
                loadFilesConfig({
                  ...common,
                  PORT: String(filesPort),
                  DATABASE_URL: filesDatabase.url,
                  COURSES_SERVICE_URL: at(coursesPort),
                  ...auditUrl,
                  ...options.files,
                }),
              ),
            stopService,
          )
        : Promise.resolve(undefined),
      withAudit
        ? start(
            'the audit service',
            () =>
              startAuditService(
                loadAuditConfig({
                  ...common,
                  AUDIT_CHAIN_KEY: randomBytes(32).toString('hex'),
                  PORT: String(auditPort),
                  DATABASE_URL: auditDatabase.url,
                  AUTH_SERVICE_URL: at(authPort),
                }),
              ),
            stopService,
          )
        : Promise.resolve(undefined),
      withTraining
        ? start(
            'the training service',
            () =>
              startTrainingService(
                loadTrainingConfig({
                  ...common,
                  PORT: String(trainingPort),
                  DATABASE_URL: trainingDatabase.url,
                  ...auditUrl,
                  // Reminders are the training service's own tests; here they would only start a job queue.
                  REMINDERS: 'off',
                }),
              ),
            stopService,
          )
        : Promise.resolve(undefined),
      withQuizzes
        ? start(
            'the quizzes service',
            () =>
              startQuizzesService(
                loadQuizzesConfig({
                  ...common,
                  PORT: String(quizzesPort),
                  DATABASE_URL: quizzesDatabase.url,
                  ...auditUrl,
                }),
              ),
            stopService,
          )
        : Promise.resolve(undefined),
    ]);
    const redisPrefix = `portal-test-${randomBytes(4).toString('hex')}:`;
    const gatewayEnv = {
      ...common,
      HOST: '127.0.0.1',
      PORT: '0',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      AUTH_SERVICE_URL: auth.url,
      // Port 9 (discard) has no listener here: a service that is down.
      COURSES_SERVICE_URL: courses?.url ?? 'http://127.0.0.1:9',
      FILES_SERVICE_URL: files?.url ?? 'http://127.0.0.1:9',
      AUDIT_SERVICE_URL: audit?.url ?? 'http://127.0.0.1:9',
      TRAINING_SERVICE_URL: training?.url ?? 'http://127.0.0.1:9',
      QUIZZES_SERVICE_URL: quizzes?.url ?? 'http://127.0.0.1:9',
      REDIS_URL: backend.redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      // Suites share two cores with other suites and builds: an argon2 hash can take seconds there. The tests are
      // about answers, not about how long a service may take (the suites that test timeouts set their own).
      SERVICE_TIMEOUT_MS: '30000',
      ...options.gateway,
    };
    const gateway = await start('the gateway', () => startGateway(loadGatewayConfig(gatewayEnv)), stopService);
    let stopping: Promise<void> | undefined;
    return {
      url: gateway.url,
      authUrl: auth.url,
      coursesUrl: courses?.url,
      stopFiles: async () => {
        await files?.stop();
      },
      filesDb: files?.database.db,
      authDb: auth.database.db,
      dataDir,
      session: () => new HttpSession(gateway.url),
      async admin() {
        const browser = new HttpSession(gateway.url);
        const login = await browser.post('/api/auth/login', {
          email: ADMIN.ADMIN_EMAIL,
          password: ADMIN.ADMIN_PASSWORD,
        });
        if (login.status !== 200) throw new Error(`admin login failed: ${login.status}`);
        return browser;
      },
      async employee() {
        const browser = new HttpSession(gateway.url);
        const registered = await browser.post('/api/auth/register', newAccount());
        if (registered.status !== 201) throw new Error(`registration failed: ${registered.status}`);
        return Object.assign(browser, { userId: registered.body.id as string });
      },
      async startSecondGateway() {
        const second = await startGateway(loadGatewayConfig(gatewayEnv));
        undo.push(() => second.stop());
        return second;
      },
      async relayEvents() {
        // Each outbox drained in turn: a relay takes 20 events a pass, and a busy machine leaves more waiting.
        for (const relay of [auth.relay, courses?.relay, files?.relay, training?.relay])
          while (relay && (await relay.relayNow()) > 0);
      },
      stop() {
        stopping ??= undoAll(undo);
        return stopping;
      },
    };
  } catch (error) {
    await undoAll(undo).catch(() => undefined);
    throw new Error(`the test portal did not start: ${(error as Error).message}`, { cause: error });
  }
}

/** A password that passes every rule, the guessability check included. */
export const TEST_PASSWORD = 'Lantern-Orbit-Kite-42';

let counter = 0;
/** A unique, valid registration for each call. */
export function newAccount(overrides: Partial<{ name: string; email: string; password: string }> = {}) {
  counter += 1;
  return {
    name: 'Anna Muster',
    email: `anna.${Date.now()}.${counter}@example.ch`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** A published course in a category of its own, made by `admin`: the course's id and its category's. */
export async function publishedCourse(admin: HttpSession, title: string) {
  const category = await admin.post('/api/categories', { name: `${title} ${randomUUID()}` });
  const course = await admin.post('/api/courses', {
    title,
    description: `<p>${title}</p>`,
    isPublished: true,
    categoryIds: [category.body.id],
  });
  if (course.status !== 201) throw new Error(`the course was not created: ${course.status}`);
  return { courseId: course.body.id as string, categoryId: category.body.id as string };
}
