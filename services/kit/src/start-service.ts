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
import {
  type ServiceName,
  type ServiceUrlVariable,
  subscribersOf,
  subscriptionMismatch,
  TOPOLOGY,
} from './topology.ts';

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

/** The other services' URL variables (`serviceConfigShape`): where the topics they subscribe to are delivered. */
type ServiceUrls = Partial<Record<ServiceUrlVariable, string>>;

/** What a service's routes, event handlers and start-up work are built from. */
export interface ServiceContext<DB> {
  logger: Logger;
  database: Database<DB>;
  metrics: Metrics;
  /** The internal client of another service (its instances as comma-separated URLs). */
  client(service: string, urls: string, answerTimeoutMs?: number): ServiceClient;
}

export interface ServiceDefinition<DB> {
  /** Its entry in the topology, which says what it publishes and subscribes to. */
  name: ServiceName;
  config: ServiceConfig & ServiceUrls;
  migrations: Migration[];
  pgliteExtensions?: Extensions;
  /** Work before the service answers (seeding, sweeps, jobs); what it returns is awaited when the service stops. */
  beforeServing?: (context: ServiceContext<DB>) => Promise<(() => void | Promise<void>) | undefined>;
  routes: (context: ServiceContext<DB>) => Router;
  /** Path prefixes whose routes read their own bodies (see createServiceApp). */
  ownBodies?: string[];
  /** What it does with the topics it subscribes to in the topology: one handler for each of them. */
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

  // Each topic goes to the services that subscribe to it: the publisher never names them.
  const subscribers = Object.fromEntries(
    Object.entries(subscribersOf(name, (variable) => config[variable])).map(([topic, services]) => [
      topic,
      services.map(({ service, urls }) => ({
        name: service,
        call: serviceClient(service, urls, {
          secret: config.IDENTITY_SECRET,
          answerTimeoutMs: DEFAULT_ANSWER_TIMEOUT_MS,
        }),
      })),
    ]),
  );
  let relay: OutboxRelay | undefined;
  const metrics = serviceMetrics(name, database, TOPOLOGY[name].publishes.length > 0 ? () => relay : undefined);
  const context: ServiceContext<DB> = {
    logger,
    database,
    metrics,
    client: (service, urls, answerTimeoutMs = DEFAULT_ANSWER_TIMEOUT_MS) =>
      serviceClient(service, urls, { secret: config.IDENTITY_SECRET, answerTimeoutMs }),
  };
  const stopWork = await definition.beforeServing?.(context);
  const routes = definition.routes(context);
  const handlers = definition.eventHandlers?.(context) ?? {};
  const mismatch = subscriptionMismatch(name, Object.keys(handlers));
  if (mismatch.length > 0) {
    await stopWork?.();
    await database.close();
    throw new Error(mismatch.join('; '));
  }
  if (definition.eventHandlers) routes.use(eventInbox(database.db, handlers));
  routes.use(personalDataRoutes(database.db as Kysely<unknown>, definition.personalData));

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
