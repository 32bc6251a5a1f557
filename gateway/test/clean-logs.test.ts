import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SESSION_COOKIE } from '../src/session.ts';
import { TEST_PASSWORD } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The suites that handle every kind of secret: sign-in, sessions, password changes and resets, deletions. */
const SUITES = ['gateway/test/sign-in.test.ts', 'gateway/test/password-reset.test.ts'];

/** Every password a suite sends, read from its source: the logs must hold none of them. */
function passwordsOf(suites: string[]): string[] {
  const literals = suites.flatMap((suite) =>
    [...readFileSync(path.join(root, suite), 'utf8').matchAll(/[pP]assword['"]?\s*[:,]\s*'([^'$]{8,})'/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  return [...new Set([TEST_PASSWORD, 'Admin12345', ...literals])];
}

/** The suites run in a child Jest at debug level on the embedded backend; everything they print comes back. */
function runSuitesAtDebugLevel(): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, TEST_LOG_LEVEL: 'debug' };
  delete env.TEST_DATABASE_URL;
  delete env.TEST_REDIS_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/jest/bin/jest.js'),
        '--selectProjects=server',
        '--runInBand',
        '--forceExit',
        '--runTestsByPath',
        ...SUITES,
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    // The suites' own verdict is theirs to give in the main run; here only what they printed counts.
    child.on('close', () => resolve(output));
  });
}

describe('logs', () => {
  it('when the sign-in and reset suites run at debug level, then their logs hold no password, hash, token, cookie or identity', async () => {
    const output = await runSuitesAtDebugLevel();
    const lines = output.split('\n').filter((line) => line.startsWith('{"level":'));
    // The scan means something only if the services did log the calls that carry secrets.
    expect(lines.length).toBeGreaterThan(200);
    for (const call of ['/api/auth/login', '/api/user/change-password', '/api/user/reset-password']) {
      expect(lines.some((line) => line.includes(call))).toBe(true);
    }

    const leaks = (pattern: RegExp | string) =>
      lines.filter((line) => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line)));
    for (const password of passwordsOf(SUITES)) expect(leaks(password)).toEqual([]);
    expect(leaks('$argon2')).toEqual([]);
    // A reset token is 32 random bytes in base64url; a link or a field carrying one is a leak.
    expect(leaks(/token=[A-Za-z0-9_-]{20,}/)).toEqual([]);
    expect(leaks(/"(token|password|newPassword|currentPassword|cookie|authorization)":"(?!\[redacted\])/i)).toEqual([]);
    expect(leaks(`${SESSION_COOKIE}=`)).toEqual([]);
    // A signed identity is base64url of {"sub":…}.
    expect(leaks('eyJzdWIi')).toEqual([]);
    expect(leaks(/x-portal-identity":"(?!\[redacted\])/)).toEqual([]);
  }, 600_000);
});
