import { execFileSync, type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, expect, test } from '../support/portal.ts';

const root = path.resolve(import.meta.dirname, '../..');
const NEW_SUBTITLE = 'Redeployed: the courses team shipped this without touching the shell.';

/** A slice container as in the compose stack: serves one build folder under /mfe/courses/, swappable. */
function sliceContainer(initialDir: string) {
  let dir = initialDir;
  const server: Server = createServer((req, res) => {
    const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/mfe\/courses\//, '');
    const file = path.join(dir, path.normalize(relative));
    if (!file.startsWith(dir) || !existsSync(file) || relative === '') {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.json') ? 'application/json' : file.endsWith('.css') ? 'text/css' : 'text/javascript';
    const hashed = /\.[0-9a-f]{8,}\./.test(file);
    res.writeHead(200, {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(readFileSync(file));
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    serve: (next: string) => {
      dir = next;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Waits until the portal answers ready: on a busy machine its four processes can take minutes to start. */
async function waitForReady(url: string, portal: ChildProcess) {
  const deadline = Date.now() + 200_000;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`the portal exited with ${portal.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

test('when the courses slice alone is rebuilt and replaced, then the running shell loads the new one on the next page load', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const work = mkdtempSync(path.join(tmpdir(), 'portal-redeploy-'));
  // The changed slice is built from a copy beside the original, so it resolves the same packages.
  const copy = path.join(root, `.redeploy-mfe-courses-${process.pid}`);
  const container = sliceContainer(path.join(root, 'mfe-courses', 'dist'));
  let portal: ChildProcess | undefined;
  try {
    cpSync(path.join(root, 'mfe-courses'), copy, {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|dist)([/\\]|$)/.test(path.relative(root, source)),
    });
    const locale = path.join(copy, 'src/locales/en/courses.json');
    const texts = JSON.parse(readFileSync(locale, 'utf8')) as { dashboard: { subtitle: string } };
    const oldSubtitle = texts.dashboard.subtitle;
    texts.dashboard.subtitle = NEW_SUBTITLE;
    writeFileSync(locale, JSON.stringify(texts, null, 2));
    execFileSync(process.execPath, [path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
      cwd: copy,
      stdio: 'ignore',
    });
    const newBuild = path.join(work, 'mfe-courses-v2');
    cpSync(path.join(copy, 'dist'), newBuild, { recursive: true });

    const containerPort = await container.listen();
    const port = 8300 + (process.pid % 500);
    portal = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: path.join(work, 'data'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        MFE_COURSES_UPSTREAM: `http://127.0.0.1:${containerPort}`,
      },
      stdio: 'ignore',
    });
    const base = `http://localhost:${port}`;
    await waitForReady(`${base}/readyz`, portal);
    const shellBefore = await (await fetch(`${base}/login`)).text();

    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(oldSubtitle)).toBeVisible();

    // The team replaces its container's content; nothing else is rebuilt or restarted.
    container.serve(newBuild);
    await page.reload();
    await expect(page.getByText(NEW_SUBTITLE)).toBeVisible();
    expect(await (await fetch(`${base}/login`)).text()).toBe(shellBefore);
  } finally {
    portal?.kill('SIGTERM');
    await container.close();
    rmSync(copy, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
});
