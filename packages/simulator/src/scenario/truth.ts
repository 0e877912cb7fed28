import { haversineKm, type LatLon } from '@jejak/domain';
import type { ParkingTruth, SegmentTruth, TransitStatus, TripTruth, TruthConfig } from './types.ts';

/**
 * Ground truth from a vehicle's physical timeline, written from the definitions (spec, DESIGN §1)
 * rather than from the server's code: statuses from ignition and the tracker's whole-km/h
 * speed, trips from leaving a real parking to the next one. Pure.
 */

/**
 * Status of one instant: ignition off is PARKING; on, the reported speed decides. Without an
 * ignition wire (null) a stop is IDLING here, and `stopsByLength` makes the long ones parkings.
 */
export function statusOf(ignition: boolean | null, speedKmh: number, cfg: TruthConfig): TransitStatus {
  if (ignition === false) return 'PARKING';
  return Math.round(speedKmh) >= cfg.movingSpeedKmh ? 'MOVING' : 'IDLING';
}

/**
 * Without an ignition wire, a stop that lasts at least `parkAfterStopMs` is a parking from the
 * moment the vehicle stopped; a shorter one (a light, a jam) is an idle (DESIGN §1, spec of
 * JEJAK_TRANSIT_PARK_AFTER_MS). A stop still under way at the end counts by its length so far.
 */
export function stopsByLength(segments: SegmentTruth[], cfg: TruthConfig): SegmentTruth[] {
  return segments.map((s) =>
    s.status !== 'MOVING' && s.durationMs >= cfg.parkAfterStopMs ? { ...s, status: 'PARKING' } : s,
  );
}

export interface SegmentBuilder {
  /** The state at `tMs` (in time order), the km driven since the previous one, and where the vehicle is. */
  push(tMs: number, status: TransitStatus, km: number, pos?: LatLon): void;
  /** Closes the last run at `endMs`, open (still going on). */
  finish(endMs: number): SegmentTruth[];
}

export function createSegmentBuilder(): SegmentBuilder {
  const segments: SegmentTruth[] = [];
  let current: SegmentTruth | null = null;
  return {
    push(tMs, status, km, pos) {
      if (current?.status !== status) {
        if (current) close(current, tMs);
        current = { status, startMs: tMs, endMs: tMs, durationMs: 0, distanceKm: 0, ...(pos ? { from: pos } : {}) };
        segments.push(current);
      }
      current.distanceKm += km;
      if (pos) current.to = pos;
    },
    finish(endMs) {
      if (current) {
        close(current, endMs);
        current.open = true;
      }
      return segments;
    },
  };
}

function close(s: SegmentTruth, endMs: number): void {
  s.endMs = endMs;
  s.durationMs = endMs - s.startMs;
}

function isRealParking(s: SegmentTruth, cfg: TruthConfig): boolean {
  return s.status === 'PARKING' && s.durationMs >= cfg.minParkingMs;
}

function tripOf(run: SegmentTruth[]): TripTruth {
  const sum = (status: TransitStatus) => run.filter((s) => s.status === status).reduce((a, s) => a + s.durationMs, 0);
  return {
    startMs: run[0]?.startMs ?? 0,
    endMs: run[run.length - 1]?.endMs ?? 0,
    distanceKm: run.reduce((a, s) => a + s.distanceKm, 0),
    movingMs: sum('MOVING'),
    idlingMs: sum('IDLING'),
    shortParkingMs: sum('PARKING'),
  };
}

/** How far a run took the vehicle from where it stood when the run began, in metres. */
function displacementM(run: SegmentTruth[]): number {
  const from = run[0]?.from;
  if (!from) return 0;
  return Math.max(0, ...run.map((s) => (s.to ? haversineKm(from, s.to) * 1000 : 0)));
}

/**
 * Trips and parkings: every real parking (≥ minParkingMs, or under way at the end of the day and
 * already that long) is a parking; what lies between two is a trip, unless it is under both
 * minTripKm and minTripMs — then it was a shuffle, not a trip, and the parkings around it are
 * one. Without an ignition wire (`ignition` false) time says nothing about whether the vehicle
 * was used, so the second test is how far it got from where it was parked (minTripDisplacementM),
 * not how long. Segments before the first real parking, or after the last, are a trip still
 * under way at either end of the day (kept if they are one).
 */
export function deriveTrips(
  segments: SegmentTruth[],
  cfg: TruthConfig,
  ignition = true,
): { trips: TripTruth[]; parkings: ParkingTruth[] } {
  const trips: TripTruth[] = [];
  const parkings: ParkingTruth[] = [];
  let run: SegmentTruth[] = [];
  const isTrip = (t: TripTruth, of: SegmentTruth[]) =>
    t.distanceKm >= cfg.minTripKm ||
    (ignition ? t.endMs - t.startMs >= cfg.minTripMs : displacementM(of) >= cfg.minTripDisplacementM);

  for (const s of segments) {
    if (!isRealParking(s, cfg)) {
      run.push(s);
      continue;
    }
    const parking: ParkingTruth = { startMs: s.startMs, endMs: s.endMs, ...(s.open ? { open: true as const } : {}) };
    const trip = run.length > 0 ? tripOf(run) : null;
    const previous = parkings[parkings.length - 1];
    if (trip && isTrip(trip, run)) {
      trips.push(trip);
      parkings.push(parking);
    } else if (trip && previous) {
      previous.endMs = parking.endMs;
      if (parking.open) previous.open = true;
    } else {
      parkings.push(trip ? { ...parking, startMs: trip.startMs } : parking);
    }
    run = [];
  }
  if (run.length > 0) {
    const trip = tripOf(run);
    if (isTrip(trip, run)) trips.push(trip);
  }
  return { trips, parkings };
}
