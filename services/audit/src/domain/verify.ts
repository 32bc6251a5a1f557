import type { EntriesRepository, StoredEntry } from '../data-access/entries-repository.ts';
import { entryHash } from '../data-access/chain.ts';

export type Verification =
  { intact: true; entries: number } | { intact: false; entries: number; brokenAt: string; reason: string };

/** Why an entry does not belong where it is, or undefined when it does. */
function fault(entry: StoredEntry, expectedSeq: bigint, prevHash: string): string | undefined {
  if (BigInt(entry.seq) !== expectedSeq) return `entry ${expectedSeq} is missing`;
  if (entry.prevHash !== prevHash) return 'it does not follow the entry before it';
  const { seq, recordedAt, hash, prevHash: _prev, columns, ...record } = entry;
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

/** Walks the kept trail from its oldest entry and proves each follows the one before, or names the first that does not. */
export async function verifyTrail(entries: EntriesRepository, batchSize = 1_000): Promise<Verification> {
  let { afterSeq, prevHash } = await entries.start();
  let expected = BigInt(afterSeq) + 1n;
  let count = 0;
  for (;;) {
    const batch = await entries.batchAfter(afterSeq, batchSize);
    for (const entry of batch) {
      const reason = fault(entry, expected, prevHash);
      if (reason)
        return {
          intact: false,
          entries: count,
          brokenAt: reason.startsWith('entry ') ? String(expected) : entry.seq,
          reason,
        };
      prevHash = entry.hash;
      expected += 1n;
      count += 1;
    }
    if (batch.length < batchSize) return { intact: true, entries: count };
    afterSeq = (batch.at(-1) as StoredEntry).seq;
  }
}
