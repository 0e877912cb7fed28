import { EVENT_TYPES, type Ticket, type WebhookSignalKind } from '@jejak/contract';
import type { Alarm } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { writeWebhookSignals } from '../../ingest/signal-writer.ts';
import { visibleVidsQuery } from '../fleet/fleet-repo.ts';
import { hasGlobalScope, type Viewer } from '../scope.ts';

/** The tracker's SOS alarm (packages/domain alarms): its tickets raise the distress banner. */
const SOS_ALARM: Alarm = 'sos';

/** At most this many open tickets are listed, newest first (ADR 0045). */
export const OPEN_TICKETS_LIMIT = 5_000;

/**
 * SOS tickets (spec 1 §3): opened by the pipeline with their first alarm, counting the repeats
 * merged in (ADR 0073), resolved here.
 */
export function createTicketRepo(db: Db) {
  return {
    /** Open tickets of these vehicles (every vehicle the viewer reaches when null), newest first. */
    async open(viewer: Viewer, vids: readonly string[] | null): Promise<Ticket[]> {
      let q = db
        .selectFrom('tickets as t')
        .innerJoin('events as e', 'e.evid', 't.evid')
        .select([
          't.ticket_id',
          't.vid',
          't.evid',
          't.created_at',
          't.alarm_count',
          't.latest_at',
          'e.alarm',
          'e.event_name',
          'e.event_type',
          'e.lat',
          'e.lon',
          'e.event_time',
        ])
        .where('t.resolved_at', 'is', null);
      if (vids !== null) q = q.where(isAnyOf('t.vid', [...new Set(vids)]));
      else if (!hasGlobalScope(viewer)) q = q.where('t.vid', 'in', visibleVidsQuery(db, viewer));
      const rows = await q
        .orderBy('t.created_at', 'desc')
        .orderBy('e.event_time', 'desc')
        .orderBy('t.ticket_id')
        .limit(OPEN_TICKETS_LIMIT)
        .execute();
      return rows.map((r) => {
        const eventType = EVENT_TYPES.find((t) => t === r.event_type);
        if (!eventType) throw new Error(`event ${r.evid}: bad type`);
        return {
          ticketId: r.ticket_id,
          vid: r.vid,
          evid: r.evid,
          event: {
            eventName: r.event_name,
            eventType,
            location: r.lat !== null && r.lon !== null ? { lat: r.lat, lon: r.lon } : null,
            eventCreatedAt: r.event_time,
          },
          createdAt: r.created_at,
          alarmCount: r.alarm_count,
          latestAt: r.latest_at,
          sos: r.alarm === SOS_ALARM,
          escalation: null,
        };
      });
    },

    /** Of these open tickets, those on the vehicles named with them: ticketId → vid. */
    async openOf(ticketIds: readonly string[]): Promise<Map<string, string>> {
      if (ticketIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('tickets')
        .select(['ticket_id', 'vid'])
        .where(isAnyOf('ticket_id', [...new Set(ticketIds)]))
        .where('resolved_at', 'is', null)
        .execute();
      return new Map(rows.map((r) => [r.ticket_id, r.vid]));
    },

    /**
     * Resolves these tickets if all are still open; returns how many it resolved. Each resolution
     * is a `ticket.resolved` webhook signal, written with it (ADR 0089): the service runs this in
     * its transaction, with the audit.
     */
    async resolve(ticketIds: readonly string[], byUid: string, remark: string, nowMs: number): Promise<number> {
      const resolved = await db
        .updateTable('tickets')
        .set({ resolved_at: nowMs, resolved_by: byUid, remark })
        .where(isAnyOf('ticket_id', [...new Set(ticketIds)]))
        .where('resolved_at', 'is', null)
        .returning(['ticket_id', 'vid', 'kind', 'alarm_count', 'created_at', 'latest_at'])
        .execute();
      await writeWebhookSignals(
        db,
        resolved.map((t) => ({
          kind: 'ticket.resolved' satisfies WebhookSignalKind,
          vid: t.vid,
          dvid: null,
          at: nowMs,
          payload: {
            ticketId: t.ticket_id,
            ticketKind: t.kind,
            alarmCount: t.alarm_count,
            createdAt: t.created_at,
            latestAt: t.latest_at,
            resolvedAt: nowMs,
            resolvedBy: byUid,
            remark,
          },
        })),
      );
      return resolved.length;
    },
  };
}
export type TicketRepo = ReturnType<typeof createTicketRepo>;
