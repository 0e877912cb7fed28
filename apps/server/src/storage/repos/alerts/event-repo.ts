import type { Selectable } from 'kysely';
import { EVENT_TYPES, type AlertEvent } from '@jejak/contract';
import { isAlarm } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import type { EventsTable } from '../../db/schema.ts';

/**
 * An event's columns (aliased `e`) and its vehicle's names (aliased `v`), as a queued delivery
 * reads them for its message: what toEvent takes, plus the names.
 */
export const EVENT_WITH_VEHICLE_COLUMNS = [
  'e.evid',
  'e.vid',
  'e.dvid',
  'e.event_name',
  'e.event_type',
  'e.lat',
  'e.lon',
  'e.address',
  'e.speed',
  'e.event_result',
  'e.ruid',
  'e.rtid',
  'e.geoid',
  'e.alarm',
  'e.event_time',
  'e.created_at',
  'v.vehicle_display_name',
  'v.vehicle_plate',
] as const;

/** Events are written by the pipeline from the domain's values, so a bad row is a broken store. */
export function toEvent(r: Omit<Selectable<EventsTable>, 'notified_at' | 'ticket_id'>): AlertEvent {
  const eventType = EVENT_TYPES.find((t) => t === r.event_type);
  if (!eventType) throw new Error(`event ${r.evid}: bad type`);
  return {
    evid: r.evid,
    vid: r.vid,
    dvid: r.dvid,
    eventName: r.event_name,
    eventType,
    location: r.lat !== null && r.lon !== null ? { lat: r.lat, lon: r.lon } : null,
    createdAt: r.created_at,
    eventCreatedAt: r.event_time,
    address: r.address,
    speed: r.speed,
    eventResult: r.event_result === 1 ? 1 : 0,
    ruid: r.ruid,
    rtid: r.rtid,
    geoid: r.geoid,
    alarm: isAlarm(r.alarm) ? r.alarm : null,
  };
}

/** Reads of stored events (spec 1 §3); the pipeline's event writer stores them. */
export function createEventRepo(db: Db) {
  return {
    /**
     * Events of these vehicles whose fix time is in [startTime, endTime), newest first (oldest
     * first for a report); at most `limit` (truncated says there were more).
     */
    async inWindow(
      vids: readonly string[],
      startTime: number,
      endTime: number,
      limit: number,
      order: 'asc' | 'desc' = 'desc',
    ): Promise<{ events: AlertEvent[]; truncated: boolean }> {
      if (vids.length === 0) return { events: [], truncated: false };
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where(isAnyOf('vid', [...new Set(vids)]))
        .where('event_time', '>=', startTime)
        .where('event_time', '<', endTime)
        .orderBy('event_time', order)
        .orderBy('created_at', order)
        .orderBy('evid')
        .limit(limit + 1)
        .execute();
      return { events: rows.slice(0, limit).map(toEvent), truncated: rows.length > limit };
    },
  };
}
export type EventRepo = ReturnType<typeof createEventRepo>;
