import type { Db } from '../../db/database.ts';

export function createPasswordResetsRepo(db: Db) {
  return {
    /** A new link for a user; its earlier unused links stop working. */
    async create(uid: string, tokenHash: string, nowMs: number, ttlMs: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: nowMs })
        .where('uid', '=', uid)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('password_resets')
        .values({ token_hash: tokenHash, uid, created_at: nowMs, expires_at: nowMs + ttlMs, used_at: null })
        .execute();
    },

    /** The user of a live link without spending it (checked before any hashing), or null. */
    async find(tokenHash: string, nowMs: number): Promise<string | null> {
      const row = await db
        .selectFrom('password_resets')
        .select('uid')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return row?.uid ?? null;
    },

    /**
     * Marks a link used and returns its user, in one statement, so two requests racing with
     * the same link cannot both succeed. Null when unknown, used or expired.
     */
    async consume(tokenHash: string, nowMs: number): Promise<string | null> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: nowMs })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowMs)
        .returning('uid')
        .executeTakeFirst();
      return row?.uid ?? null;
    },
  };
}
export type PasswordResetsRepo = ReturnType<typeof createPasswordResetsRepo>;
