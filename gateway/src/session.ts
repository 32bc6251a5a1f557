import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.ts';

export interface SessionUser {
  id: string;
  isSysAdmin: boolean;
  language: Language;
}

declare module 'express-session' {
  interface SessionData {
    user: SessionUser;
    /** When the user signed in: the absolute timeout counts from here. */
    signedInAt: number;
    /** When the idle expiry last moved on (the cookie and the stored session written again). */
    refreshedAt: number;
  }
}

export const SESSION_COOKIE = 'portal.sid';

/**
 * What the gateway needs of its session store beyond express-session's: knowing the sessions of each user, so
 * that a change of credentials ends all of them at once. An ended session stays ended even if a request that
 * was already running saves it again afterwards.
 */
export interface UserSessionStore extends session.Store {
  /** Records, at sign-in, that this session belongs to this user. */
  track(userId: string, sid: string): Promise<void>;
  /** Ends every session of the user but `keep` (all of them without it), on every gateway sharing the store. */
  endSessionsOf(userId: string, keep?: string): Promise<void>;
}

/** In-process store with expiry, for a single gateway without Redis. */
class MemorySessionStore extends session.Store implements UserSessionStore {
  private readonly sessions = new Map<string, { data: string; expires: number; userId?: string | undefined }>();
  private readonly sessionsOfUser = new Map<string, Set<string>>();
  /** Ended session ids, until a session saved again by a late request would have expired anyway. */
  private readonly ended = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    super();
    this.ttlMs = ttlMs;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void) {
    const entry = this.sessions.get(sid);
    if (!entry || entry.expires <= Date.now() || this.ended.has(sid)) {
      this.sessions.delete(sid);
      callback(null, null);
      return;
    }
    callback(null, JSON.parse(entry.data) as session.SessionData);
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void) {
    if (!this.ended.has(sid))
      this.sessions.set(sid, { data: JSON.stringify(data), expires: this.expiryOf(data), userId: data.user?.id });
    callback?.();
  }

  override destroy(sid: string, callback?: (error?: unknown) => void) {
    const userId = this.sessions.get(sid)?.userId;
    if (userId) this.sessionsOfUser.get(userId)?.delete(sid);
    this.sessions.delete(sid);
    callback?.();
  }

  async track(userId: string, sid: string) {
    const sids = this.sessionsOfUser.get(userId) ?? new Set<string>();
    sids.add(sid);
    this.sessionsOfUser.set(userId, sids);
  }

  async endSessionsOf(userId: string, keep?: string) {
    const until = Date.now() + this.ttlMs;
    for (const sid of this.sessionsOfUser.get(userId) ?? []) {
      if (sid === keep) continue;
      this.sessions.delete(sid);
      this.ended.set(sid, until);
    }
    if (keep) this.sessionsOfUser.set(userId, new Set([keep]));
    else this.sessionsOfUser.delete(userId);
  }

  close() {
    clearInterval(this.sweeper);
  }

  private expiryOf(data: session.SessionData): number {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + this.ttlMs;
  }

  private sweep() {
    const now = Date.now();
    for (const [sid, entry] of this.sessions) if (entry.expires <= now) this.sessions.delete(sid);
    for (const [sid, until] of this.ended) if (until <= now) this.ended.delete(sid);
    for (const [userId, sids] of this.sessionsOfUser) {
      for (const sid of sids) if (!this.sessions.has(sid)) sids.delete(sid);
      if (sids.size === 0) this.sessionsOfUser.delete(userId);
    }
  }
}

/**
 * connect-redis with the sessions of each user in a Redis set, and a marker per ended session that every
 * gateway checks in the same round trip as it reads the session.
 */
export class RedisUserSessionStore extends RedisStore implements UserSessionStore {
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly idleSeconds: number;
  private readonly absoluteSeconds: number;

  constructor(redis: Redis, keyPrefix: string, idleSeconds: number, absoluteSeconds: number) {
    // The idle expiry moves on when the session is saved again (refreshIdleExpiry), not at every read.
    super({ client: redis, prefix: `${keyPrefix}sess:`, disableTouch: true });
    this.redis = redis;
    this.keyPrefix = keyPrefix;
    this.idleSeconds = idleSeconds;
    this.absoluteSeconds = absoluteSeconds;
  }

  private userKey = (userId: string) => `${this.keyPrefix}user-sessions:${userId}`;
  private endedKey = (sid: string) => `${this.keyPrefix}sess-ended:${sid}`;

  override async get(sid: string, callback?: (error: unknown, session?: session.SessionData | null) => void) {
    try {
      const answers = await this.redis
        .multi()
        .get(this.prefix + sid)
        .exists(this.endedKey(sid))
        .exec();
      const [[readError, data], [endedError, ended]] = (answers ?? [
        [null, null],
        [null, 0],
      ]) as [[Error | null, string | null], [Error | null, number]];
      if (readError ?? endedError) throw readError ?? endedError;
      callback?.(null, data && !ended ? (JSON.parse(data) as session.SessionData) : null);
    } catch (error) {
      callback?.(error, null);
    }
  }

  async track(userId: string, sid: string) {
    await this.redis.multi().sadd(this.userKey(userId), sid).expire(this.userKey(userId), this.absoluteSeconds).exec();
  }

  async endSessionsOf(userId: string, keep?: string) {
    const sids = (await this.redis.smembers(this.userKey(userId))).filter((sid) => sid !== keep);
    if (sids.length === 0) return;
    const batch = this.redis.multi();
    for (const sid of sids) {
      batch.set(this.endedKey(sid), '1', 'EX', this.idleSeconds);
      batch.del(this.prefix + sid);
      batch.srem(this.userKey(userId), sid);
    }
    await batch.exec();
  }
}

/**
 * The sessions, through express-session alone: the cookie is signed and read by it, the session is read from the
 * store by it. A signed-in call moves the idle expiry on (a new cookie, the session saved again) when the last move
 * is older than the refresh step, a twentieth of the idle timeout and at most a minute: an active user is never
 * signed out, and most answers carry no cookie and cost the store no write (decision 0002).
 */
export function sessionMiddleware(config: GatewayConfig, redis: Redis | undefined) {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  const store: UserSessionStore = redis
    ? new RedisUserSessionStore(redis, config.REDIS_KEY_PREFIX, idleMs / 1000, config.SESSION_ABSOLUTE_HOURS * 3600)
    : new MemorySessionStore(idleMs);
  const read = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.TRUST_PROXY,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.TRUST_PROXY ? 'auto' : false,
      maxAge: idleMs,
      path: '/',
    },
  });
  // The sessions read without moving their idle expiry: an open tab asks through them whether its session exists.
  const peek = [read, absoluteTimeout(absoluteMs)];
  return {
    handlers: [...peek, refreshIdleExpiry(idleRefreshStepMs(idleMs))],
    peek,
    store,
    close: () => (store instanceof MemorySessionStore ? store.close() : undefined),
  };
}

/**
 * How stale the idle expiry may get before a call moves it on. Below the shell's warning lead (half the timeout, at
 * most two minutes), so its warning still comes before the session can end.
 */
const idleRefreshStepMs = (idleMs: number) => Math.min(60_000, idleMs / 20);

/** Saves a signed-in session again once per refresh step: express-session then writes it and sends a new cookie. */
function refreshIdleExpiry(stepMs: number): RequestHandler {
  return (req, _res, next) => {
    const now = Date.now();
    if (req.session?.user && now - (req.session.refreshedAt ?? 0) >= stepMs) req.session.refreshedAt = now;
    next();
  };
}

/** Ends sessions older than the absolute timeout, however active they are. */
function absoluteTimeout(maxAgeMs: number): RequestHandler {
  return (req, _res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt && Date.now() - signedInAt > maxAgeMs) {
      req.session.destroy(() => next());
      return;
    }
    next();
  };
}

export function sessionUserOf(user: User): SessionUser {
  return { id: user.id, isSysAdmin: user.isSysAdmin, language: user.language };
}

export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
}

/** Signs the user in on this browser, under a new session id: one planted before sign-in is worth nothing after it. */
export async function beginSession(req: Request, store: UserSessionStore, user: User) {
  await regenerate(req);
  req.session.user = sessionUserOf(user);
  req.session.signedInAt = Date.now();
  await store.track(user.id, req.sessionID);
}
