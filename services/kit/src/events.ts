import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Router } from 'express';
import { strictRouter } from './service-app.ts';
import { z } from 'zod';
import type { Migration } from './db.ts';
import type { Logger } from './logger.ts';
import { type ServiceClient, unexpectedAnswer } from './service-client.ts';
import { parseInput } from './validate.ts';

/** Tables of the outbox (events to send) and the inbox (events already handled), for any service's migrations. */
export const eventTablesMigration: Migration = {
  id: '000-outbox-and-inbox',
  statements: [
    `create table outbox (
      id bigserial primary key,
      event_id uuid not null unique,
      topic text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      delivered_at timestamptz
    )`,
    `create index outbox_pending on outbox (next_attempt_at) where delivered_at is null`,
    `create table processed_events (event_id uuid primary key, processed_at timestamptz not null default now())`,
  ],
};

interface EventTables {
  outbox: {
    id: string;
    event_id: string;
    topic: string;
    payload: unknown;
    attempts: number;
    next_attempt_at: Date;
    delivered_at: Date | null;
  };
  processed_events: { event_id: string };
}

const eventSchema = z.object({ id: z.uuid(), topic: z.string().min(1).max(100), payload: z.unknown() });
export type IntegrationEvent = z.infer<typeof eventSchema>;

/** Records an event in the same transaction as the change it reports, so neither is kept without the other. */
export async function recordEvent<DB>(trx: Transaction<DB>, topic: string, payload: unknown) {
  const db = trx as unknown as Kysely<EventTables>;
  await db
    .insertInto('outbox')
    .values({ event_id: randomUUID(), topic, payload: JSON.stringify(payload) } as never)
    .execute();
}

/** Runs `write` in a transaction and, when it changed something, records its event there too; whether it did. */
export function writeWithEvent<DB>(
  db: Kysely<DB>,
  topic: string,
  payload: unknown,
  write: (trx: Transaction<DB>) => Promise<boolean>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await write(trx))) return false;
    await recordEvent(trx, topic, payload);
    return true;
  });
}

export interface OutboxRelayOptions<DB> {
  db: Kysely<DB>;
  /** Topic → the services that handle it (each receives POST /internal/events). */
  subscribers: Record<string, { name: string; call: ServiceClient }[]>;
  logger: Logger;
  intervalMs?: number;
}

/** Events are sent on behalf of no user. */
const SYSTEM = { sub: null, admin: false, lang: 'en' } as const;

const MAX_BACKOFF_SECONDS = 300;

/**
 * Delivers pending events at least once, oldest first, retrying with backoff while a subscriber is down.
 * Rows are claimed with SKIP LOCKED and a lease, so several instances of a service relay side by side
 * without sending an event twice at the same time.
 */
export function startOutboxRelay<DB>(options: OutboxRelayOptions<DB>) {
  const db = options.db as unknown as Kysely<EventTables>;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(event: IntegrationEvent, subscriber: { name: string; call: ServiceClient }) {
    const answer = await subscriber.call('/internal/events', {
      method: 'POST',
      body: event,
      identity: SYSTEM,
      requestId: event.id,
    });
    if (answer.status < 200 || answer.status >= 300) throw unexpectedAnswer(subscriber.name, answer.status);
  }

  // Only topics someone receives: an event of another topic waits in the outbox for its subscriber to be configured.
  const topics = Object.keys(options.subscribers).filter((topic) => (options.subscribers[topic] ?? []).length > 0);

  /** Claims due rows with a lease (a short statement, no transaction held across HTTP), then delivers them. */
  async function relayBatch(): Promise<number> {
    const claimed = await sql<{ id: string; event_id: string; topic: string; payload: unknown; attempts: number }>`
      update outbox set attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds'
      where id in (
        select id from outbox where delivered_at is null and next_attempt_at <= now() and topic = any(${topics})
        order by id limit 20 for update skip locked
      )
      returning id, event_id, topic, payload, attempts`.execute(db);
    // In the order they were written (UPDATE … RETURNING keeps no order): a subscriber such as the audit trail sees
    // one service's events as they happened, unless a delivery fails and is retried later.
    const inOrder = claimed.rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
    for (const row of inOrder) {
      const event = { id: row.event_id, topic: row.topic, payload: row.payload };
      try {
        await Promise.all((options.subscribers[row.topic] ?? []).map((subscriber) => deliver(event, subscriber)));
        await db.updateTable('outbox').set({ delivered_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        const delaySeconds = Math.min(MAX_BACKOFF_SECONDS, 2 ** Math.min(row.attempts, 8));
        options.logger.warn(
          { err: error, eventId: row.event_id, topic: row.topic, attempts: row.attempts },
          'event not delivered yet',
        );
        await db
          .updateTable('outbox')
          .set({ next_attempt_at: new Date(Date.now() + delaySeconds * 1000) })
          .where('id', '=', row.id)
          .execute();
      }
    }
    return claimed.rows.length;
  }

  const relayNow = async () => {
    if (stopped) return 0;
    // A pass already under way may have claimed its rows before the caller's event was written: let it end, then pass again.
    await running?.catch(() => undefined);
    running ??= relayBatch().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(() => {
    relayNow().catch((error: unknown) => options.logger.error({ err: error }, 'outbox relay failed'));
  }, options.intervalMs ?? 1_000);
  timer.unref();

  return {
    /** Relays what is due now (tests and shutdown call it; the timer does otherwise). */
    relayNow,
    async pending(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('delivered_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.count;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type OutboxRelay = ReturnType<typeof startOutboxRelay>;

/** Topic → what the service does with an event of it, inside the transaction that records it as handled. */
export type EventHandlers<DB> = Record<string, (trx: Transaction<DB>, payload: unknown) => Promise<void>>;

/**
 * POST /internal/events: runs the handler of each known topic once per event id, in one transaction with
 * the record that it was handled, so a redelivered event changes nothing.
 */
export function eventInbox<DB>(database: Kysely<DB>, handlers: EventHandlers<DB>): Router {
  const router = strictRouter();
  router.post('/internal/events', async (req, res) => {
    const event = parseInput(eventSchema, req.body, 'event');
    const handler = handlers[event.topic];
    if (!handler) {
      res.status(202).json({ status: 'ignored' });
      return;
    }
    await database.transaction().execute(async (trx) => {
      const inbox = trx as unknown as Kysely<EventTables>;
      const fresh = await inbox
        .insertInto('processed_events')
        .values({ event_id: event.id })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (fresh) await handler(trx, event.payload);
    });
    res.json({ status: 'handled' });
  });
  return router;
}
