import { describe, expect, it } from '@jest/globals';
import { migrate, openDatabase } from '@portal/kit/db';
import { eventTablesMigration, recordEvent, startOutboxRelay } from '@portal/kit/events';
import { createLogger } from '@portal/kit/logger';
import type { ServiceClient } from '@portal/kit/service-client';
import { testBackends } from '@portal/kit/testing/backends';
import { sql } from 'kysely';

describe.each(testBackends())('the outbox relay on $name', (backend) => {
  it('when a topic has no subscriber, then its events wait in the outbox while the others are delivered', async () => {
    const scratch = await backend.database();
    const database = await openDatabase<unknown>({ url: scratch.url, embeddedDir: 'memory' });
    const delivered: string[] = [];
    const subscriber = (async (_path: string, request: { body: { topic: string } }) => {
      delivered.push(request.body.topic);
      return { status: 200, body: { status: 'handled' } };
    }) as unknown as ServiceClient;
    try {
      await migrate(database.db, 'relay-test', [eventTablesMigration]);
      await database.db.transaction().execute(async (trx) => {
        await recordEvent(trx, 'course.deleted', { courseId: 'a' });
        await recordEvent(trx, 'user.changed', { userId: 'b' });
      });
      const relay = startOutboxRelay({
        db: database.db,
        subscribers: { 'course.deleted': [{ name: 'files', call: subscriber }] },
        logger: createLogger('relay-test', 'silent'),
        intervalMs: 60_000,
      });
      await relay.relayNow();
      await relay.stop();
      expect(delivered).toEqual(['course.deleted']);
      const { rows } = await sql<{ topic: string; delivered: boolean }>`
        select topic, delivered_at is not null as delivered from outbox order by id`.execute(database.db);
      expect(rows).toEqual([
        { topic: 'course.deleted', delivered: true },
        { topic: 'user.changed', delivered: false },
      ]);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('when an event is written while a pass is under way, then relaying now delivers it too', async () => {
    const scratch = await backend.database();
    const database = await openDatabase<unknown>({ url: scratch.url, embeddedDir: 'memory' });
    const delivered: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const firstDelivery = new Promise<void>((resolve) => (entered = resolve));
    const subscriber = (async (_path: string, request: { body: { payload: { courseId: string } } }) => {
      entered();
      await released;
      delivered.push(request.body.payload.courseId);
      return { status: 200, body: { status: 'handled' } };
    }) as unknown as ServiceClient;
    const record = (courseId: string) =>
      database.db.transaction().execute((trx) => recordEvent(trx, 'course.deleted', { courseId }));
    try {
      await migrate(database.db, 'relay-test', [eventTablesMigration]);
      await record('before');
      const relay = startOutboxRelay({
        db: database.db,
        subscribers: { 'course.deleted': [{ name: 'files', call: subscriber }] },
        logger: createLogger('relay-test', 'silent'),
        intervalMs: 60_000,
      });
      const underWay = relay.relayNow();
      await firstDelivery;
      await record('during');
      const now = relay.relayNow();
      release();
      await Promise.all([underWay, now]);
      await relay.stop();
      expect(delivered).toEqual(['before', 'during']);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
