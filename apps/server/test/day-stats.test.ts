import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyMileage, REPORT_TIME_ZONE, summarizeMileage, type TransitStatus } from '@jejak/domain';
import { dailyMileages, mileageSummaries } from '../src/services/reports/day-report.ts';
import type { Db } from '../src/storage/db/database.ts';
import { alignDayStatsZone, backfillDayStats } from '../src/storage/ingest/day-stats.ts';
import type { TransitRow } from '../src/storage/ingest/rows.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { createRecomputeStore } from '../src/storage/ingest/recompute-store.ts';
import { writeTransits } from '../src/storage/ingest/record-writer.ts';
import { createReportRepo, type ReportRepo, type ReportWindow } from '../src/storage/repos/records/report-repo.ts';
import { dbKinds } from './harness.ts';
import { insertVehicles, openScratch } from './scale-fixture.ts';

/**
 * The per-day totals (vehicle_day_stats, ADR 0058) against the records they sum: a simulated
 * month of transit records for three vehicles, written batch by batch through the writers the
 * pipeline uses, then a recompute that rewrites half a month of one vehicle; the mileage and
 * daily mileage reports read through the day rows must equal the same reports summed from the
 * records alone, over whole days, cut windows and windows inside one day.
 */

const kinds = await dbKinds();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-04-01 00:00 in Kuala Lumpur, and the month after.
const M0 = Date.UTC(2026, 2, 31, 16);
const M1 = M0 + 30 * DAY;
const VIDS = ['v1', 'v2', 'v3'];
/** A vehicle with no record at all: no row in either report. */
const IDLE_VID = 'v4';

/** A Lehmer generator: the same month on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 48_271) % 2_147_483_647) / 2_147_483_647;
}

/** A vehicle's records from `fromMs` to `toMs`: parkings of minutes to a day and a half between drives. */
function simulate(vid: string, seed: number, fromMs: number, toMs: number): TransitRow[] {
  const next = random(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo));
  const rows: TransitRow[] = [];
  let t = fromMs;
  const cycle: TransitStatus[] = ['PARKING', 'MOVING', 'IDLING', 'MOVING'];
  for (let i = 0; t < toMs; i++) {
    const status: TransitStatus = next() < 0.05 ? 'DISCONNECTED' : (cycle[i % cycle.length] ?? 'PARKING');
    const ms =
      status === 'PARKING'
        ? between(10 * 60_000, 36 * HOUR)
        : status === 'MOVING'
          ? between(60_000, 3 * HOUR)
          : between(30_000, 20 * 60_000);
    const speed = status === 'MOVING' ? 15 + next() * 75 : 0;
    const point = { lat: 3.1, lon: 101.6 };
    rows.push({
      vid,
      transitStatus: status,
      startTime: t,
      endTime: t + ms,
      duration: ms,
      totalMileage: (speed * ms) / HOUR,
      topSpeed: status === 'MOVING' ? speed * 1.3 : 0,
      avgSpeed: speed,
      totalFuel: 0,
      startLocation: point,
      endLocation: point,
      createdAt: t + ms,
      startAddress: null,
      endAddress: null,
    });
    // Now and then a gap no record covers (the server was down).
    t += ms + (next() < 0.03 ? between(HOUR, 5 * HOUR) : 0);
  }
  return rows;
}

/** Both reports summed from the records alone, as before the day rows. */
async function fromRecords(reports: ReportRepo, w: ReportWindow, zone = REPORT_TIME_ZONE) {
  const slices = await reports.transitSlices(w);
  return {
    mileage: [...slices].map(([vid, r]) => [vid, summarizeMileage(r, w)]),
    daily: [...slices].map(([vid, r]) => [vid, dailyMileage(r, w, zone)]),
  };
}

async function fromDays(reports: ReportRepo, w: ReportWindow, zone = REPORT_TIME_ZONE) {
  return {
    mileage: [...(await mileageSummaries(reports, w, zone))],
    daily: [...(await dailyMileages(reports, w, zone))],
  };
}

const dayRows = (db: Db) =>
  db
    .selectFrom('vehicle_day_stats')
    .select(['vid', 'start_time', 'end_time', 'mileage_km', 'moving_ms', 'idling_ms', 'parking_ms'])
    .select(['disconnected_ms', 'top_speed_kmh', 'records', sql<string>`day::text`.as('date')])
    .orderBy('vid')
    .orderBy('start_time')
    .execute();

describe.each(kinds)('per-day report totals on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let reports: ReportRepo;
  const vids = [...VIDS, IDLE_VID];

  beforeAll(async () => {
    ({ db, drop } = await openScratch(kind));
    await migrate(db);
    await insertVehicles(db, vids);
    reports = createReportRepo(db);
    // Live: each vehicle's records committed a few at a time, the vehicles' batches interleaved.
    const months = VIDS.map((vid, i) => simulate(vid, i + 1, M0 - 3 * DAY, M1 + 2 * DAY));
    for (let b = 0; months.some((m) => b * 8 < m.length); b++) {
      const batch = months.flatMap((m) => m.slice(b * 8, b * 8 + 8));
      await db.transaction().execute((trx) => writeTransits(trx, batch, REPORT_TIME_ZONE));
    }
    // Late data: v1's records from the middle of the month replaced by others that end sooner.
    const fromMs = M0 + 14 * DAY + 5 * HOUR;
    await createRecomputeStore(db).replace({
      vid: 'v1',
      fromMs,
      transits: simulate('v1', 99, fromMs, M1 - 4 * DAY),
      trips: [],
      vehicleLogs: [],
      mileageKm: 0,
      geofenceRecords: null,
    });
  }, 600_000);
  afterAll(async () => {
    await drop?.();
  });

  const windows: [string, number, number][] = [
    ['the whole month', M0, M1],
    ['one whole day', M0 + 3 * DAY, M0 + 4 * DAY],
    ['cut at both ends', M0 + 5 * HOUR + 17 * 60_000 + 123, M1 - 3 * HOUR],
    ['cut at the start', M0 + 2 * DAY - 7 * HOUR, M0 + 16 * DAY],
    ['cut at the end', M0 + 10 * DAY, M0 + 20 * DAY + 11 * HOUR],
    ['inside one day', M0 + 3 * DAY + 2 * HOUR, M0 + 3 * DAY + 20 * HOUR],
    ['across the recompute and its end', M0 + 13 * DAY + 9 * HOUR, M1 + DAY],
    ['two days around one midnight', M0 + 6 * DAY + 20 * HOUR, M0 + 7 * DAY + 3 * HOUR],
  ];
  const next = random(7);
  for (let i = 0; i < 12; i++) {
    const a = M0 - DAY + Math.floor(next() * 32 * DAY);
    windows.push([`random window ${i}`, a, a + Math.floor(next() * 12 * DAY) + 1]);
  }

  it.each(windows)('answers %s as the records do', async (_name, startTime, endTime) => {
    const w = { vids, startTime, endTime };
    const expected = await fromRecords(reports, w);
    expect(expected.mileage.length).toBeGreaterThan(0);
    expect(await fromDays(reports, w)).toEqual(expected);
  });

  it('holds what a rebuild from all the records holds, after live writes and a recompute', async () => {
    const kept = await dayRows(db);
    expect(kept.length).toBeGreaterThan(3 * 30);
    // The recompute's shorter records left no day behind them.
    expect(kept.filter((r) => r.vid === 'v1' && Number(r.start_time) >= M1 - 3 * DAY)).toEqual([]);
    await db.deleteFrom('vehicle_day_stats').execute();
    await backfillDayStats(db);
    expect(await dayRows(db)).toEqual(kept);
  });

  it('reads whole days from the day rows', async () => {
    const w = { vids, startTime: M0, endTime: M1 };
    const before = await fromDays(reports, w);
    await db
      .updateTable('vehicle_day_stats')
      .set({ mileage_km: 1000 })
      .where('vid', '=', 'v2')
      .where(sql<boolean>`day = '2026-04-10'::date`)
      .execute();
    const after = await fromDays(reports, w);
    expect(after).not.toEqual(before);
    expect(after.daily.find(([vid]) => vid === 'v2')?.[1].find((d) => d.date === '2026-04-10')?.mileage).toBe(1000);
    await backfillDayStats(db);
    expect(await fromDays(reports, w)).toEqual(before);
  });

  it('are rebuilt in another zone when the server starts in it, and back again (ADR 0068)', async () => {
    const kept = await dayRows(db);
    const zoneRow = () => db.selectFrom('day_stats_zone').select('time_zone').executeTakeFirstOrThrow();
    expect(await zoneRow()).toEqual({ time_zone: 'Asia/Kuala_Lumpur' });
    expect(await alignDayStatsZone(db, REPORT_TIME_ZONE)).toBe(false);
    expect(await dayRows(db)).toEqual(kept);

    const LONDON = 'Europe/London';
    expect(await alignDayStatsZone(db, LONDON)).toBe(true);
    expect(await zoneRow()).toEqual({ time_zone: LONDON });
    // The records begin on 28 March: London's 23-hour day, 29 March, is among the rows.
    const rows = await dayRows(db);
    const spring = rows.find((r) => r.vid === 'v1' && r.date === '2026-03-29');
    expect(Number(spring?.start_time)).toBe(Date.UTC(2026, 2, 29));
    expect(Number(spring?.end_time) - Number(spring?.start_time)).toBe(23 * HOUR);
    for (const [startTime, endTime] of [
      [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 3, 2, 5)],
      [Date.UTC(2026, 3, 1, 23), M1],
    ] as const) {
      const w = { vids, startTime, endTime };
      const got = await fromDays(reports, w, LONDON);
      expect(got.daily.find(([vid]) => vid === 'v1')?.[1].some((d) => d.mileage > 0)).toBe(true);
      expect(got).toEqual(await fromRecords(reports, w, LONDON));
    }
    expect(await alignDayStatsZone(db, LONDON)).toBe(false);

    expect(await alignDayStatsZone(db, REPORT_TIME_ZONE)).toBe(true);
    expect(await dayRows(db)).toEqual(kept);
  });
});
