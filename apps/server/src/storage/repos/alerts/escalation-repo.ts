import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  ESCALATION_STATUS,
  RecipientSchema,
  type EscalationCallRecord,
  type AlertEvent,
  type EscalationState,
  type Notification,
  type Recipient,
} from '@jejak/contract';
import { messageAccountOf, type MessageAccount, type RoleValue } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import type { EscalationCallRecordsTable, EscalationStatesTable } from '../../db/schema.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';
import { visibleVidsQuery } from '../fleet/fleet-repo.ts';

export type StateRow = Selectable<EscalationStatesTable>;
export type CallRecordRow = Selectable<EscalationCallRecordsTable>;

/** A due chain with what the driver needs to ring its next recipient. */
export interface DueChain {
  state: StateRow;
  recipients: Recipient[];
  keypadEnabled: boolean;
  notificationName: string;
  eventName: string;
  eventTime: number;
  vehicleName: string;
  /** Whose quota its calls count against (ADR 0083). */
  account: MessageAccount;
  /** The notification's rules and geofences now, and the event: a chain its notification no longer covers stops. */
  current: Pick<Notification, 'rules' | 'geofences'>;
  eventKey: Pick<AlertEvent, 'rtid' | 'ruid' | 'eventResult' | 'geoid'>;
}

/** The outcome written on a call attempt and, when it ends the chain, on the chain. */
export interface AttemptEnd {
  ecrid: string;
  status: -1 | 1;
  detail: string;
  /** The chain's next step: 'success', 'next' (ring the next one now) or 'failed'. */
  chain: 'success' | 'next';
  nowMs: number;
  log: { statusCode: number; statusMessage: string; genStatus: 'SENT' | 'RETRYING' | 'FAILED' };
}

const recipientsOf = (json: unknown): Recipient[] =>
  Array.isArray(json) ? json.map((r) => RecipientSchema.parse(r)) : [];

/**
 * Escalation call chains (spec 3 §3; ADR 0048). Steps are claimed with a compare-and-set on
 * (step, round), so no recipient is rung twice for one step by a restart or a second scheduler.
 */
export function createEscalationRepo(db: Db) {
  return {
    /** PENDING chains whose next move is due, oldest first. */
    async due(nowMs: number, limit: number): Promise<DueChain[]> {
      const rows = await db
        .selectFrom('escalation_states as s')
        .innerJoin('notifications as n', 'n.nfid', 's.nfid')
        .innerJoin('events as e', 'e.evid', 's.evid')
        .innerJoin('vehicles as v', 'v.vid', 's.vid')
        .innerJoin('users as u', 'u.uid', 'n.created_by')
        .selectAll('s')
        .select([
          'n.created_by',
          'n.rules',
          'n.geofences',
          'u.user_role',
          'u.user_hierarchy',
          'e.rtid',
          'e.ruid',
          'e.event_result',
          'e.geoid',
          'n.recipients',
          'n.keypad_enabled',
          'n.notification_name',
          'e.event_name',
          'e.event_time',
          'v.vehicle_display_name',
        ])
        .where('s.status', '=', ESCALATION_STATUS.PENDING)
        .where('s.next_at', '<=', nowMs)
        .orderBy('s.next_at')
        .limit(limit)
        .execute();
      return rows.map(
        ({
          recipients,
          keypad_enabled,
          notification_name,
          event_name,
          event_time,
          vehicle_display_name,
          created_by,
          rules,
          geofences,
          user_role,
          user_hierarchy,
          rtid,
          ruid,
          event_result,
          geoid,
          ...state
        }) => ({
          state,
          recipients: recipientsOf(recipients),
          keypadEnabled: keypad_enabled,
          notificationName: notification_name,
          eventName: event_name,
          eventTime: event_time,
          vehicleName: vehicle_display_name,
          account: messageAccountOf({ uid: created_by, role: user_role as RoleValue, hierarchy: user_hierarchy }),
          current: { rules: rules as Notification['rules'], geofences: geofences as Notification['geofences'] },
          eventKey: { rtid, ruid, geoid, eventResult: event_result === 1 ? 1 : 0 },
        }),
      );
    },

    /** The attempt of the chain's current step, if it was made. */
    async currentRecord(state: StateRow): Promise<CallRecordRow | undefined> {
      return db
        .selectFrom('escalation_call_records')
        .selectAll()
        .where('ecid', '=', state.ecid)
        .where('round', '=', state.round)
        .where('step', '=', state.step)
        .executeTakeFirst();
    },

    /**
     * Claims (round, step) after the chain's current one and records the attempt as ringing, in
     * one transaction. Null when another claimer moved the chain first.
     */
    async claimStep(
      state: StateRow,
      next: { round: number; step: number; recipient: Recipient; number: string; waitUntil: number; nowMs: number },
    ): Promise<CallRecordRow | null> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('escalation_states')
          .set({ step: next.step, round: next.round, next_at: next.waitUntil, updated_at: next.nowMs })
          .where('ecid', '=', state.ecid)
          .where('status', '=', ESCALATION_STATUS.PENDING)
          .where('step', '=', state.step)
          .where('round', '=', state.round)
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return null;
        return trx
          .insertInto('escalation_call_records')
          .values({
            ecrid: randomUUID(),
            ecid: state.ecid,
            vid: state.vid,
            step: next.step,
            round: next.round,
            contact_name: next.recipient.name,
            contact_number: next.number,
            status: ESCALATION_STATUS.PENDING,
            detail: 'ringing',
            call_ref: null,
            created_at: next.nowMs,
            updated_at: next.nowMs,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /** Marks a chain FAILED once its last recipient's attempt ended (only from its last step). */
    async failChain(state: StateRow, nowMs: number): Promise<boolean> {
      const r = await db
        .updateTable('escalation_states')
        .set({ status: ESCALATION_STATUS.FAILED, updated_at: nowMs })
        .where('ecid', '=', state.ecid)
        .where('status', '=', ESCALATION_STATUS.PENDING)
        .where('step', '=', state.step)
        .where('round', '=', state.round)
        .executeTakeFirst();
      return r.numUpdatedRows === 1n;
    },

    async setCallRef(ecrid: string, ref: string | null, ecid: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('escalation_call_records').set({ call_ref: ref }).where('ecrid', '=', ecrid).execute();
        await trx.updateTable('escalation_states').set({ call_ref: ref }).where('ecid', '=', ecid).execute();
      });
    },

    /** The attempt and its chain, with the notification's keypad rule. */
    async attempt(ecrid: string) {
      return db
        .selectFrom('escalation_call_records as r')
        .innerJoin('escalation_states as s', 's.ecid', 'r.ecid')
        .innerJoin('notifications as n', 'n.nfid', 's.nfid')
        .innerJoin('events as e', 'e.evid', 's.evid')
        .select([
          'r.ecrid',
          'r.status',
          'r.step',
          'r.round',
          's.ecid',
          's.nfid',
          's.evid',
          's.status as chainStatus',
          'n.recipients',
          'n.keypad_enabled',
          'e.event_time',
        ])
        .where('r.ecrid', '=', ecrid)
        .executeTakeFirst()
        .then((row) => (row ? { ...row, recipients: recipientsOf(row.recipients) } : undefined));
    },

    /**
     * Ends a ringing attempt (only once: a second outcome of the same call finds it ended) and
     * moves the chain: SUCCESS, or due now for its next step. Writes the notification-log row.
     * False when the attempt had already ended.
     */
    async endAttempt(end: AttemptEnd): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('escalation_call_records')
          .set({ status: end.status, detail: end.detail, updated_at: end.nowMs })
          .where('ecrid', '=', end.ecrid)
          .where('status', '=', ESCALATION_STATUS.PENDING)
          .returning(['ecid', 'step', 'round', 'contact_name', 'contact_number'])
          .executeTakeFirst();
        if (!ended) return false;
        const chain = await trx
          .updateTable('escalation_states')
          .set(
            end.chain === 'success'
              ? { status: ESCALATION_STATUS.SUCCESS, updated_at: end.nowMs }
              : { next_at: end.nowMs, updated_at: end.nowMs },
          )
          .where('ecid', '=', ended.ecid)
          .where('status', '=', ESCALATION_STATUS.PENDING)
          .where('step', '=', ended.step)
          .where('round', '=', ended.round)
          .returning(['nfid', 'evid'])
          .executeTakeFirst();
        const info =
          chain ??
          (await trx
            .selectFrom('escalation_states')
            .select(['nfid', 'evid'])
            .where('ecid', '=', ended.ecid)
            .executeTakeFirstOrThrow());
        const event = await trx
          .selectFrom('events')
          .select('event_time')
          .where('evid', '=', info.evid)
          .executeTakeFirst();
        const recipients = await trx
          .selectFrom('notifications')
          .select('recipients')
          .where('nfid', '=', info.nfid)
          .executeTakeFirst();
        const recipient = recipientsOf(recipients?.recipients)[ended.step] ?? {
          name: ended.contact_name,
          isKeypadAuthorized: false,
        };
        await trx
          .insertInto('notification_logs')
          .values({
            nlid: randomUUID(),
            nfid: info.nfid,
            genid: ended.ecid,
            evid: info.evid,
            service_type: 3,
            recipient: JSON.stringify({ ...recipient, contact: ended.contact_number }),
            status_code: end.log.statusCode,
            status_message: end.log.statusMessage,
            gen_status: end.log.genStatus,
            attempt: ended.round * 1000 + ended.step + 1,
            device_time: event?.event_time ?? null,
            created_at: end.nowMs,
          })
          .execute();
        return true;
      });
    },

    /**
     * Chains on vehicles and of notifications the viewer reaches: created in [start, end) of
     * the given notifications (any when none), or the given chains.
     */
    async states(
      viewer: Viewer,
      filter:
        | { nfids: readonly string[]; startMs: number; endMs: number }
        | { ecids: readonly string[] }
        | { ticketIds: readonly string[] },
    ): Promise<EscalationState[]> {
      let q = db
        .selectFrom('escalation_states as s')
        .innerJoin('notifications as n', 'n.nfid', 's.nfid')
        .innerJoin('users as nu', 'nu.uid', 'n.created_by')
        .innerJoin('events as e', 'e.evid', 's.evid')
        .innerJoin('vehicles as v', 'v.vid', 's.vid')
        .leftJoin('tickets as t', 't.ticket_id', 'e.ticket_id')
        .selectAll('s')
        .select([
          'e.ticket_id',
          't.resolved_at as ticket_resolved_at',
          'n.notification_name',
          'v.vehicle_display_name',
          'v.vehicle_plate',
          'e.event_name',
          'e.event_type',
          'e.event_time',
          'e.lat',
          'e.lon',
        ]);
      if ('ecids' in filter) {
        if (filter.ecids.length === 0) return [];
        q = q.where('s.ecid', 'in', [...filter.ecids]);
      } else if ('ticketIds' in filter) {
        if (filter.ticketIds.length === 0) return [];
        q = q.where('e.ticket_id', 'in', [...filter.ticketIds]);
      } else {
        q = q.where('s.created_at', '>=', filter.startMs).where('s.created_at', '<', filter.endMs);
        if (filter.nfids.length > 0) q = q.where('s.nfid', 'in', [...filter.nfids]);
      }
      if (!hasGlobalScope(viewer)) {
        q = q
          .where((eb) => userInSubtree(eb, 'nu.user_hierarchy', viewer))
          .where('s.vid', 'in', visibleVidsQuery(db, viewer));
      }
      const rows = await q.orderBy('s.created_at', 'desc').limit(5000).execute();
      return rows.map((r) => ({
        ecid: r.ecid,
        vid: r.vid,
        nfid: r.nfid,
        evid: r.evid,
        status: r.status,
        createdAt: r.created_at,
        isAcknowledged: r.is_acknowledged,
        acknowledgedBy: r.acknowledged_by,
        acknowledgedAt: r.acknowledged_at,
        acknowledgedRemark: r.acknowledged_remark,
        vehicleDisplayName: r.vehicle_display_name,
        vehiclePlate: r.vehicle_plate,
        notificationName: r.notification_name,
        event: {
          eventName: r.event_name,
          eventType: r.event_type as EscalationState['event']['eventType'],
          eventCreatedAt: r.event_time,
          location: r.lat !== null && r.lon !== null ? { lat: r.lat, lon: r.lon } : null,
        },
        ticketId: r.ticket_id,
        ticketOpen: r.ticket_id !== null && r.ticket_resolved_at === null,
      }));
    },

    /** One-way acknowledge; false when the chain was already acknowledged. */
    async acknowledge(ecid: string, by: string, remark: string, nowMs: number): Promise<boolean> {
      const r = await db
        .updateTable('escalation_states')
        .set({
          is_acknowledged: true,
          acknowledged_by: by,
          acknowledged_at: nowMs,
          acknowledged_remark: remark,
          updated_at: nowMs,
        })
        .where('ecid', '=', ecid)
        .where('is_acknowledged', '=', false)
        .executeTakeFirst();
      return r.numUpdatedRows === 1n;
    },

    async records(ecids: readonly string[], startMs: number, endMs: number): Promise<EscalationCallRecord[]> {
      if (ecids.length === 0) return [];
      const rows = await db
        .selectFrom('escalation_call_records')
        .selectAll()
        .where('ecid', 'in', [...ecids])
        .where('created_at', '>=', startMs)
        .where('created_at', '<', endMs)
        .orderBy('created_at')
        .orderBy('round')
        .orderBy('step')
        .execute();
      return rows.map((r) => ({
        ecrid: r.ecrid,
        ecid: r.ecid,
        contactName: r.contact_name,
        contactNumber: r.contact_number,
        status: r.status,
        vid: r.vid,
        createdAt: r.created_at,
        detail: r.detail,
      }));
    },
  };
}
export type EscalationRepo = ReturnType<typeof createEscalationRepo>;
