import { sql } from 'kysely';
import { hierarchySegments, type MessageAccount } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import { userInSubtree } from '../scope.ts';

/** An outside address's state for one account: confirmed, or awaiting its link. */
export type ConfirmationState = 'confirmed' | 'awaiting';

/** What asking for a confirmation link did: a new link to mail, nothing (sent recently), or already confirmed. */
export type LinkRequest = 'send' | 'recent' | 'confirmed';

/**
 * The abuse guards of outgoing messages (ADR 0083): outside e-mail recipients' confirmations
 * and the per-account daily quota. Every check is one statement on shared rows, so any number
 * of nodes count and confirm together.
 */
export function createMessageGuardRepo(db: Db) {
  return {
    /**
     * Of these lower-cased addresses, those that are the e-mail of a user in the account's
     * organisation: its subtree, or above it (its distributor, the platform's staff).
     */
    async insideAddresses(account: MessageAccount, addresses: readonly string[]): Promise<Set<string>> {
      if (addresses.length === 0) return new Set();
      const rows = await db
        .selectFrom('users as u')
        .select(sql<string>`lower(u.user_email)`.as('address'))
        .where(sql<boolean>`lower(u.user_email) = any(${[...addresses]}::text[])`)
        .where((eb) =>
          eb.or([
            userInSubtree(eb, 'u.user_hierarchy', {
              uid: account.uid,
              role: 'fleetOwner',
              hierarchy: account.hierarchy,
            }),
            sql<boolean>`u.uid = any(${hierarchySegments(account.hierarchy)}::text[])`,
          ]),
        )
        .execute();
      return new Set(rows.map((r) => r.address));
    },

    /** The confirmation state of these outside addresses for the account (awaiting when never asked). */
    async states(accountUid: string, addresses: readonly string[]): Promise<Map<string, ConfirmationState>> {
      const found = new Map<string, ConfirmationState>(addresses.map((a) => [a, 'awaiting']));
      if (addresses.length === 0) return found;
      const rows = await db
        .selectFrom('recipient_confirmations')
        .select('address')
        .where('account_uid', '=', accountUid)
        .where(sql<boolean>`address = any(${[...addresses]}::text[])`)
        .where('confirmed_at', 'is not', null)
        .execute();
      for (const r of rows) found.set(r.address, 'confirmed');
      return found;
    },

    /**
     * Records a new link for an unconfirmed address, unless one was sent less than `resendMs`
     * ago; the earlier link stops working. 'send' means the caller mails the link now.
     */
    async requestLink(
      accountUid: string,
      address: string,
      link: { tokenHash: string; nowMs: number; ttlMs: number; resendMs: number },
    ): Promise<LinkRequest> {
      await db
        .insertInto('recipient_confirmations')
        .values({
          account_uid: accountUid,
          address,
          token_hash: null,
          expires_at: null,
          sent_at: null,
          confirmed_at: null,
          created_at: link.nowMs,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const renewed = await db
        .updateTable('recipient_confirmations')
        .set({ token_hash: link.tokenHash, expires_at: link.nowMs + link.ttlMs, sent_at: link.nowMs })
        .where('account_uid', '=', accountUid)
        .where('address', '=', address)
        .where('confirmed_at', 'is', null)
        .where((eb) => eb.or([eb('sent_at', 'is', null), eb('sent_at', '<=', link.nowMs - link.resendMs)]))
        .returning('address')
        .executeTakeFirst();
      if (renewed) return 'send';
      const states = await this.states(accountUid, [address]);
      return states.get(address) === 'confirmed' ? 'confirmed' : 'recent';
    },

    /** Spends a live link, in one statement; the address it confirmed, or null (unknown, used or expired). */
    async confirm(tokenHash: string, nowMs: number): Promise<{ accountUid: string; address: string } | null> {
      const row = await db
        .updateTable('recipient_confirmations')
        .set({ confirmed_at: nowMs, token_hash: null })
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', nowMs)
        .where('confirmed_at', 'is', null)
        .returning(['account_uid', 'address'])
        .executeTakeFirst();
      return row ? { accountUid: row.account_uid, address: row.address } : null;
    },

    /**
     * Takes one message of the account's quota for the day and channel: true when it was
     * under `limit` (and is now one more), false when the quota is spent.
     */
    async takeQuota(accountUid: string, day: string, channel: number, limit: number): Promise<boolean> {
      if (limit <= 0) {
        // A quota of none: the day's row still exists, so the owner is told once.
        await db
          .insertInto('message_quota_days')
          .values({ account_uid: accountUid, day, channel, used: 0, warned_at: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return false;
      }
      const row = await db
        .insertInto('message_quota_days')
        .values({ account_uid: accountUid, day, channel, used: 1, warned_at: null })
        .onConflict((oc) =>
          oc
            .columns(['account_uid', 'day', 'channel'])
            .doUpdateSet({ used: sql<number>`message_quota_days.used + 1` })
            .where('message_quota_days.used', '<', limit),
        )
        .returning('used')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the day's quota of a channel as told to the owner: true the first time only. */
    async markQuotaWarned(accountUid: string, day: string, channel: number, nowMs: number): Promise<boolean> {
      const row = await db
        .updateTable('message_quota_days')
        .set({ warned_at: nowMs })
        .where('account_uid', '=', accountUid)
        .where('day', '=', day)
        .where('channel', '=', channel)
        .where('warned_at', 'is', null)
        .returning('account_uid')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The account's owner as a quota warning addresses it. */
    async ownerOf(accountUid: string): Promise<{ userName: string; userEmail: string } | null> {
      const row = await db
        .selectFrom('users')
        .select(['user_name', 'user_email'])
        .where('uid', '=', accountUid)
        .executeTakeFirst();
      return row ? { userName: row.user_name, userEmail: row.user_email } : null;
    },
  };
}
export type MessageGuardRepo = ReturnType<typeof createMessageGuardRepo>;
