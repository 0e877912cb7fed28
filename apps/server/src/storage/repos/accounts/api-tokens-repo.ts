import type { ApiToken, ApiTokenScope } from '@jejak/contract';
import type { Db } from '../../db/database.ts';

/** A live token as a request finds it: whose it is, what it may do, and its last use. */
export interface FoundApiToken {
  tokenId: string;
  uid: string;
  name: string;
  scope: ApiTokenScope;
  expiresAtMs: number;
  lastUsedAtMs: number | null;
}

export interface NewApiToken {
  tokenId: string;
  uid: string;
  name: string;
  prefix: string;
  tokenHash: string;
  scope: ApiTokenScope;
  createdAt: number;
  expiresAt: number;
}

const nullableMs = (v: number | string | null) => (v === null ? null : Number(v));

export function createApiTokensRepo(db: Db) {
  return {
    async create(t: NewApiToken): Promise<void> {
      await db
        .insertInto('api_tokens')
        .values({
          token_id: t.tokenId,
          uid: t.uid,
          name: t.name,
          prefix: t.prefix,
          token_hash: t.tokenHash,
          scope: t.scope,
          created_at: t.createdAt,
          expires_at: t.expiresAt,
          last_used_at: null,
        })
        .execute();
    },

    /** The live token of this hash, or null (unknown, revoked or expired): one indexed read per call. */
    async find(tokenHash: string, nowMs: number): Promise<FoundApiToken | null> {
      const row = await db
        .selectFrom('api_tokens')
        .select(['token_id', 'uid', 'name', 'scope', 'expires_at', 'last_used_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', nowMs)
        .executeTakeFirst();
      if (!row) return null;
      return {
        tokenId: row.token_id,
        uid: row.uid,
        name: row.name,
        scope: row.scope,
        expiresAtMs: Number(row.expires_at),
        lastUsedAtMs: nullableMs(row.last_used_at),
      };
    },

    /** A user's tokens, newest first, expired ones too (until revoked). */
    async listFor(uid: string): Promise<ApiToken[]> {
      const rows = await db
        .selectFrom('api_tokens')
        .select(['token_id', 'name', 'prefix', 'scope', 'created_at', 'expires_at', 'last_used_at'])
        .where('uid', '=', uid)
        .orderBy('created_at', 'desc')
        .orderBy('token_id')
        .execute();
      return rows.map((r) => ({
        tokenId: r.token_id,
        name: r.name,
        prefix: r.prefix,
        scope: r.scope,
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
        lastUsedAt: nullableMs(r.last_used_at),
      }));
    },

    async countFor(uid: string): Promise<number> {
      const row = await db
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('uid', '=', uid)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Deletes one of the user's tokens; its name and prefix when there was one. */
    async revoke(uid: string, tokenId: string): Promise<{ name: string; prefix: string } | null> {
      const row = await db
        .deleteFrom('api_tokens')
        .where('uid', '=', uid)
        .where('token_id', '=', tokenId)
        .returning(['name', 'prefix'])
        .executeTakeFirst();
      return row ?? null;
    },

    /** Deletes every token of a user (a password change or reset); how many there were. */
    async revokeAllFor(uid: string): Promise<number> {
      const r = await db.deleteFrom('api_tokens').where('uid', '=', uid).executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Marks the token used at `nowMs` unless a use within `everyMs` was marked already (another node's). */
    async touch(tokenId: string, nowMs: number, everyMs: number): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: nowMs })
        .where('token_id', '=', tokenId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', nowMs - everyMs)]))
        .execute();
    },
  };
}
export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
