import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import {
  WEBHOOK_KINDS,
  WEBHOOK_LOG_LIMIT,
  type AlertEvent,
  type Webhook,
  type WebhookDelivery,
  type WebhookKind,
} from '@jejak/contract';
import type { RoleValue } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema.ts';
import type { Viewer } from '../scope.ts';
import { EVENT_WITH_VEHICLE_COLUMNS, toEvent } from './event-repo.ts';

/** A webhook with what the fan-out and the worker need: its secret and its owner's reach. */
export interface ActiveWebhook extends Webhook {
  secret: string;
  owner: Viewer;
  ownerEmail: string;
}

/** One delivery owed to one webhook for one event; written in the fan-out's transaction. */
export interface NewWebhookDelivery {
  whid: string;
  evid: string;
  vid: string;
  kind: WebhookKind;
}

/** A signal not yet turned into deliveries (migration 037). */
export interface WebhookSignal {
  seq: string;
  kind: WebhookKind;
  vid: string;
  at: number;
  payload: Record<string, unknown>;
}

/** One delivery owed to one webhook for one signal. */
export interface NewSignalDelivery {
  whid: string;
  seq: string;
  vid: string;
  kind: WebhookKind;
  payload: Record<string, unknown>;
}

/** What a signal's receiver gets as `signal`: its vehicle, its time and its own fields. */
export type SignalBody = Record<string, unknown> & {
  vid: string;
  vehicleDisplayName: string;
  vehiclePlate: string;
  at: number;
};

/** A claimed delivery with its event (or signal) and webhook, as the worker sends it. */
export interface ClaimedWebhookDelivery {
  wdid: string;
  kind: WebhookKind;
  attempt: number;
  webhook: ActiveWebhook;
  vid: string;
  event: (AlertEvent & { vehicleDisplayName: string; vehiclePlate: string }) | null;
  signal: SignalBody | null;
}

export type WebhookOutcome =
  { status: 'SENT' | 'FAILED'; attempt: number } | { status: 'PENDING'; attempt: number; nextAt: number };

export interface WebhookAttempt {
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
}

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'string'
    ? asObject(JSON.parse(v))
    : v !== null && typeof v === 'object'
      ? (v as Record<string, unknown>)
      : {};

const kindsOf = (v: unknown): WebhookKind[] =>
  Array.isArray(v) ? WEBHOOK_KINDS.filter((k) => (v as unknown[]).includes(k)) : [];

function toWebhook(r: Selectable<WebhooksTable>): Webhook {
  return {
    whid: r.whid,
    url: r.url,
    kinds: kindsOf(r.kinds),
    createdBy: r.created_by,
    createdAt: r.created_at,
    failures: r.failures,
    pausedAt: r.paused_at,
  };
}

function toDelivery(r: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    wdid: r.wdid,
    evid: r.evid,
    vid: r.vid,
    kind: kindsOf([r.kind])[0] ?? 'alarm',
    status: r.status === 'SENT' ? 'SENT' : r.status === 'FAILED' ? 'FAILED' : 'PENDING',
    attempt: r.attempt,
    responseCode: r.response_code,
    latencyMs: r.latency_ms,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A new outbox row, due at once. */
function pendingDelivery(
  d: Pick<Insertable<WebhookDeliveriesTable>, 'whid' | 'evid' | 'vid' | 'kind' | 'ref' | 'payload'>,
  nowMs: number,
): Insertable<WebhookDeliveriesTable> {
  return {
    wdid: randomUUID(),
    ...d,
    attempt: 0,
    status: 'PENDING',
    next_at: nowMs,
    claimed_until: null,
    response_code: null,
    latency_ms: null,
    error: null,
    created_at: nowMs,
    updated_at: nowMs,
  };
}

/** Writes webhook deliveries inside the notifier's fan-out transaction (ADR 0089). */
export async function insertWebhookDeliveries(
  trx: Transaction<Database>,
  deliveries: readonly NewWebhookDelivery[],
  nowMs: number,
): Promise<void> {
  if (deliveries.length === 0) return;
  // One insert: seq follows the list's order, which is each vehicle's event order.
  await trx
    .insertInto('webhook_deliveries')
    .values(deliveries.map((d) => pendingDelivery({ whid: d.whid, evid: d.evid, vid: d.vid, kind: d.kind }, nowMs)))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Webhooks and their outbox (ADR 0089). Deliveries are claimed under a lease like notification
 * deliveries (ADR 0047); only the oldest unsent delivery of a webhook and vehicle is claimable,
 * so one vehicle's events reach the receiver in order even across retries.
 */
export function createWebhookRepo(db: Db) {
  const activeQuery = () =>
    db
      .selectFrom('webhooks as w')
      .innerJoin('users as u', 'u.uid', 'w.created_by')
      .selectAll('w')
      .select(['u.user_role', 'u.user_hierarchy', 'u.user_email']);
  const toActive = (
    r: Selectable<WebhooksTable> & { user_role: string; user_hierarchy: string; user_email: string },
  ) => ({
    ...toWebhook(r),
    secret: r.secret,
    owner: { uid: r.created_by, role: r.user_role as RoleValue, hierarchy: r.user_hierarchy },
    ownerEmail: r.user_email,
  });

  return {
    async listOf(uid: string): Promise<Webhook[]> {
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('created_by', '=', uid)
        .orderBy('created_at')
        .execute();
      return rows.map(toWebhook);
    },

    async get(whid: string): Promise<Webhook | null> {
      const row = await db.selectFrom('webhooks').selectAll().where('whid', '=', whid).executeTakeFirst();
      return row ? toWebhook(row) : null;
    },

    async insert(w: {
      whid: string;
      createdBy: string;
      url: string;
      kinds: WebhookKind[];
      secret: string;
      nowMs: number;
    }) {
      await db
        .insertInto('webhooks')
        .values({
          whid: w.whid,
          created_by: w.createdBy,
          url: w.url,
          kinds: JSON.stringify(w.kinds),
          secret: w.secret,
          failures: 0,
          paused_at: null,
          created_at: w.nowMs,
        })
        .execute();
    },

    async remove(whid: string): Promise<void> {
      await db.deleteFrom('webhooks').where('whid', '=', whid).execute();
    },

    /** Clears the pause and the failure count; its queued deliveries go again at once. */
    async resume(whid: string, nowMs: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('webhooks').set({ paused_at: null, failures: 0 }).where('whid', '=', whid).execute();
        await trx
          .updateTable('webhook_deliveries')
          .set({ next_at: nowMs })
          .where('whid', '=', whid)
          .where('status', '=', 'PENDING')
          .execute();
      });
    },

    async deliveries(whid: string): Promise<WebhookDelivery[]> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('whid', '=', whid)
        .orderBy('seq', 'desc')
        .limit(WEBHOOK_LOG_LIMIT)
        .execute();
      return rows.map(toDelivery);
    },

    /** Every webhook not paused, with its owner's reach: the fan-out's list. */
    async active(): Promise<ActiveWebhook[]> {
      const rows = await activeQuery().where('w.paused_at', 'is', null).execute();
      return rows.map(toActive);
    },

    /** The alarm and result of these events, which decide their webhook kind. */
    async eventKinds(evids: readonly string[]): Promise<Map<string, Pick<AlertEvent, 'alarm' | 'eventResult'>>> {
      if (evids.length === 0) return new Map();
      const rows = await db
        .selectFrom('events')
        .select(['evid', 'alarm', 'event_result'])
        .where(sql<boolean>`evid = any(${[...evids]}::text[])`)
        .execute();
      return new Map(
        rows.map((r) => [
          r.evid,
          { alarm: r.alarm as AlertEvent['alarm'], eventResult: r.event_result === 1 ? (1 as const) : (0 as const) },
        ]),
      );
    },

    /** Claims up to `limit` due deliveries of webhooks not paused, each its vehicle's oldest unsent. */
    async claimDue(nowMs: number, leaseMs: number, limit: number): Promise<ClaimedWebhookDelivery[]> {
      const claimed = await sql<{ wdid: string }>`
        update webhook_deliveries set claimed_until = ${nowMs + leaseMs}
        where wdid in (
          select d.wdid from webhook_deliveries d
          where d.status = 'PENDING' and d.next_at <= ${nowMs}
            and (d.claimed_until is null or d.claimed_until <= ${nowMs})
            and exists (select 1 from webhooks w where w.whid = d.whid and w.paused_at is null)
            and not exists (
              select 1 from webhook_deliveries p
              where p.whid = d.whid and p.vid = d.vid and p.status = 'PENDING' and p.seq < d.seq)
          order by d.seq
          limit ${limit}
          for update skip locked)
        returning wdid`.execute(db);
      const wdids = claimed.rows.map((r) => r.wdid);
      if (wdids.length === 0) return [];
      const events = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('events as e', 'e.evid', 'd.evid')
        .innerJoin('vehicles as v', 'v.vid', 'e.vid')
        .select(['d.wdid', 'd.whid', 'd.kind', 'd.attempt', 'd.seq', ...EVENT_WITH_VEHICLE_COLUMNS])
        .where(sql<boolean>`d.wdid = any(${wdids}::text[])`)
        .execute();
      const signals = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('vehicles as v', 'v.vid', 'd.vid')
        .select([
          'd.wdid',
          'd.whid',
          'd.kind',
          'd.attempt',
          'd.seq',
          'd.vid',
          'd.payload',
          'v.vehicle_display_name',
          'v.vehicle_plate',
        ])
        .where(sql<boolean>`d.wdid = any(${wdids}::text[])`)
        .where('d.evid', 'is', null)
        .execute();
      const whids = [...new Set([...events, ...signals].map((r) => r.whid))];
      const hooks = new Map(
        (
          await activeQuery()
            .where(sql<boolean>`w.whid = any(${whids}::text[])`)
            .execute()
        ).map((r) => [r.whid, toActive(r)]),
      );
      const out: (ClaimedWebhookDelivery & { seq: number })[] = [];
      for (const r of events) {
        const webhook = hooks.get(r.whid);
        if (!webhook) continue;
        const event = { ...toEvent(r), vehicleDisplayName: r.vehicle_display_name, vehiclePlate: r.vehicle_plate };
        out.push({
          wdid: r.wdid,
          seq: Number(r.seq),
          kind: kindsOf([r.kind])[0] ?? 'alarm',
          attempt: r.attempt,
          webhook,
          vid: event.vid,
          event,
          signal: null,
        });
      }
      for (const r of signals) {
        const webhook = hooks.get(r.whid);
        const kind = kindsOf([r.kind])[0];
        if (!webhook || !kind) continue;
        const payload = asObject(r.payload);
        const signal: SignalBody = {
          ...payload,
          vid: r.vid,
          vehicleDisplayName: r.vehicle_display_name,
          vehiclePlate: r.vehicle_plate,
          // The planner wrote the signal's time into its payload.
          at: Number(payload.at ?? 0),
        };
        out.push({
          wdid: r.wdid,
          seq: Number(r.seq),
          kind,
          attempt: r.attempt,
          webhook,
          vid: r.vid,
          event: null,
          signal,
        });
      }
      return out.sort((a, b) => a.seq - b.seq).map(({ seq: _seq, ...d }) => d);
    },

    /** The oldest signals not yet turned into deliveries. */
    async pendingSignals(limit: number): Promise<WebhookSignal[]> {
      const rows = await db.selectFrom('webhook_signals').selectAll().orderBy('seq').limit(limit).execute();
      return rows.flatMap((r) => {
        const kind = kindsOf([r.kind])[0];
        return kind ? [{ seq: String(r.seq), kind, vid: r.vid, at: Number(r.at), payload: asObject(r.payload) }] : [];
      });
    },

    /**
     * Takes these signals: deletes them and writes their deliveries, in one transaction. Only the
     * signals this call deleted get deliveries, so two scheduler nodes never both send one.
     */
    async takeSignals(
      seqs: readonly string[],
      deliveries: readonly NewSignalDelivery[],
      nowMs: number,
    ): Promise<number> {
      if (seqs.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .deleteFrom('webhook_signals')
          .where(sql<boolean>`seq = any(${[...seqs]}::int8[])`)
          .returning('seq')
          .execute();
        const mine = new Set(taken.map((t) => String(t.seq)));
        const owed = deliveries.filter((d) => mine.has(d.seq));
        if (owed.length === 0) return 0;
        await trx
          .insertInto('webhook_deliveries')
          .values(
            owed.map((d) =>
              pendingDelivery(
                { whid: d.whid, evid: null, ref: d.seq, payload: JSON.stringify(d.payload), vid: d.vid, kind: d.kind },
                nowMs,
              ),
            ),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
        return owed.length;
      });
    },

    /**
     * Records an attempt's outcome, frees the lease and counts the webhook's failures in a row.
     * Returns the webhook's failures in a row after this attempt.
     */
    async finish(
      d: { wdid: string; whid: string },
      outcome: WebhookOutcome,
      attempt: WebhookAttempt,
      nowMs: number,
      /** Whether the endpoint answered (or failed to): a refusal of ours does not count against it. */
      counted = true,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_deliveries')
          .set({
            status: outcome.status,
            attempt: outcome.attempt,
            claimed_until: null,
            response_code: attempt.responseCode,
            latency_ms: attempt.latencyMs,
            error: attempt.error,
            updated_at: nowMs,
            ...(outcome.status === 'PENDING' ? { next_at: outcome.nextAt } : {}),
          })
          .where('wdid', '=', d.wdid)
          .execute();
        if (!counted) return 0;
        const row = await trx
          .updateTable('webhooks')
          .set(outcome.status === 'SENT' ? { failures: 0 } : { failures: sql<number>`failures + 1` })
          .where('whid', '=', d.whid)
          .returning('failures')
          .executeTakeFirst();
        return row?.failures ?? 0;
      });
    },

    /** Pauses the webhook unless it already is; true when this call paused it. */
    async pause(whid: string, nowMs: number): Promise<boolean> {
      const rows = await db
        .updateTable('webhooks')
        .set({ paused_at: nowMs })
        .where('whid', '=', whid)
        .where('paused_at', 'is', null)
        .returning('whid')
        .execute();
      return rows.length > 0;
    },
  };
}
export type WebhookRepo = ReturnType<typeof createWebhookRepo>;
