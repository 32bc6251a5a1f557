import type { Migration } from '@portal/kit/db';

/** A time window's entries newest first, and the page after a cursor, straight from one index. */
export const occurredSeqIndex: Migration = {
  id: '002-occurred-seq-index',
  statements: [
    `create index audit_entries_occurred_seq on audit_entries (occurred_at, seq)`,
    `drop index audit_entries_occurred`,
  ],
};
