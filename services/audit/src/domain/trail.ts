import { AUDIT_PAGE_MAX, type AuditPage, type AuditQuery, type AuditRecord } from '@portal/contracts/audit';
import type { EntriesRepository } from '../data-access/entries-repository.ts';
import { publicEntry } from '../data-access/entries-repository.ts';

export interface TrailDeps {
  entries: EntriesRepository;
  /** The person's name now (so: at the time of the entry), undefined for an account that no longer exists. */
  nameOf: (userId: string) => Promise<string | undefined>;
  now?: () => Date;
}

const EXPORT_BATCH = 1_000;
const DEFAULT_PAGE = 50;

export function auditTrail(deps: TrailDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Keeps a record at the end of the chain, with the actor's name when the recording service did not know it. */
    async append(entries: EntriesRepository, record: AuditRecord) {
      const named =
        record.actor.id && record.actor.name === undefined
          ? { ...record, actor: { ...record.actor, name: (await deps.nameOf(record.actor.id)) ?? '' } }
          : record;
      return entries.append(named, now());
    },

    async page(query: AuditQuery): Promise<AuditPage> {
      const limit = query.limit ?? DEFAULT_PAGE;
      const found = await deps.entries.list({ ...query, limit: limit + 1 });
      const shown = found.slice(0, limit);
      const last = shown.at(-1);
      return {
        entries: shown.map(publicEntry),
        ...(found.length > limit && last ? { next: last.seq } : {}),
      };
    },

    /** Every entry the query matches, newest first, read a batch at a time as the reader takes them. */
    async *all(query: AuditQuery) {
      let before = query.before;
      for (;;) {
        const batch = await deps.entries.list({ ...query, ...(before ? { before } : {}), limit: EXPORT_BATCH });
        for (const entry of batch) yield publicEntry(entry);
        if (batch.length < EXPORT_BATCH) return;
        before = batch.at(-1)?.seq;
      }
    },
  };
}
export type AuditTrail = ReturnType<typeof auditTrail>;
export { AUDIT_PAGE_MAX };
