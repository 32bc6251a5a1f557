import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestProvider, type TestProvider } from '../../gateway/test/test-provider.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A whole portal of a suite's own (scripts/start.ts in a fresh data folder) and the test OpenID provider beside it. */
export interface PortalBesideProvider {
  provider: TestProvider;
  stop(): Promise<void>;
}

/** Waits until every service of the portal answers (as the suite's web server is awaited), or it has exited. */
async function ready(portalUrl: string, running: () => boolean, deadline = Date.now() + 240_000) {
  while (Date.now() < deadline) {
    if (!running()) throw new Error(`the portal at ${portalUrl} exited before it was ready`);
    const answer = await fetch(`${portalUrl}/readyz`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the portal at ${portalUrl} did not become ready`);
}

/**
 * Starts the provider, then the portal at `portalUrl` with the `inherited` environment and what `env` adds for
 * that provider; answers once the portal is ready.
 */
export async function startPortalBesideProvider(
  portalUrl: string,
  options: { dataDirPrefix: string; inherited?: NodeJS.ProcessEnv; env: (provider: TestProvider) => NodeJS.ProcessEnv },
): Promise<PortalBesideProvider> {
  const provider = await startTestProvider(portalUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dataDirPrefix));
  const portal = spawn('node', ['scripts/start.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...(options.inherited ?? process.env),
      PORT: new URL(portalUrl).port,
      PUBLIC_URL: portalUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OIDC_ALLOW_INSECURE_HTTP_FOR_TESTS: 'true',
      ...options.env(provider),
    },
  });
  const exited = new Promise((resolve) => portal.once('exit', resolve));
  const running = () => portal.exitCode === null && portal.signalCode === null;
  const stop = async () => {
    portal.kill('SIGTERM');
    await exited;
    await provider.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await ready(portalUrl, running).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { provider, stop };
}
