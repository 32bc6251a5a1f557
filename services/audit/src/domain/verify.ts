import type { EntriesRepository, StoredEntry, TrailStart } from '../data-access/entries-repository.ts';
import { entryHash, entryMac, pruningMac } from '../data-access/chain.ts';

export type Verification =
  | { intact: true; entries: number; unsigned?: number }
  | { intact: false; entries: number; brokenAt: string; reason: string };

export interface VerifyOptions {
  /** AUDIT_CHAIN_KEY: the entries' and prunings' MACs are checked under it. */
  chainKey: string;
  /** AUDIT_RETENTION_DAYS: the last pruning may have removed only entries older than this. */
  retentionDays: number;
  /** The newest entry a copy outside the database holds (the sink's last line): the trail must still end with it. */
  head?: { seq: string; hash: string };
}

const DAY_MS = 24 * 60 * 60_000;
const UNSIGNED_PRUNING = 'the record of the last pruning does not carry its MAC';

/** Why an entry does not belong where it is, or undefined when it does. */
function fault(entry: StoredEntry, expectedSeq: bigint, prevHash: string): string | undefined {
  if (BigInt(entry.seq) !== expectedSeq) return `entry ${expectedSeq} is missing`;
  if (entry.prevHash !== prevHash) return 'it does not follow the entry before it';
  const { seq, recordedAt, hash, prevHash: _prev, columns, mac: _mac, ...record } = entry;
  if (entryHash({ seq, recordedAt: new Date(recordedAt), record, prevHash }) !== hash)
    return 'its content does not match its hash';
  const same =
    columns.actorId === record.actor.id &&
    columns.action === record.action &&
    columns.objectId === (record.object.id ?? null) &&
    columns.outcome === record.outcome &&
    columns.occurredAt.getTime() === new Date(record.occurredAt).getTime();
  return same ? undefined : 'its indexed columns differ from its content';
}

/** Why an entry's MAC does not prove it, or undefined when it does; none is due before the first signed one. */
function macFault(entry: StoredEntry, signedBefore: boolean, chainKey: string): string | undefined {
  if (entry.mac === null) return signedBefore ? 'it carries no MAC' : undefined;
  return entry.mac === entryMac(chainKey, entry.hash)
    ? undefined
    : 'its MAC does not match: the chain was rewritten without the key';
}

/** Why the record of the last pruning is not the retention job's, or undefined when it is. */
function pruningFault({ pruning }: TrailStart, { chainKey, retentionDays }: VerifyOptions): string | undefined {
  // One from before the chain key has no MAC: it is held to that when the first kept entry is read.
  if (!pruning || pruning.mac === null) return undefined;
  if (pruning.mac !== pruningMac(chainKey, pruning)) return UNSIGNED_PRUNING;
  if (pruning.lastRecordedAt.getTime() > pruning.prunedAt.getTime() - retentionDays * DAY_MS)
    return 'the last pruning removed entries younger than AUDIT_RETENTION_DAYS';
  return undefined;
}

/**
 * Walks the kept trail from its oldest entry and proves each follows the one before and carries its MAC, that the
 * last pruning was the retention job's, and that the trail still ends with the head held outside the database; or
 * names the first entry that breaks it. Entries from before the chain key may go without a MAC, only before the
 * first one with it.
 */
export async function verifyTrail(
  entries: EntriesRepository,
  options: VerifyOptions,
  batchSize = 1_000,
): Promise<Verification> {
  const start = await entries.start();
  const badPruning = pruningFault(start, options);
  if (badPruning) return { intact: false, entries: 0, brokenAt: start.afterSeq, reason: badPruning };
  let { afterSeq, prevHash } = start;
  let expected = BigInt(afterSeq) + 1n;
  let count = 0;
  let unsigned = 0;
  let headHash = BigInt(options.head?.seq ?? -1) === BigInt(afterSeq) ? prevHash : undefined;
  for (;;) {
    const batch = await entries.batchAfter(afterSeq, batchSize);
    for (const entry of batch) {
      const reason = fault(entry, expected, prevHash) ?? macFault(entry, count > unsigned, options.chainKey);
      if (count === 0 && entry.mac !== null && start.pruning?.mac === null)
        return { intact: false, entries: 0, brokenAt: start.afterSeq, reason: UNSIGNED_PRUNING };
      if (reason)
        return {
          intact: false,
          entries: count,
          brokenAt: reason.startsWith('entry ') ? String(expected) : entry.seq,
          reason,
        };
      if (entry.mac === null) unsigned += 1;
      if (entry.seq === options.head?.seq) headHash = entry.hash;
      prevHash = entry.hash;
      expected += 1n;
      count += 1;
    }
    if (batch.length < batchSize) break;
    afterSeq = (batch.at(-1) as StoredEntry).seq;
  }
  const { head } = options;
  if (head && BigInt(head.seq) >= BigInt(start.afterSeq)) {
    if (headHash === undefined)
      return {
        intact: false,
        entries: count,
        brokenAt: head.seq,
        reason: 'the trail ends before the head held outside',
      };
    if (headHash !== head.hash)
      return { intact: false, entries: count, brokenAt: head.seq, reason: 'it differs from the copy held outside' };
  }
  return { intact: true, entries: count, ...(unsigned > 0 ? { unsigned } : {}) };
}
