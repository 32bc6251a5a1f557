import type { Database } from './db.ts';
import type { OutboxRelay } from './events.ts';
import { createMetrics } from './metrics.ts';

/** A service's metrics: HTTP, its database pool and, when it publishes events, its outbox backlog. */
export function serviceMetrics(
  service: string,
  database: Pick<Database<unknown>, 'poolStats'>,
  relay?: () => OutboxRelay | undefined,
) {
  const metrics = createMetrics(service);
  metrics.gauge('db_pool_connections', 'Database connections of the pool', () => database.poolStats().total);
  metrics.gauge('db_pool_idle_connections', 'Idle database connections', () => database.poolStats().idle);
  metrics.gauge('db_pool_waiting_requests', 'Queries waiting for a connection', () => database.poolStats().waiting);
  if (relay) {
    metrics.gauge(
      'outbox_pending_events',
      'Events not yet delivered to their subscribers',
      async () => (await relay()?.pending()) ?? 0,
    );
  }
  return metrics;
}
