import type { Kysely } from 'kysely';
import type { AuthDatabase, ResetTokenPurpose } from './schema.ts';

/** What sets a password: a reset link, or an invitation's first one. */
export const PASSWORD_PURPOSES: readonly ResetTokenPurpose[] = ['reset', 'invite'];

export function resetTokensRepository(db: Kysely<AuthDatabase>) {
  return {
    async insert(userId: string, tokenHash: string, expiresAt: Date, purpose: ResetTokenPurpose = 'reset') {
      await db
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, purpose })
        .execute();
    },

    /**
     * Takes a valid token for good: the token and every other token of its user are deleted in the same
     * statement, so a token is used at most once even when two resets race.
     */
    async consume(
      tokenHash: string,
      userId: string,
      now: Date,
      purposes: readonly ResetTokenPurpose[] = PASSWORD_PURPOSES,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .deleteFrom('password_reset_tokens')
          .where('token_hash', '=', tokenHash)
          .where('user_id', '=', userId)
          .where('purpose', 'in', [...purposes])
          .returning(['expires_at'])
          .executeTakeFirst();
        if (!token) return false;
        await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
        return token.expires_at > now;
      });
    },

    /** The user of a valid token, or nothing. Only looks: the token stays for the reset itself. */
    async ownerOf(
      tokenHash: string,
      now: Date,
      purposes: readonly ResetTokenPurpose[] = PASSWORD_PURPOSES,
    ): Promise<string | undefined> {
      return (await this.find(tokenHash, now, purposes))?.userId;
    },

    /** A valid token's user and purpose, or nothing; the token stays. */
    async find(tokenHash: string, now: Date, purposes: readonly ResetTokenPurpose[] = PASSWORD_PURPOSES) {
      const token = await db
        .selectFrom('password_reset_tokens')
        .select(['user_id as userId', 'purpose'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .where('purpose', 'in', [...purposes])
        .executeTakeFirst();
      return token;
    },

    async deleteOfUser(userId: string) {
      await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof resetTokensRepository>;
