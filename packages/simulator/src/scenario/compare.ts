import type { SegmentTruth, TransitStatus, TripTruth, VehicleTruth } from './types.ts';

/**
 * How a system's output measures up to the ground truth: segments and trips paired by
 * overlap, with their errors. Pure; the truth test and the CLI print what it finds.
 */
export interface ObservedSegment {
  status: string;
  startMs: number;
  endMs: number;
}

export interface ObservedTrip {
  startMs: number;
  endMs: number;
  distanceKm: number;
}

export interface Pair<T, O> {
  truth: T;
  observed: O | null;
  /** Observed minus true; 0 when nothing was observed. */
  startErrorMs: number;
  durationErrorMs: number;
}

export interface VehicleComparison {
  /** Closed segments of the truth, each with the observed one of the same status it overlaps most. */
  segments: Pair<SegmentTruth, ObservedSegment>[];
  /** Observed segments no true one claimed (phantoms and splits). */
  extraSegments: ObservedSegment[];
  trips: Pair<TripTruth, ObservedTrip>[];
  /** Observed trips overlapping no true trip: a parked vehicle "drove". */
  phantomTrips: ObservedTrip[];
  /** Observed trips that overlap a true trip another observed trip already claimed (a split trip). */
  extraTrips: ObservedTrip[];
  mileageErrorPct: number;
}

const overlap = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

function pairUp<T extends { startMs: number; endMs: number }, O extends { startMs: number; endMs: number }>(
  truths: T[],
  observed: O[],
  same: (t: T, o: O) => boolean,
): { pairs: Pair<T, O>[]; unclaimed: O[] } {
  const used = new Set<O>();
  const pairs = truths.map((truth) => {
    let best: O | null = null;
    for (const o of observed) {
      if (used.has(o) || !same(truth, o) || overlap(truth, o) === 0) continue;
      if (!best || overlap(truth, o) > overlap(truth, best)) best = o;
    }
    if (best) used.add(best);
    return {
      truth,
      observed: best,
      startErrorMs: best ? best.startMs - truth.startMs : 0,
      durationErrorMs: best ? best.endMs - best.startMs - (truth.endMs - truth.startMs) : 0,
    };
  });
  return { pairs, unclaimed: observed.filter((o) => !used.has(o)) };
}

export function compareVehicle(
  truth: VehicleTruth,
  observed: { segments: ObservedSegment[]; trips: ObservedTrip[]; mileageKm: number },
  /**
   * The observed records include what is under way at the end of the day, counted to its end
   * (Jejak's do, issue 24): the open segment and the trip under way are compared too. Without it
   * they are left out, as a system may not have closed them.
   */
  countsUnderWay = false,
): VehicleComparison {
  const closed = truth.segments.filter((s) => countsUnderWay || !s.open);
  const segments = pairUp(closed, observed.segments, (t, o) => t.status === o.status);
  const trips = pairUp(
    truth.trips.filter((t) => countsUnderWay || t.endMs < truth.endMs),
    observed.trips,
    () => true,
  );
  const phantomTrips = trips.unclaimed.filter((o) => !truth.trips.some((t) => overlap(t, o) > 0));
  return {
    segments: segments.pairs,
    extraSegments: segments.unclaimed.filter((o) => o.startMs < truth.endMs && o.endMs > truth.startMs),
    trips: trips.pairs,
    phantomTrips,
    extraTrips: trips.unclaimed.filter((o) => !phantomTrips.includes(o)),
    mileageErrorPct: truth.mileageKm > 0 ? ((observed.mileageKm - truth.mileageKm) / truth.mileageKm) * 100 : 0,
  };
}

/** Largest |error| over the paired segments of a status (Infinity when one was not observed). */
export function worstDurationErrorMs(c: VehicleComparison, status: TransitStatus): number {
  return c.segments
    .filter((p) => p.truth.status === status)
    .reduce((worst, p) => Math.max(worst, p.observed ? Math.abs(p.durationErrorMs) : Infinity), 0);
}

/**
 * Km a system's odometer gained while the vehicle truly stood still: over consecutive log rows
 * that both fall inside one true IDLING or PARKING segment (GPS drift counted as driving).
 */
export function stationaryKm(
  truth: VehicleTruth,
  logs: { timeMs: number; mileageKm: number }[],
  status: 'IDLING' | 'PARKING' | 'both' = 'both',
): number {
  const still = truth.segments.filter((s) => s.status !== 'MOVING' && (status === 'both' || s.status === status));
  let km = 0;
  let at = 0;
  for (let i = 1; i < logs.length; i++) {
    const a = logs[i - 1];
    const b = logs[i];
    if (!a || !b) continue;
    while (at < still.length && (still[at]?.endMs ?? 0) <= a.timeMs) at++;
    const s = still[at];
    if (s && a.timeMs >= s.startMs && b.timeMs < s.endMs) km += Math.max(0, b.mileageKm - a.mileageKm);
  }
  return km;
}
