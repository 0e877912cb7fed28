import { bearingDeg, destinationPoint, haversineKm, type LatLon } from '@jejak/domain';

/**
 * Deterministic, road-like vehicle tracks for the simulator. A vehicle drives straight
 * segments between "intersections" (turning about 90° or bending slightly), cruises at
 * 20–90 km/h with bounded acceleration, brakes for red lights and idles there with the
 * engine on, and now and then parks for some minutes with the engine off. Same seed and
 * start time → same track. Pure: no clock, no I/O.
 */

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** Greater Kuala Lumpur: Klang in the west to Ampang in the east, Rawang to Putrajaya. */
export const KLANG_VALLEY: Bounds = { minLat: 2.9, maxLat: 3.25, minLon: 101.45, maxLon: 101.8 };

export const MIN_CRUISE_KMH = 20;
export const MAX_CRUISE_KMH = 90;
/** Comfortable acceleration and braking, km/h gained or lost per second (≈ 2 m/s²). */
export const ACCEL_KMH_PER_S = 7;

export interface RouteFix {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  /** Direction of travel (held while stopped). */
  course: number;
  /** Engine (ACC) on. */
  acc: boolean;
  phase: 'driving' | 'idling' | 'parked';
  satellites: number;
}

export interface RouteOptions {
  seed: number;
  startTimeMs: number;
  /** Time between fixes. */
  intervalMs: number;
  bounds?: Bounds;
  /** Cruise speeds times this; default 1 (a demo speeder: 1.3). */
  cruiseFactor?: number;
}

/** mulberry32: a small seeded PRNG with a full 2^32 period, plenty for simulated traffic. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type StopKind = 'none' | 'light' | 'park';

interface Segment {
  to: LatLon;
  cruiseKmh: number;
  stop: StopKind;
}

interface State extends Kinematics {
  segment: Segment;
  /** While stopped: when the stop ends. */
  stoppedUntil: number | null;
  stopKind: StopKind;
  drivenSinceParkKm: number;
  /** The direction "streets" run in this vehicle's part of town. */
  gridDeg: number;
  /** Cruise speeds are multiplied by this (a demo vehicle that speeds). */
  cruiseFactor: number;
}

const between = (rng: () => number, lo: number, hi: number): number => lo + (hi - lo) * rng();

function inside(p: LatLon, b: Bounds, marginDeg: number): boolean {
  return (
    p.lat > b.minLat + marginDeg &&
    p.lat < b.maxLat - marginDeg &&
    p.lon > b.minLon + marginDeg &&
    p.lon < b.maxLon - marginDeg
  );
}

function center(b: Bounds): LatLon {
  return { lat: (b.minLat + b.maxLat) / 2, lon: (b.minLon + b.maxLon) / 2 };
}

export interface Leg {
  to: LatLon;
  lengthKm: number;
  cruiseKmh: number;
}

/**
 * The next straight leg from an intersection: mostly straight on along the vehicle's street
 * grid, sometimes a turn, never out of bounds; longer legs are bigger, faster roads.
 */
export function planLeg(rng: () => number, from: LatLon, course: number, gridDeg: number, b: Bounds): Leg {
  const lengthKm = rng() < 0.7 ? between(rng, 0.3, 1.2) : between(rng, 1.2, 4);
  const r = rng();
  const turn = r < 0.55 ? 0 : r < 0.75 ? 90 : r < 0.95 ? -90 : 180;
  let bearing = gridDeg + Math.round((course - gridDeg + turn) / 90) * 90 + between(rng, -8, 8);
  let to = destinationPoint(from, bearing, lengthKm);
  if (!inside(to, b, 0.01)) {
    bearing = bearingDeg(from, center(b)) + between(rng, -20, 20);
    to = destinationPoint(from, bearing, Math.min(lengthKm, haversineKm(from, center(b))));
  }
  const cruiseKmh = lengthKm > 1.2 ? between(rng, 50, MAX_CRUISE_KMH) : between(rng, MIN_CRUISE_KMH, 55);
  return { to, lengthKm: haversineKm(from, to), cruiseKmh };
}

function nextSegment(rng: () => number, s: State, b: Bounds): Segment {
  const leg = planLeg(rng, s.pos, s.course, s.gridDeg, b);
  const parkDue = s.drivenSinceParkKm + leg.lengthKm > 12 && rng() < 0.35;
  const stop: StopKind = parkDue ? 'park' : rng() < 0.3 ? 'light' : 'none';
  return { to: leg.to, cruiseKmh: leg.cruiseKmh * s.cruiseFactor, stop };
}

function initialState(rng: () => number, b: Bounds, cruiseFactor: number): State {
  const c = center(b);
  const pos = { lat: c.lat + between(rng, -0.1, 0.1), lon: c.lon + between(rng, -0.1, 0.1) };
  const gridDeg = between(rng, 0, 90);
  const s: State = {
    pos,
    course: gridDeg,
    speedKmh: 0,
    segment: { to: pos, cruiseKmh: MIN_CRUISE_KMH, stop: 'none' },
    stoppedUntil: null,
    stopKind: 'none',
    drivenSinceParkKm: 0,
    gridDeg,
    cruiseFactor,
  };
  s.segment = nextSegment(rng, s, b);
  return s;
}

/** Speed through an intersection we do not stop at. */
export const TURN_KMH = 30;

/** Where a vehicle is and how it moves. */
export interface Kinematics {
  pos: LatLon;
  /** Direction of travel (held while stopped). */
  course: number;
  speedKmh: number;
}

function approach(from: number, to: number, maxDelta: number): number {
  return from < to ? Math.min(to, from + maxDelta) : Math.max(to, from - maxDelta);
}

/**
 * Moves `k` for `dtS` seconds towards `to`, cruising at most at `cruiseKmh` and braking in
 * time to reach `to` at `endKmh` (≈ 2 m/s², v² = v₀² + 2ad). Returns the km covered and
 * whether `to` was reached; on arrival `k` stands at `to` with the speed it got there.
 */
export function driveToward(
  k: Kinematics,
  to: LatLon,
  cruiseKmh: number,
  endKmh: number,
  dtS: number,
): { km: number; arrived: boolean } {
  const remainingKm = haversineKm(k.pos, to);
  // a in km/h per s; d in km: v² [km²/h²] = end² + 2 · a · 3600 · d
  const target = Math.min(cruiseKmh, Math.sqrt(endKmh ** 2 + 2 * ACCEL_KMH_PER_S * 3600 * remainingKm));
  const v1 = approach(k.speedKmh, target, ACCEL_KMH_PER_S * dtS);
  const moveKm = (((k.speedKmh + v1) / 2) * dtS) / 3600;
  k.speedKmh = v1;
  if (moveKm < remainingKm) {
    k.course = bearingDeg(k.pos, to);
    k.pos = destinationPoint(k.pos, k.course, moveKm);
    return { km: moveKm, arrived: false };
  }
  k.pos = to;
  return { km: remainingKm, arrived: true };
}

const LIGHT_S: [number, number] = [20, 90];
const PARK_S: [number, number] = [3 * 60, 20 * 60];
const WARM_UP_S: [number, number] = [20, 60];

/** Advances the vehicle by `dtS` seconds (≤ 1) at simulated time `tMs` (the step's end). */
function step(s: State, rng: () => number, b: Bounds, tMs: number, dtS: number): void {
  if (s.stoppedUntil !== null) {
    if (tMs < s.stoppedUntil) return;
    if (s.stopKind === 'park') {
      s.stopKind = 'light'; // engine on, warming up before pulling out
      s.stoppedUntil = tMs + between(rng, ...WARM_UP_S) * 1000;
      return;
    }
    s.stoppedUntil = null;
    s.stopKind = 'none';
    s.segment = nextSegment(rng, s, b);
    return;
  }
  const endKmh = s.segment.stop === 'none' ? TURN_KMH : 0;
  const moved = driveToward(s, s.segment.to, s.segment.cruiseKmh, endKmh, dtS);
  s.drivenSinceParkKm += moved.km;
  if (moved.arrived) arrive(s, rng, b, tMs);
}

/** At the segment's end: stop for a light or to park, or carry on into the next segment. */
function arrive(s: State, rng: () => number, b: Bounds, tMs: number): void {
  const stop = s.segment.stop;
  if (stop === 'none') {
    s.segment = nextSegment(rng, s, b);
    return;
  }
  s.speedKmh = 0;
  s.stopKind = stop;
  s.stoppedUntil = tMs + between(rng, ...(stop === 'park' ? PARK_S : LIGHT_S)) * 1000;
  if (stop === 'park') s.drivenSinceParkKm = 0;
}

function phaseOf(s: State): RouteFix['phase'] {
  if (s.stoppedUntil === null) return 'driving';
  return s.stopKind === 'park' ? 'parked' : 'idling';
}

export interface Route {
  /** The next fix: the first at `startTimeMs`, then one every `intervalMs`. */
  next(): RouteFix;
}

/**
 * An endless track. The vehicle moves in 1-second steps whatever the sampling interval, so a
 * seed gives the same path at any interval that is a whole number of seconds.
 */
export function createRoute(options: RouteOptions): Route {
  const bounds = options.bounds ?? KLANG_VALLEY;
  const rng = createRng(options.seed);
  const gpsRng = createRng(options.seed ^ 0x5a5a5a5a);
  const state = initialState(rng, bounds, options.cruiseFactor ?? 1);
  let tMs = options.startTimeMs;
  let first = true;

  return {
    next() {
      if (!first) {
        const end = tMs + options.intervalMs;
        while (tMs < end) {
          const dtMs = Math.min(1000, end - tMs);
          tMs += dtMs;
          step(state, rng, bounds, tMs, dtMs / 1000);
        }
      }
      first = false;
      const phase = phaseOf(state);
      return {
        timeMs: tMs,
        lat: state.pos.lat,
        lon: state.pos.lon,
        speedKmh: Math.round(state.speedKmh * 10) / 10,
        course: Math.round(state.course) % 360,
        acc: phase !== 'parked',
        phase,
        satellites: 7 + Math.floor(gpsRng() * 6),
      };
    },
  };
}

/** The first `count` fixes of a route. */
export function generateRoute(options: RouteOptions, count: number): RouteFix[] {
  const route = createRoute(options);
  return Array.from({ length: count }, () => route.next());
}
