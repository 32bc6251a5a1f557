import { randomUUID } from 'node:crypto';
import type { Logger } from '@portal/kit/logger';
import type { Redis } from 'ioredis';

/** A lock left by a gateway that stopped mid-upload lapses after this; an upload's end releases it long before. */
const UPLOAD_LOCK_SECONDS = 15 * 60;
// Deletes the lock only while it is still this upload's: one that lapsed and was taken again stays.
const RELEASE_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** Gives a taken lock back. */
export type ReleaseLock = () => void;

/**
 * One upload per person at a time: taken in Redis when present (one atomic SET NX with an expiry), so every gateway
 * instance sees it; in memory without Redis, and while Redis is unreachable, rather than refuse every upload.
 * Resolves to the lock's release, or to undefined while another upload of the person holds it.
 */
export function uploadLocks(redis: Redis | undefined, keyPrefix: string, logger: Logger) {
  const inMemory = new Set<string>();
  const takeInMemory = (userId: string): ReleaseLock | undefined => {
    if (inMemory.has(userId)) return undefined;
    inMemory.add(userId);
    return () => inMemory.delete(userId);
  };

  return async function takeUploadLock(userId: string): Promise<ReleaseLock | undefined> {
    if (!redis) return takeInMemory(userId);
    const key = `${keyPrefix}upload:${userId}`;
    const token = randomUUID();
    try {
      if ((await redis.set(key, token, 'EX', UPLOAD_LOCK_SECONDS, 'NX')) !== 'OK') return undefined;
    } catch (error) {
      logger.warn({ err: error }, 'redis unreachable: upload lock taken in memory');
      return takeInMemory(userId);
    }
    return () => {
      redis.eval(RELEASE_IF_OURS, 1, key, token).catch((error: unknown) => {
        logger.warn({ err: error }, 'redis unreachable: upload lock left to lapse');
      });
    };
  };
}
export type TakeUploadLock = ReturnType<typeof uploadLocks>;
