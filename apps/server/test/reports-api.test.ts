import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_PATHS,
  REPORT_TEXTS,
  type DailyMileageReportResponse,
  type HierarchyResponse,
  type MileageReportResponse,
  type TransitRecord,
  type TransitRecordsResponse,
  type TransitReportResponse,
  type TripRecordsResponse,
  type TripReportResponse,
} from '@jejak/contract';
import { dayOptions, playScenario, simulateFleetDay, type VehicleDay } from '@jejak/simulator';
import { signIn, type Client } from './accounts-fixture.ts';
import { insertEvent } from './alerts-fixture.ts';
import { dbKinds, registerVehicle, startTestServer, type TestServer } from './harness.ts';

/**
 * The synchronous reports (issue 13 items 3, 6, 7) against the simulator's ground truth: a day
 * of two simulated vehicles (GT06 and Teltonika, each with a memory upload) sent over real
 * sockets, then the reports for both vehicles at once held against the truth (the truth test's
 * tolerances) and against what Transit and Trip Record say for each vehicle alone.
 */

const kinds = await dbKinds();
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16));
const DAY_END = DAY.startMs + DAY.durationMs;
const FLEET = simulateFleetDay({ vehicles: 2, seed: 1 }, DAY);
const OWNER = 'owner2@demo.jejak.my';

type Body = Record<string, unknown>;
const post = async <T>(c: Client, path: string, body: Body): Promise<T> => {
  const r = await c.post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
};

/** Milliseconds of the records in each status inside the window. */
function durations(records: TransitRecord[], from: number, to: number): Record<string, number> {
  const sums: Record<string, number> = { MOVING: 0, IDLING: 0, PARKING: 0, DISCONNECTED: 0 };
  for (const r of records)
    sums[r.transitStatus] =
      (sums[r.transitStatus] ?? 0) + Math.max(0, Math.min(r.endTime, to) - Math.max(r.startTime, from));
  return sums;
}

describe.each(kinds)('reports on %s', (kind) => {
  let server: TestServer;
  let owner2: Client;
  const vids = new Map<string, VehicleDay>();
  const window = { startTime: DAY.startMs, endTime: DAY_END };

  beforeAll(async () => {
    // The server's clock runs an hour after the simulated day (truth-harness.ts says why).
    const wallStart = Date.now();
    server = await startTestServer(
      kind,
      { JEJAK_RECOMPUTE_DELAY_MS: '200' },
      () => DAY_END + HOUR + (Date.now() - wallStart),
    );
    const app = server.app;
    for (const d of FLEET) {
      const vid = await registerVehicle(app, { ...d.spec, ownerEmail: OWNER, plate: `SIM ${d.spec.imei.slice(-4)}` });
      vids.set(vid, d);
    }
    const ports = { host: '127.0.0.1', gt06Port: server.gt06Port, teltonikaPort: app.gatewayPorts.teltonika ?? 0 };
    await playScenario(ports, FLEET, { timeoutMs: 150_000 });
    await new Promise((r) => setTimeout(r, 300));
    await app.pipeline.drain();
    owner2 = (await signIn(server.baseUrl, OWNER)).c;
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  const all = () => ({ vids: [...vids.keys()], ...window });
  const perVehicle = async (vid: string) => ({
    transit: (await post<TransitRecordsResponse>(owner2, '/transitRecord/timeFrame', { vid, ...window }))
      .transitRecords,
    trips: (await post<TripRecordsResponse>(owner2, '/tripRecord/timeFrame', { vid, ...window })).tripRecords,
  });

  it('trip report: every vehicle at once, the same trips as Trip Record, as many as the truth', async () => {
    const res = await post<TripReportResponse>(owner2, REPORT_PATHS.reportTrip, all());
    expect(res).toMatchObject({ status: 200, message: REPORT_TEXTS.done, truncated: false });
    for (const [vid, day] of vids) {
      const rows = res.report.filter((t) => t.vid === vid);
      // Trip Record answers the same trips, the ones under way included (issue 24 item 1).
      expect(rows).toEqual((await perVehicle(vid)).trips);
      const under = rows.filter((t) => t.underWay);
      expect(rows.filter((t) => t.tripStatus === 'TRANSIT')).toHaveLength(day.truth.trips.length);
      // The night's parking is the trip under way, counted to the day's end.
      expect(under.at(-1)).toMatchObject({
        tripStatus: 'PARKING',
        endTime: DAY_END,
        underWay: true,
      });
    }
  });

  it("a trip's numberOfEvents counts its vehicle's events from its start to its end", async () => {
    const [vid] = [...vids.keys()];
    const before = (await perVehicle(vid!)).trips.filter((t) => t.tripStatus === 'TRANSIT');
    const trip = before[0]!;
    const db = server.app.database.db;
    // Two events inside the trip (one on its first instant) and one in the parking after it.
    await insertEvent(db, { vid: vid!, eventTime: trip.startTime, eventType: 'INFO', eventName: 'Start' });
    await insertEvent(db, { vid: vid!, eventTime: Math.floor((trip.startTime + trip.endTime) / 2) });
    await insertEvent(db, { vid: vid!, eventTime: trip.endTime + MINUTE, eventType: 'WARNING' });
    const trips = (await perVehicle(vid!)).trips;
    const counted = trips.find((t) => t.trid === trip.trid);
    expect(counted?.numberOfEvents).toBe(2 + trip.numberOfEvents);
    const parkingAfter = trips.find((t) => t.tripStatus === 'PARKING' && t.startTime >= trip.endTime - MINUTE);
    expect(parkingAfter?.numberOfEvents).toBeGreaterThanOrEqual(1);
    const report = await post<TripReportResponse>(owner2, REPORT_PATHS.reportTrip, all());
    const under = report.report.filter((t) => t.vid === vid && t.underWay);
    expect(report.report.filter((t) => t.vid === vid && !t.underWay)).toEqual(
      trips.filter((t) => !under.some((u) => u.startTime === t.startTime)),
    );
  });

  it('transit report: the same records as Transit Record, vehicle by vehicle, the one under way last', async () => {
    const res = await post<TransitReportResponse>(owner2, REPORT_PATHS.reportTransit, all());
    expect(res.status).toBe(200);
    for (const vid of vids.keys()) {
      const rows = res.report.filter((t) => t.vid === vid);
      // Trip Record answers the same records, the one under way included (issue 24 item 1).
      // (createdAt of the record under way is the moment it was asked for.)
      const asked = (r: TransitRecord) => (r.underWay ? { ...r, createdAt: 0 } : r);
      expect(rows.map(asked)).toEqual((await perVehicle(vid)).transit.map(asked));
      const stored = rows.filter((t) => !t.underWay);
      expect(rows.filter((t) => t.underWay)).toHaveLength(1);
      // The night's parking has no record yet: counted from the last record's end to the day's end.
      expect(rows.at(-1)).toMatchObject({
        transitStatus: 'PARKING',
        startTime: stored.at(-1)?.endTime,
        endTime: DAY_END,
        underWay: true,
      });
    }
  });

  it('mileage report: km within 1 % of the truth, durations as the records and the truth say', async () => {
    const res = await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, all());
    expect(res.report).toHaveLength(vids.size);
    for (const [vid, day] of vids) {
      const row = res.report.find((r) => r.vid === vid);
      if (!row) throw new Error(`no row for ${vid}`);
      const { trips } = await perVehicle(vid);
      // The records with the one under way: what the transit report answers.
      const transit = (await post<TransitReportResponse>(owner2, REPORT_PATHS.reportTransit, { ...all(), vids: [vid] }))
        .report;
      const recordKm = transit.reduce((a, r) => a + r.totalMileage, 0);
      expect(row.mileage).toBeCloseTo(recordKm, 2);
      expect(Math.abs(row.mileage - day.truth.mileageKm) / day.truth.mileageKm).toBeLessThanOrEqual(0.01);
      const tripKm = trips.filter((t) => t.tripStatus === 'TRANSIT').reduce((a, t) => a + t.totalDistance, 0);
      expect(row.mileage).toBeCloseTo(tripKm, 1);
      const sums = durations(transit, window.startTime, window.endTime);
      expect(row).toMatchObject({
        movingDuration: sums.MOVING,
        idlingDuration: sums.IDLING,
        parkingDuration: sums.PARKING,
        disconnectedDuration: sums.DISCONNECTED,
        topSpeed: Math.max(...transit.map((r) => r.topSpeed)),
      });
      const segments = (status: string) => day.truth.segments.filter((s) => s.status === status).length;
      expect(Math.abs(row.movingDuration - day.truth.totals.movingMs)).toBeLessThanOrEqual(segments('MOVING') * MINUTE);
      expect(Math.abs(row.idlingDuration - day.truth.totals.idlingMs)).toBeLessThanOrEqual(segments('IDLING') * MINUTE);
      // Parking: every parking of the truth, the night's still under way included (issue 24).
      const parkings = day.truth.segments.filter((s) => s.status === 'PARKING');
      const parkingMs = parkings.reduce((a, s) => a + s.durationMs, 0);
      expect(Math.abs(row.parkingDuration - parkingMs)).toBeLessThanOrEqual(parkings.length * MINUTE);
      expect(row).toMatchObject({
        totalMileage: row.mileage,
        engineDuration: row.movingDuration + row.idlingDuration,
        numberOfTrips: day.truth.trips.length,
        underWay: true,
      });
    }
  });

  it("the dashboard's figures agree: odometer as the day's mileage, status since the last record's end", async () => {
    const me = (await signIn(server.baseUrl, OWNER)).me;
    const h = await post<HierarchyResponse>(owner2, '/user/gethierarchy', { uid: me.uid });
    const res = await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, all());
    for (const [vid, day] of vids) {
      const vehicle = h.vehicles.find((v) => v.vid === vid);
      const row = res.report.find((r) => r.vid === vid);
      if (!vehicle || !row) throw new Error(`${vid} missing`);
      // Registered just before the day: the odometer moved by the day's kilometres (a Teltonika
      // tracker sends its own, which starts at odometerStartKm).
      const odometerKm = vehicle.mileage - (day.spec.odometerStartKm ?? 0);
      expect(Math.abs(odometerKm - row.mileage)).toBeLessThanOrEqual(Math.max(0.05, row.mileage * 0.01));
      const last = (await perVehicle(vid)).transit.filter((t) => !t.underWay).at(-1);
      expect(vehicle.transitFrom).toBe(last?.endTime);
    }
  });

  it('daily mileage report: local days of Kuala Lumpur, summing to the mileage report', async () => {
    // From noon the day before: two local days, the first without a kilometre.
    const wide = { vids: [...vids.keys()], startTime: DAY.startMs - 12 * HOUR, endTime: DAY_END };
    const daily = await post<DailyMileageReportResponse>(owner2, REPORT_PATHS.reportDailyMileage, wide);
    const mileage = await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, wide);
    for (const vid of vids.keys()) {
      const rows = daily.report.filter((r) => r.vid === vid);
      expect(rows.map((r) => r.date)).toEqual(['2026-03-01', '2026-03-02']);
      expect(rows[0]?.mileage).toBe(0);
      expect(rows[1]).toMatchObject({ startTime: DAY.startMs, endTime: DAY_END });
      expect(rows[1]?.mileage).toBeCloseTo(mileage.report.find((r) => r.vid === vid)?.mileage ?? NaN, 2);
    }
  });

  it('ranges cut while a vehicle moves and while it is parked: the parts add up to the whole', async () => {
    const whole = await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, all());
    for (const [vid, day] of vids) {
      const row = whole.report.find((r) => r.vid === vid);
      const mid = (status: string) => {
        const seg = day.truth.segments.find((x) => x.status === status && x.durationMs > 10 * MINUTE && !x.open);
        if (!seg) throw new Error(`no ${status} segment for ${vid}`);
        return seg.startMs + Math.floor(seg.durationMs / 2);
      };
      for (const cut of [mid('MOVING'), mid('PARKING')]) {
        const part = async (startTime: number, endTime: number) =>
          (await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, { vids: [vid], startTime, endTime }))
            .report[0];
        const a = await part(window.startTime, cut);
        const b = await part(cut, window.endTime);
        if (!a || !b || !row) throw new Error(`no row for ${vid}`);
        expect(a.mileage + b.mileage).toBeCloseTo(row.mileage, 2);
        for (const key of ['movingDuration', 'idlingDuration', 'parkingDuration', 'engineDuration'] as const)
          expect(a[key] + b[key]).toBe(row[key]);
        // The range that ends inside a record counts the part of it inside the range (item 4):
        // the transit and trip reports of the two parts add up to the whole's.
        const sums = async (startTime: number, endTime: number) => {
          const range = { vids: [vid], startTime, endTime };
          const transit = (await post<TransitReportResponse>(owner2, REPORT_PATHS.reportTransit, range)).report;
          const trips = (await post<TripReportResponse>(owner2, REPORT_PATHS.reportTrip, range)).report;
          const add = <T>(rows: T[], f: (r: T) => number) => rows.reduce((x, r) => x + f(r), 0);
          return {
            first: transit[0]?.startTime,
            last: transit.at(-1)?.endTime,
            km: add(transit, (r) => r.totalMileage),
            ms: add(transit, (r) => r.duration),
            tripKm: add(trips, (t) => t.totalDistance),
            tripMoving: add(trips, (t) => t.totalMovingDuration),
            tripMs: add(trips, (t) => t.endTime - t.startTime),
          };
        };
        const [ta, tb, tw] = [
          await sums(window.startTime, cut),
          await sums(cut, window.endTime),
          await sums(window.startTime, window.endTime),
        ];
        expect([ta.last, tb.first]).toEqual([cut, cut]);
        expect(ta.km + tb.km).toBeCloseTo(tw.km, 2);
        expect(ta.ms + tb.ms).toBe(tw.ms);
        expect(ta.tripKm + tb.tripKm).toBeCloseTo(tw.tripKm, 2);
        expect(ta.tripMoving + tb.tripMoving).toBe(tw.tripMoving);
        expect(ta.tripMs + tb.tripMs).toBe(tw.tripMs);
      }
      // Per local day: the days of the range sum to the range.
      const daily = await post<DailyMileageReportResponse>(owner2, REPORT_PATHS.reportDailyMileage, {
        vids: [vid],
        startTime: window.startTime - 12 * HOUR,
        endTime: window.endTime,
      });
      expect(daily.report.reduce((x, d) => x + d.mileage, 0)).toBeCloseTo(row?.mileage ?? NaN, 2);
    }
  });

  it('a window without records: a zero row for every vehicle, no transit or trip', async () => {
    const before = {
      vids: [...vids.keys()],
      startTime: DAY.startMs - 10 * 24 * HOUR,
      endTime: DAY.startMs - 9 * 24 * HOUR,
    };
    const mileage = await post<MileageReportResponse>(owner2, REPORT_PATHS.reportMileage, before);
    expect(mileage.report.map((r) => [r.vid, r.mileage, r.movingDuration, r.parkingDuration, r.underWay])).toEqual(
      [...vids.keys()].sort().map((vid) => [vid, 0, 0, 0, false]),
    );
    const daily = await post<DailyMileageReportResponse>(owner2, REPORT_PATHS.reportDailyMileage, before);
    expect(daily.report.map((r) => r.mileage)).toEqual([...vids.keys()].map(() => 0));
    for (const path of [REPORT_PATHS.reportTransit, REPORT_PATHS.reportTrip]) {
      expect(await post(owner2, path, before)).toEqual({
        status: 200,
        message: REPORT_TEXTS.empty,
        report: [],
        truncated: false,
      });
    }
  });

  it('refuses a vehicle out of reach, and roles without the Vehicle Report grant', async () => {
    const owner = await signIn(server.baseUrl, 'owner');
    const operator = await signIn(server.baseUrl, 'operator');
    const ownVid = (
      await server.app.database.db
        .selectFrom('vehicles')
        .select('vid')
        .where('vehicle_plate', '=', 'BMK 5521')
        .executeTakeFirstOrThrow()
    ).vid;
    for (const path of Object.values(REPORT_PATHS)) {
      const foreign = await owner.c.post(path, { ...all(), vids: [ownVid, ...vids.keys()] });
      expect(foreign.status).toBe(403);
      expect(foreign.body.errorType).toBe('Forbidden');
      expect(JSON.stringify(foreign.body)).not.toContain([...vids.keys()][0]);
      expect((await owner.c.post(path, { ...all(), vids: [ownVid] })).status).toBe(200);
      expect((await operator.c.post(path, { ...all(), vids: [ownVid] })).status).toBe(403);
    }
  });

  it.each([
    ['no vehicles', { vids: [] }, 'vids'],
    ['more than 500 vehicles', { vids: Array.from({ length: 501 }, (_, i) => `v${i}`) }, 'vids'],
    ['a window over 31 days', { endTime: DAY.startMs + 32 * 24 * HOUR }, 'endTime'],
    ['an end before the start', { endTime: DAY.startMs - 1 }, 'endTime'],
  ])('400 naming the field for %s', async (_, change, field) => {
    for (const path of Object.values(REPORT_PATHS)) {
      const r = await owner2.post(path, { ...all(), ...change });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ status: 400, errorType: 'ValidationException' });
      expect(String(r.body.message)).toContain(field);
    }
  });
});
