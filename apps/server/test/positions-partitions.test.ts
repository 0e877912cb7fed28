import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/storage/db/database.ts';
import { insertVehicleLogs } from '../src/storage/ingest/log-writer.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { maintainPartitions } from '../src/storage/db/partitions.ts';
import { createRecomputeStore } from '../src/storage/ingest/recompute-store.ts';
import { dbKinds } from './harness.ts';
import { insertVehicles, openScratch, partitionsOf } from './scale-fixture.ts';

/**
 * Positions partitioned by month (migration 024, partitions.ts; ADR 0058) on both databases:
 * vehicle_logs moved into month partitions with its rows intact, rows a default partition holds
 * for a month that later gets its partition, and retention by dropping whole months.
 */

const kinds = await dbKinds();
// 2026-07-15 12:00 UTC.
const NOW = Date.UTC(2026, 6, 15, 12);
const monthsFromNow = (n: number, day = 10) => Date.UTC(2026, 6 + n, day, 6);
const monthName = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

async function insertVehicleLog(db: Db, vid: string, t: number): Promise<void> {
  await sql`
    insert into vehicle_logs (vid, vehicle_time, created_at, lat, lon, speed, transit_status, transit_from, mileage)
    values (${vid}, ${t}, ${t}, 3.1, 101.6, 12.5, 'MOVING', ${t}, ${t / 1e9})`.execute(db);
}

async function insertDeviceLog(db: Db, t: number): Promise<void> {
  await sql`insert into device_logs (dvid, device_time, package, created_at) values ('d1', ${t}, 'gps#latest', ${t})`.execute(
    db,
  );
}

async function childrenOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass order by 1`.execute(db);
  return rows.map((r) => r.name);
}

describe.each(kinds)('partitioned positions on %s', (kind) => {
  let drop: (() => Promise<void>) | null = null;
  const open = async () => {
    const scratch = await openScratch(kind);
    drop = scratch.drop;
    return scratch.db;
  };
  afterEach(async () => {
    await drop?.();
    drop = null;
  });

  it('moves a filled vehicle_logs into month partitions, rows and key intact, and sums its records per day', async () => {
    const db = await open();
    await migrate(db, '024');
    await insertVehicles(db, ['v1', 'v2']);
    const times = [
      Date.UTC(2019, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 0, 15),
      Date.UTC(2026, 1, 1),
      Date.UTC(2026, 2, 10),
      Date.UTC(2026, 2, 31, 23, 59, 59, 999),
    ];
    for (const vid of ['v1', 'v2']) for (const t of times) await insertVehicleLog(db, vid, t);
    // 22:00 to 02:00 in Kuala Lumpur (UTC+8): 40 km shared by two local days.
    await sql`
      insert into transit_records (tsid, vid, transit_status, start_time, end_time, duration, total_mileage,
        top_speed, avg_speed, total_fuel, start_lat, start_lon, end_lat, end_lon, created_at)
      values ('t1', 'v1', 'MOVING', ${Date.UTC(2026, 2, 9, 14)}, ${Date.UTC(2026, 2, 9, 18)}, 14400000, 40,
        88, 10, 0, 3, 101, 3, 101, 0)`.execute(db);
    const before = await db.selectFrom('vehicle_logs').selectAll().orderBy('vid').orderBy('vehicle_time').execute();

    expect(await migrate(db)).toContain('024_partitioned_positions.sql');

    const after = await db.selectFrom('vehicle_logs').selectAll().orderBy('vid').orderBy('vehicle_time').execute();
    expect(after).toEqual(before);
    const where = await partitionsOf(db, 'vehicle_logs', 'vehicle_time');
    for (const t of times) expect(where.get(t)).toBe(`vehicle_logs_${monthName(t)}`);
    const { rows: kind } = await sql<{ relkind: string }>`
      select relkind from pg_class where relname = 'vehicle_logs'`.execute(db);
    expect(kind[0]?.relkind).toBe('p');
    // The primary key (vid, vehicle_time) still makes a resent row a no-op.
    await sql`
      insert into vehicle_logs (vid, vehicle_time, created_at, lat, lon, speed, transit_status, transit_from, mileage)
      values ('v1', ${times[1]}, 0, 0, 0, 0, 'PARKING', 0, 0) on conflict do nothing`.execute(db);
    expect(await db.selectFrom('vehicle_logs').selectAll().orderBy('vid').orderBy('vehicle_time').execute()).toEqual(
      before,
    );
    const stats = await db
      .selectFrom('vehicle_day_stats')
      .select([sql<string>`day::text`.as('day'), 'mileage_km', 'moving_ms', 'top_speed_kmh'])
      .orderBy('day')
      .execute();
    expect(stats).toEqual([
      { day: '2026-03-09', mileage_km: 20, moving_ms: 7_200_000, top_speed_kmh: 88 },
      { day: '2026-03-10', mileage_km: 20, moving_ms: 7_200_000, top_speed_kmh: 88 },
    ]);
  });

  it('partitions an empty database and takes the writers’ COPY and insert into the months', async () => {
    const db = await open();
    await migrate(db);
    await maintainPartitions(db, NOW);
    const row = (t: number) => ({
      vid: 'v1',
      vehicleTime: t,
      createdAt: t,
      lat: 3.1,
      lon: 101.6,
      speed: 20,
      address: null,
      tripStatus: null,
      tripFrom: null,
      transitStatus: 'MOVING',
      transitFrom: t,
      mileage: 1,
    });
    await db
      .transaction()
      .execute((trx) => insertVehicleLogs(trx, [row(monthsFromNow(0)), row(monthsFromNow(1))], true));
    await db
      .transaction()
      .execute((trx) => insertVehicleLogs(trx, [row(monthsFromNow(-1)), row(monthsFromNow(0))], false));
    const where = await partitionsOf(db, 'vehicle_logs', 'vehicle_time');
    expect([...where.values()].sort()).toEqual(
      [-1, 0, 1].map((n) => `vehicle_logs_${monthName(monthsFromNow(n))}`).sort(),
    );
    expect(await childrenOf(db, 'vehicle_logs')).toEqual(
      [...[-1, 0, 1, 2].map((n) => `vehicle_logs_${monthName(monthsFromNow(n))}`), 'vehicle_logs_default'].sort(),
    );
  });

  it('makes a month’s partition when the default partition already holds rows of that month', async () => {
    const db = await open();
    await migrate(db);
    await maintainPartitions(db, NOW);
    // A tracker's clock five months ahead, and a fix older than every partition.
    const ahead = monthsFromNow(5);
    const old = Date.UTC(2020, 3, 1);
    await insertDeviceLog(db, ahead);
    await insertDeviceLog(db, old);
    await insertVehicleLog(db, 'v1', ahead);
    expect((await partitionsOf(db, 'device_logs', 'device_time')).get(ahead)).toBe('device_logs_default');

    // Four months on, the daily job makes months +3..+6 of then, the stray's month among them.
    await maintainPartitions(db, monthsFromNow(4));

    const devices = await partitionsOf(db, 'device_logs', 'device_time');
    expect(devices.get(ahead)).toBe(`device_logs_${monthName(ahead)}`);
    expect(devices.get(old)).toBe('device_logs_default');
    expect((await partitionsOf(db, 'vehicle_logs', 'vehicle_time')).get(ahead)).toBe(
      `vehicle_logs_${monthName(ahead)}`,
    );
    // Rows of that month still go to its partition, and the stray is stored once.
    await insertDeviceLog(db, ahead + 1);
    expect((await partitionsOf(db, 'device_logs', 'device_time')).get(ahead + 1)).toBe(
      `device_logs_${monthName(ahead)}`,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from device_logs`.execute(db);
    expect(rows[0]?.n).toBe(3);
  });

  it('drops whole months older than the retention and never deletes a row', async () => {
    const db = await open();
    await migrate(db);
    await insertVehicles(db, ['v1']);
    for (let n = -6; n <= 0; n++) await maintainPartitions(db, monthsFromNow(n));
    for (let n = -6; n <= 0; n++) {
      await insertDeviceLog(db, monthsFromNow(n));
      await insertVehicleLog(db, 'v1', monthsFromNow(n));
    }
    // A row-level trigger on the partitioned tables reaches every partition: any DELETE fails.
    await sql`
      create function forbid_delete() returns trigger language plpgsql as $$
      begin raise exception 'DELETE on %', TG_TABLE_NAME; end $$`.execute(db);
    for (const table of ['device_logs', 'vehicle_logs'])
      await sql`create trigger forbid_delete before delete on ${sql.table(table)}
        for each row execute function forbid_delete()`.execute(db);
    await expect(sql`delete from device_logs where device_time = ${monthsFromNow(-6)}`.execute(db)).rejects.toThrow(
      /DELETE on device_logs_/,
    );

    await maintainPartitions(db, NOW, 2);

    for (const [table, key] of [
      ['device_logs', 'device_time'],
      ['vehicle_logs', 'vehicle_time'],
    ] as const) {
      const kept = [-2, -1, 0, 1, 2].map((n) => `${table}_${monthName(monthsFromNow(n))}`);
      expect(await childrenOf(db, table)).toEqual([...kept, `${table}_default`].sort());
      expect([...(await partitionsOf(db, table, key)).keys()].sort()).toEqual([-2, -1, 0].map((n) => monthsFromNow(n)));
    }
    const keptFrom = Date.UTC(2026, 4, 1);
    const row = await db.selectFrom('positions_retention').select('kept_from').executeTakeFirst();
    expect(Number(row?.kept_from)).toBe(keptFrom);
    // A late fix from a dropped month replays from the first month kept, never before it.
    const late = monthsFromNow(-5);
    const anchor = await createRecomputeStore(db).anchor('v1', late, late - 7 * 86_400_000);
    expect(anchor.fromMs).toBe(keptFrom);
    // 0 keeps everything: a second run with retention off drops nothing more.
    await maintainPartitions(db, NOW, 0);
    expect(await childrenOf(db, 'device_logs')).toHaveLength(6);
  });
});
