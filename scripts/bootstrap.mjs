// Runs before `npm start` and `npm test` on whatever Node the machine has (it must work on Node 20):
// installs the packages when they are missing or stale, then builds the front-end slices that are not built.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const installedMarker = path.join(root, 'node_modules', '.package-lock.json');
// `npm install` honours package-lock.json. Not `npm ci`: the lock cannot list the other platforms' builds of
// native packages (@swc/core, unrs-resolver) when the registry in use does not carry them, and `npm ci`
// refuses such a lock as out of sync.
if (!existsSync(installedMarker) || newestMtime(path.join(root, 'package-lock.json')) > newestMtime(installedMarker)) {
  console.log('Installing packages (npm install)…');
  console.log(
    'npm may list install scripts "not yet covered by allowScripts": a notice about a future npm default, not a failure.',
  );
  run('npm install --no-audit --no-fund');
}

// A slice is stale when its own files, the contracts or the web kit it bundles (the shared-dependency map among them) changed.
const sharedInputs = Math.max(
  newestMtime(path.join(root, 'contracts')),
  newestMtime(path.join(root, 'web-kit')),
  newestMtime(path.join(root, 'package-lock.json')),
);
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
for (const workspace of workspaces) {
  const dir = path.join(root, workspace);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  if (!manifest.scripts?.build) continue;
  const stamp = path.join(dir, 'dist', '.built');
  if (newestMtime(stamp) >= Math.max(newestMtime(dir), sharedInputs)) continue;
  console.log(`Building ${workspace}…`);
  run(`npm run build -w ${workspace}`);
  writeFileSync(stamp, new Date().toISOString());
}

if (process.argv.includes('--browser') && !existsSync('/usr/bin/chromium')) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
    run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  } else {
    console.warn('The browser tests need Chromium at /usr/bin/chromium: install it with `apt-get install chromium`.');
  }
}
