// Where a page's main-thread time goes as it starts, at Lighthouse's phone CPU throttling (4x): for each route,
// the long tasks (and their time over 50 ms each, what Total Blocking Time adds up) and the functions that took
// the most time themselves, by script. Lighthouse says a page is slow; this says which code makes it so.
//
//   node bench/page-profile.ts [--runs N] [--routes /login,/dashboard] [--functions N]   a portal of its own
//   ADMIN_EMAIL=… ADMIN_PASSWORD=… node bench/page-profile.ts http://localhost:8080        a running portal
//
// Figures are printed only: run a change and its parent back to back, alternating, on a quiet machine.
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '@portal/e2e/support/chromium';
import { portalUnderTest, signIn } from './portal.ts';

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const SAMPLING_MICROSECONDS = 200;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}
const runs = Number(option('runs') ?? 3);
const functionsShown = Number(option('functions') ?? 15);
const onlyRoutes = option('routes')?.split(',');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds each function took itself, named by its script (without origin and content hash) and position. */
function selfTimes(profile: Profile, origin: string): Map<string, number> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)') return;
    const script = frame.url.replace(origin, '').replace(/\.[0-9a-f]{10}\.js$/, '.js');
    const name = script
      ? `${script} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}:${frame.columnNumber}`
      : frame.functionName;
    times.set(name, (times.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return times;
}

/** The page's long tasks as the browser reports them, [start, duration] in ms. */
function observeLongTasks(page: Page) {
  return page.addInitScript(() => {
    const tasks: [number, number][] = [];
    Object.assign(window, { longTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const { baseURL, admin, stop } = await portalUnderTest();
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const { cookie } = await signIn(baseURL, admin);
  const [course] = (await (
    await fetch(`${baseURL}/api/courses?published=true&limit=1`, { headers: { cookie } })
  ).json()) as { id: string }[];
  const routes: [string, string, boolean][] = [
    ['/login', '/login', false],
    ['/dashboard', '/dashboard', true],
    ['/course/:id', `/course/${course?.id ?? ''}`, true],
    ['/create-course', '/create-course', true],
  ];
  const sessionCookies = cookie.split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url: baseURL };
  });
  console.log(
    `CPU throttled ${CPU_SLOWDOWN}x; ${runs} runs a route; load average ${loadavg()[0]?.toFixed(1)} at start`,
  );
  for (const [name, routePath, signedIn] of routes) {
    if (onlyRoutes && !onlyRoutes.includes(name)) continue;
    const overLimit: number[] = [];
    const busy: number[] = [];
    const longest: number[] = [];
    const functions = new Map<string, number[]>();
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies(sessionCookies);
      const page = await context.newPage();
      await observeLongTasks(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_MICROSECONDS });
      await cdp.send('Profiler.start');
      await page.goto(`${baseURL}${routePath}`, { waitUntil: 'networkidle' });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const tasks = await page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks);
      await context.close();
      overLimit.push(tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - LONG_TASK_MS), 0));
      longest.push(Math.max(0, ...tasks.map(([, duration]) => duration)));
      const times = selfTimes(profile, baseURL);
      busy.push([...times.values()].reduce((sum, time) => sum + time, 0));
      for (const [key, time] of times) functions.set(key, [...(functions.get(key) ?? []), time]);
    }
    console.log(
      `\n${name}: long tasks' time over ${LONG_TASK_MS} ms ${Math.round(median(overLimit))} ms, longest task ` +
        `${Math.round(median(longest))} ms, main thread busy ${Math.round(median(busy))} ms (medians)`,
    );
    // A function missing from a run took no time in it.
    const typical = [...functions].map(
      ([key, times]) => [key, median([...times, ...Array(runs - times.length).fill(0)])] as const,
    );
    for (const [key, time] of typical.sort((a, b) => b[1] - a[1]).slice(0, functionsShown))
      console.log(`  ${String(Math.round(time)).padStart(5)} ms  ${key}`);
  }
} finally {
  await browser.close();
  await stop();
}
