import type { Migration } from '@portal/kit/db';

/**
 * The trail: each entry carries the hash of the one before it. Rows are append-only: a trigger refuses UPDATE,
 * TRUNCATE and DELETE, except the retention's pruning, which says so in its transaction.
 */
export const auditEntries: Migration = {
  id: '001-audit-entries',
  statements: [
    `create table audit_entries (
      seq bigint primary key,
      recorded_at timestamptz not null,
      occurred_at timestamptz not null,
      actor_id uuid,
      action text not null,
      object_id text,
      outcome text not null,
      record jsonb not null,
      prev_hash text not null,
      hash text not null
    )`,
    `create index audit_entries_actor on audit_entries (actor_id, seq desc)`,
    `create index audit_entries_object on audit_entries (object_id, seq desc)`,
    `create index audit_entries_action on audit_entries (action, seq desc)`,
    `create index audit_entries_occurred on audit_entries (occurred_at)`,
    `create table audit_pruned (
      through_seq bigint primary key,
      last_hash text not null,
      pruned_at timestamptz not null default now()
    )`,
    `create table audit_sink_position (sink text primary key, seq bigint not null)`,
    `create function audit_entries_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and current_setting('audit.pruning', true) = 'on' then
          return old;
        end if;
        raise exception 'audit entries are append-only';
      end
    $$`,
    `create trigger audit_entries_no_change before update or delete on audit_entries
      for each row execute function audit_entries_append_only()`,
    `create trigger audit_entries_no_truncate before truncate on audit_entries
      for each statement execute function audit_entries_append_only()`,
  ],
};
