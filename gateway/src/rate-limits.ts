import { AppError } from '@portal/kit/errors';
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

async function refuseIfExhausted(target: RateLimiterAbstract, key: string) {
  const state = await target.get(key);
  if (state && state.consumedPoints >= target.points) throw tooMany(state.msBeforeNext);
}

/**
 * Failed logins per e-mail and address, and per address; registrations and reset requests per address.
 * Counted in Redis when present, so every gateway instance sees the same counts.
 */
export function rateLimits(config: GatewayConfig, redis: Redis | undefined) {
  const limiter = (name: string, points: number, duration: number) =>
    createLimiter(`${config.REDIS_KEY_PREFIX}rl:${name}`, points, duration, redis);
  const loginAccount = limiter('login-account', config.LOGIN_LIMIT_PER_ACCOUNT, WINDOW_SECONDS);
  const loginAddress = limiter('login-address', config.LOGIN_LIMIT_PER_ADDRESS, WINDOW_SECONDS);
  const register = limiter('register', config.REGISTER_LIMIT_PER_ADDRESS, 60 * 60);
  const reset = limiter('reset', config.RESET_LIMIT_PER_ADDRESS, WINDOW_SECONDS);
  const accountKey = (email: string, ip: string) => `${email.trim().toLowerCase()}|${ip}`;

  return {
    async beforeLogin(email: string, ip: string) {
      await refuseIfExhausted(loginAccount, accountKey(email, ip));
      await refuseIfExhausted(loginAddress, ip);
    },
    async loginFailed(email: string, ip: string) {
      await Promise.allSettled([loginAccount.penalty(accountKey(email, ip)), loginAddress.penalty(ip)]);
    },
    async loginSucceeded(email: string, ip: string) {
      await loginAccount.delete(accountKey(email, ip));
    },
    register: (ip: string) => take(register, ip),
    reset: (ip: string) => take(reset, ip),
  };
}
export type RateLimits = ReturnType<typeof rateLimits>;
