import type { Kysely } from 'kysely';
import type { AuthDatabase } from './schema.ts';

export function resetTokensRepository(db: Kysely<AuthDatabase>) {
  return {
    async insert(userId: string, tokenHash: string, expiresAt: Date) {
      await db
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    },

    /**
     * Takes a valid token for good: the token and every other token of its user are deleted in the same
     * statement, so a token is used at most once even when two resets race.
     */
    async consume(tokenHash: string, userId: string, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .deleteFrom('password_reset_tokens')
          .where('token_hash', '=', tokenHash)
          .where('user_id', '=', userId)
          .returning(['expires_at'])
          .executeTakeFirst();
        if (!token) return false;
        await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
        return token.expires_at > now;
      });
    },

    /** Whose valid token this is, if it is one: only looks, the token stays for the reset itself. */
    async ownerOf(tokenHash: string, now: Date): Promise<string | undefined> {
      const token = await db
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return token?.user_id;
    },

    async deleteOfUser(userId: string) {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof resetTokensRepository>;
