// Lighthouse (mobile and desktop presets, simulated throttling) on /login, /dashboard, a course page and
// /create-course, signed in through the API with the session cookie handed to Lighthouse. Each figure is the
// median of --runs runs (3 by default). Prints the table and writes bench/reports/lighthouse.txt.
//
//   node bench/lighthouse.ts [--runs N]                 a portal of its own, on a fresh data folder
//   ADMIN_EMAIL=… ADMIN_PASSWORD=… node bench/lighthouse.ts http://localhost:8080   a running portal
//
// While working on one page: --routes /login,/dashboard and --presets mobile measure only those (the report file
// is then left alone), and --json DIR keeps each run's whole Lighthouse report there for its audits.
//
// The browser is CHROME_PATH (Debian's Chromium, /usr/bin/chromium, by default).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '@portal/e2e/support/chromium';
import { portalUnderTest, signIn } from './portal.ts';

const root = path.resolve(import.meta.dirname, '..');
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3;
/** The value of a `--name value` option, if given. */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}
const onlyRoutes = option('routes')?.split(',');
const onlyPresets = option('presets')?.split(',');
const jsonDir = option('json');
if (jsonDir) mkdirSync(jsonDir, { recursive: true });
const DEBUGGING_PORT = 9391;

const { baseURL, admin, stop } = await portalUnderTest();

async function firstCoursePath(cookie: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/courses?published=true&limit=1`, { headers: { cookie } });
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error('no published course to measure');
  return `/course/${course.id}`;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  cls: number;
  tbt: number;
}

const presets: Record<string, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
/** The middle of the figures a run gave (a run under load may give none for a metric). */
function median(values: number[]): number {
  const figures = values.filter(Number.isFinite).sort((a, b) => a - b);
  return figures[Math.floor(figures.length / 2)] ?? NaN;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
});
const results: { route: string; preset: string; scores: Scores }[] = [];
/** Lighthouse's own CPU benchmark of each run, and the load average around them: the machine state the scores had. */
const benchmarkIndexes: number[] = [];
/** Every run's figures, so that the spread behind each median can be seen. */
const eachRun: string[] = [];
const loadAtStart = loadavg()[0] ?? 0;
try {
  const { cookie } = await signIn(baseURL, admin);
  const routes: [string, string, boolean][] = [
    ['/login', '/login', false],
    ['/dashboard', '/dashboard', true],
    ['/course/:id', await firstCoursePath(cookie), true],
    ['/create-course', '/create-course', true],
  ];
  for (const [name, routePath, signedIn] of routes) {
    if (onlyRoutes && !onlyRoutes.includes(name)) continue;
    for (const [preset, config] of Object.entries(presets)) {
      if (onlyPresets && !onlyPresets.includes(preset)) continue;
      const samples: Scores[] = [];
      for (let run = 0; run < runs; run += 1) {
        const flags: Flags = {
          port: DEBUGGING_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = await lighthouse(`${baseURL}${routePath}`, flags, config);
        if (!result) throw new Error(`Lighthouse gave no result for ${routePath}`);
        if (jsonDir) {
          const file = `${name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${preset}-${run + 1}.json`;
          writeFileSync(path.join(jsonDir, file), JSON.stringify(result.lhr));
        }
        const { categories, audits, environment, runtimeError } = result.lhr;
        if (runtimeError) {
          // A run Lighthouse itself could not measure (a trace without its navigation, say) has no scores, not 0.
          eachRun.push(`${name} ${preset} failed: ${runtimeError.code}`);
          continue;
        }
        benchmarkIndexes.push(environment.benchmarkIndex);
        samples.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        });
        const last = samples.at(-1);
        if (last)
          eachRun.push(
            `${name} ${preset} ${last.performance} ${Math.round(last.lcp)} ${Math.round(last.tbt)} ` +
              `${last.cls.toFixed(3)} ${environment.benchmarkIndex} ${last.accessibility} ${last.bestPractices}`,
          );
      }
      const scores = Object.fromEntries(
        (Object.keys(samples[0] ?? {}) as (keyof Scores)[]).map((key) => [key, median(samples.map((s) => s[key]))]),
      ) as unknown as Scores;
      results.push({ route: name, preset, scores });
      console.error(`${name} ${preset}: performance ${scores.performance}`);
    }
  }
} finally {
  await browser.close();
  stop();
}

const lines = [
  '| route | preset | performance | accessibility | best practices | LCP s | CLS | TBT ms |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.map(
    ({ route, preset, scores }) =>
      `| ${route} | ${preset} | ${scores.performance} | ${scores.accessibility} | ${scores.bestPractices} | ` +
      `${(scores.lcp / 1000).toFixed(1)} | ${scores.cls.toFixed(3)} | ${Math.round(scores.tbt)} |`,
  ),
];
const report = [
  `# Lighthouse, ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ` +
    `Chromium at ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}, simulated throttling (the presets' own), ` +
    `median of ${runs} run(s) per route and preset, production builds as \`npm start\` serves them.`,
  `Machine: load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end; ` +
    `Lighthouse's CPU benchmark index ${median(benchmarkIndexes)} (median; ${Math.min(...benchmarkIndexes)} to ` +
    `${Math.max(...benchmarkIndexes)} over the runs).`,
  '',
  ...lines,
  '',
  'Each run (route, preset, performance, LCP ms, TBT ms, CLS, benchmark index, accessibility, best practices):',
  '',
  '```',
  ...eachRun,
  '```',
].join('\n');
console.log(report);
if (!onlyRoutes && !onlyPresets) writeFileSync(path.join(root, 'bench/reports/lighthouse.txt'), `${report}\n`);
