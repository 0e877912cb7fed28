import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TIME_ZONE, type TransitStatus, type User } from '@jejak/domain';
import { createReportService, type ReportService } from '../src/services/reports/report-service.ts';
import type { Db } from '../src/storage/db/database.ts';
import { migrate } from '../src/storage/db/migrate.ts';
import { writeTransits } from '../src/storage/ingest/record-writer.ts';
import type { TransitRow } from '../src/storage/ingest/rows.ts';
import { reposOn } from '../src/storage/repos/unit-of-work.ts';
import { insertEvent } from './alerts-fixture.ts';
import { dbKinds } from './harness.ts';
import { insertVehicles, openScratch } from './scale-fixture.ts';

/**
 * Numbers that hold at every moment (issue 24 items 1 and 2): every vehicle asked for has its
 * row, and the vehicle's current status (the live view's transit_status since transit_from, with
 * the pipeline's open record for its km) counts up to min(range end, now) in every report.
 */

const kinds = await dbKinds();
const H = 3_600_000;
/** 2026-03-02 00:00 in Kuala Lumpur. */
const D0 = Date.UTC(2026, 2, 1, 16);
const DAY = { startTime: D0, endTime: D0 + 24 * H };
const at = (h: number) => D0 + h * H;
const POINT = { lat: 3.1, lon: 101.6 };

/** Drives since 08:00 after a parking since midnight; 40 km by its last fix at 09:00. */
const MOVING = 'a1-moving';
/** Parked since the evening before, no record all day. */
const PARKED = 'a2-parked';
/** Never reported. */
const SILENT = 'a3-never';

const record = (vid: string, transitStatus: TransitStatus, from: number, to: number, km: number): TransitRow => ({
  vid,
  transitStatus,
  startTime: from,
  endTime: to,
  duration: to - from,
  totalMileage: km,
  topSpeed: km > 0 ? 80 : 0,
  avgSpeed: 0,
  totalFuel: 0,
  startLocation: POINT,
  endLocation: POINT,
  createdAt: to,
  startAddress: null,
  endAddress: null,
});

const openState = (status: TransitStatus, from: number, last: number, km: number) =>
  JSON.stringify({
    segmenter: {
      open: {
        status,
        start: { ...POINT, timeMs: from, speedKmh: 0, status, mileageKm: 1000 },
        last: { ...POINT, timeMs: last, speedKmh: 60, status, mileageKm: 1000 + km },
        topSpeed: 95,
        speedSum: 120,
        samples: 2,
        fuelUsed: 0,
      },
    },
    // The parking before the drive is the last trip emitted; the drive is under way.
    trips: { last: { tripStatus: 'PARKING', startTime: from - 8 * H, endTime: from }, pending: [from] },
  });

const admin: User = {
  uid: 'root',
  userName: 'root',
  userEmail: 'root@test',
  userRole: 'super',
  userContact: '',
  userAddress: '',
  userHierarchy: 'root',
  parentId: null,
  preference: {} as User['preference'],
};

describe.each(kinds)('reports count what is under way on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let nowMs = at(9);
  let reports: ReportService;
  const vids = [SILENT, PARKED, MOVING];

  beforeAll(async () => {
    ({ db, drop } = await openScratch(kind));
    await migrate(db);
    await insertVehicles(db, vids);
    await sql`insert into devices (dvid, model, imei, uid, created_at) values ('d1', 'GT06', '1', 'u1', 0)`.execute(db);
    await sql`update vehicles set dvid = 'd1', transit_status = 'MOVING', transit_from = ${at(8)} where vid = ${MOVING}`.execute(
      db,
    );
    await sql`update vehicles set transit_status = 'PARKING', transit_from = ${at(-6)} where vid = ${PARKED}`.execute(
      db,
    );
    await sql`insert into pipeline_states (dvid, seq, state) values ('d1', 1, ${openState('MOVING', at(8), at(9), 40)})`.execute(
      db,
    );
    await db
      .transaction()
      .execute((trx) =>
        writeTransits(
          trx,
          [record(MOVING, 'MOVING', at(-1), at(0), 10), record(MOVING, 'PARKING', at(0), at(8), 0)],
          REPORT_TIME_ZONE,
        ),
      );
    // The last fix of each: the trip under way (a drive since the parking ended; a parking since yesterday).
    const log = (vid: string, time: number, trip: string, tripFrom: number, transit: string, transitFrom: number) =>
      sql`insert into vehicle_logs (vid, vehicle_time, created_at, lat, lon, speed, address, trip_status, trip_from,
        transit_status, transit_from, mileage)
        values (${vid}, ${time}, ${time}, 3.2, 101.7, 0, 'Jalan Ampang', ${trip}, ${tripFrom}, ${transit}, ${transitFrom}, 0)`.execute(
        db,
      );
    await log(MOVING, at(9), 'TRANSIT', at(8), 'MOVING', at(8));
    await log(PARKED, at(-6), 'PARKING', at(-6), 'PARKING', at(-6));
    await insertEvent(db, { vid: MOVING, eventTime: at(8.5) });
    reports = createReportService(reposOn(db), () => nowMs);
  }, 120_000);
  afterAll(async () => {
    await drop?.();
  });

  it('mileage: a row for every vehicle, the drive and the parking under way counted', async () => {
    nowMs = at(9);
    const { report } = await reports.mileage(admin, { vids, ...DAY });
    expect(report.map((r) => r.vid)).toEqual([MOVING, PARKED, SILENT]);
    expect(report[0]).toMatchObject({
      mileage: 40,
      totalMileage: 40,
      movingDuration: H,
      parkingDuration: 8 * H,
      engineDuration: H,
      topSpeed: 95,
      underWay: true,
      // The drive under way is a trip, not stored until the parking after it.
      numberOfTrips: 1,
    });
    // Parked all day: up to now (09:00), nothing is known after.
    expect(report[1]).toMatchObject({ mileage: 0, parkingDuration: 9 * H, underWay: true, numberOfTrips: 0 });
    expect(report[2]).toMatchObject({ mileage: 0, movingDuration: 0, parkingDuration: 0, underWay: false });
  });

  it('a range that ends before now takes the part inside it', async () => {
    nowMs = at(30);
    const { report } = await reports.mileage(admin, { vids, ...DAY });
    expect(report[1]).toMatchObject({ parkingDuration: 24 * H });
    const half = await reports.mileage(admin, { vids: [MOVING], startTime: at(0), endTime: at(8.5) });
    expect(half.report[0]).toMatchObject({ mileage: 20, movingDuration: H / 2 });
  });

  it('daily mileage: every day of every vehicle, the km under way on their day', async () => {
    nowMs = at(9);
    const { report } = await reports.dailyMileage(admin, { vids, startTime: at(-24), endTime: at(24) });
    expect(report.map((r) => [r.vid, r.date, r.mileage])).toEqual([
      [MOVING, '2026-03-01', 10],
      [MOVING, '2026-03-02', 40],
      [PARKED, '2026-03-01', 0],
      [PARKED, '2026-03-02', 0],
      [SILENT, '2026-03-01', 0],
      [SILENT, '2026-03-02', 0],
    ]);
  });

  it('transit: the record under way after the stored ones, marked', async () => {
    nowMs = at(9);
    const { report } = await reports.transit(admin, { vids, ...DAY });
    expect(report.map((r) => [r.vid, r.transitStatus, r.startTime, r.endTime, r.underWay ?? false])).toEqual([
      [MOVING, 'PARKING', at(0), at(8), false],
      [MOVING, 'MOVING', at(8), at(9), true],
      // Parked since the day before: counted from the window's start (issue 24 item 4).
      [PARKED, 'PARKING', DAY.startTime, at(9), true],
    ]);
    expect(report[1]).toMatchObject({ totalMileage: 40, topSpeed: 95, avgSpeed: 60 });
  });

  it('trip: the trip under way after the stored ones, its records, events and mark', async () => {
    nowMs = at(9);
    const { report } = await reports.trip(admin, { vids, ...DAY });
    expect(report.map((r) => [r.vid, r.tripStatus, r.startTime, r.endTime, r.underWay ?? false])).toEqual([
      [MOVING, 'TRANSIT', at(8), at(9), true],
      [PARKED, 'PARKING', DAY.startTime, at(9), true],
    ]);
    expect(report[0]).toMatchObject({ totalDistance: 40, topSpeed: 95, totalMovingDuration: H, numberOfEvents: 1 });
    const later = await reports.trip(admin, { vids: [PARKED], startTime: at(10), endTime: at(11) });
    expect(later.report).toEqual([]);
  });
});
