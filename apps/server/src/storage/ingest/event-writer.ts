import { sql, type Transaction } from 'kysely';
import { col } from './log-writer.ts';
import type { Database } from '../db/schema.ts';
import type { EventRow } from './rows.ts';

/** One ticket's share of a batch: the alarms of one vehicle and kind (ADR 0073). */
interface TicketGroup {
  ticketId: string;
  vid: string;
  kind: string;
  evid: string;
  createdAt: number;
  count: number;
  latestAt: number;
  evids: string[];
}

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
  await writeTickets(
    trx,
    rows.filter((r) => r.ticketId !== null && evids.has(r.evid)),
  );
  return evids;
}

/**
 * Opens the alarms' tickets, or merges each into its vehicle's open ticket of that kind
 * (tickets_open_kind_idx): one row per vehicle and kind, so one statement never touches a
 * ticket twice; a concurrent writer's new ticket makes this one wait and add to it. Each alarm
 * then names its ticket (events.ticket_id).
 */
async function writeTickets(trx: Transaction<Database>, alarms: EventRow[]): Promise<void> {
  if (alarms.length === 0) return;
  const groups = new Map<string, TicketGroup>();
  for (const a of alarms) {
    const key = JSON.stringify([a.vid, a.eventName]);
    const g = groups.get(key);
    if (g) {
      g.count += 1;
      g.latestAt = Math.max(g.latestAt, a.eventTime);
      g.evids.push(a.evid);
    } else {
      groups.set(key, {
        ticketId: a.ticketId ?? '',
        vid: a.vid,
        kind: a.eventName,
        evid: a.evid,
        createdAt: a.createdAt,
        count: 1,
        latestAt: a.eventTime,
        evids: [a.evid],
      });
    }
  }
  const list = [...groups.values()];
  const written = await sql<{ ticket_id: string; vid: string; kind: string }>`
    insert into tickets (ticket_id, vid, evid, created_at, kind, alarm_count, latest_at)
    select * from unnest(${col(list, 'ticketId')}::text[], ${col(list, 'vid')}::text[], ${col(list, 'evid')}::text[],
      ${col(list, 'createdAt')}::int8[], ${col(list, 'kind')}::text[], ${col(list, 'count')}::int4[],
      ${col(list, 'latestAt')}::int8[])
    on conflict (vid, kind) where resolved_at is null do update
      set alarm_count = tickets.alarm_count + excluded.alarm_count,
        latest_at = greatest(tickets.latest_at, excluded.latest_at)
    returning ticket_id, vid, kind`.execute(trx);
  const ticketOf = new Map(written.rows.map((r) => [JSON.stringify([r.vid, r.kind]), r.ticket_id]));
  const evidCol: string[] = [];
  const ticketCol: string[] = [];
  for (const [key, g] of groups) {
    const ticketId = ticketOf.get(key);
    if (ticketId === undefined) continue;
    for (const evid of g.evids) {
      evidCol.push(evid);
      ticketCol.push(ticketId);
    }
  }
  await sql`
    update events e set ticket_id = u.ticket_id
    from unnest(${evidCol}::text[], ${ticketCol}::text[]) as u(evid, ticket_id)
    where e.evid = u.evid`.execute(trx);
}
