import { randomUUID } from 'node:crypto';
import { type AuditDraft, recordAudit } from '@portal/kit/audit';
import { type Kysely, sql } from 'kysely';
import { type AuthDatabase, SERVICE } from './schema.ts';

export interface ScimTokenRecord {
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = ['id', 'label', 'created_at as createdAt', 'last_used_at as lastUsedAt'] as const;

export function scimTokensRepository(db: Kysely<AuthDatabase>) {
  return {
    /** Inserts a token and, in the same transaction, the trail's `audit` of it. */
    async insert(
      label: string,
      tokenHash: string,
      createdBy: string,
      audit: (created: ScimTokenRecord) => AuditDraft,
    ): Promise<ScimTokenRecord> {
      return db.transaction().execute(async (trx) => {
        const record = await trx
          .insertInto('scim_tokens')
          .values({ id: randomUUID(), label, token_hash: tokenHash, created_by: createdBy })
          .returning(columns)
          .executeTakeFirstOrThrow();
        await recordAudit(trx, SERVICE, audit(record));
        return record;
      });
    },

    list(): Promise<ScimTokenRecord[]> {
      return db.selectFrom('scim_tokens').select(columns).orderBy('created_at', 'desc').limit(1000).execute();
    },

    /** Deletes a token and, when there was one, records `audit` of it in the same transaction. */
    async delete(id: string, audit: (revoked: { id: string; label: string }) => AuditDraft): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const revoked = await trx
          .deleteFrom('scim_tokens')
          .where('id', '=', id)
          .returning(['id', 'label'])
          .executeTakeFirst();
        if (revoked) await recordAudit(trx, SERVICE, audit(revoked));
        return revoked !== undefined;
      });
    },

    /** Whether a token with this hash exists; its last use is written at most once a minute. */
    async use(tokenHash: string, now: Date): Promise<boolean> {
      const token = await db
        .selectFrom('scim_tokens')
        .select(['id', 'last_used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!token) return false;
      if (!token.last_used_at || now.getTime() - token.last_used_at.getTime() > 60_000) {
        await db
          .updateTable('scim_tokens')
          .set({ last_used_at: sql<Date>`${now}` })
          .where('id', '=', token.id)
          .execute();
      }
      return true;
    },
  };
}
export type ScimTokensRepository = ReturnType<typeof scimTokensRepository>;
