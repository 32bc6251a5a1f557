import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { RedisStore } from 'connect-redis';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.ts';
import { prefixOf } from './prefixes.ts';

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
    /** When the cookie and the stored session's expiry were last moved on (see `refreshIdleExpiry`). */
    refreshedAt: number;
  }
}

export const SESSION_COOKIE = 'portal.sid';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user of a call streamed to a service, read for it alone (`sessionMiddleware`). */
    sessionUser?: SessionUser;
  }
}

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
export class MemorySessionStore extends session.Store implements UserSessionStore {
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

  override touch(sid: string, data: session.SessionData, callback?: () => void) {
    const entry = this.sessions.get(sid);
    if (entry) entry.expires = this.expiryOf(data);
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
    // The expiry moves on when the session is saved again (`refreshIdleExpiry`), not with a call per request.
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
 * The sessions: express-session for the gateway's own calls (sign-in, sign-out, the account calls), which
 * create, change and end them. A call under `readOnlyPrefixes` (one the gateway streams to a service) only reads
 * its session, so it is read for that call alone, by the same rules, without express-session, which on every call
 * builds the session's objects, hashes it twice to see whether it changed and wraps the answer to save it: a
 * third of the gateway's CPU time for a page of courses. A session whose idle expiry is due to move on, or which is
 * past its absolute timeout, goes through express-session instead, which saves or ends it.
 */
export function sessionMiddleware(
  config: GatewayConfig,
  redis: Redis | undefined,
  readOnlyPrefixes: readonly string[],
) {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
  const store: UserSessionStore = redis
    ? new RedisUserSessionStore(redis, config.REDIS_KEY_PREFIX, idleMs / 1000, config.SESSION_ABSOLUTE_HOURS * 3600)
    : new MemorySessionStore(idleMs);
  const fullWay = [
    session({
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
    }),
    refreshIdleExpiry,
    absoluteTimeout(absoluteMs),
  ];
  // A browser sends the same Cookie header on every call: its signature is checked once, not on every call.
  const verified = new Map<string, string>();
  const verifiedSessionId = (cookieHeader: string | undefined) => {
    const known = cookieHeader && verified.get(cookieHeader);
    if (known) return known;
    const sid = signedSessionId(cookieHeader, config.SESSION_SECRET);
    if (sid && cookieHeader) {
      if (verified.size >= VERIFIED_COOKIES) verified.clear();
      verified.set(cookieHeader, sid);
    }
    return sid;
  };
  const viaExpressSession: RequestHandler = (req, res, next) => chain(fullWay, req, res, next);
  const handler: RequestHandler = (req, res, next) => {
    if (!prefixOf(req.baseUrl + req.path, readOnlyPrefixes)) return viaExpressSession(req, res, next);
    const sid = verifiedSessionId(req.headers.cookie);
    if (!sid) return next();
    store.get(sid, (error, data) => {
      if (error) return next(error);
      const now = Date.now();
      const user = data?.user;
      const due =
        (data?.signedInAt !== undefined && now - data.signedInAt > absoluteMs) ||
        (user !== undefined && now - (data?.refreshedAt ?? 0) >= IDLE_EXPIRY_STEP_MS);
      if (due) return viaExpressSession(req, res, next);
      if (user) req.sessionUser = user;
      next();
    });
  };
  return {
    handler,
    store,
    close: () => (store instanceof MemorySessionStore ? store.close() : undefined),
  };
}

/** Runs the handlers in turn, as Express would, stopping at the first error. */
function chain(handlers: RequestHandler[], req: Request, res: Response, next: NextFunction) {
  const [first, ...rest] = handlers;
  if (!first) return next();
  first(req, res, (error?: unknown) => (error ? next(error) : chain(rest, req, res, next)));
}

/**
 * The session id in the session cookie, if its signature holds: express-session's reading (the first cookie of
 * that name, URL-decoded, `s:` then the id, a dot and the HMAC-SHA256 of the id in unpadded base64).
 */
export function signedSessionId(cookieHeader: string | undefined, secret: string): string | undefined {
  if (!cookieHeader) return undefined;
  let raw: string | undefined;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== SESSION_COOKIE) continue;
    raw = pair.slice(equals + 1).trim();
    break;
  }
  if (raw?.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
  if (raw?.includes('%')) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  if (!raw?.startsWith('s:')) return undefined;
  const signed = raw.slice(2);
  const dot = signed.lastIndexOf('.');
  if (dot < 0) return undefined;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, ''));
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : undefined;
}

/** Cookie headers whose signature the gateway remembers having checked (about 200 bytes each). */
const VERIFIED_COOKIES = 10_000;

/** How often an active session's idle expiry moves on: the idle timeout is kept to within this. */
export const IDLE_EXPIRY_STEP_MS = 60_000;

/**
 * Moves a signed-in session's idle expiry on (a new cookie and the stored session saved again) at most once a
 * minute, instead of signing and sending a cookie on every call and, with Redis, a round trip per call to move the
 * key's expiry.
 */
const refreshIdleExpiry: RequestHandler = (req, _res, next) => {
  const session = req.session;
  if (session?.user && Date.now() - (session.refreshedAt ?? 0) >= IDLE_EXPIRY_STEP_MS) session.refreshedAt = Date.now();
  next();
};

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
