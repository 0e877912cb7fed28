import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUEL_PATHS, type FuelAnalysisResponse, type FuelReportResponse } from '@jejak/contract';
import { startSimulator } from '@jejak/simulator';
import { DEMO_FUEL_MODEL, DEMO_VEHICLES, demoImei } from '../src/demo/demo-fleet.ts';
import { demoSimulations } from '../src/demo/demo-simulation.ts';
import { demoImeis } from '../src/demo/seed.ts';
import { signIn } from './accounts-fixture.ts';
import { startTestServer, type TestServer } from './harness.ts';

const MIN = 60_000;
/** Device time the demo's trackers drive: a refuel is due 3 min in, a drain 15 min in (fuel-gauge.ts). */
const DRIVEN_MS = 40 * MIN;
const INTERVAL_MS = 5000;
const FIXES = DRIVEN_MS / INTERVAL_MS;

/**
 * Issue 24 item 8: the demo's Teltonika trackers report tank levels, so Fuel Analysis and the
 * refuel and drain reports have data soon after first start. The demo's own simulation, run
 * as fast as the server takes it (1000 times the wall clock at most) over the last 45 minutes:
 * 40 minutes of device time in seconds.
 */
describe('the demo fleet shows fuel', () => {
  let server: TestServer;
  const startTime = Date.now() - 45 * MIN;
  const fuelled = DEMO_VEHICLES.flatMap((v, i) => (v.fuelSensor ? [{ v, imei: demoImei(i) }] : []));

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const simulations = demoSimulations({
      host: '127.0.0.1',
      gt06Port: server.gt06Port,
      teltonikaPort: server.app.gatewayPorts.teltonika,
      intervalMs: INTERVAL_MS,
      speedFactor: 1000,
      startTimeMs: startTime,
      heartbeatEveryMs: 0,
      maxFixesPerDevice: FIXES,
    });
    // The fuel trackers only: the GT06 half is the demo as it was (and costs the shared CPU).
    const teltonika = simulations.find((s) => s.protocol === 'teltonika');
    if (!teltonika) throw new Error('the demo has no Teltonika simulation');
    expect(teltonika.devices.map((d) => d.imei)).toEqual(fuelled.map((f) => f.imei));
    const sim = startSimulator(teltonika);
    const deadline = Date.now() + 150_000;
    while (sim.stats().acked < fuelled.length * FIXES && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    await sim.stop();
    await server.app.pipeline.drain();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('fits four of the owner’s vehicles with Teltonika fuel trackers; the rest stay GT06', async () => {
    expect(fuelled.map((f) => f.v.plate)).toEqual(['BNA 1919', 'WQM 2245', 'VFA 5150', 'WPN 8126']);
    expect(fuelled.every((f) => f.v.owner === 'owner')).toBe(true);
    expect(demoImeis()).toHaveLength(DEMO_VEHICLES.length - 4);
    expect(demoImeis().filter((imei) => fuelled.some((f) => f.imei === imei))).toEqual([]);
    const devices = await server.app.database.db
      .selectFrom('devices')
      .select(['model', 'imei'])
      .where(
        'imei',
        'in',
        fuelled.map((f) => f.imei),
      )
      .execute();
    expect(devices.map((d) => d.model)).toEqual(fuelled.map(() => DEMO_FUEL_MODEL));
  });

  it('stores the tank level of every fix, in litres within the tank', async () => {
    const rows = await server.app.database.db
      .selectFrom('device_logs')
      .innerJoin('vehicles', 'vehicles.dvid', 'device_logs.dvid')
      .select(['vehicles.vehicle_plate as plate', 'device_logs.fuel', 'device_logs.package'])
      .where(
        'device_logs.dvid',
        'in',
        fuelled.map((f) => `${DEMO_FUEL_MODEL}#${f.imei}`),
      )
      .execute();
    for (const { v } of fuelled) {
      const fixes = rows.filter((r) => r.plate === v.plate && r.package.startsWith('gps#'));
      const levels = fixes.map((r) => Number(r.fuel));
      expect(levels).toHaveLength(FIXES);
      expect(levels.every((l) => Number.isFinite(l) && l > 0)).toBe(true);
      expect(Math.max(...levels) - Math.min(...levels)).toBeGreaterThan(5);
    }
  });

  it('gives Fuel Analysis and the refuel report a refuel and a drain for each of them', async () => {
    const { c } = await signIn(server.baseUrl, 'owner');
    const vehicles = await server.app.database.db
      .selectFrom('vehicles')
      .select(['vid', 'vehicle_plate as plate'])
      .where(
        'vehicle_plate',
        'in',
        fuelled.map((f) => f.v.plate),
      )
      .execute();
    const window = { startTime, endTime: Date.now() };
    for (const { vid, plate } of vehicles) {
      const analysis = await c.post(FUEL_PATHS.vehicleFuelAnalysis, { vid, ...window });
      expect(analysis.status, plate).toBe(200);
      const [record] = (analysis.body as unknown as FuelAnalysisResponse).fuelRecords;
      expect(record?.refuels.length, plate).toBeGreaterThanOrEqual(1);
      expect(record?.fuelThefts.length, plate).toBeGreaterThanOrEqual(1);
      expect(record?.fuelConsumption.movingFuelConsumption, plate).toBeGreaterThan(0);
      const report = await c.post(FUEL_PATHS.reportFuel, { vidList: [vid], ...window });
      const [row] = (report.body as unknown as FuelReportResponse).report;
      expect(row?.refuels.length, plate).toBeGreaterThanOrEqual(1);
      expect(row?.losses.length, plate).toBeGreaterThanOrEqual(1);
    }
    expect(vehicles).toHaveLength(4);
  });
});
