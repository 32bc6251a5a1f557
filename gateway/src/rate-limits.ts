import { createHash } from 'node:crypto';
import { AppError } from '@portal/kit/errors';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { GatewayConfig } from './config.ts';

const WINDOW_SECONDS = 15 * 60;

function createLimiter(
  prefix: string,
  points: number,
  duration: number,
  redis: Redis | undefined,
): RateLimiterAbstract {
  const options = { keyPrefix: prefix, points, duration };
  if (!redis) return new RateLimiterMemory(options);
  // If Redis is briefly unreachable, count in memory rather than refuse every sign-in.
  return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
}

function tooMany(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, 'rate_limited', 'Too many attempts, please try again later', {
    headers: { 'Retry-After': String(seconds) },
  });
}

/** Consumes a point; throws 429 with Retry-After when the key is over its limit. */
async function take(target: RateLimiterAbstract, key: string) {
  try {
    await target.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooMany(error.msBeforeNext);
    throw error;
  }
}

/**
 * Logins per account (across every address) and per address; current-password checks per signed-in account;
 * registrations, reset requests, reset-link checks and SCIM calls per address. Every attempt is counted before anything is
 * parsed or checked that costs more than the count, with one atomic increment (Redis or memory), so parallel
 * attempts cannot outrun the limit; a right password gives its points back. Counted in Redis when present, so
 * every gateway instance sees the same counts.
 */
export function rateLimits(config: GatewayConfig, redis: Redis | undefined) {
  const limiter = (name: string, points: number, duration: number) =>
    createLimiter(`${config.REDIS_KEY_PREFIX}rl:${name}`, points, duration, redis);
  const loginAccount = limiter('login-account', config.LOGIN_LIMIT_PER_ACCOUNT, WINDOW_SECONDS);
  const loginAddress = limiter('login-address', config.LOGIN_LIMIT_PER_ADDRESS, WINDOW_SECONDS);
  const passwordCheck = limiter('password-check', config.LOGIN_LIMIT_PER_ACCOUNT, WINDOW_SECONDS);
  const register = limiter('register', config.REGISTER_LIMIT_PER_ADDRESS, 60 * 60);
  const reset = limiter('reset', config.RESET_LIMIT_PER_ADDRESS, WINDOW_SECONDS);
  const resetStatus = limiter('reset-status', config.RESET_LIMIT_PER_ADDRESS, WINDOW_SECONDS);
  const scim = limiter('scim', config.SCIM_LIMIT_PER_ADDRESS, 60);
  // Hashed, so that Redis holds no e-mail addresses.
  const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

  return {
    /** Counts a login attempt from this address, or refuses it with 429, before its body is read. */
    loginFrom: (ip: string) => take(loginAddress, ip),
    /** Counts a login attempt on this account from any address, or refuses it, before the password is checked. */
    async loginTo(email: string, ip: string) {
      try {
        await take(loginAccount, accountKey(email));
      } catch (error) {
        await loginAddress.reward(ip);
        throw error;
      }
    },
    /** The password was right: the account's failures are forgiven and the address gets its point back. */
    async loginSucceeded(email: string, ip: string) {
      await Promise.allSettled([loginAccount.delete(accountKey(email)), loginAddress.reward(ip)]);
    },
    /** The password was never checked (service down): the attempt does not count. */
    async loginNotChecked(email: string, ip: string) {
      await Promise.allSettled([loginAccount.reward(accountKey(email)), loginAddress.reward(ip)]);
    },
    /** Counts a check of a signed-in user's current password (change-password, delete-user), or refuses it. */
    beforePasswordCheck: (userId: string) => take(passwordCheck, userId),
    passwordCheckSucceeded: async (userId: string) => {
      await passwordCheck.delete(userId);
    },
    register: (ip: string) => take(register, ip),
    reset: (ip: string) => take(reset, ip),
    /** Checks of a reset link as its page opens: as many per address as reset requests, counted apart. */
    resetStatus: (ip: string) => take(resetStatus, ip),
    /** SCIM calls from a directory's address, before the service checks their token. */
    scim: (ip: string) => take(scim, ip),
  };
}
export type RateLimits = ReturnType<typeof rateLimits>;

/** Counts a request against a per-address limit (`take`: one of rateLimits') before it goes on; over it, a 429. */
export function perAddress(take: (ip: string) => Promise<void>): RequestHandler {
  return async (req, _res, next) => {
    await take(req.ip ?? 'unknown');
    next();
  };
}
