import {
  type AuditEntry,
  type AuditQuery,
  type AuditRecord,
  auditRecordSchema,
  storedAuditActions,
} from '@portal/contracts/audit';
import { type Kysely, sql } from 'kysely';
import { entryHash, entryMac, GENESIS_HASH, type PruningFields, pruningMac } from './chain.ts';
import type { AuditDatabase } from './schema.ts';

interface EntryRow {
  seq: string;
  recorded_at: Date;
  actor_id: string | null;
  action: string;
  object_id: string | null;
  outcome: string;
  occurred_at: Date;
  record: unknown;
  prev_hash: string;
  hash: string;
  mac: string | null;
}

export interface StoredEntry extends AuditEntry {
  prevHash: string;
  /** Null on an entry recorded before the chain key. */
  mac: string | null;
  /** The indexed columns as stored, to be checked against the record they were taken from. */
  columns: { actorId: string | null; action: string; objectId: string | null; outcome: string; occurredAt: Date };
}

function toEntry(row: EntryRow): StoredEntry {
  const record = auditRecordSchema.parse(typeof row.record === 'string' ? JSON.parse(row.record) : row.record);
  return {
    ...record,
    seq: String(row.seq),
    recordedAt: row.recorded_at.toISOString(),
    hash: row.hash,
    prevHash: row.prev_hash,
    mac: row.mac,
    columns: {
      actorId: row.actor_id,
      action: row.action,
      objectId: row.object_id,
      outcome: row.outcome,
      occurredAt: row.occurred_at,
    },
  };
}

/** One writer at a time extends the chain, whichever instance it runs in. */
const CHAIN_LOCK = sql`select pg_advisory_xact_lock(hashtext('audit-chain'))`;

/** The last pruning: through which entry the trail was cut, and that entry's hash, which the next one follows. */
function latestPruning(db: Kysely<AuditDatabase>) {
  return db
    .selectFrom('audit_pruned')
    .select(['through_seq', 'last_hash', 'last_recorded_at', 'pruned_at', 'mac'])
    .orderBy('through_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Where the kept trail starts, and the record of the pruning that cut it there, if one did. */
export interface TrailStart {
  afterSeq: string;
  prevHash: string;
  pruning?: PruningFields & { mac: string | null };
}

/** The entries, signed under `chainKey` (AUDIT_CHAIN_KEY) as they are appended and pruned. */
export function entriesRepository(db: Kysely<AuditDatabase>, chainKey: string) {
  return {
    /** Appends a record after the last entry; answers the stored entry. Runs in the caller's transaction if given. */
    async append(record: AuditRecord, now: Date): Promise<StoredEntry> {
      const write = async (trx: Kysely<AuditDatabase>) => {
        await CHAIN_LOCK.execute(trx);
        const last = await trx
          .selectFrom('audit_entries')
          .select(['seq', 'hash'])
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        const lastPruned = last ? undefined : await latestPruning(trx);
        const seq = String(BigInt(last?.seq ?? lastPruned?.through_seq ?? 0) + 1n);
        const prevHash = last?.hash ?? lastPruned?.last_hash ?? GENESIS_HASH;
        // Kept to the millisecond, as the hash reads it back.
        const recordedAt = new Date(now.getTime());
        const hash = entryHash({ seq, recordedAt, record, prevHash });
        const row = await trx
          .insertInto('audit_entries')
          .values({
            seq,
            recorded_at: recordedAt,
            occurred_at: new Date(record.occurredAt),
            actor_id: record.actor.id,
            action: record.action,
            object_id: record.object.id ?? null,
            outcome: record.outcome,
            record: JSON.stringify(record),
            prev_hash: prevHash,
            hash,
            mac: entryMac(chainKey, hash),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toEntry(row as EntryRow);
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },

    /** Newest first, `limit` of them, after the entry `before`; filters on the indexed columns. */
    async list(query: AuditQuery & { limit: number }): Promise<StoredEntry[]> {
      let select = db.selectFrom('audit_entries').selectAll();
      if (query.actor) select = select.where('actor_id', '=', query.actor);
      if (query.objectId) select = select.where('object_id', '=', query.objectId);
      if (query.object) {
        // The label's beginning, as typed: LIKE's wildcards and escape in it are matched as themselves.
        const beginning = `${query.object.toLowerCase().replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
        select = select.where(
          sql<boolean>`(object_id = ${query.object} or lower(record->'object'->>'label') like ${beginning})`,
        );
      }
      // A prefix holds only letters, dots and hyphens (the schema says so): nothing in it is a LIKE wildcard.
      if (query.action?.endsWith('.')) select = select.where('action', 'like', `${query.action}%`);
      else if (query.action) select = select.where('action', 'in', storedAuditActions(query.action));
      if (query.from) select = select.where('occurred_at', '>=', new Date(query.from));
      if (query.to) select = select.where('occurred_at', '<', new Date(query.to));
      // A time window is walked by when its entries happened (an index holds both), else one long ago would be
      // found only after walking back through everything newer.
      const byTime = Boolean(query.from || query.to);
      if (query.before)
        select = byTime
          ? select.where(
              sql<boolean>`(occurred_at, seq) < (select occurred_at, seq from audit_entries where seq = ${query.before})`,
            )
          : select.where('seq', '<', query.before);
      select = byTime ? select.orderBy('occurred_at', 'desc').orderBy('seq', 'desc') : select.orderBy('seq', 'desc');
      const rows = await select.limit(query.limit).execute();
      return rows.map((row) => toEntry(row as EntryRow));
    },

    /** Oldest first from `after`, a batch at a time: for verifying the chain and for the sink. */
    async batchAfter(after: string, size: number): Promise<StoredEntry[]> {
      const rows = await db
        .selectFrom('audit_entries')
        .selectAll()
        .where('seq', '>', after)
        .orderBy('seq', 'asc')
        .limit(size)
        .execute();
      return rows.map((row) => toEntry(row as EntryRow));
    },

    /** Where the kept trail starts: the hash the oldest kept entry must follow, as recorded when older ones went. */
    async start(): Promise<TrailStart> {
      const pruned = await latestPruning(db);
      if (!pruned) return { afterSeq: '0', prevHash: GENESIS_HASH };
      const afterSeq = String(pruned.through_seq);
      return {
        afterSeq,
        prevHash: pruned.last_hash,
        pruning: {
          throughSeq: afterSeq,
          lastHash: pruned.last_hash,
          // A pruning recorded before the chain key kept no time: it reads as the epoch, and its MAC as missing.
          lastRecordedAt: pruned.last_recorded_at ?? new Date(0),
          prunedAt: pruned.pruned_at,
          mac: pruned.mac,
        },
      };
    },

    /**
     * Deletes the entries recorded before `cutoff`, oldest first and without gaps, and records where the kept
     * trail starts, signed. Answers how many went.
     */
    async prune(cutoff: Date, now = new Date()): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await CHAIN_LOCK.execute(trx);
        const newest = await trx
          .selectFrom('audit_entries')
          .select(['seq', 'hash', 'recorded_at'])
          .where('recorded_at', '<', cutoff)
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (!newest) return 0;
        await sql`set local audit.pruning = 'on'`.execute(trx);
        const deleted = await trx.deleteFrom('audit_entries').where('seq', '<=', newest.seq).executeTakeFirst();
        const pruning = {
          throughSeq: String(newest.seq),
          lastHash: newest.hash,
          lastRecordedAt: newest.recorded_at,
          prunedAt: new Date(now.getTime()),
        };
        await trx
          .insertInto('audit_pruned')
          .values({
            through_seq: pruning.throughSeq,
            last_hash: pruning.lastHash,
            last_recorded_at: pruning.lastRecordedAt,
            pruned_at: pruning.prunedAt,
            mac: pruningMac(chainKey, pruning),
          })
          .execute();
        return Number(deleted.numDeletedRows);
      });
    },

    async sinkPosition(sink: string): Promise<string> {
      const row = await db.selectFrom('audit_sink_position').select('seq').where('sink', '=', sink).executeTakeFirst();
      return row ? String(row.seq) : '0';
    },

    async setSinkPosition(sink: string, seq: string) {
      await db
        .insertInto('audit_sink_position')
        .values({ sink, seq })
        .onConflict((conflict) => conflict.column('sink').doUpdateSet({ seq }))
        .execute();
    },
  };
}
export type EntriesRepository = ReturnType<typeof entriesRepository>;

/** What an entry is as answered: the record, its place, when it was kept and its hash. */
export function publicEntry({ prevHash: _prevHash, columns: _columns, mac: _mac, ...entry }: StoredEntry): AuditEntry {
  return entry;
}

export type { AuditRecord };
