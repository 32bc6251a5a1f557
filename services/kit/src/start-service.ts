import type { Extensions } from '@electric-sql/pglite';
import type { Router } from 'express';
import type { Kysely } from 'kysely';
import { type Database, type Migration, migrate, openServiceDatabase } from './db.ts';
import { type EventHandlers, eventInbox, type OutboxRelay, startOutboxRelay } from './events.ts';
import { createLogger, type Logger } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { serviceMetrics } from './observability.ts';
import { listen } from './server.ts';
import { createServiceApp } from './service-app.ts';
import { type ServiceClient, serviceClient } from './service-client.ts';
import { type PersonalData, personalDataRoutes } from './personal-data.ts';

/** What every service reads from its environment (`serviceConfigShape`). */
export interface ServiceConfig {
  HOST: string;
  PORT: number;
  LOG_LEVEL: string;
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  IDENTITY_SECRET: string;
}

/** What a service's routes, event handlers and start-up work are built from. */
export interface ServiceContext<DB> {
  logger: Logger;
  database: Database<DB>;
  metrics: Metrics;
  /** The internal client of another service (its instances as comma-separated URLs). */
  client(service: string, urls: string, answerTimeoutMs?: number): ServiceClient;
}

interface Subscriber {
  service: string;
  urls: string | undefined;
}

export interface ServiceDefinition<DB> {
  name: string;
  config: ServiceConfig;
  migrations: Migration[];
  pgliteExtensions?: Extensions;
  /** Topic → the services that handle its events (by their URLs); a topic with none is kept in the outbox. */
  publishes?: Record<string, Subscriber | Subscriber[]>;
  /** Work before the service answers (seeding, sweeps, jobs); what it returns is awaited when the service stops. */
  beforeServing?: (context: ServiceContext<DB>) => Promise<(() => void | Promise<void>) | undefined>;
  routes: (context: ServiceContext<DB>) => Router;
  /** Path prefixes whose routes read their own bodies (see createServiceApp). */
  ownBodies?: string[];
  eventHandlers?: (context: ServiceContext<DB>) => EventHandlers<DB>;
  /** The tables that hold a person's data, for "Download my data" (GET /internal/personal-data/:userId). */
  personalData: PersonalData;
}

const DEFAULT_ANSWER_TIMEOUT_MS = 5_000;

/**
 * The service defaults every service starts with: logger, database and migrations, the internal clients,
 * the outbox relay and the event inbox, metrics, liveness and readiness, listening, and a graceful stop
 * (HTTP first, then the relay, then the database).
 */
export async function startService<DB>(definition: ServiceDefinition<DB>) {
  const { name, config } = definition;
  const logger = createLogger(name, config.LOG_LEVEL);
  const database = await openServiceDatabase<DB>(name, config, {
    pgliteExtensions: definition.pgliteExtensions,
    logger,
  });
  await migrate(database.db, name, definition.migrations, logger);

  let relay: OutboxRelay | undefined;
  const metrics = serviceMetrics(name, database, definition.publishes ? () => relay : undefined);
  const context: ServiceContext<DB> = {
    logger,
    database,
    metrics,
    client: (service, urls, answerTimeoutMs = DEFAULT_ANSWER_TIMEOUT_MS) =>
      serviceClient(service, urls, { secret: config.IDENTITY_SECRET, answerTimeoutMs }),
  };
  const stopWork = await definition.beforeServing?.(context);
  const routes = definition.routes(context);
  if (definition.eventHandlers) routes.use(eventInbox(database.db, definition.eventHandlers(context)));
  routes.use(personalDataRoutes(database.db as Kysely<unknown>, definition.personalData));

  const subscribers = Object.fromEntries(
    Object.entries(definition.publishes ?? {}).flatMap(([topic, subscriber]) => {
      const reachable = [subscriber]
        .flat()
        .flatMap(({ service, urls }) => (urls ? [{ name: service, call: context.client(service, urls) }] : []));
      return reachable.length > 0 ? [[topic, reachable]] : [];
    }),
  );
  if (Object.keys(subscribers).length > 0) relay = startOutboxRelay({ db: database.db, subscribers, logger });

  const app = createServiceApp({
    logger,
    identitySecret: config.IDENTITY_SECRET,
    ready: database.ping,
    routes,
    metrics,
    ownBodies: definition.ownBodies,
  });
  const server = await listen(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    onStop: async () => {
      await stopWork?.();
      await relay?.stop();
      await database.close();
    },
  });
  logger.info({ url: server.url, database: database.kind }, `${name} service listening`);
  return { ...server, logger, database, relay };
}
export type RunningService = Awaited<ReturnType<typeof startService>>;
