import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { AUDIT_PATH } from './http.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';

/** What an audit entry may say a change was: lower-case words joined by dots, e.g. `user.signed-in`. */
const ACTION_PATTERN = /^[a-z][a-z-]*(?:\.[a-z][a-z-]*)*$/;
const shortText = (maximum: number) => z.string().check(boundedTo(maximum, 'too_long'));

export const auditActionSchema = z.string().check(boundedTo(80, 'too_long'), z.regex(ACTION_PATTERN, 'invalid_action'));
/**
 * Names the trail once gave a change it now records under one name, whichever path made it (the path is the
 * entry's `details.through`). Stored entries keep their names (the chain's hashes cover them): they are read as
 * the new name, by the filter and by the page.
 */
export const RENAMED_AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'user.deactivated': 'user.status-changed',
  'user.reactivated': 'user.status-changed',
  'user.imported': 'user.created',
  'user.import-updated': 'user.updated',
  'group.renamed': 'group.updated',
  'group.members-added': 'group.updated',
  'group.member-removed': 'group.updated',
};

/** The name an entry's action is read as today. */
export const currentAuditAction = (action: string): string => RENAMED_AUDIT_ACTIONS[action] ?? action;

/** Every stored name an action filter finds: the name and the names it replaced. */
export const storedAuditActions = (action: string): string[] => [
  action,
  ...Object.keys(RENAMED_AUDIT_ACTIONS).filter((old) => RENAMED_AUDIT_ACTIONS[old] === action),
];

export const auditOutcomeSchema = z.enum(['success', 'failure']);

/** A field's value before and after a change; long texts are given as a hash, not twice their content. */
export const auditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** What a service records of a change, in the same transaction as the change (sent through its outbox). */
export const auditRecordSchema = z.object({
  occurredAt: z.iso.datetime({ offset: true }),
  actor: z.object({ id: z.nullable(uuidSchema), name: z.optional(shortText(200)) }),
  from: z.object({ ip: z.optional(shortText(64)), userAgent: z.optional(shortText(512)) }),
  action: auditActionSchema,
  object: z.object({ type: shortText(40), id: z.optional(shortText(80)), label: z.optional(shortText(300)) }),
  outcome: auditOutcomeSchema,
  requestId: z.optional(shortText(100)),
  service: shortText(40),
  changes: z.optional(z.record(shortText(80), auditChangeSchema)),
  details: z.optional(z.record(shortText(80), z.unknown())),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** An entry as the audit service keeps and answers it: the record, its place in the chain and its hash. */
export const auditEntrySchema = z.object({
  ...auditRecordSchema.shape,
  seq: z.string(),
  recordedAt: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_MAX = 200;
/** The largest place the trail's bigint column holds: a cursor past it is refused here, not by the database. */
const MAX_SEQ = 2n ** 63n - 1n;

/** An action, or a group of them by its prefix ending in a dot (`user.`). */
const ACTION_FILTER_PATTERN = /^[a-z][a-z-]*(?:\.[a-z][a-z-]*)*\.?$/;

export const auditQuerySchema = z.object({
  actor: z.optional(uuidSchema),
  objectId: z.optional(lineTextSchema().check(boundedTo(80, 'too_long'))),
  /** What the page shows of an object: its id, or the beginning of its label (an e-mail, a course title). */
  object: z.optional(lineTextSchema().check(boundedTo(80, 'too_long'))),
  action: z.optional(z.string().check(boundedTo(80, 'too_long'), z.regex(ACTION_FILTER_PATTERN, 'invalid_action'))),
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  /** The entry a page ends on (its `next`): the next page starts after it, newest first, by time in a window. */
  before: z.optional(
    z.string().check(
      boundedTo(20, 'too_long'),
      z.refine((text) => /^\d+$/.test(text) && BigInt(text) <= MAX_SEQ, 'invalid_cursor'),
    ),
  ),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(AUDIT_PAGE_MAX))),
  format: z.optional(z.enum(['json', 'csv'])),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `before` of the next page; absent on the last one. */
  next: z.optional(z.string()),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The audit page's one call, kept out of API_CALLS: only that page loads it (the client sends it with `api.send`),
 * so no other page carries its schemas.
 */
export const listAuditEntriesCall = {
  method: 'get',
  path: AUDIT_PATH,
  query: auditQuerySchema,
  response: auditPageSchema,
} as const satisfies ApiCall;
