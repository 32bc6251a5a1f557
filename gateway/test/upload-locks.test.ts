import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { createLogger } from '@portal/kit/logger';
import { Redis } from 'ioredis';
import { uploadLocks } from '../src/upload-locks.ts';

const USER_ID = '5f0c2a9e-3b1d-4c7e-8a2f-6d9b0e1c4a7f';

/** A port no one listens on: a Redis that is down. */
async function downRedisUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `redis://127.0.0.1:${port}`;
}

describe('upload locks', () => {
  it('when Redis is unreachable, then the lock is taken in memory: one upload per person still, the next after its release', async () => {
    const redis = new Redis(await downRedisUrl(), { maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const take = uploadLocks(redis, 'portal-test:', createLogger('gateway', 'silent'));
    try {
      const release = await take(USER_ID);
      expect(release).toBeInstanceOf(Function);
      expect(await take(USER_ID)).toBeUndefined();
      release?.();
      expect(await take(USER_ID)).toBeInstanceOf(Function);
    } finally {
      redis.disconnect();
    }
  });
});
