import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { writeEvents } from '../src/storage/ingest/event-writer.ts';
import { createDeliveryRepo } from '../src/storage/repos/alerts/delivery-repo.ts';
import type { EventRow } from '../src/storage/ingest/rows.ts';
import { dbKinds } from './harness.ts';
import { insertVehicles, openScratch } from './scale-fixture.ts';

/**
 * One alert flow (ADR 0073, migration 030) on both databases: repeated alarms of one kind from
 * one vehicle merge into its open ticket, with a count and the latest time; alarms at once make
 * one ticket; a resolved ticket takes no more, the next alarm opens a new one; stored tickets
 * migrate into the same shape.
 */

const kinds = await dbKinds();
const T0 = Date.UTC(2026, 10, 28, 1, 0);
const MINUTE = 60_000;

const alarm = (vid: string, minutes: number, eventName = 'SOS'): EventRow => ({
  evid: randomUUID(),
  vid,
  dvid: `GT06#${vid}`,
  eventName,
  eventType: 'CRITICAL',
  lat: 3.05,
  lon: 101.6,
  address: null,
  speed: 0,
  eventResult: 1,
  ruid: 'builtin.sos',
  rtid: null,
  geoid: null,
  alarm: 'sos',
  eventTime: T0 + minutes * MINUTE,
  createdAt: T0 + minutes * MINUTE + 500,
  ticketId: randomUUID(),
});

const write = (db: Db, rows: EventRow[]) => db.transaction().execute((trx) => writeEvents(trx, rows));

interface TicketRowView {
  ticket_id: string;
  vid: string;
  kind: string;
  alarm_count: number;
  latest_at: number;
  resolved_at: number | null;
}
const ticketsOf = async (db: Db, vid: string): Promise<TicketRowView[]> =>
  db
    .selectFrom('tickets')
    .select(['ticket_id', 'vid', 'kind', 'alarm_count', 'latest_at', 'resolved_at'])
    .where('vid', '=', vid)
    .orderBy('created_at')
    .execute();
const alarmsOf = async (db: Db, ticketId: string) =>
  (await db.selectFrom('events').select('evid').where('ticket_id', '=', ticketId).execute()).length;

describe.each(kinds)('ticket merging on %s', (kind) => {
  let drop: (() => Promise<void>) | null = null;
  const open = async (until?: string) => {
    const scratch = await openScratch(kind);
    drop = scratch.drop;
    await migrate(scratch.db, until);
    return scratch.db;
  };
  afterEach(async () => {
    await drop?.();
    drop = null;
  });

  it('merges repeated alarms of one kind into the open ticket, with their count and the latest time', async () => {
    const db = await open();
    await insertVehicles(db, ['v1', 'v2']);
    const first = alarm('v1', 0);
    await write(db, [first]);
    // A batch with two more, out of order, and another kind and vehicle alongside.
    await write(db, [alarm('v1', 9), alarm('v1', 4), alarm('v1', 5, 'POWER CUT'), alarm('v2', 6)]);
    await write(db, [alarm('v1', 7)]);
    const v1 = await ticketsOf(db, 'v1');
    expect(v1.map((t) => [t.kind, t.alarm_count, Number(t.latest_at)])).toEqual([
      ['SOS', 4, T0 + 9 * MINUTE],
      ['POWER CUT', 1, T0 + 5 * MINUTE],
    ]);
    expect(v1[0]?.ticket_id).toBe(first.ticketId);
    expect(await alarmsOf(db, first.ticketId ?? '')).toBe(4);
    expect((await ticketsOf(db, 'v2')).map((t) => t.alarm_count)).toEqual([1]);
  });

  it('makes one open ticket of alarms written at once', async () => {
    const db = await open();
    await insertVehicles(db, ['v1']);
    await Promise.all(Array.from({ length: 12 }, (_, i) => write(db, [alarm('v1', i)])));
    const v1 = await ticketsOf(db, 'v1');
    expect(v1.map((t) => [t.alarm_count, Number(t.latest_at)])).toEqual([[12, T0 + 11 * MINUTE]]);
    expect(await alarmsOf(db, v1[0]?.ticket_id ?? '')).toBe(12);
  });

  it('opens a new ticket for an alarm after the open one was resolved', async () => {
    const db = await open();
    await insertVehicles(db, ['v1']);
    await write(db, [alarm('v1', 0), alarm('v1', 1)]);
    await db
      .updateTable('tickets')
      .set({ resolved_at: T0 + 2 * MINUTE, resolved_by: 'u1', remark: 'ok' })
      .execute();
    await write(db, [alarm('v1', 3)]);
    await write(db, [alarm('v1', 4)]);
    const v1 = await ticketsOf(db, 'v1');
    expect(v1.map((t) => [t.alarm_count, Number(t.latest_at), t.resolved_at === null])).toEqual([
      [2, T0 + MINUTE, false],
      [2, T0 + 4 * MINUTE, true],
    ]);
  });

  it('rings once per open ticket and call notification, again after that chain failed or the ticket was resolved', async () => {
    const db = await open();
    await insertVehicles(db, ['v1']);
    for (const nfid of ['calls', 'more calls'])
      await sql`
        insert into notifications (nfid, created_by, notification_name, service_type, rules, geofences, recipients, created_at, updated_at)
        values (${nfid}, 'u1', ${nfid}, 3, '{}', '{}', '[]', 0, 0)`.execute(db);
    const deliveries = createDeliveryRepo(db);
    // Every alarm is watched by both call notifications, as the notifier plans them.
    const fanOut = async (rows: EventRow[], nfids = ['calls']) => {
      await write(db, rows);
      const chained = await deliveries.fanOut(
        rows.map((r) => r.evid),
        (marked) => ({
          deliveries: [],
          chains: [...marked].flatMap((evid) => nfids.map((nfid) => ({ nfid, evid, vid: 'v1' }))),
        }),
        T0,
      );
      return chained.chained.length;
    };
    const setChains = (status: number) => db.updateTable('escalation_states').set({ status }).execute();

    expect(await fanOut([alarm('v1', 0)])).toBe(1);
    // Pressed again while the boss's phone rings, twice in one batch: no second chain.
    expect(await fanOut([alarm('v1', 1), alarm('v1', 2)])).toBe(0);
    // Answered with the key: still nobody to ring again; another call notification rings once.
    await setChains(1);
    expect(await fanOut([alarm('v1', 3)], ['calls', 'more calls'])).toBe(1);
    // Every chain failed (nobody answered): the next press rings again, once per notification.
    await setChains(-1);
    expect(await fanOut([alarm('v1', 4), alarm('v1', 5)], ['calls', 'more calls'])).toBe(2);
    // An acknowledged chain counts as answered, though its calls failed.
    await db.updateTable('escalation_states').set({ is_acknowledged: true }).execute();
    expect(await fanOut([alarm('v1', 6)], ['calls', 'more calls'])).toBe(0);
    // Resolved: the next alarm is a new ticket, and rings.
    await db
      .updateTable('tickets')
      .set({ resolved_at: T0 + 7 * MINUTE, resolved_by: 'u1', remark: 'ok' })
      .execute();
    expect(await fanOut([alarm('v1', 8)])).toBe(1);
    expect(await alarmsOf(db, (await ticketsOf(db, 'v1'))[1]?.ticket_id ?? '')).toBe(1);
  });

  it('migrates stored tickets: open ones of one vehicle and kind become the oldest, resolved ones stay', async () => {
    const db = await open('030');
    await insertVehicles(db, ['v1', 'v2']);
    const stored = async (vid: string, minutes: number, name: string, resolved = false) => {
      const evid = randomUUID();
      const ticketId = randomUUID();
      const t = T0 + minutes * MINUTE;
      await sql`
        insert into events (evid, vid, dvid, event_name, event_type, event_result, ruid, event_time, created_at)
        values (${evid}, ${vid}, 'd', ${name}, 'CRITICAL', 1, ${name}, ${t}, ${t})`.execute(db);
      await sql`
        insert into tickets (ticket_id, vid, evid, created_at, resolved_at)
        values (${ticketId}, ${vid}, ${evid}, ${t}, ${resolved ? t + 1 : null})`.execute(db);
      return ticketId;
    };
    const done = await stored('v1', 0, 'SOS', true);
    const oldest = await stored('v1', 1, 'SOS');
    await stored('v1', 3, 'SOS');
    await stored('v1', 2, 'SOS');
    const cut = await stored('v1', 2, 'POWER CUT');
    const other = await stored('v2', 5, 'SOS');
    await migrate(db);
    const v1 = await ticketsOf(db, 'v1');
    expect(v1.map((t) => [t.ticket_id, t.kind, t.alarm_count, Number(t.latest_at)])).toEqual([
      [done, 'SOS', 1, T0],
      [oldest, 'SOS', 3, T0 + 3 * MINUTE],
      [cut, 'POWER CUT', 1, T0 + 2 * MINUTE],
    ]);
    expect(await alarmsOf(db, oldest)).toBe(3);
    expect((await ticketsOf(db, 'v2')).map((t) => t.ticket_id)).toEqual([other]);
    // And the merged one takes the next alarm.
    await write(db, [alarm('v1', 9)]);
    expect((await ticketsOf(db, 'v1')).map((t) => t.alarm_count)).toEqual([1, 4, 1]);
  });
});
