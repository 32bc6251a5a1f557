import { type AuditRecord, auditRecordSchema } from '@portal/contracts/audit';
import { EVENTS } from '@portal/contracts/events';
import type { Request } from 'express';
import type { Kysely, Transaction } from 'kysely';
import { recordEvent } from './events.ts';

/** Who made a request and from where, as the gateway signed it: the part of an audit record a route knows. */
export type AuditContext = Pick<AuditRecord, 'actor' | 'from' | 'requestId'>;

export function auditContextOf(req: Request, actorName?: string): AuditContext {
  const { sub, ip, ua } = req.identity;
  return {
    actor: { id: sub, ...(actorName === undefined ? {} : { name: actorName }) },
    from: { ...(ip === undefined ? {} : { ip }), ...(ua === undefined ? {} : { userAgent: ua }) },
    requestId: req.id,
  };
}

/** For changes no request made (start-up, the admin command line). */
export function systemAuditContext(name: string): AuditContext {
  return { actor: { id: null, name }, from: {} };
}

/**
 * Records a change for the audit trail in the same transaction as the change: it reaches the audit service through
 * the service's outbox, so neither is kept without the other. The record is checked here, where a mistake is made.
 */
export async function recordAudit<DB>(trx: Transaction<DB>, service: string, record: AuditDraft) {
  const checked = auditRecordSchema.parse({ ...record, service, occurredAt: new Date().toISOString() });
  await recordEvent(trx, EVENTS.auditRecorded, checked);
}

/** An audit record as a use case states it: the kit adds when, and the service that records it. */
export type AuditDraft = Omit<AuditRecord, 'occurredAt' | 'service'>;

/**
 * Runs `write` and records `audit` in one transaction (or only `write`, without a record). Inside a transaction
 * already, it records there.
 */
export async function writeWithAudit<DB, T>(
  db: Kysely<DB>,
  service: string,
  audit: AuditDraft | undefined,
  write: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (!audit) return write(db);
  const both = async (trx: Transaction<DB>) => {
    const result = await write(trx);
    await recordAudit(trx, service, audit);
    return result;
  };
  return db.isTransaction ? both(db as Transaction<DB>) : db.transaction().execute(both);
}
