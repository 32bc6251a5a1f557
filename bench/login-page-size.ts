// What the login page costs: every JavaScript file the browser loads for /login, gzipped, grouped into the
// shell, the module-federation runtime, the auth remote and the shared libraries. Fails (exit code 1) when
// anything of the courses or editor slices loads, or when a library arrives twice (once per app).
//
//   node bench/login-page-size.ts http://localhost:8080/login
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const url = process.argv[2];
if (!url) {
  console.error('Usage: node bench/login-page-size.ts <url of the login page, e.g. http://localhost:8080/login>');
  process.exit(2);
}

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Text that only one library's code contains: found in files of two apps, that library was bundled twice. */
const SIGNATURES: Record<string, string> = {
  react: 'react.transitional.element',
  'react-dom': 'Minified React error #',
  'react-router': 'useNavigate() may be used only in the context of a <Router> component.',
  i18next: 'i18next::translator',
  'react-i18next': 'react-i18next:: useTranslation',
  'react-toastify': 'Toastify__toast-container',
  zod: 'ZodError',
  // Each container keeps its small bundler runtime by design; runtime-core itself comes once, from the shell.
  'module-federation runtime-core': 'is not allowed to be the prefix of',
};

interface Loaded {
  url: string;
  text: string;
  raw: number;
  gzip: number;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const page = await browser.newPage();
const scripts: Loaded[] = [];
const requested: string[] = [];
page.on('request', (request) => requested.push(request.url()));
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script' || !response.ok()) return;
  const body = await response.body();
  scripts.push({ url: response.url(), text: body.toString('utf8'), raw: body.length, gzip: gzipSync(body).length });
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: /log in|se connecter|anmelden|accedi|s’annunziar/i }).waitFor();

const origin = new URL(url).origin;
const manifest = (await (await page.request.get(`${origin}/mf-manifest.json`)).json()) as Manifest;
await browser.close();

const sharedByFile = new Map<string, string[]>();
for (const shared of manifest.shared) {
  for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
    sharedByFile.set(`${origin}/${file}`, [...(sharedByFile.get(`${origin}/${file}`) ?? []), shared.name]);
  }
}

const appOf = (file: string) => /\/mfe\/([^/]+)\//.exec(file)?.[1] ?? 'shell';
/** Shared modules by the shell's manifest; the chunks they depend on (react-router's, zod) by their signature. */
function groupOf(file: Loaded): string {
  const app = appOf(file.url);
  if (app !== 'shell') return `remote ${app}`;
  if (/\/static\/js\/index\.[0-9a-f]+\.js$/.test(file.url)) return 'shell entry + MF runtime';
  const shared = sharedByFile.get(file.url);
  if (shared) return `shared: ${[...new Set(shared)].join(', ')}`;
  const libraries = Object.entries(SIGNATURES).filter(([, signature]) => file.text.includes(signature));
  return libraries.length > 0 ? `shared: ${libraries.map(([library]) => library).join(', ')} (code)` : 'shell';
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
const rows = scripts
  .map((file) => ({ file: new URL(file.url).pathname, group: groupOf(file), raw: file.raw, gzip: file.gzip }))
  .sort((a, b) => a.group.localeCompare(b.group) || b.gzip - a.gzip);
console.log(`JavaScript loaded by ${url}\n`);
console.log(`${'file'.padEnd(72)} ${'raw KiB'.padStart(8)} ${'gz KiB'.padStart(8)}  group`);
for (const row of rows) console.log(`${row.file.padEnd(72)} ${kb(row.raw)} ${kb(row.gzip)}  ${row.group}`);

const totals = new Map<string, { raw: number; gzip: number }>();
for (const row of rows) {
  const key = row.group.startsWith('shared') ? 'shared libraries' : row.group;
  const total = totals.get(key) ?? { raw: 0, gzip: 0 };
  totals.set(key, { raw: total.raw + row.raw, gzip: total.gzip + row.gzip });
}
console.log(`\n${'group'.padEnd(72)} ${'raw KiB'.padStart(8)} ${'gz KiB'.padStart(8)}`);
for (const [group, total] of totals) console.log(`${group.padEnd(72)} ${kb(total.raw)} ${kb(total.gzip)}`);
const sum = rows.reduce((all, row) => ({ raw: all.raw + row.raw, gzip: all.gzip + row.gzip }), { raw: 0, gzip: 0 });
console.log(`${'total'.padEnd(72)} ${kb(sum.raw)} ${kb(sum.gzip)}\n`);

const problems: string[] = [];
const otherSlices = requested.filter((request) => /\/mfe\/(courses|editor)\//.test(request));
if (otherSlices.length > 0) problems.push(`the courses or editor slice loaded: ${otherSlices.join(', ')}`);
for (const [library, signature] of Object.entries(SIGNATURES)) {
  const apps = new Set(scripts.filter((file) => file.text.includes(signature)).map((file) => appOf(file.url)));
  if (apps.size > 1) problems.push(`${library} is bundled in more than one app: ${[...apps].join(', ')}`);
}
if (problems.length > 0) {
  console.error(problems.map((problem) => `FAIL: ${problem}`).join('\n'));
  process.exit(1);
}
console.log('OK: nothing of the courses or editor slices loaded; no library arrived twice.');
