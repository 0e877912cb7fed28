import { afterAll, beforeAll } from 'vitest';
import type { TransitRecordsResponse, TripRecordsResponse, VehicleLogsResponse } from '@jejak/contract';
import {
  compareVehicle,
  type DayOptions,
  playScenario,
  type ScenarioRunResult,
  stationaryKm,
  type VehicleComparison,
  type VehicleDay,
  worstDurationErrorMs,
} from '@jejak/simulator';
import { apiClient, registerVehicle, startTestServer, type DbKind, type TestServer } from './harness.ts';

/**
 * The truth tests' run (truth.test.ts, truth-no-ignition.test.ts): simulated days sent over real
 * sockets to a real server as fast as it acknowledges, read back through the HTTP API and held
 * against the simulator's ground truth.
 *
 * Clock: the server's clock starts an hour after the simulated span ends and runs at wall speed.
 * So no fix is "from the future", and the DISCONNECTED sweep — which measures silence on the
 * server's clock — never fires: in wall time a tracker is silent for milliseconds. Records take
 * DISCONNECTED only from gaps in a device's own timeline, and the simulated trackers report at
 * least every two minutes, so the truth has no such segments.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;
const OWNER = 'owner2@demo.jejak.my';
const RECOMPUTE_DELAY_MS = 200;

export interface Observed {
  vid: string;
  day: VehicleDay;
  comparison: VehicleComparison;
  tripCount: number;
  /** Odometer km the server counted while the vehicle stood still, parked and idling. */
  stillKm: { parked: number; idling: number };
  vehicle: { mileage: number; transitStatus: string | null; transitFrom: number | null };
  /** Vehicle-log rows inside a true parking (a minute clear of its edges) not said to be in one. */
  parkedRowsNotParked: { timeMs: number; transitStatus: string; tripStatus: string | null }[];
}

export interface TruthRun {
  server: TestServer;
  run: ScenarioRunResult;
  observed: Map<string, Observed>;
}

export async function playTruth(fleet: VehicleDay[], day: DayOptions, kind: DbKind = 'pglite'): Promise<TruthRun> {
  const wallStart = Date.now();
  const dayEnd = day.startMs + day.durationMs;
  // Memory uploads are recomputed once a tracker has sent no late fix for this long.
  const env = { JEJAK_RECOMPUTE_DELAY_MS: String(RECOMPUTE_DELAY_MS) };
  const server = await startTestServer(kind, env, () => dayEnd + HOUR + (Date.now() - wallStart));
  const app = server.app;
  const vids = new Map<string, string>();
  for (const { spec } of fleet) {
    const plate = `SIM ${spec.imei.slice(-4)}`;
    vids.set(spec.imei, await registerVehicle(app, { ...spec, ownerEmail: OWNER, plate }));
  }
  const ports = { host: '127.0.0.1', gt06Port: server.gt06Port, teltonikaPort: app.gatewayPorts.teltonika ?? 0 };
  const run = await playScenario(ports, fleet, { timeoutMs: 150_000 });
  // The last recompute is due at most RECOMPUTE_DELAY_MS after the last late fix; then it runs
  // in its device's chain, which drain waits for.
  await new Promise((r) => setTimeout(r, RECOMPUTE_DELAY_MS + 100));
  await app.pipeline.drain();

  const api = apiClient(server.baseUrl);
  const me = await api.login(OWNER);
  const hierarchy = await api.post('/user/gethierarchy', { uid: me.uid });
  const vehicles = hierarchy.body.vehicles as ({ vid: string } & Observed['vehicle'])[];
  const observed = new Map<string, Observed>();
  for (const d of fleet) {
    const vid = vids.get(d.spec.imei) ?? '';
    const window = { vid, startTime: day.startMs, endTime: dayEnd };
    const transit = (await api.post('/transitRecord/timeFrame', window)).body as unknown as TransitRecordsResponse;
    const trips = (await api.post('/tripRecord/timeFrame', window)).body as unknown as TripRecordsResponse;
    const logs = (await api.post('/vehicleLog/getvidtimeframe', window)).body as unknown as VehicleLogsResponse;
    const vehicle = vehicles.find((v) => v.vid === vid);
    if (!vehicle) throw new Error(`vehicle ${vid} not visible`);
    const transitTrips = trips.tripRecords.filter((t) => t.tripStatus === 'TRANSIT');
    const comparison = compareVehicle(
      d.truth,
      {
        segments: transit.transitRecords.map((r) => ({
          status: r.transitStatus,
          startMs: r.startTime,
          endMs: r.endTime,
        })),
        trips: transitTrips.map((t) => ({ startMs: t.startTime, endMs: t.endTime, distanceKm: t.totalDistance })),
        mileageKm: vehicle.mileage - (d.spec.odometerStartKm ?? 0),
      },
      true,
    );
    const rows = logs.logs.map((l) => ({ timeMs: l.vehicleTime, mileageKm: l.mileage }));
    const stillKm = {
      parked: stationaryKm(d.truth, rows, 'PARKING'),
      idling: stationaryKm(d.truth, rows, 'IDLING'),
    };
    const parkedRowsNotParked = logs.logs
      .filter((l) => l.transitStatus !== 'PARKING' || l.tripStatus !== 'PARKING')
      .filter((l) =>
        d.truth.parkings.some((p) => l.vehicleTime >= p.startMs + MINUTE && l.vehicleTime < p.endMs - MINUTE),
      )
      .map((l) => ({ timeMs: l.vehicleTime, transitStatus: l.transitStatus, tripStatus: l.tripStatus }));
    observed.set(d.spec.name, {
      vid,
      day: d,
      comparison,
      tripCount: transitTrips.length,
      stillKm,
      vehicle,
      parkedRowsNotParked,
    });
  }
  printFigures(run, observed);
  return { server, run, observed };
}

type TripPair = VehicleComparison['trips'][number];
export const tripEdgeErrorMs = (p: TripPair) =>
  Math.max(Math.abs(p.startErrorMs), Math.abs(p.startErrorMs + p.durationErrorMs));
const tripKmErrorPct = (p: TripPair) =>
  p.observed ? (Math.abs(p.observed.distanceKm - p.truth.distanceKm) / p.truth.distanceKm) * 100 : 0;

function printFigures(run: ScenarioRunResult, observed: Map<string, Observed>): void {
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

/**
 * Plays the fleet once for the whole file (before its tests, stopped after them) and gives the
 * run and each vehicle's results by name.
 */
export function useTruthRun(fleet: VehicleDay[], day: DayOptions, kind: DbKind = 'pglite') {
  let truth: TruthRun | undefined;
  beforeAll(async () => {
    truth = await playTruth(fleet, day, kind);
  }, 240_000);
  afterAll(async () => {
    await truth?.server.stop();
  });
  const run = (): TruthRun => {
    if (!truth) throw new Error('the truth run has not played');
    return truth;
  };
  const result = (name: string): Observed => {
    const o = run().observed.get(name);
    if (!o) throw new Error(`no results for ${name}`);
    return o;
  };
  return { run, result };
}
