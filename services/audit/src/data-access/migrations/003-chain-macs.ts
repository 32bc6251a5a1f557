import type { Migration } from '@portal/kit/db';

/**
 * Each entry and each pruning carries a MAC under AUDIT_CHAIN_KEY, a key the database does not hold; entries
 * recorded before it have none. A pruning also keeps when its last entry was recorded, to be held to the retention.
 */
export const chainMacs: Migration = {
  id: '003-chain-macs',
  statements: [
    `alter table audit_entries add column mac text`,
    `alter table audit_pruned add column last_recorded_at timestamptz`,
    `alter table audit_pruned add column mac text`,
  ],
};
