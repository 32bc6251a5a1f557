import { auditRecordSchema } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { EventHandlers } from '@portal/kit/events';
import { entriesRepository } from '../../data-access/entries-repository.ts';
import type { AuditDatabase } from '../../data-access/schema.ts';
import type { AuditTrail } from '../../domain/trail.ts';

/** Every service's audit records arrive here through its outbox; the inbox keeps each from being kept twice. */
export function auditEventHandlers(
  trail: AuditTrail,
  chainKey: string,
  appended: () => void,
): EventHandlers<AuditDatabase> {
  return {
    [EVENTS.auditRecorded]: async (trx, payload) => {
      await trail.append(entriesRepository(trx, chainKey), auditRecordSchema.parse(payload));
      appended();
    },
  };
}
