import { randomUUID } from 'node:crypto';
import type { EventType } from '@jejak/contract';
import type { Db } from '../src/storage/db/database.ts';

export interface EventRow {
  vid: string;
  eventName?: string;
  eventType?: EventType;
  eventTime: number;
  location?: { lat: number; lon: number } | null;
  speed?: number | null;
  eventResult?: 0 | 1;
  ruid?: string | null;
  rtid?: string | null;
  alarm?: string | null;
}

/** Writes an event as the pipeline's event writer does (read tests insert rows directly). */
export async function insertEvent(db: Db, e: EventRow): Promise<string> {
  const evid = randomUUID();
  const v = await db.selectFrom('vehicles').select('dvid').where('vid', '=', e.vid).executeTakeFirstOrThrow();
  const location = e.location === undefined ? { lat: 3.0319, lon: 101.6171 } : e.location;
  await db
    .insertInto('events')
    .values({
      evid,
      vid: e.vid,
      dvid: v.dvid,
      event_name: e.eventName ?? 'SOS',
      event_type: e.eventType ?? 'CRITICAL',
      lat: location?.lat ?? null,
      lon: location?.lon ?? null,
      address: location ? 'near Puchong, Selangor' : null,
      speed: e.speed ?? null,
      event_result: e.eventResult ?? 1,
      ruid: e.ruid ?? null,
      rtid: e.rtid ?? null,
      geoid: null,
      alarm: e.alarm ?? null,
      event_time: e.eventTime,
      created_at: e.eventTime + 500,
      notified_at: null,
    })
    .execute();
  return evid;
}

/** An event and the open ticket it opened; returns both ids. */
export async function insertTicket(db: Db, e: EventRow): Promise<{ evid: string; ticketId: string }> {
  const evid = await insertEvent(db, e);
  const ticketId = randomUUID();
  await db
    .insertInto('tickets')
    .values({
      ticket_id: ticketId,
      vid: e.vid,
      evid,
      created_at: e.eventTime + 500,
      kind: e.eventName ?? 'SOS',
      latest_at: e.eventTime,
    })
    .execute();
  await db.updateTable('events').set({ ticket_id: ticketId }).where('evid', '=', evid).execute();
  return { evid, ticketId };
}
