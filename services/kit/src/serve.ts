import type { Router } from 'express';
import type { Database } from './db.ts';
import type { OutboxRelay } from './events.ts';
import type { Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { serviceMetrics } from './observability.ts';
import { listen } from './server.ts';
import { createServiceApp } from './service-app.ts';

export interface ServeOptions<DB> {
  name: string;
  config: { HOST: string; PORT: number; IDENTITY_SECRET: string };
  logger: Logger;
  database: Database<DB>;
  routes: Router;
  /** The service's outbox relay, stopped before the database closes. */
  relay?: OutboxRelay | undefined;
  /** The service's metrics, when it adds its own to the standard ones. */
  metrics?: Metrics;
  /** What else the service stops first (timers). */
  onStop?: () => void;
}

/** The common end of every service's start: the kit's app on its routes, listening, and a clean stop. */
export async function serveService<DB>(options: ServeOptions<DB>) {
  const { name, config, logger, database, relay } = options;
  const app = createServiceApp({
    logger,
    identitySecret: config.IDENTITY_SECRET,
    ready: database.ping,
    routes: options.routes,
    metrics: options.metrics ?? serviceMetrics(name, database, () => relay),
  });
  const server = await listen(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    onStop: async () => {
      options.onStop?.();
      await relay?.stop();
      await database.close();
    },
  });
  logger.info({ url: server.url, database: database.kind }, `${name} service listening`);
  return server;
}
