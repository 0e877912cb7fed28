import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playScenario, type ScenarioRunResult } from '../../../tools/simulator/scenario-runner.ts';
import {
  compareVehicle,
  worstDurationErrorMs,
  type ObservedSegment,
  type ObservedTrip,
  type VehicleComparison,
} from '../../../tools/simulator/scenario/compare.ts';
import { dayOptions, type VehicleDay } from '../../../tools/simulator/scenario/day.ts';
import { simulateFleetDay } from '../../../tools/simulator/scenario/fleet.ts';
import { apiClient, registerVehicle, startTestServer, type TestServer } from './harness.ts';

/**
 * The truth test (issue 3, item 9): a simulated 24-hour day of ten vehicles — GT06 and
 * Teltonika, with parked GPS drift, tunnels, lost cellular links and memory uploads — sent over
 * real sockets to a real server as fast as it acknowledges, then read back through the HTTP API
 * and held against the simulator's ground truth.
 *
 * Clock: device times are the simulated day (2 March 2026 in Kuala Lumpur); the server's clock
 * starts an hour after that day ends and runs at wall speed. So no fix is "from the future",
 * and the DISCONNECTED sweep — which measures silence on the server's clock — never fires: in
 * wall time a tracker is silent for milliseconds, not the simulated minutes of its outage.
 * DISCONNECTED is a live observation of silence, not part of a vehicle's history; the truth has
 * no such segments and the sweep has its own test (disconnect.test.ts).
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16));
const DAY_END = DAY.startMs + DAY.durationMs;
const OWNER = 'owner2@demo.jejak.my';

interface Observed {
  day: VehicleDay;
  vid: string;
  comparison: VehicleComparison;
  /** Null until the server serves trip records. */
  trips: ObservedTrip[] | null;
  vehicle: { mileage: number; transitStatus: string | null; transitFrom: number | null };
}

describe('truth: a simulated day of 10 vehicles over real sockets', () => {
  const fleet = simulateFleetDay({ vehicles: 10, seed: 1 }, DAY);
  let server: TestServer;
  let run: ScenarioRunResult;
  const observed: Observed[] = [];

  beforeAll(async () => {
    const wallStart = Date.now();
    server = await startTestServer('pglite', {}, () => DAY_END + HOUR + (Date.now() - wallStart));
    const app = server.app;
    const vids = new Map<string, string>();
    for (const { spec } of fleet) {
      const plate = `SIM ${spec.imei.slice(-4)}`;
      vids.set(spec.imei, await registerVehicle(app, { ...spec, ownerEmail: OWNER, plate }));
    }
    run = await playScenario(
      { host: '127.0.0.1', gt06Port: server.gt06Port, teltonikaPort: app.gatewayPorts.teltonika ?? 0 },
      fleet,
    );
    await app.pipeline.drain();

    const api = apiClient(server.baseUrl);
    const me = await api.login(OWNER);
    const hierarchy = await api.post('/user/gethierarchy', { uid: me.uid });
    const vehicles = hierarchy.body.vehicles as ({ vid: string } & Observed['vehicle'])[];
    for (const day of fleet) {
      const vid = vids.get(day.spec.imei) ?? '';
      const window = { vid, startTime: DAY.startMs, endTime: DAY_END };
      const transit = await api.post('/transitRecord/timeFrame', window);
      const segments = (transit.body.transitRecords as { transitStatus: string; startTime: number; endTime: number }[]).map(
        (r): ObservedSegment => ({ status: r.transitStatus, startMs: r.startTime, endMs: r.endTime }),
      );
      const trips = await observedTrips(api, window);
      const vehicle = vehicles.find((v) => v.vid === vid);
      if (!vehicle) throw new Error(`vehicle ${vid} not visible`);
      const mileageKm = vehicle.mileage - (day.spec.odometerStartKm ?? 0);
      const comparison = compareVehicle(day.truth, { segments, trips: trips ?? [], mileageKm });
      observed.push({ day, vid, comparison, trips, vehicle });
    }
    printFigures(observed, run);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('acknowledges every record the trackers made', () => {
    const records = fleet.reduce((a, d) => a + d.observations.length, 0);
    expect(run.stats.acked).toBeGreaterThanOrEqual(records);
    expect(run.stats.pending).toBe(0);
  });

  it('counts exactly the true trips, with no phantom trip while parked', () => {
    for (const o of observed) {
      expect(o.trips, 'trip records served').not.toBeNull();
      const name = o.day.spec.name;
      expect({ name, trips: o.trips?.length }).toEqual({ name, trips: o.day.truth.trips.length });
      expect({ name, phantoms: o.comparison.phantomTrips }).toEqual({ name, phantoms: [] });
    }
  });

  it('measures each vehicle’s mileage within 1 %', () => {
    for (const o of observed) {
      expect({ name: o.day.spec.name, within1pct: Math.abs(o.comparison.mileageErrorPct) <= 1 }).toEqual({
        name: o.day.spec.name,
        within1pct: true,
      });
    }
  });

  it('finds every idle and park segment, each within 1 minute of its true duration', () => {
    for (const o of observed) {
      const name = o.day.spec.name;
      for (const status of ['IDLING', 'PARKING'] as const) {
        const worst = worstDurationErrorMs(o.comparison, status);
        expect({ name, status, worstWithin1Min: worst <= MINUTE }).toEqual({ name, status, worstWithin1Min: true });
      }
      const extra = o.comparison.extraSegments.map((s) => s.status);
      expect({ name, extra }).toEqual({ name, extra: [] });
      // The night parking is under way: the vehicle says so, since when it began.
      const last = o.day.truth.segments.at(-1);
      expect(o.vehicle.transitStatus).toBe('PARKING');
      expect(Math.abs((o.vehicle.transitFrom ?? 0) - (last?.startMs ?? 0))).toBeLessThanOrEqual(MINUTE);
    }
  });
});

type Api = ReturnType<typeof apiClient>;

/** The trip records of the window (TRANSIT only), or null while the server does not serve them. */
async function observedTrips(api: Api, window: object): Promise<ObservedTrip[] | null> {
  const r = await api.post('/tripRecord/timeFrame', window);
  const list = (r.body.list ?? r.body.tripRecords) as
    | { tripStatus: string; startTime: number; endTime: number; totalDistance: number }[]
    | undefined;
  if (r.status !== 200 || !list) return null;
  return list
    .filter((t) => t.tripStatus === 'TRANSIT')
    .map((t) => ({ startMs: t.startTime, endMs: t.endTime, distanceKm: t.totalDistance }));
}

function printFigures(observed: Observed[], run: ScenarioRunResult): void {
  const rows = observed.map(({ day, comparison: c, trips }) => {
    const worst = (s: 'IDLING' | 'PARKING') => worstDurationErrorMs(c, s) / 1000;
    const truthSegs = day.truth.segments.filter((s) => !s.open).length;
    return {
      vehicle: day.spec.name,
      records: day.observations.length,
      trips: `${trips?.length ?? '-'}/${day.truth.trips.length}`,
      phantomTrips: c.phantomTrips.length,
      km: `${(day.truth.mileageKm * (1 + c.mileageErrorPct / 100)).toFixed(2)}/${day.truth.mileageKm.toFixed(2)}`,
      mileageErrPct: Number(c.mileageErrorPct.toFixed(3)),
      segments: `${c.segments.filter((p) => p.observed).length}/${truthSegs} +${c.extraSegments.length}`,
      worstIdleS: worst('IDLING'),
      worstParkS: worst('PARKING'),
    };
  });
  console.log(
    `truth test: ${run.stats.acked} records acknowledged in ${(run.wallMs / 1000).toFixed(1)} s ` +
      `(${Math.round(run.stats.acked / (run.wallMs / 1000))}/s), ${run.stats.reconnects} reconnects`,
  );
  console.table(rows);
}
