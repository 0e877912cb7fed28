import type { GeoPoint } from '../entities.ts';
import { haversineKm } from '../geo.ts';
import type { TransitStatus } from '../transit.ts';

/**
 * Cuts a vehicle's accepted fixes into transit records (one per run of the same transit
 * status) and trips (TRANSIT from leaving a parking to the next parking; PARKING between).
 * Incremental and pure: the live pipeline pushes one point at a time, reports fold the same
 * function over stored points, so both always agree (DESIGN §1).
 */
export interface MotionPoint {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  status: TransitStatus;
  /** Odometer after this point. */
  mileageKm: number;
  /** Litres in the tanks, when known. */
  fuelL?: number | undefined;
  /**
   * When this point's status began, if before the point: a movement confirmed by a later fix,
   * or the vehicle's very first status, known from its ignition before its first fix.
   */
  since?: number | undefined;
  /**
   * The device was silent from this time (its previous fix) to this point for longer than the
   * disconnect limit: the span is a DISCONNECTED record (transit.ts `silentGapFrom`).
   */
  disconnectedFrom?: number | undefined;
}

export interface TransitRecordValue {
  transitStatus: TransitStatus;
  startTime: number;
  endTime: number;
  duration: number;
  totalMileage: number;
  topSpeed: number;
  avgSpeed: number;
  totalFuel: number;
  startLocation: GeoPoint;
  endLocation: GeoPoint;
}

export interface TripRecordValue {
  tripStatus: 'TRANSIT' | 'PARKING';
  startTime: number;
  endTime: number;
  totalDistance: number;
  topSpeed: number;
  totalMovingDuration: number;
  totalIdlingDuration: number;
}

export interface SegmenterConfig {
  /** A parking shorter than this (a quick drop-off) does not end a trip. */
  minParkingMs: number;
  /** A "trip" shorter than both of these is drift or a shuffle in the yard, not a trip. */
  minTripKm: number;
  minTripMs: number;
  /**
   * Without an ignition wire, the second test instead of minTripMs: a move under minTripKm is a
   * trip only if it took the vehicle at least this far from where it was parked. A parked
   * receiver's fixes scatter tens of metres (outliers up to 60–70 m) and it makes up speeds
   * while doing so, for minutes on end; so neither the time a move lasts nor a few fixes at
   * speed tell a phantom from a real move — getting clear of the scatter does. 100 m is beyond
   * it and below the shortest real move we must count (a car moved 150 m across a car park).
   */
  minTripDisplacementM: number;
  /**
   * Set by the caller, per device: its fixes carry no ignition, so a trip is decided by
   * distance or displacement, never by duration (ADR 0036, addendum).
   */
  noIgnition?: boolean | undefined;
}

export const DEFAULT_SEGMENTER: SegmenterConfig = {
  minParkingMs: 5 * 60_000,
  minTripKm: 0.3,
  minTripMs: 2 * 60_000,
  minTripDisplacementM: 100,
};

export interface OpenTransit {
  status: TransitStatus;
  start: MotionPoint;
  last: MotionPoint;
  topSpeed: number;
  speedSum: number;
  samples: number;
  fuelUsed: number;
}

/** The transit record being built; closed records go to the caller. */
export interface SegmenterState {
  open: OpenTransit | null;
}

export function emptySegmenter(): SegmenterState {
  return { open: null };
}

const loc = (p: MotionPoint): GeoPoint => ({ lat: p.lat, lon: p.lon });

function openTransit(p: MotionPoint): OpenTransit {
  return { status: p.status, start: p, last: p, topSpeed: p.speedKmh, speedSum: p.speedKmh, samples: 1, fuelUsed: 0 };
}

function fuelBurnt(from: MotionPoint, to: MotionPoint): number {
  return from.fuelL !== undefined && to.fuelL !== undefined ? Math.max(0, from.fuelL - to.fuelL) : 0;
}

/** Ends a record at the first point of the next one: time, distance and fuel run to it; speeds do not. */
export function closeTransit(t: OpenTransit, end: MotionPoint): TransitRecordValue {
  const fuelUsed = end === t.last ? t.fuelUsed : t.fuelUsed + fuelBurnt(t.last, end);
  return {
    transitStatus: t.status,
    startTime: t.start.timeMs,
    endTime: end.timeMs,
    duration: end.timeMs - t.start.timeMs,
    totalMileage: Math.max(0, end.mileageKm - t.start.mileageKm),
    topSpeed: t.topSpeed,
    avgSpeed: t.samples > 0 ? t.speedSum / t.samples : 0,
    totalFuel: Math.round(fuelUsed * 100) / 100,
    startLocation: loc(t.start),
    endLocation: loc(end),
  };
}

function extend(t: OpenTransit, p: MotionPoint): OpenTransit {
  const burnt = fuelBurnt(t.last, p);
  return {
    ...t,
    last: p,
    topSpeed: Math.max(t.topSpeed, p.speedKmh),
    speedSum: t.speedSum + p.speedKmh,
    samples: t.samples + 1,
    fuelUsed: t.fuelUsed + burnt,
  };
}

function isParking(r: TransitRecordValue, cfg: SegmenterConfig): boolean {
  return r.transitStatus === 'PARKING' && r.duration >= cfg.minParkingMs;
}

/** How far the records took the vehicle from where it stood when they began, in metres. */
function displacementM(run: TransitRecordValue[]): number {
  const from = run[0]?.startLocation;
  if (!from) return 0;
  return Math.max(0, ...run.map((r) => haversineKm(from, r.endLocation) * 1000));
}

/**
 * Whether the records between two parkings are a trip: far enough, or else — with ignition —
 * long enough, not counting the device's silences (DISCONNECTED), so a tracker silent while it
 * stood still (it sleeps while parked, its link dropped) makes no trip; without ignition, far
 * enough from the parked position (`minTripDisplacementM`), however long it took.
 */
function isTrip(run: TransitRecordValue[], trip: TripRecordValue, cfg: SegmenterConfig): boolean {
  if (run.length === 0) return false;
  if (trip.totalDistance >= cfg.minTripKm) return true;
  if (cfg.noIgnition === true) return displacementM(run) >= cfg.minTripDisplacementM;
  const silentMs = run.reduce((a, r) => a + (r.transitStatus === 'DISCONNECTED' ? r.duration : 0), 0);
  return trip.endTime - trip.startTime - silentMs >= cfg.minTripMs;
}

/** Builds a trip out of consecutive transit records. */
export function tripOf(records: TransitRecordValue[], tripStatus: TripRecordValue['tripStatus']): TripRecordValue {
  const first = records[0];
  const last = records[records.length - 1];
  const sum = (status: TransitStatus) =>
    records.filter((r) => r.transitStatus === status).reduce((a, r) => a + r.duration, 0);
  return {
    tripStatus,
    startTime: first?.startTime ?? 0,
    endTime: last?.endTime ?? 0,
    totalDistance: records.reduce((a, r) => a + r.totalMileage, 0),
    topSpeed: records.reduce((a, r) => Math.max(a, r.topSpeed), 0),
    totalMovingDuration: sum('MOVING'),
    totalIdlingDuration: sum('IDLING'),
  };
}

/**
 * Groups closed transit records into trips: every real parking (≥ minParkingMs) is a PARKING
 * trip, and what lies between two real parkings is a TRANSIT trip — unless it is too short
 * and too small to be one, when it joins the parking around it. Returns the trips that are
 * final and the records still waiting for the next real parking.
 */
export function groupTrips(
  records: TransitRecordValue[],
  cfg: SegmenterConfig,
): { trips: TripRecordValue[]; rest: TransitRecordValue[] } {
  const trips: TripRecordValue[] = [];
  let run: TransitRecordValue[] = [];
  for (const r of records) {
    if (!isParking(r, cfg)) {
      run.push(r);
      continue;
    }
    const transit = tripOf(run, 'TRANSIT');
    const real = isTrip(run, transit, cfg);
    const previous = trips[trips.length - 1];
    if (real) {
      trips.push(transit);
      trips.push(tripOf([r], 'PARKING'));
    } else if (previous?.tripStatus === 'PARKING') {
      // A phantom between two parkings: one long parking.
      trips[trips.length - 1] = { ...previous, endTime: r.endTime };
    } else {
      trips.push(tripOf([...run, r], 'PARKING'));
    }
    run = [];
  }
  return { trips, rest: run };
}

export interface PushResult {
  state: SegmenterState;
  closed: TransitRecordValue[];
  /**
   * The open record became a PARKING from this time (a stop that lasted long enough without
   * ignition is a parking from the moment the vehicle stopped): what was said of the points
   * since then (vehicle-log rows) is now said of a parking.
   */
  parkedFrom?: number;
}

/** Closes the open record at its last point and records the device's silence up to `p`. */
function disconnect(open: OpenTransit, p: MotionPoint): PushResult {
  const closed = open.last.timeMs > open.start.timeMs ? [closeTransit(open, open.last)] : [];
  const silence: OpenTransit = {
    ...openTransit(open.last),
    status: 'DISCONNECTED',
    topSpeed: 0,
    speedSum: 0,
    samples: 0,
  };
  closed.push(closeTransit(silence, p));
  return { state: { open: openTransit(p) }, closed };
}

/** Applies one point (in time order); returns the transit records it closed. */
export function pushPoint(state: SegmenterState, p: MotionPoint): PushResult {
  if (!state.open) {
    // The first record may have begun before its first fix (parked, the key known, no fix yet).
    const open = openTransit(p);
    if (p.since !== undefined && p.since < p.timeMs) open.start = { ...p, timeMs: p.since };
    return { state: { open }, closed: [] };
  }
  if (p.timeMs <= state.open.last.timeMs) return { state, closed: [] };
  if (p.disconnectedFrom !== undefined) return disconnect(state.open, p);
  if (p.status === state.open.status) return { state: { open: extend(state.open, p) }, closed: [] };
  const since = p.since ?? p.timeMs;
  if (p.status === 'PARKING' && state.open.status === 'IDLING' && since <= state.open.start.timeMs) {
    // Without ignition a stop is found to be a parking only once it has lasted; it was one
    // from the moment the vehicle stopped, which is where the idle record began.
    const open = extend({ ...state.open, status: 'PARKING' }, p);
    return { state: { open }, closed: [], parkedFrom: state.open.start.timeMs };
  }
  if (p.status !== 'MOVING') return { state: { open: openTransit(p) }, closed: [closeTransit(state.open, p)] };
  // Setting off: the drive began where the vehicle last stood, so the leg to this fix (its
  // distance and fuel) belongs to the drive, and the drive starts at the parking spot.
  // A movement confirmed late began at its first fix, which the open record already holds.
  const startMs = Math.max(state.open.start.timeMs, Math.min(since, p.timeMs));
  const boundary: MotionPoint = { ...state.open.last, timeMs: startMs, status: p.status };
  const fresh: OpenTransit = {
    status: p.status,
    start: boundary,
    last: boundary,
    topSpeed: 0,
    speedSum: 0,
    samples: 0,
    fuelUsed: 0,
  };
  // A record that only held the unconfirmed start of this movement is not a record of its own.
  const closed = startMs > state.open.start.timeMs ? [closeTransit(state.open, boundary)] : [];
  return { state: { open: extend(fresh, p) }, closed };
}

/** Batch form for reports and recomputation: every transit record and trip of a span of points. */
export function segment(
  points: MotionPoint[],
  cfg: SegmenterConfig = DEFAULT_SEGMENTER,
): { transits: TransitRecordValue[]; trips: TripRecordValue[] } {
  let state = emptySegmenter();
  const transits: TransitRecordValue[] = [];
  for (const p of points) {
    const r = pushPoint(state, p);
    state = r.state;
    transits.push(...r.closed);
  }
  const last = state.open?.last;
  if (state.open && last && last.timeMs > state.open.start.timeMs) transits.push(closeTransit(state.open, last));
  const { trips, rest } = groupTrips(transits, cfg);
  if (rest.length > 0) trips.push(tripOf(rest, 'TRANSIT'));
  return { transits, trips };
}
