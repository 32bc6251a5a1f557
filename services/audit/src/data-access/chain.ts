import { createHash, createHmac } from 'node:crypto';
import type { AuditRecord } from '@portal/contracts/audit';

/** The hash the first entry of a trail follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with the keys of every object in order: the same record gives the same text, however it was stored. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface ChainedFields {
  seq: string;
  recordedAt: Date;
  record: AuditRecord;
  prevHash: string;
}

/** An entry's hash covers its place, when it was kept, what it says and the hash before it. */
export function entryHash({ seq, recordedAt, record, prevHash }: ChainedFields): string {
  return createHash('sha256')
    .update(`${prevHash}\n${seq}\n${recordedAt.toISOString()}\n${canonicalJson(record)}`)
    .digest('hex');
}

/**
 * An entry's MAC, under AUDIT_CHAIN_KEY, which the database does not hold: whoever can write the table can
 * recompute every hash, but not these. It covers the hash, so the whole chain up to the entry.
 */
export function entryMac(key: string, hash: string): string {
  return createHmac('sha256', key).update(`audit-entry\n${hash}`).digest('hex');
}

export interface PruningFields {
  throughSeq: string;
  lastHash: string;
  lastRecordedAt: Date;
  prunedAt: Date;
}

/** A pruning's MAC: only the retention job, which holds the key, records where the kept trail starts. */
export function pruningMac(key: string, { throughSeq, lastHash, lastRecordedAt, prunedAt }: PruningFields): string {
  return createHmac('sha256', key)
    .update(`audit-pruned\n${throughSeq}\n${lastHash}\n${lastRecordedAt.toISOString()}\n${prunedAt.toISOString()}`)
    .digest('hex');
}
