import { sql, type Transaction } from 'kysely';
import { col } from './log-writer.ts';
import type { Database } from '../db/schema.ts';
import type { EventRow } from './rows.ts';

/**
 * Inserts a batch's events, idempotent on replay (events_dedup_idx: a message stored again after
 * a crash raises the same event, which is skipped), and the tickets of the events it did insert.
 * Returns the evids inserted.
 */
export async function writeEvents(trx: Transaction<Database>, rows: EventRow[]): Promise<Set<string>> {
  const inserted = await sql<{ evid: string }>`
    insert into events (evid, vid, dvid, event_name, event_type, lat, lon, address, speed, event_result,
      ruid, rtid, geoid, alarm, event_time, created_at)
    select * from unnest(${col(rows, 'evid')}::text[], ${col(rows, 'vid')}::text[], ${col(rows, 'dvid')}::text[],
      ${col(rows, 'eventName')}::text[], ${col(rows, 'eventType')}::text[], ${col(rows, 'lat')}::float8[],
      ${col(rows, 'lon')}::float8[], ${col(rows, 'address')}::text[], ${col(rows, 'speed')}::float8[],
      ${col(rows, 'eventResult')}::int2[], ${col(rows, 'ruid')}::text[], ${col(rows, 'rtid')}::text[],
      ${col(rows, 'geoid')}::text[], ${col(rows, 'alarm')}::text[], ${col(rows, 'eventTime')}::int8[],
      ${col(rows, 'createdAt')}::int8[])
    on conflict do nothing
    returning evid`.execute(trx);
  const evids = new Set(inserted.rows.map((r) => r.evid));
  const tickets = rows.filter((r) => r.ticketId !== null && evids.has(r.evid));
  if (tickets.length > 0) {
    await sql`
      insert into tickets (ticket_id, vid, evid, created_at)
      select * from unnest(${col(tickets, 'ticketId')}::text[], ${col(tickets, 'vid')}::text[],
        ${col(tickets, 'evid')}::text[], ${col(tickets, 'createdAt')}::int8[])`.execute(trx);
  }
  return evids;
}
