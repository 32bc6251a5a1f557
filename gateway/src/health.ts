import { timingSafeEqual } from 'node:crypto';
import { forbidden } from '@portal/kit/errors';
import { strictRouter } from '@portal/kit/service-app';
import type { RequestHandler, Router } from 'express';
import type { Redis } from 'ioredis';

type State = 'up' | 'degraded' | 'down';

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(new URL('/readyz', url), { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** A service is up when every instance is ready, degraded when some are, down when none is. */
async function probe(instances: string[]): Promise<State> {
  const states = await Promise.all(instances.map(ready));
  if (states.every(Boolean)) return 'up';
  return states.some(Boolean) ? 'degraded' : 'down';
}

/**
 * The same meanings as in every service: /livez and /healthz, the gateway process answers; /readyz, what it
 * depends on answers (each service's instances and the session store), 503 when any is down.
 */
export function healthRoutes(services: Record<string, string[]>, redis: Redis | undefined): Router {
  const router = strictRouter();
  router.get(['/livez', '/healthz'], (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(services);
    const states = await Promise.all(names.map((name) => probe(services[name] ?? [])));
    const report: Record<string, State> = Object.fromEntries(
      names.map((name, index) => [name, states[index] as State]),
    );
    if (redis) report.redis = redis.status === 'ready' ? 'up' : 'down';
    const healthy = Object.values(report).every((state) => state !== 'down');
    res
      .status(healthy ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: healthy ? 'ok' : 'degraded', checks: report, sessionStore: redis ? 'redis' : 'memory' });
  });
  return router;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * /metrics is public on the gateway's port: a bearer token guards it, or, without one, only callers on this machine.
 * A call a reverse proxy forwarded (X-Forwarded-For or Forwarded) comes from its client, not from this machine,
 * even when that proxy runs here.
 */
export function metricsAccess(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (token) {
      const given = Buffer.from(req.get('authorization') ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      next(
        given.length === expected.length && timingSafeEqual(given, expected)
          ? undefined
          : forbidden('Metrics need the token'),
      );
      return;
    }
    const local =
      LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
    next(local ? undefined : forbidden('Metrics are served to this machine only'));
  };
}
