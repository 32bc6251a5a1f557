import express, { type Express, type Router } from 'express';
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
}

/**
 * The Express app every service shares: request id, logs, metrics, liveness (/healthz: the process answers)
 * and readiness (/readyz: its database answers), signed identity, JSON bodies, one error shape.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(requestContext(options.logger));
  app.use(options.metrics.middleware);
  // Internal address only (the gateway never proxies it): scraped by Prometheus inside the network.
  app.get('/metrics', options.metrics.handler);
  app.get('/healthz', (_req, res) => {
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
  app.use(express.json({ limit: options.jsonLimit ?? '100kb' }));
  app.use(options.routes);
  app.use(apiNotFound);
  app.use(errorHandler(options.logger));
  return app;
}
