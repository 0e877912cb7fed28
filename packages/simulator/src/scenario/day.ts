import { DEFAULT_SEGMENTER, DEFAULT_TRANSIT_CONFIG } from '@jejak/domain';
import { createSensor } from './sensor.ts';
import { createSegmentBuilder, deriveTrips, statusOf, stopsByLength } from './truth.ts';
import type { DayOptions, Observation, OutageTruth, TruthConfig, VehicleSpec, VehicleTruth } from './types.ts';
import { createWorld, type TimelineLog } from './world.ts';

const MIN = 60_000;
const HOUR = 3_600_000;

/** The server's defaults (apps/server config): a correct system with them must output the truth. */
export const DEFAULT_TRUTH_CONFIG: TruthConfig = {
  movingSpeedKmh: DEFAULT_TRANSIT_CONFIG.movingSpeedKmh,
  minParkingMs: DEFAULT_SEGMENTER.minParkingMs,
  minTripKm: DEFAULT_SEGMENTER.minTripKm,
  minTripMs: DEFAULT_SEGMENTER.minTripMs,
  parkAfterStopMs: DEFAULT_TRANSIT_CONFIG.parkAfterStopMs,
  minTripDisplacementM: DEFAULT_SEGMENTER.minTripDisplacementM,
};

export function dayOptions(startMs: number, overrides: Partial<DayOptions> = {}): DayOptions {
  return {
    startMs,
    durationMs: 24 * HOUR,
    sampling: { ignitionOnEveryMs: 10_000, ignitionOffEveryMs: 120_000, turnDeg: 15 },
    truth: DEFAULT_TRUTH_CONFIG,
    ...overrides,
  };
}

/**
 * Where the cellular link drops: across the first stop of the working day that is a real
 * parking (the upload must split the trip), or for ten minutes of a long drive.
 */
export function placeCellularLoss(spec: VehicleSpec, log: TimelineLog, day: DayOptions): OutageTruth | null {
  const from = day.startMs + 9 * HOUR;
  if (spec.cellularLoss === 'acrossParking') {
    const stops = log.stands.filter((s) => ['delivery', 'lunch', 'refuel'].includes(s.stop));
    const stand = stops.find((s) => s.startMs >= from) ?? stops[0];
    return stand ? { kind: 'cellular', startMs: stand.startMs - 6 * MIN, endMs: stand.endMs + 4 * MIN } : null;
  }
  if (spec.cellularLoss === 'whileDriving') {
    const drives = log.drives.filter((d) => !d.shuffle && d.endMs - d.startMs >= 14 * MIN);
    const drive = drives.find((d) => d.startMs >= from) ?? drives[0];
    return drive ? { kind: 'cellular', startMs: drive.startMs + 2 * MIN, endMs: drive.startMs + 12 * MIN } : null;
  }
  return null;
}

export interface VehicleDay {
  spec: VehicleSpec;
  observations: Observation[];
  truth: VehicleTruth;
}

/** One vehicle's day: the records its tracker makes, and what a correct system must make of them. */
export function simulateVehicleDay(spec: VehicleSpec, day: DayOptions): VehicleDay {
  // Outages do not change what the vehicle does, so a first pass finds where to put them.
  let cellular: OutageTruth | null = null;
  if (spec.cellularLoss !== 'none') {
    const probe = createWorld(spec, day);
    const states = probe.states();
    while (!states.next().done);
    cellular = placeCellularLoss(spec, probe.log, day);
  }
  const offline = (tMs: number) => cellular !== null && tMs >= cellular.startMs && tMs < cellular.endMs;

  const world = createWorld(spec, day);
  const sensor = createSensor(spec, day, offline);
  const segments = createSegmentBuilder();
  const observations: Observation[] = [];
  let mileageKm = 0;
  for (const s of world.states()) {
    segments.push(s.tMs, statusOf(spec.noIgnition ? null : s.ignition, s.speedKmh, day.truth), s.stepKm, s.pos);
    mileageKm += s.stepKm;
    const o = sensor.sample(s);
    if (o) observations.push(o);
  }
  const endMs = day.startMs + day.durationMs;
  const all = spec.noIgnition ? stopsByLength(segments.finish(endMs), day.truth) : segments.finish(endMs);
  const { trips, parkings } = deriveTrips(all, day.truth, !spec.noIgnition);
  const total = (status: string) => all.filter((x) => x.status === status).reduce((a, x) => a + x.durationMs, 0);
  const fuel = world.log.fuel.map((f) => ({ timeMs: f.timeMs, litres: f.litres }));
  const outages: OutageTruth[] = [
    ...(cellular ? [cellular] : []),
    ...world.log.tunnels.map((t) => ({ kind: 'gnss' as const, startMs: t.startMs, endMs: t.endMs + 1000 })),
  ].sort((a, b) => a.startMs - b.startMs);
  return {
    spec,
    observations,
    truth: {
      vehicle: spec,
      startMs: day.startMs,
      endMs,
      config: day.truth,
      mileageKm,
      trips,
      parkings,
      segments: all,
      totals: { movingMs: total('MOVING'), idlingMs: total('IDLING'), parkingMs: total('PARKING') },
      refuels: fuel.filter((_, i) => world.log.fuel[i]?.kind === 'refuel'),
      drains: fuel.filter((_, i) => world.log.fuel[i]?.kind === 'drain'),
      outages,
      records: observations.length,
    },
  };
}
