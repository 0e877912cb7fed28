import type { Db } from '../../db/database.ts';

export function createSessionsRepo(db: Db) {
  return {
    async create(tokenHash: string, uid: string, nowMs: number, ttlMs: number, ip: string | null): Promise<void> {
      await db
        .insertInto('sessions')
        .values({ token_hash: tokenHash, uid, created_at: nowMs, expires_at: nowMs + ttlMs, ip })
        .execute();
    },

    /** The uid and end of a live session, or null when unknown or expired. */
    async find(tokenHash: string, nowMs: number): Promise<{ uid: string; expiresAtMs: number } | null> {
      const row = await db
        .selectFrom('sessions')
        .select(['uid', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      return row ? { uid: row.uid, expiresAtMs: Number(row.expires_at) } : null;
    },

    async delete(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of a user but `keepTokenHash`; returns the ended token hashes. */
    async deleteForUser(uid: string, keepTokenHash: string | null): Promise<string[]> {
      let q = db.deleteFrom('sessions').where('uid', '=', uid);
      if (keepTokenHash) q = q.where('token_hash', '<>', keepTokenHash);
      return (await q.returning('token_hash').execute()).map((r) => r.token_hash);
    },

    async deleteExpired(nowMs: number): Promise<number> {
      const r = await db.deleteFrom('sessions').where('expires_at', '<=', nowMs).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
