import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransitRecordsResponse, TripRecordsResponse, VehicleLogsResponse } from '@jejak/contract';
import {
  compareVehicle,
  dayOptions,
  playScenario,
  type ScenarioRunResult,
  simulateFleetDay,
  stationaryKm,
  type VehicleComparison,
  type VehicleDay,
  worstDurationErrorMs,
} from '@jejak/tools/simulator';
import { apiClient, registerVehicle, startTestServer, type TestServer } from './harness.ts';
import { KNOWN_GAPS, type Check } from './truth-gaps.ts';

/**
 * The truth test (issue 3, item 9): a simulated 24-hour day of ten vehicles — GT06 and
 * Teltonika, with parked GPS drift, tunnels, lost cellular links and memory uploads — sent over
 * real sockets to a real server as fast as it acknowledges, read back through the HTTP API and
 * held against the simulator's ground truth: trip count exact, no phantom trip while parked,
 * mileage within 1 %, idle and park segments within 1 minute.
 *
 * Clock: device times are the simulated day (2 March 2026 in Kuala Lumpur); the server's clock
 * starts an hour after that day ends and runs at wall speed. So no fix is "from the future",
 * and the DISCONNECTED sweep — which measures silence on the server's clock — never fires: in
 * wall time a tracker is silent for milliseconds, not the simulated minutes of its outage.
 * DISCONNECTED is a live observation of silence, not part of a vehicle's history, so the truth
 * has no such segments; the sweep has its own test (disconnect.test.ts).
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16));
const DAY_END = DAY.startMs + DAY.durationMs;
const OWNER = 'owner2@demo.jejak.my';
const RECOMPUTE_DELAY_MS = 200;
const FLEET = simulateFleetDay({ vehicles: 10, seed: Number(process.env.TRUTH_SEED ?? 1) }, DAY);

interface Observed {
  day: VehicleDay;
  comparison: VehicleComparison;
  tripCount: number;
  /** Odometer km the server counted while the vehicle stood still, parked and idling. */
  stillKm: { parked: number; idling: number };
  vehicle: { mileage: number; transitStatus: string | null; transitFrom: number | null };
}

const observed = new Map<string, Observed>();
let server: TestServer;
let run: ScenarioRunResult;

beforeAll(async () => {
  const wallStart = Date.now();
  // Memory uploads are recomputed once a tracker has sent no late fix for this long.
  const env = { JEJAK_RECOMPUTE_DELAY_MS: String(RECOMPUTE_DELAY_MS) };
  server = await startTestServer('pglite', env, () => DAY_END + HOUR + (Date.now() - wallStart));
  const app = server.app;
  const vids = new Map<string, string>();
  for (const { spec } of FLEET) {
    const plate = `SIM ${spec.imei.slice(-4)}`;
    vids.set(spec.imei, await registerVehicle(app, { ...spec, ownerEmail: OWNER, plate }));
  }
  const ports = { host: '127.0.0.1', gt06Port: server.gt06Port, teltonikaPort: app.gatewayPorts.teltonika ?? 0 };
  run = await playScenario(ports, FLEET, { timeoutMs: 150_000 });
  // The last recompute is due at most RECOMPUTE_DELAY_MS after the last late fix; then it runs
  // in its device's chain, which drain waits for.
  await new Promise((r) => setTimeout(r, RECOMPUTE_DELAY_MS + 100));
  await app.pipeline.drain();

  const api = apiClient(server.baseUrl);
  const me = await api.login(OWNER);
  const hierarchy = await api.post('/user/gethierarchy', { uid: me.uid });
  const vehicles = hierarchy.body.vehicles as ({ vid: string } & Observed['vehicle'])[];
  for (const day of FLEET) {
    const vid = vids.get(day.spec.imei) ?? '';
    const window = { vid, startTime: DAY.startMs, endTime: DAY_END };
    const transit = (await api.post('/transitRecord/timeFrame', window)).body as unknown as TransitRecordsResponse;
    const trips = (await api.post('/tripRecord/timeFrame', window)).body as unknown as TripRecordsResponse;
    const logs = (await api.post('/vehicleLog/getvidtimeframe', window)).body as unknown as VehicleLogsResponse;
    const vehicle = vehicles.find((v) => v.vid === vid);
    if (!vehicle) throw new Error(`vehicle ${vid} not visible`);
    const transitTrips = trips.tripRecords.filter((t) => t.tripStatus === 'TRANSIT');
    const comparison = compareVehicle(day.truth, {
      segments: transit.transitRecords.map((r) => ({
        status: r.transitStatus,
        startMs: r.startTime,
        endMs: r.endTime,
      })),
      trips: transitTrips.map((t) => ({ startMs: t.startTime, endMs: t.endTime, distanceKm: t.totalDistance })),
      mileageKm: vehicle.mileage - (day.spec.odometerStartKm ?? 0),
    });
    const rows = logs.logs.map((l) => ({ timeMs: l.vehicleTime, mileageKm: l.mileage }));
    const stillKm = {
      parked: stationaryKm(day.truth, rows, 'PARKING'),
      idling: stationaryKm(day.truth, rows, 'IDLING'),
    };
    observed.set(day.spec.name, { day, comparison, tripCount: transitTrips.length, stillKm, vehicle });
  }
  printFigures();
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

function result(name: string): Observed {
  const o = observed.get(name);
  if (!o) throw new Error(`no results for ${name}`);
  return o;
}

/** A check the server passes, or — listed in truth-gaps.ts with its cause — is known to fail today. */
function check(name: string, what: Check, title: string, body: (o: Observed) => void): void {
  const gap = KNOWN_GAPS[name]?.[what];
  if (gap) it.fails(`${title} [known gap: ${gap}]`, () => body(result(name)));
  else it(title, () => body(result(name)));
}

it('acknowledges every record the trackers made', () => {
  const records = FLEET.reduce((a, d) => a + d.observations.length, 0);
  expect(run.stats.acked).toBeGreaterThanOrEqual(records);
  expect(run.stats.pending).toBe(0);
});

describe.each(FLEET.map((d) => d.spec.name))('%s', (name) => {
  it('makes no trip while parked', () => {
    expect(result(name).comparison.phantomTrips).toEqual([]);
  });

  check(name, 'trips', 'counts exactly the true trips', (o) => {
    expect(o.tripCount).toBe(o.day.truth.trips.length);
  });

  check(name, 'mileage', 'measures the mileage within 1 %', (o) => {
    expect(Math.abs(o.comparison.mileageErrorPct)).toBeLessThanOrEqual(1);
  });

  check(name, 'idle', 'finds every idle segment, within 1 minute', (o) => {
    expect(o.comparison.extraSegments.filter((s) => s.status === 'IDLING')).toEqual([]);
    expect(worstDurationErrorMs(o.comparison, 'IDLING')).toBeLessThanOrEqual(MINUTE);
  });

  check(name, 'park', 'finds every park segment, within 1 minute, and the night parking under way', (o) => {
    expect(o.comparison.extraSegments.filter((s) => s.status === 'PARKING')).toEqual([]);
    expect(worstDurationErrorMs(o.comparison, 'PARKING')).toBeLessThanOrEqual(MINUTE);
    const night = o.day.truth.segments.at(-1);
    expect(o.vehicle.transitStatus).toBe('PARKING');
    expect(Math.abs((o.vehicle.transitFrom ?? 0) - (night?.startMs ?? 0))).toBeLessThanOrEqual(MINUTE);
  });
});

type TripPair = VehicleComparison['trips'][number];
const tripEdgeErrorMs = (p: TripPair) =>
  Math.max(Math.abs(p.startErrorMs), Math.abs(p.startErrorMs + p.durationErrorMs));
const tripKmErrorPct = (p: TripPair) =>
  p.observed ? (Math.abs(p.observed.distanceKm - p.truth.distanceKm) / p.truth.distanceKm) * 100 : 0;

function printFigures(): void {
  const rows = [...observed.values()].map(({ day, comparison: c, tripCount, stillKm }) => ({
    vehicle: day.spec.name,
    records: day.observations.length,
    trips: `${tripCount}/${day.truth.trips.length}`,
    phantomTrips: c.phantomTrips.length,
    km: `${(day.truth.mileageKm * (1 + c.mileageErrorPct / 100)).toFixed(2)}/${day.truth.mileageKm.toFixed(2)}`,
    mileageErrPct: Number(c.mileageErrorPct.toFixed(2)),
    stillKmParked: Number(stillKm.parked.toFixed(2)),
    stillKmIdling: Number(stillKm.idling.toFixed(2)),
    segments: `${c.segments.filter((p) => p.observed).length}/${c.segments.length} +${c.extraSegments.length}`,
    worstTripEdgeS: Math.max(0, ...c.trips.filter((p) => p.observed).map((p) => tripEdgeErrorMs(p) / 1000)),
    worstTripKmPct: Number(Math.max(0, ...c.trips.map(tripKmErrorPct)).toFixed(2)),
    worstIdleS: worstDurationErrorMs(c, 'IDLING') / 1000,
    worstParkS: worstDurationErrorMs(c, 'PARKING') / 1000,
  }));
  const s = run.stats;
  const perS = Math.round(s.acked / (run.wallMs / 1000));
  console.log(
    `truth test: ${s.acked} records acknowledged in ${(run.wallMs / 1000).toFixed(1)} s (${perS}/s), ${s.reconnects} reconnects`,
  );
  console.table(rows);
}
