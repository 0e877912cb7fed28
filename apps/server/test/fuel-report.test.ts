import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUEL_PATHS,
  REPORT_TEXTS,
  type FuelAnalysisResponse,
  type FuelChange,
  type FuelReportResponse,
  type TransitRecordsResponse,
} from '@jejak/contract';
import { dayOptions, playScenario, simulateFleetDay, type VehicleDay } from '@jejak/simulator';
import { signIn, type Client } from './accounts-fixture.ts';
import { dbKinds, registerVehicle, startTestServer, type TestServer } from './harness.ts';
import { createFleetRepo } from '../src/storage/repos/fleet/fleet-repo.ts';

/**
 * The fuel report and Fuel Analysis (issue 13 items 3, 4, 6) on a simulated day sent through the
 * real pipeline: two Teltonika vehicles with fuel level sensors (a van whose tank is siphoned at
 * night, a truck with an ultrasonic sensor; refuels when low, one across a lost cellular link)
 * and a GT06 car without a sensor. Refuels and losses are held against the simulator's truth.
 *
 * Tolerances, from the level tracker (packages/domain/src/fuel/level-tracker.ts): an event starts
 * at the last smoothed level within a quarter of its threshold of the low (or high), and that
 * level is a 2-minute median, so its start may be a couple of minutes late and its litres short
 * by up to a quarter of the threshold (5 % of the tank: 1 L of the van's 80, 2.5 L of the truck's
 * 200) plus sensor noise (σ 0.2 % of range standing, 1 % driving). So: start within 5 minutes,
 * litres within 5 % of the tank.
 */

const kinds = await dbKinds();
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16));
const DAY_END = DAY.startMs + DAY.durationMs;
const ALL = simulateFleetDay({ vehicles: 4, seed: 1 }, DAY);
const FLEET = [...ALL.filter((d) => d.spec.tank), ...ALL.filter((d) => d.spec.model === 'GPS100').slice(0, 1)];
const OWNER = 'owner2@demo.jejak.my';

type Body = Record<string, unknown>;
const post = async <T>(c: Client, path: string, body: Body): Promise<T> => {
  const r = await c.post(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as T;
};

/** Each truth event paired with the reported one nearest in time. */
function agree(reported: FuelChange[], truth: { timeMs: number; litres: number }[], capacity: number): void {
  expect(reported).toHaveLength(truth.length);
  for (const t of truth) {
    const r = reported.reduce<FuelChange | undefined>(
      (best, c) => (!best || Math.abs(c.startTime - t.timeMs) < Math.abs(best.startTime - t.timeMs) ? c : best),
      undefined,
    );
    expect(Math.abs((r?.startTime ?? 0) - t.timeMs)).toBeLessThanOrEqual(5 * MINUTE);
    expect(Math.abs((r?.litres ?? 0) - t.litres)).toBeLessThanOrEqual(capacity * 0.05);
    expect(r?.location).not.toBeNull();
  }
}

describe.each(kinds)('fuel report and Fuel Analysis on %s', (kind) => {
  let server: TestServer;
  let owner2: Client;
  const vids = new Map<string, VehicleDay>();
  const window = { startTime: DAY.startMs, endTime: DAY_END };
  const vidOf = (d: VehicleDay) => [...vids].find(([, v]) => v === d)?.[0] ?? '';

  beforeAll(async () => {
    // The server's clock runs an hour after the simulated day (truth-harness.ts says why).
    const wallStart = Date.now();
    server = await startTestServer(
      kind,
      { JEJAK_RECOMPUTE_DELAY_MS: '200' },
      () => DAY_END + HOUR + (Date.now() - wallStart),
    );
    const app = server.app;
    const fleet = createFleetRepo(app.database.db);
    for (const d of FLEET) {
      const vid = await registerVehicle(app, { ...d.spec, ownerEmail: OWNER, plate: `SIM ${d.spec.imei.slice(-4)}` });
      if (d.spec.tank) await fleet.setVehicleFuelProfile(vid, { [`fuel${d.spec.tank.portNumber}`]: d.spec.tank });
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

  it("finds the truth's refuels and drains: count, start within 5 minutes, litres within 5 % of the tank", async () => {
    const res = await post<FuelReportResponse>(owner2, FUEL_PATHS.reportFuel, { vidList: [...vids.keys()], ...window });
    expect(res).toMatchObject({ status: 200, message: REPORT_TEXTS.done, truncated: false });
    const withTanks = FLEET.filter((d) => d.spec.tank);
    expect(withTanks.flatMap((d) => d.truth.refuels).length).toBeGreaterThanOrEqual(2);
    expect(withTanks.flatMap((d) => d.truth.drains).length).toBeGreaterThanOrEqual(1);
    expect(res.report.map((r) => r.vid).sort()).toEqual(withTanks.map(vidOf).sort());
    for (const d of withTanks) {
      const row = res.report.find((r) => r.vid === vidOf(d));
      const capacity = d.spec.tank?.fuelCapacity ?? 0;
      expect(row?.tank).toBe('fuel1');
      agree(row?.refuels ?? [], d.truth.refuels, capacity);
      agree(row?.losses ?? [], d.truth.drains, capacity);
    }
  });

  it('splits the fuel burnt by transit status and sums the local days to the window', async () => {
    const res = await post<FuelReportResponse>(owner2, FUEL_PATHS.reportFuel, { vidList: [...vids.keys()], ...window });
    for (const row of res.report) {
      const d = vids.get(row.vid);
      const u = row.usage;
      expect(u.date).toBeNull();
      expect(u.consumedLitres).toBeGreaterThan(0);
      expect(u.movingLitres).toBeGreaterThan(u.parkingLitres);
      expect(u.movingLitres + u.idlingLitres + u.parkingLitres).toBeLessThanOrEqual(u.consumedLitres + 0.01);
      expect(Math.abs(u.mileage - (d?.truth.mileageKm ?? 0)) / (d?.truth.mileageKm ?? 1)).toBeLessThanOrEqual(0.01);
      expect(u.litresPer100Km).toBeCloseTo((u.consumedLitres / u.mileage) * 100, 1);
      // The window is one local day (00:00–24:00 in Kuala Lumpur).
      expect(row.daily.map((x) => x.date)).toEqual(['2026-03-02']);
      expect(row.daily[0]).toMatchObject({ ...u, date: '2026-03-02' });
      // Fuel in the tank at the end = at the start + refuels − losses − burnt, to a few litres.
      const balance = (u.startLitres ?? 0) + u.refuelLitres - u.lossLitres - u.consumedLitres;
      expect(Math.abs(balance - (u.endLitres ?? 0))).toBeLessThanOrEqual((d?.spec.tank?.fuelCapacity ?? 0) * 0.05);
    }
  });

  it('Fuel Analysis: the same events per tank, consumption as the report, chart logs on request', async () => {
    const van = FLEET.find((d) => d.spec.tank && d.truth.drains.length > 0);
    if (!van) throw new Error('no vehicle with a drain');
    const vid = vidOf(van);
    const body = { vid, ...window, isReturnDeviceLog: true };
    const res = await post<FuelAnalysisResponse>(owner2, FUEL_PATHS.vehicleFuelAnalysis, body);
    const report = await post<FuelReportResponse>(owner2, FUEL_PATHS.reportFuel, { vidList: [vid], ...window });
    const row = report.report[0];
    expect(res).toMatchObject({ status: 200, fuelTankNumber: 1 });
    const rec = res.fuelRecords[0];
    const capacity = van.spec.tank?.fuelCapacity ?? 0;
    expect(rec).toMatchObject({ tank: 'fuel1', capacity });
    expect(rec?.refuels.map((r) => r.startLog.deviceTime)).toEqual(row?.refuels.map((r) => r.startTime));
    expect(rec?.fuelThefts.map((r) => r.litres)).toEqual(row?.losses.map((r) => r.litres));
    const theft = rec?.fuelThefts[0];
    expect(theft?.startLog.fuel).toBeCloseTo(((row?.losses[0]?.startLitres ?? 0) / capacity) * 100, 1);
    expect(rec?.fuelConsumption).toMatchObject({
      movingFuelConsumption: row?.usage.movingLitres,
      idlingFuelConsumption: row?.usage.idlingLitres,
      parkingFuelConsumption: row?.usage.parkingLitres,
      totalMovingDistance: row?.usage.mileage,
    });
    const transit = await post<TransitRecordsResponse>(owner2, '/transitRecord/timeFrame', { vid, ...window });
    const idling = transit.transitRecords
      .filter((r) => r.transitStatus === 'IDLING')
      .reduce((a, r) => a + Math.min(r.endTime, DAY_END) - Math.max(r.startTime, DAY.startMs), 0);
    expect(rec?.fuelConsumption.totalIdlingDuration).toBe(idling);
    const logs = rec?.deviceLogs ?? [];
    expect(logs.length).toBeGreaterThan(100);
    expect(logs.every((l) => l.deviceTime >= DAY.startMs && l.deviceTime < DAY_END)).toBe(true);
    const statuses = new Set(logs.map((l) => l.transitStatus));
    for (const s of ['MOVING', 'IDLING', 'PARKING'] as const) expect(statuses.has(s)).toBe(true);
    expect(logs.some((l) => l.engineStatus === true) && logs.some((l) => l.engineStatus === false)).toBe(true);

    const bare = await post<FuelAnalysisResponse>(owner2, FUEL_PATHS.vehicleFuelAnalysis, {
      ...body,
      fuelTankNumber: 0,
      isReturnDeviceLog: false,
    });
    expect(bare.fuelRecords[0]?.deviceLogs).toBeUndefined();
    const none = await post<FuelAnalysisResponse>(owner2, FUEL_PATHS.vehicleFuelAnalysis, {
      ...body,
      fuelTankNumber: 3,
    });
    expect(none).toMatchObject({ fuelTankNumber: 1, fuelRecords: [], message: REPORT_TEXTS.empty });
  });

  it('gives every tank its usage row and a row per day, even in a window without a reading', async () => {
    const tanked = FLEET.filter((d) => d.spec.tank);
    const before = { startTime: DAY.startMs - 2 * 24 * HOUR, endTime: DAY.startMs };
    const res = await post<FuelReportResponse>(owner2, FUEL_PATHS.reportFuel, {
      vidList: tanked.map(vidOf),
      ...before,
    });
    expect(res.report.map((r) => r.vid).sort()).toEqual(tanked.map(vidOf).sort());
    for (const r of res.report) {
      expect(r.usage).toMatchObject({ startLitres: null, endLitres: null, consumedLitres: 0, refuelLitres: 0 });
      expect(r.daily).toHaveLength(2);
    }
  });

  it('gives a vehicle without a fuel sensor no rows', async () => {
    const car = FLEET.find((d) => !d.spec.tank);
    if (!car) throw new Error('no vehicle without a tank');
    const vid = vidOf(car);
    const res = await post<FuelReportResponse>(owner2, FUEL_PATHS.reportFuel, { vidList: [vid], ...window });
    expect(res).toMatchObject({ report: [], message: REPORT_TEXTS.empty });
    const analysis = await post<FuelAnalysisResponse>(owner2, FUEL_PATHS.vehicleFuelAnalysis, { vid, ...window });
    expect(analysis).toMatchObject({ fuelTankNumber: 0, fuelRecords: [] });
  });

  it('refuses vehicles out of reach and bad bodies', async () => {
    const other = (await signIn(server.baseUrl, 'owner')).c;
    const vid = [...vids.keys()][0] ?? '';
    const foreign = await other.post(FUEL_PATHS.reportFuel, { vidList: [vid], ...window });
    expect(foreign.status).toBe(403);
    const foreignAnalysis = await other.post(FUEL_PATHS.vehicleFuelAnalysis, { vid, ...window });
    expect(foreignAnalysis.status).toBe(403);
    const backwards = await owner2.post(FUEL_PATHS.reportFuel, { vidList: [vid], startTime: DAY_END, endTime: 0 });
    expect(backwards.status).toBe(400);
    const noVid = await owner2.post(FUEL_PATHS.vehicleFuelAnalysis, { ...window });
    expect(noVid.status).toBe(400);
    const tooLong = await owner2.post(FUEL_PATHS.vehicleFuelAnalysis, { vid, startTime: 0, endTime: 40 * 24 * HOUR });
    expect(tooLong.status).toBe(400);
    const anonymous = await fetch(`${server.baseUrl}/api${FUEL_PATHS.reportFuel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ vidList: [vid], ...window }),
    });
    expect(anonymous.status).toBe(401);
  });
});
