import { randomUUID } from 'node:crypto';
import { userSchema } from '@portal/contracts/auth';
import { openServiceDatabase } from '@portal/kit/db';
import { unexpectedAnswer } from '@portal/kit/service-client';
import { type ServiceContext, startService } from '@portal/kit/start-service';
import type { AuditConfig } from './config.ts';
import { entriesRepository } from './data-access/entries-repository.ts';
import { type AuditDatabase, migrations } from './data-access/schema.ts';
import { personalData } from './data-access/personal-data.ts';
import { auditShipper, type LineWriter, lineWriterFor } from './domain/sink.ts';
import { auditTrail } from './domain/trail.ts';
import { auditRoutes } from './entry-points/api/routes.ts';
import { auditEventHandlers } from './entry-points/events/handlers.ts';

export const SERVICE_NAME = 'audit';
const DAY_MS = 24 * 60 * 60_000;
/** The audit service asks for names on behalf of no user. */
const SYSTEM = { sub: null, admin: false, lang: 'en', exp: 0 } as const;

export function openAuditDatabase(config: Pick<AuditConfig, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>) {
  return openServiceDatabase<AuditDatabase>(SERVICE_NAME, config);
}

export function startAuditService(config: AuditConfig) {
  let shipNow: () => void = () => undefined;
  return startService<AuditDatabase>({
    name: SERVICE_NAME,
    config,
    migrations,
    personalData,
    // Retention once at start and once a day; the sink catches up every few seconds and after each new entry.
    beforeServing: async ({ database, logger }) => {
      const entries = entriesRepository(database.db, config.AUDIT_CHAIN_KEY);
      const prune = () =>
        entries
          .prune(new Date(Date.now() - config.AUDIT_RETENTION_DAYS * DAY_MS))
          .then((pruned) => pruned > 0 && logger.info({ pruned }, 'audit entries past retention pruned'))
          .catch((error: unknown) => logger.warn({ err: error }, 'pruning the audit trail failed'));
      await prune();
      const timers = [setInterval(prune, DAY_MS)];
      let writer: LineWriter | undefined;
      if (config.AUDIT_SINK) {
        writer = lineWriterFor(config.AUDIT_SINK);
        const shipper = auditShipper(entries, config.AUDIT_SINK, writer, logger);
        shipNow = () => void shipper.ship();
        timers.push(setInterval(shipNow, 5_000));
        shipNow();
      }
      for (const timer of timers) timer.unref();
      return () => {
        timers.forEach(clearInterval);
        writer?.close();
      };
    },
    routes: (context) => auditRoutes(trailOf(context)),
    eventHandlers: (context) =>
      auditEventHandlers(trailOf(context), config.AUDIT_CHAIN_KEY, () => setImmediate(() => shipNow())),
  });

  function trailOf({ database, client }: ServiceContext<AuditDatabase>) {
    const auth = client('auth', config.AUTH_SERVICE_URL, config.AUTH_TIMEOUT_MS);
    return auditTrail({
      entries: entriesRepository(database.db, config.AUDIT_CHAIN_KEY),
      nameOf: async (userId) => {
        const answer = await auth(`/internal/users/${userId}`, { identity: SYSTEM, requestId: randomUUID() });
        if (answer.status === 404) return undefined;
        if (answer.status !== 200) throw unexpectedAnswer('auth', answer.status);
        return userSchema.parse(answer.body).name;
      },
    });
  }
}
