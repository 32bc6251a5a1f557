import type { Migration } from '@portal/kit/db';
import { eventTablesMigration } from '@portal/kit/events';
import type { ColumnType } from 'kysely';
import { auditEntries } from './migrations/001-audit-entries.ts';
import { occurredSeqIndex } from './migrations/002-occurred-seq-index.ts';
import { chainMacs } from './migrations/003-chain-macs.ts';
import { objectLabelIndex } from './migrations/004-object-label-index.ts';

export interface AuditEntriesTable {
  seq: ColumnType<string, string | bigint, never>;
  recorded_at: ColumnType<Date, Date, never>;
  occurred_at: ColumnType<Date, Date, never>;
  actor_id: string | null;
  action: string;
  object_id: string | null;
  outcome: string;
  record: ColumnType<unknown, string, never>;
  prev_hash: string;
  hash: string;
  /** Null on entries recorded before the chain key. */
  mac: ColumnType<string | null, string, never>;
}

export interface AuditDatabase {
  audit_entries: AuditEntriesTable;
  audit_pruned: {
    through_seq: ColumnType<string, string, never>;
    last_hash: string;
    pruned_at: ColumnType<Date, Date, never>;
    last_recorded_at: ColumnType<Date | null, Date, never>;
    mac: ColumnType<string | null, string, never>;
  };
  audit_sink_position: { sink: string; seq: ColumnType<string, string, string> };
}

/** In the order they are applied; each in its own file under migrations/, its id never changed once released. */
export const migrations: Migration[] = [
  eventTablesMigration,
  auditEntries,
  occurredSeqIndex,
  chainMacs,
  objectLabelIndex,
];
