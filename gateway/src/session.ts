import type { User } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { RedisStore } from 'connect-redis';
import type { RequestHandler } from 'express';
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
  }
}

export const SESSION_COOKIE = 'portal.sid';

/** In-process store with expiry, for a single gateway without Redis. */
export class MemorySessionStore extends session.Store {
  private readonly sessions = new Map<string, { data: string; expires: number }>();
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
    if (!entry || entry.expires <= Date.now()) {
      this.sessions.delete(sid);
      callback(null, null);
      return;
    }
    callback(null, JSON.parse(entry.data) as session.SessionData);
  }

  override set(sid: string, data: session.SessionData, callback?: (error?: unknown) => void) {
    this.sessions.set(sid, { data: JSON.stringify(data), expires: this.expiryOf(data) });
    callback?.();
  }

  override touch(sid: string, data: session.SessionData, callback?: () => void) {
    const entry = this.sessions.get(sid);
    if (entry) entry.expires = this.expiryOf(data);
    callback?.();
  }

  override destroy(sid: string, callback?: (error?: unknown) => void) {
    this.sessions.delete(sid);
    callback?.();
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
  }
}

export function sessionMiddleware(config: GatewayConfig, redis: Redis | undefined) {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const store = redis
    ? new RedisStore({ client: redis, prefix: `${config.REDIS_KEY_PREFIX}sess:` })
    : new MemorySessionStore(idleMs);
  const handler = session({
    name: SESSION_COOKIE,
    secret: config.SESSION_SECRET,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.TRUST_PROXY,
    cookie: { httpOnly: true, sameSite: 'lax', secure: config.TRUST_PROXY ? 'auto' : false, maxAge: idleMs, path: '/' },
  });
  return { handler, close: () => (store instanceof MemorySessionStore ? store.close() : undefined) };
}

/** Ends sessions older than the absolute timeout, however active they are. */
export function absoluteTimeout(config: GatewayConfig): RequestHandler {
  const maxAgeMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;
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
