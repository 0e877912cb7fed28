import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The limits of the per-e-mail sign-in backoff (services/accounts/login-backoff.ts has their values). */
export interface BackoffBounds {
  forgetAfterMs: number;
  knownForMs: number;
  perAddressCap: number;
  addressesPerEmail: number;
  knownPerEmail: number;
}

/**
 * The per-e-mail sign-in backoff's counts in PostgreSQL (migration 023, ADR 0057), shared by
 * every API node. A failure is counted in one transaction that holds the e-mail's row, so
 * failures arriving at several nodes at once are each counted once.
 */
export function createLoginBackoffRepo(db: Db, bounds: BackoffBounds) {
  return {
    /** Until when `ip` is held off `email`: 0 when the address is known or no failures are live. */
    async holdUntil(email: string, ip: string, nowMs: number): Promise<number> {
      const row = await sql<{ until: number }>`
        select case
          when exists (select 1 from login_known_addresses
                       where email = ${email} and ip = ${ip} and at > ${nowMs - bounds.knownForMs}) then 0
          else coalesce((select hold_until from login_failures
                         where email = ${email} and last_at >= ${nowMs - bounds.forgetAfterMs}), 0)
        end as until`.execute(db);
      return Number(row.rows[0]?.until ?? 0);
    },

    /**
     * Counts a failure of `ip` on `email` (at most `perAddressCap` from one address); `holdUntil`
     * says until when the new count holds unknown addresses off (null: as before).
     */
    async failed(
      email: string,
      ip: string,
      nowMs: number,
      holdUntil: (counted: number) => number | null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // Failures not followed by another within forgetAfterMs are forgotten.
        await sql`
          with gone as (
            delete from login_failures where email = ${email} and last_at < ${nowMs - bounds.forgetAfterMs}
            returning email)
          delete from login_failure_addresses where email in (select email from gone)`.execute(trx);
        const failures = await trx
          .insertInto('login_failures')
          .values({ email, counted: 0, last_at: nowMs, hold_until: 0 })
          .onConflict((oc) => oc.column('email').doUpdateSet({ last_at: nowMs }))
          .returning(['counted', 'hold_until'])
          .executeTakeFirstOrThrow();
        const fromHere = await trx
          .selectFrom('login_failure_addresses')
          .select('failures')
          .where('email', '=', email)
          .where('ip', '=', ip)
          .executeTakeFirst();
        if ((fromHere?.failures ?? 0) >= bounds.perAddressCap) return;
        if (fromHere) {
          await trx
            .updateTable('login_failure_addresses')
            .set({ failures: fromHere.failures + 1 })
            .where('email', '=', email)
            .where('ip', '=', ip)
            .execute();
        } else {
          // Past addressesPerEmail addresses, a new one still counts once but is not remembered.
          await sql`
            insert into login_failure_addresses (email, ip, failures)
            select ${email}, ${ip}, 1
            where (select count(*) from login_failure_addresses where email = ${email}) < ${bounds.addressesPerEmail}`.execute(
            trx,
          );
        }
        const counted = failures.counted + 1;
        await trx
          .updateTable('login_failures')
          .set({ counted, hold_until: holdUntil(counted) ?? failures.hold_until })
          .where('email', '=', email)
          .execute();
      });
    },

    /** Remembers `ip` as one of the account's own addresses (its most recent few). */
    async succeeded(email: string, ip: string, nowMs: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_known_addresses')
          .values({ email, ip, at: nowMs })
          .onConflict((oc) => oc.columns(['email', 'ip']).doUpdateSet({ at: nowMs }))
          .execute();
        await sql`
          delete from login_known_addresses where email = ${email} and ip not in (
            select ip from login_known_addresses where email = ${email} order by at desc limit ${bounds.knownPerEmail})`.execute(
          trx,
        );
      });
    },

    /** Drops forgotten failures and addresses no longer known; returns how many rows went. */
    async deleteExpired(nowMs: number): Promise<number> {
      const r = await sql`
        with failures as (
          delete from login_failures where last_at < ${nowMs - bounds.forgetAfterMs} returning email),
        addresses as (
          delete from login_failure_addresses where email in (select email from failures) returning 1),
        known as (
          delete from login_known_addresses where at <= ${nowMs - bounds.knownForMs} returning 1)
        select (select count(*) from failures) + (select count(*) from addresses)
             + (select count(*) from known) as n`.execute(db);
      return Number((r.rows[0] as { n?: unknown } | undefined)?.n ?? 0);
    },
  };
}
export type LoginBackoffRepo = ReturnType<typeof createLoginBackoffRepo>;
