import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The whole portal as `npm start` runs it, with these settings; resolves once the gateway answers. */
export async function startPortal(port: number, env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/livez`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the portal did not start');
}
