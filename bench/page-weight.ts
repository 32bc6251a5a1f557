// What the browser receives for /login, /dashboard (signed in), a course page and /create-course: bytes on the wire
// as Chromium counts them (compressed body plus headers), cold cache, each file with its Content-Encoding.
// Fails (exit code 1) when a route's JavaScript is over its budget, a file loads twice, another slice's files
// load before their route, or a text file comes uncompressed.
//
//   node bench/page-weight.ts                          a portal of its own, on a fresh data folder
//   ADMIN_EMAIL=… ADMIN_PASSWORD=… node bench/page-weight.ts http://localhost:8080   a running portal
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { JS_BUDGETS, type PageWeight, type RouteName, weighRoute } from '@portal/e2e/support/page-weight';
import { CHROMIUM_ARGS } from '@portal/e2e/support/chromium';
import { portalUnderTest } from './portal.ts';

const root = path.resolve(import.meta.dirname, '..');
const { baseURL, admin, stop } = await portalUnderTest();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const weights: PageWeight[] = [];
try {
  for (const route of Object.keys(JS_BUDGETS) as RouteName[]) {
    weights.push(await weighRoute(browser, baseURL, route, admin));
  }
} finally {
  await browser.close();
  stop();
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const lines: string[] = [];
lines.push('| route | JavaScript KiB | budget KiB | all files KiB | requests | encodings |');
lines.push('| --- | ---: | ---: | ---: | ---: | --- |');
for (const weight of weights) {
  const encodings = new Set(weight.transfers.map((transfer) => transfer.encoding || 'none'));
  lines.push(
    `| ${weight.path.startsWith('/course/') ? '/course/:id' : weight.path} | ${kib(weight.javascript)} | ` +
      `${kib(JS_BUDGETS[weight.route])} | ${kib(weight.total)} | ${weight.transfers.length} | ${[...encodings].join(', ')} |`,
  );
}
const details: string[] = [];
for (const weight of weights) {
  details.push(`\n${weight.path}\n`);
  details.push(`${'file'.padEnd(72)} ${'type'.padEnd(10)} ${'KiB'.padStart(7)}  encoding`);
  for (const transfer of [...weight.transfers].sort((a, b) => b.bytes - a.bytes)) {
    details.push(
      `${transfer.path.padEnd(72)} ${transfer.type.padEnd(10)} ${kib(transfer.bytes).padStart(7)}  ${transfer.encoding || '-'}`,
    );
  }
}
const problems = weights.flatMap((weight) => [
  ...weight.problems.map((problem) => `${weight.path}: ${problem}`),
  ...(weight.javascript > JS_BUDGETS[weight.route]
    ? [
        `${weight.path}: ${kib(weight.javascript)} KiB of JavaScript, over its budget of ${kib(JS_BUDGETS[weight.route])}`,
      ]
    : []),
]);

const report = [
  `Page weight, ${new Date().toISOString().slice(0, 10)}: bytes on the wire in Chromium (body as sent plus headers),`,
  'cold cache, production builds served by the gateway as `npm start` serves them.',
  '',
  ...lines,
  ...details,
  '',
  problems.length > 0 ? problems.map((problem) => `FAIL: ${problem}`).join('\n') : 'OK: every route within budget.',
].join('\n');
console.log(report);
writeFileSync(path.join(root, 'bench/reports/page-weight.txt'), `${report}\n`);
if (problems.length > 0) process.exit(1);
