import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AlertEvent, Notification, Recipient } from '@jejak/contract';
import { messageAccountOf, type MessageAccount, type RoleValue } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { EVENT_WITH_VEHICLE_COLUMNS, toEvent } from './event-repo.ts';
import { insertWebhookDeliveries, type NewWebhookDelivery } from './webhook-repo.ts';

/** One delivery owed to one recipient of one notification for one event. */
export interface NewDelivery {
  nfid: string;
  evid: string;
  serviceType: number;
  recipient: Recipient;
  recipientNo: number;
}

/** What the notifier needs of a stored event to match it. */
export type FanOutEvent = Pick<AlertEvent, 'evid' | 'vid' | 'rtid' | 'ruid' | 'eventResult' | 'geoid'>;

/** A call chain to start for one CALL notification and one event. */
export interface NewChain {
  nfid: string;
  evid: string;
  vid: string;
}

/** A claimed delivery with what the message needs: the event, its vehicle, the notification. */
export interface ClaimedDelivery {
  genid: string;
  nfid: string;
  notificationName: string;
  serviceType: number;
  recipient: Recipient;
  attempt: number;
  event: AlertEvent & { vehicleDisplayName: string; vehiclePlate: string };
  /** Whose quota and confirmations it counts against (ADR 0083). */
  account: MessageAccount;
  /** The notification as it is now: the worker sends only what it still covers. */
  current: Pick<Notification, 'rules' | 'geofences' | 'recipient'>;
}

export type DeliveryOutcome =
  { status: 'SENT' | 'FAILED'; attempt: number } | { status: 'PENDING'; attempt: number; nextAt: number };

/** A chain that is still calling, was answered with the key, or was acknowledged: nobody needs calling again. */
const LIVE_CHAIN = sql<boolean>`(s.status >= 0 or s.is_acknowledged)`;

/**
 * The chains worth starting (ADR 0073 addendum): an alarm that merged into an open ticket whose
 * earlier alarm's chain, for the same call notification, is still calling or was answered starts
 * none, so a driver pressing SOS eighteen times does not ring the boss eighteen times; after that
 * chain failed (nobody answered) the next alarm calls again. Two alarms of one ticket in one
 * batch start one chain. Alarms without a ticket each start their own, as before.
 */
async function chainsToStart(trx: Transaction<Database>, chains: readonly NewChain[]): Promise<NewChain[]> {
  if (chains.length === 0) return [];
  const evids = [...new Set(chains.map((c) => c.evid))];
  const tickets = await trx
    .selectFrom('events')
    .select(['evid', 'ticket_id'])
    .where(sql<boolean>`evid = any(${evids}::text[])`)
    .where('ticket_id', 'is not', null)
    .execute();
  const ticketOf = new Map(tickets.map((t) => [t.evid, t.ticket_id ?? '']));
  if (ticketOf.size === 0) return [...chains];
  const busy = await trx
    .selectFrom('escalation_states as s')
    .innerJoin('events as p', 'p.evid', 's.evid')
    .select(['s.nfid', 'p.ticket_id'])
    .where(sql<boolean>`p.ticket_id = any(${[...new Set(ticketOf.values())]}::text[])`)
    .where(LIVE_CHAIN)
    .execute();
  const taken = new Set(busy.map((b) => `${b.nfid}\u0000${b.ticket_id ?? ''}`));
  return chains.filter((c) => {
    const ticket = ticketOf.get(c.evid);
    if (ticket === undefined) return true;
    const key = `${c.nfid}\u0000${ticket}`;
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
}

/**
 * The delivery queue (ADR 0047): rows are claimed with a lease (claimed_until), so a second
 * scheduler or a restart never sends one delivery twice at once; a lease that runs out (a crash
 * mid-send) makes the row due again.
 */
export function createDeliveryRepo(db: Db) {
  return {
    /**
     * Marks these events notified and writes their deliveries and call chains, in one
     * transaction; only events not marked yet are fanned out (the rest were, by someone else).
     * Returns the evids this call marked and those whose call chains it started: one chain per
     * open ticket and call notification (chainsToStart).
     */
    async fanOut(
      evids: readonly string[],
      plan: (marked: Set<string>) => { deliveries: NewDelivery[]; chains: NewChain[]; webhooks?: NewWebhookDelivery[] },
      nowMs: number,
    ): Promise<{ marked: Set<string>; deliveries: number; chained: string[]; webhooks: number }> {
      if (evids.length === 0) return { marked: new Set(), deliveries: 0, chained: [], webhooks: 0 };
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('events')
          .set({ notified_at: nowMs })
          .where(sql<boolean>`evid = any(${[...evids]}::text[])`)
          .where('notified_at', 'is', null)
          .returning('evid')
          .execute();
        const marked = new Set(rows.map((r) => r.evid));
        const { deliveries, chains, webhooks = [] } = plan(marked);
        // Webhook deliveries go in the same transaction: an event marked is an event queued (ADR 0089).
        await insertWebhookDeliveries(trx, webhooks, nowMs);
        if (deliveries.length > 0)
          await trx
            .insertInto('notification_deliveries')
            .values(
              deliveries.map((d) => ({
                genid: randomUUID(),
                nfid: d.nfid,
                evid: d.evid,
                service_type: d.serviceType,
                recipient: JSON.stringify(d.recipient),
                recipient_no: d.recipientNo,
                attempt: 0,
                status: 'PENDING',
                next_at: nowMs,
                claimed_until: null,
                created_at: nowMs,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        const calls = await chainsToStart(trx, chains);
        if (calls.length > 0)
          await trx
            .insertInto('escalation_states')
            .values(
              calls.map((c) => ({
                ecid: randomUUID(),
                nfid: c.nfid,
                evid: c.evid,
                vid: c.vid,
                status: 0,
                step: -1,
                round: 0,
                next_at: nowMs,
                call_ref: null,
                created_at: nowMs,
                updated_at: nowMs,
                is_acknowledged: false,
                acknowledged_by: null,
                acknowledged_at: null,
                acknowledged_remark: null,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        return { marked, deliveries: deliveries.length, chained: calls.map((c) => c.evid), webhooks: webhooks.length };
      });
    },

    /** Events stored before `beforeMs` that no notifier fanned out (a crash between commit and fan-out). */
    async unnotified(beforeMs: number, limit: number): Promise<FanOutEvent[]> {
      const rows = await db
        .selectFrom('events')
        .select(['evid', 'vid', 'rtid', 'ruid', 'event_result', 'geoid'])
        .where('notified_at', 'is', null)
        .where('created_at', '<', beforeMs)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        evid: r.evid,
        vid: r.vid,
        rtid: r.rtid,
        ruid: r.ruid,
        geoid: r.geoid,
        eventResult: r.event_result === 1 ? 1 : 0,
      }));
    },

    /** Claims up to `limit` due deliveries until `nowMs + leaseMs`, oldest due first. */
    async claimDue(nowMs: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
      const claimed = await sql<{ genid: string }>`
        update notification_deliveries set claimed_until = ${nowMs + leaseMs}
        where genid in (
          select genid from notification_deliveries
          where status = 'PENDING' and next_at <= ${nowMs}
            and (claimed_until is null or claimed_until <= ${nowMs})
          order by next_at
          limit ${limit}
          for update skip locked)
        returning genid`.execute(db);
      const genids = claimed.rows.map((r) => r.genid);
      if (genids.length === 0) return [];
      const rows = await db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.nfid', 'd.nfid')
        .innerJoin('events as e', 'e.evid', 'd.evid')
        .innerJoin('vehicles as v', 'v.vid', 'e.vid')
        .innerJoin('users as u', 'u.uid', 'n.created_by')
        .select([
          'n.created_by',
          'n.rules',
          'n.geofences',
          'n.recipients',
          'u.user_role',
          'u.user_hierarchy',
          'd.genid',
          'd.nfid',
          'n.notification_name',
          'd.service_type',
          'd.recipient',
          'd.attempt',
          ...EVENT_WITH_VEHICLE_COLUMNS,
        ])
        .where(sql<boolean>`d.genid = any(${genids}::text[])`)
        .execute();
      return rows.map((r) => ({
        genid: r.genid,
        nfid: r.nfid,
        notificationName: r.notification_name,
        serviceType: r.service_type,
        recipient: r.recipient as Recipient,
        attempt: r.attempt,
        event: {
          ...toEvent(r),
          vehicleDisplayName: r.vehicle_display_name,
          vehiclePlate: r.vehicle_plate,
        },
        account: messageAccountOf({
          uid: r.created_by,
          role: r.user_role as RoleValue,
          hierarchy: r.user_hierarchy,
        }),
        current: {
          rules: r.rules as Notification['rules'],
          geofences: r.geofences as Notification['geofences'],
          recipient: r.recipients as Recipient[],
        },
      }));
    },

    /** Records an attempt's outcome and frees the lease. */
    async finish(genid: string, outcome: DeliveryOutcome): Promise<void> {
      await db
        .updateTable('notification_deliveries')
        .set({
          status: outcome.status,
          attempt: outcome.attempt,
          claimed_until: null,
          ...(outcome.status === 'PENDING' ? { next_at: outcome.nextAt } : {}),
        })
        .where('genid', '=', genid)
        .execute();
    },

    /** When the next pending delivery falls due, if any. */
    async nextDueAt(): Promise<number | null> {
      const row = await db
        .selectFrom('notification_deliveries')
        .select((eb) => eb.fn.min('next_at').as('at'))
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },
  };
}
export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
