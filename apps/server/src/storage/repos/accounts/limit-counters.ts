import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The row a limit key counts in: its SHA-256. Keys carry what a client sent (an e-mail), checked
 * only after the limit runs; hashed, any text (NUL bytes, lone surrogates, 300 characters) is a
 * valid, fixed-size key, and no e-mail is stored in the table.
 */
export function limitRowKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

/** A key's count in its current fixed window, and when that window ends (epoch ms). */
export interface LimitCount {
  hits: number;
  resetsAt: number;
}

/**
 * Request counters every API node shares (migration 023, ADR 0057): a fixed window per key, as
 * @fastify/rate-limit's own in-memory store counts. One statement per hit, so concurrent hits
 * from several nodes are all counted.
 */
export function createLimitCounters(db: Db) {
  return {
    /** Counts one hit; a key whose window has ended starts a new one of `windowMs`. */
    async hit(key: string, windowMs: number, nowMs: number): Promise<LimitCount> {
      const resetsAt = nowMs + windowMs;
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, resets_at: resetsAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when rate_limit_hits.resets_at <= ${nowMs} then 1 else rate_limit_hits.hits + 1 end`,
            resets_at: sql<number>`case when rate_limit_hits.resets_at <= ${nowMs} then ${resetsAt}::bigint else rate_limit_hits.resets_at end`,
          }),
        )
        .returning(['hits', 'resets_at'])
        .executeTakeFirstOrThrow();
      return { hits: row.hits, resetsAt: row.resets_at };
    },

    /** The key's count without counting; none when its window has ended. */
    async read(key: string, nowMs: number): Promise<LimitCount | null> {
      const row = await db
        .selectFrom('rate_limit_hits')
        .select(['hits', 'resets_at'])
        .where('key', '=', key)
        .where('resets_at', '>', nowMs)
        .executeTakeFirst();
      return row ? { hits: row.hits, resetsAt: row.resets_at } : null;
    },

    /** Forgets the key's count (a guess limit after the right answer). */
    async clear(key: string): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
    },

    /** Removes the counts of ended windows; returns how many. */
    async deleteExpired(nowMs: number): Promise<number> {
      const r = await db.deleteFrom('rate_limit_hits').where('resets_at', '<=', nowMs).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type LimitCounters = ReturnType<typeof createLimitCounters>;
