import { JSON_BODY_MAX_BYTES } from '@portal/contracts/api-routes';
import express, { type Express, Router } from 'express';
import { apiNotFound, errorHandler } from './errors.ts';
import { requireSignedIdentity } from './identity.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { requestContext } from './request-context.ts';

export interface ServiceAppOptions {
  logger: Logger;
  identitySecret: string;
  /** Readiness: resolves when the service can serve (its database answers). */
  ready: () => Promise<void>;
  routes: Router;
  metrics: Metrics;
  jsonLimit?: string;
  /** Path prefixes whose routes read their own bodies, after their own checks (SCIM: its bearer token first). */
  ownBodies?: string[];
}

/** Routing options of every router: a path matches only as written (letter case, no added trailing slash). */
export const STRICT_ROUTING = { caseSensitive: true, strict: true } as const;

/**
 * A router that matches paths exactly: `/api/courses/Register-For-Course` or a trailing slash is another path
 * (404), so the gateway's checks, which see the exact path, and the service always agree on what is called.
 */
export function strictRouter(): Router {
  return Router(STRICT_ROUTING);
}

/**
 * The Express app every service shares: request id, logs, metrics, liveness (/livez, and /healthz with the
 * same meaning in every process: the process answers) and readiness (/readyz: its database answers), signed
 * identity, JSON bodies, one error shape.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use(requestContext(options.logger));
  app.use(options.metrics.middleware);
  // Internal address only (the gateway never proxies it): scraped by Prometheus inside the network.
  app.get('/metrics', options.metrics.handler);
  app.get(['/livez', '/healthz'], (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await options.ready();
      res.json({ status: 'ready' });
    } catch (error) {
      options.logger.warn({ err: error }, 'not ready');
      res.status(503).json({ status: 'unavailable' });
    }
  });
  app.use(requireSignedIdentity(options.identitySecret));
  const json = express.json({ limit: options.jsonLimit ?? JSON_BODY_MAX_BYTES });
  const ownBodies = options.ownBodies ?? [];
  app.use((req, res, next) => {
    if (ownBodies.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`))) next();
    else json(req, res, next);
  });
  app.use(options.routes);
  app.use(apiNotFound);
  app.use(errorHandler(options.logger));
  return app;
}
