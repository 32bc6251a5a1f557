// Benchmark of quiz attempts through the gateway on `npm start` with the machine's PostgreSQL and Redis (issue 45):
// a course whose quiz lesson draws 20 of a 2,000-question bank, 200 learners signed in; then, each round, every
// learner starts an attempt one after the other (the start's latency: the draw, the pinned versions), saves answers,
// and all 200 submit at the same moment (the submit's latency and errors). Prints p50 and p99 per round and the
// medians over the rounds, with the load average. `node bench/quizzes.ts` (options: --rounds R --learners N
// --questions Q --draw D --postgres ADMIN_URL --redis URL).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@portal/kit/server';
import { signIn, startPortal } from './portal.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    learners: { type: 'string', default: '200' },
    questions: { type: 'string', default: '2000' },
    draw: { type: 'string', default: '20' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const rounds = Number(values.rounds);
const learners = Number(values.learners);
const questionCount = Number(values.questions);
const draw = Number(values.draw);
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const PASSWORD = 'Quiz-Bench-9';
const load = () => (loadavg()[0] ?? 0).toFixed(1);

async function call<T>(base: string, method: string, url: string, cookie: string, body?: unknown, type?: string) {
  const response = await fetch(new URL(url, base), {
    method,
    headers: { ...XHR, cookie, 'content-type': type ?? 'application/json' },
    body: body === undefined ? undefined : type ? (body as string) : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A 2,000-question bank as GIFT: single choices of four options, one right. */
const giftBank = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `Question ${index + 1}: which is right? {=right ${index} ~wrong a ~wrong b ~wrong c}`,
  ).join('\n\n');

async function prepare(base: string, admin: { email: string; password: string }) {
  const { cookie } = await signIn(base, admin);
  const category = await call<{ id: string }>(base, 'POST', '/api/categories', cookie, { name: 'Safety' });
  const course = await call<{ id: string }>(base, 'POST', '/api/courses', cookie, {
    title: 'Quiz benchmark: fire safety',
    description: '<p>A course with one quiz lesson.</p>',
    isPublished: true,
    categoryIds: [category.id],
  });
  const lesson = await call<{ id: string }>(base, 'POST', `/api/courses/${course.id}/lessons`, cookie, {
    kind: 'quiz',
    defaultLanguage: 'en',
    texts: { en: { title: 'Final quiz' } },
  });
  // the quizzes service learns of the course and its quiz lesson from events: wait until it knows both
  for (let tries = 0; ; tries += 1) {
    const response = await fetch(new URL(`/api/lessons/${lesson.id}/quiz`, base), { headers: { ...XHR, cookie } });
    if (response.ok) break;
    if (tries > 300) throw new Error(`the quiz lesson did not reach the quizzes service: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const imported = await call<{ errors: unknown[] }>(
    base,
    'POST',
    `/api/courses/${course.id}/questions/import?format=gift&dryRun=false`,
    cookie,
    giftBank(questionCount),
    'text/plain',
  );
  if (imported.errors.length > 0) throw new Error(`the bank did not import: ${JSON.stringify(imported.errors[0])}`);
  await call(base, 'PUT', `/api/lessons/${lesson.id}/quiz`, cookie, {
    draw: { mode: 'random', count: draw },
    passPercent: 80,
    attemptsAllowed: null,
    waitMinutes: 0,
    timeLimitMinutes: null,
    shuffle: true,
    feedback: 'wrong',
  });
  const run = randomBytes(3).toString('hex');
  const cookies: string[] = [];
  for (let index = 0; index < learners; index += 1) {
    const email = `quiz-${run}-${index}@example.com`;
    await call(base, 'POST', '/api/auth/register', '', { name: `Quiz Learner ${index}`, email, password: PASSWORD });
    cookies.push((await signIn(base, { email, password: PASSWORD })).cookie);
  }
  return { lessonId: lesson.id, cookies };
}

interface Attempt {
  id: string;
  questions: { id: string; options: { id: string }[] }[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5) ?? 0, p99: percentile(sorted, 0.99) ?? 0 };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

async function round(base: string, lessonId: string, cookies: string[]) {
  const starts: number[] = [];
  const attempts: Attempt[] = [];
  for (const cookie of cookies) {
    const started = performance.now();
    attempts.push(await call<Attempt>(base, 'POST', `/api/lessons/${lessonId}/attempts`, cookie));
    starts.push(performance.now() - started);
  }
  // every learner's answers saved before the submissions: the first option of each question
  await Promise.all(
    attempts.map((attempt, index) =>
      call(base, 'PUT', `/api/attempts/${attempt.id}/answers`, cookies[index] ?? '', {
        answers: attempt.questions.map((question) => ({
          questionId: question.id,
          optionIds: question.options.slice(0, 1).map(({ id }) => id),
        })),
      }),
    ),
  );
  let errors = 0;
  const submits = await Promise.all(
    attempts.map(async (attempt, index) => {
      const started = performance.now();
      const response = await fetch(new URL(`/api/attempts/${attempt.id}/submit`, base), {
        method: 'POST',
        headers: { ...XHR, cookie: cookies[index] ?? '' },
      });
      await response.arrayBuffer();
      if (!response.ok) errors += 1;
      return performance.now() - started;
    }),
  );
  return { start: summary(starts), submit: summary(submits), errors };
}

async function main() {
  const run = `quizbench_${randomBytes(4).toString('hex')}`;
  const database = (service: string) => `${run}_${service}`;
  const services = ['auth', 'courses', 'quizzes'];
  const psql = (statement: string) =>
    execFileSync('psql', [`${values.postgres}/postgres`, '-qc', statement], { stdio: 'ignore' });
  for (const service of services) psql(`CREATE DATABASE ${database(service)}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-quiz-bench-'));
  const port = await freePort();
  const admin = { email: 'quiz-bench-admin@example.com', password: 'Quiz-Bench-Admin-9' };
  const portal = await startPortal(port, {
    DATA_DIR: dataDir,
    AUTH_DATABASE_URL: `${values.postgres}/${database('auth')}`,
    COURSES_DATABASE_URL: `${values.postgres}/${database('courses')}`,
    QUIZZES_DATABASE_URL: `${values.postgres}/${database('quizzes')}`,
    REDIS_URL: values.redis,
    REDIS_KEY_PREFIX: `${run}:`,
    REGISTER_LIMIT_PER_ADDRESS: '1000',
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const { lessonId, cookies } = await prepare(base, admin);
    const lines = [
      `Quiz attempts on \`npm start\` (auth, courses and quizzes on PostgreSQL, Redis): ${learners} learners, a draw of ` +
        `${draw} of ${questionCount} questions, ${rounds} rounds. Starts one after the other; submissions all at once.`,
      '',
      '| round | start p50 | start p99 | submit p50 | submit p99 | submit errors | load |',
      '| ----- | --------- | --------- | ---------- | ---------- | ------------- | ---- |',
    ];
    const results = [];
    for (let index = 1; index <= rounds; index += 1) {
      const result = await round(base, lessonId, cookies);
      results.push(result);
      const { start, submit, errors } = result;
      lines.push(
        `| ${index} | ${ms(start.p50)} | ${ms(start.p99)} | ${ms(submit.p50)} | ${ms(submit.p99)} | ${errors} | ${load()} |`,
      );
    }
    lines.push(
      '',
      `Medians over the rounds: start p99 ${ms(median(results.map((r) => r.start.p99)))} (goal ≤ 50 ms), submit p99 ` +
        `${ms(median(results.map((r) => r.submit.p99)))} (goal ≤ 100 ms), errors ${results.reduce((sum, r) => sum + r.errors, 0)}.`,
      `Measured ${new Date().toISOString()} on the project's 2-core machine (load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')} at the end).`,
    );
    const report = lines.join('\n');
    console.log(report);
    writeFileSync(path.join(import.meta.dirname, 'reports/quizzes.txt'), `${report}\n`);
  } finally {
    const exited = new Promise((resolve) => portal.once('exit', resolve));
    portal.kill('SIGTERM');
    await exited;
    for (const service of services) psql(`DROP DATABASE IF EXISTS ${database(service)} WITH (FORCE)`);
    spawnSync('sh', [
      '-c',
      `redis-cli -u ${values.redis} --scan --pattern '${run}:*' | xargs -r redis-cli -u ${values.redis} del`,
    ]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
