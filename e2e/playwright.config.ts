import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from '@portal/kit/server';
import { CHROMIUM_ARGS } from './support/chromium.ts';
import { ADMIN } from './support/portal.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '8181';
// The config is read again by each worker: the data folder is made once and handed on through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
// The training service on a known port with a known secret: the specs move its clock (support/training-clock.ts).
process.env.E2E_TRAINING_PORT ??= String(await freePort());
process.env.E2E_IDENTITY_SECRET ??= randomBytes(32).toString('hex');

/** The whole portal, as `npm start` runs it, on a fresh data folder; the browser is Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: path.join(root, 'playwright-report'), open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // The built slices are served: `npm test` builds what is stale first (scripts/bootstrap.mjs), as `npm start` does.
    command: 'node scripts/start.ts',
    cwd: root,
    // Ready means every service answers: the gateway serves /config.json before the services have started.
    url: `http://localhost:${port}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // Every test registers its own users from one address: the limits of a real portal would stop the suite.
      REGISTER_LIMIT_PER_ADDRESS: '10000',
      LOGIN_LIMIT_PER_ADDRESS: '10000',
      LOGIN_LIMIT_PER_ACCOUNT: '10000',
      RESET_LIMIT_PER_ADDRESS: '10000',
      TRAINING_PORT: process.env.E2E_TRAINING_PORT,
      IDENTITY_SECRET: process.env.E2E_IDENTITY_SECRET,
      CLOCK_CONTROL_FOR_TESTS: 'true',
      // company-first-week.spec.ts switches single sign-on on with the test provider, which speaks plain HTTP.
      OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true',
    },
  },
});
