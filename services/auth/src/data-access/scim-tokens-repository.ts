import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AuthDatabase } from './schema.ts';

export interface ScimTokenRecord {
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const columns = ['id', 'label', 'created_at as createdAt', 'last_used_at as lastUsedAt'] as const;

export function scimTokensRepository(db: Kysely<AuthDatabase>) {
  return {
    async insert(label: string, tokenHash: string, createdBy: string): Promise<ScimTokenRecord> {
      return db
        .insertInto('scim_tokens')
        .values({ id: randomUUID(), label, token_hash: tokenHash, created_by: createdBy })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },

    list(): Promise<ScimTokenRecord[]> {
      return db.selectFrom('scim_tokens').select(columns).orderBy('created_at', 'desc').limit(1000).execute();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('scim_tokens').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
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
