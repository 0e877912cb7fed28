/**
 * One tank's fuel level over time: smooths sensor noise and finds refuels and drains (spec 3
 * Fuel Analysis: refuels, potential fuel loss). Incremental and pure like the segmenter: the live
 * pipeline steps it one reading at a time and reports fold the same function over stored
 * readings, so both find the same events (DESIGN §1).
 *
 * - Smoothing: the level is the median of the readings of the last `smoothingMs`. Slosh while
 *   driving and an ultrasonic sensor's lost echoes are spikes of seconds, which a median drops
 *   whole (a mean would smear them into the level); readings far apart (a parked vehicle reports
 *   rarely, and its fuel does not slosh) are not smoothed together, so the level never lags by
 *   hours.
 * - A refuel is a rise of at least max(refuelMinLitres, refuelMinPercent of the tank) over the
 *   lowest level of the last `windowMs`; a drain is a fall of at least the drain threshold beyond
 *   what the engine could have burnt meanwhile (`burnPercentPerHour` while it runs or is not known
 *   to be off, nothing while it is off). The window reaches back from the previous reading, so a
 *   change across a silent gap (tracker asleep while parked) is still seen.
 * - An event ends once the level has stopped moving its way for `settleMs`; it is kept only if the
 *   level it settled at (the mean of the levels after it stopped) still differs from the start by
 *   the threshold, so a spike that comes back is noise.
 * - Fuel burnt is the sum of a level's falls, but the median still wiggles by a litre or two
 *   under heavy slosh and every wiggle would count (a two-hour drive burning 60 L sums to ~350 L).
 *   `steadyL` is the lowest level since the last refuel, lifted only when a refuel holds: its falls
 *   add up to the fuel burnt, off by one noise dip (a few litres) rather than by every wiggle.
 */
export interface FuelTrackerConfig {
  smoothingMs: number;
  /** At most this many readings are smoothed together: memory stays bounded at any report rate. */
  smoothingSamples: number;
  windowMs: number;
  refuelMinLitres: number;
  refuelMinPercent: number;
  drainMinLitres: number;
  drainMinPercent: number;
  burnPercentPerHour: number;
  settleMs: number;
}

/**
 * A heavy truck burns ~40 L/h flat out from a 200 L tank (20 %/h), a car ~10 L/h from 40 L
 * (25 %/h); 5 % of a tank is above what noise leaves after smoothing and below a real fill-up.
 */
export const DEFAULT_FUEL_TRACKER: FuelTrackerConfig = {
  smoothingMs: 2 * 60_000,
  smoothingSamples: 15,
  windowMs: 15 * 60_000,
  refuelMinLitres: 5,
  refuelMinPercent: 5,
  drainMinLitres: 5,
  drainMinPercent: 5,
  burnPercentPerHour: 25,
  settleMs: 4 * 60_000,
};

export interface FuelSample {
  timeMs: number;
  /** Litres the sensor reading means (see tankLitres). */
  litres: number;
  /** Ignition, when the device reports it. */
  engineOn?: boolean | undefined;
}

export type FuelEventKind = 'refuel' | 'drain';

export interface FuelEvent {
  kind: FuelEventKind;
  /** The last smoothed level before the change. */
  startTimeMs: number;
  startLitres: number;
  /** When the level stopped moving, and the level it settled at. */
  endTimeMs: number;
  endLitres: number;
  /** Litres added (refuel) or lost (drain); positive. */
  litres: number;
}

interface LevelPoint {
  timeMs: number;
  litres: number;
  /** Time the engine ran (or was not known to be off) since the tracker started, ms. */
  engineMs: number;
}

interface OpenEvent {
  kind: FuelEventKind;
  start: LevelPoint;
  /** The furthest point of the change so far. */
  extreme: LevelPoint;
  /** Levels after the extreme, summed: their mean is the level the event settles at. */
  settledSum: number;
  settledCount: number;
}

export interface FuelLevelState {
  lastTimeMs: number | null;
  engineOn: boolean | undefined;
  engineMs: number;
  recent: { timeMs: number; litres: number }[];
  /** Window points by rising litres: the front is the lowest level (monotonic queue). */
  lows: LevelPoint[];
  /** Window points by falling burn-adjusted level: the front is the best drain start. */
  highs: LevelPoint[];
  open: OpenEvent | null;
  /** The smoothed level, litres; null before the first reading. */
  levelL: number | null;
  /** A level that falls with consumption and rises only with a refuel: its falls are fuel burnt. */
  steadyL: number | null;
}

export function emptyFuelLevel(): FuelLevelState {
  return {
    lastTimeMs: null,
    engineOn: undefined,
    engineMs: 0,
    recent: [],
    lows: [],
    highs: [],
    open: null,
    levelL: null,
    steadyL: null,
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

interface Limits {
  refuel: number;
  drain: number;
  /** Litres per engine-running millisecond. */
  burnPerMs: number;
}

function limitsOf(capacityL: number, cfg: FuelTrackerConfig): Limits {
  return {
    refuel: Math.max(cfg.refuelMinLitres, (cfg.refuelMinPercent / 100) * capacityL),
    drain: Math.max(cfg.drainMinLitres, (cfg.drainMinPercent / 100) * capacityL),
    burnPerMs: ((cfg.burnPercentPerHour / 100) * capacityL) / 3_600_000,
  };
}

/** The level plus what the engine may have burnt up to then: its fall between two points is loss. */
const adjusted = (p: LevelPoint, l: Limits) => p.litres + p.engineMs * l.burnPerMs;

/** Appends to a monotonic queue, dropping the points the new one outranks. */
function enqueue(q: LevelPoint[], p: LevelPoint, key: (x: LevelPoint) => number, rising: boolean): LevelPoint[] {
  let n = q.length;
  while (n > 0) {
    const last = q[n - 1];
    if (!last || (rising ? key(last) < key(p) : key(last) > key(p))) break;
    n--;
  }
  return [...q.slice(0, n), p];
}

const since = (q: LevelPoint[], cutoff: number) => {
  const i = q.findIndex((p) => p.timeMs >= cutoff);
  return i < 0 ? [] : i === 0 ? q : q.slice(i);
};

/**
 * The event's start: the latest window point still about as low (refuel) or high (drain) as the
 * extreme, rather than the extreme itself, which noise may have set minutes before the change.
 */
function latestNear(q: LevelPoint[], near: (x: LevelPoint) => boolean): LevelPoint {
  let start = q[0] as LevelPoint;
  for (const x of q) if (near(x)) start = x;
  return start;
}

function change(kind: FuelEventKind, from: number, to: number): number {
  return kind === 'refuel' ? to - from : from - to;
}

function eventOf(open: OpenEvent, endLitres: number): FuelEvent {
  return {
    kind: open.kind,
    startTimeMs: open.start.timeMs,
    startLitres: open.start.litres,
    endTimeMs: open.extreme.timeMs,
    endLitres,
    litres: change(open.kind, open.start.litres, endLitres),
  };
}

/** Starts an event when the new level is far enough from the window's lowest or highest level. */
function detect(s: FuelLevelState, p: LevelPoint, prevTimeMs: number, l: Limits, cfg: FuelTrackerConfig) {
  const cutoff = prevTimeMs - cfg.windowMs;
  const lows = since(s.lows, cutoff);
  const highs = since(s.highs, cutoff);
  const low = lows[0];
  const high = highs[0];
  const key = (x: LevelPoint) => adjusted(x, l);
  if (low && p.litres - low.litres >= l.refuel) {
    const start = latestNear(lows, (x) => x.litres <= low.litres + l.refuel / 4);
    return { ...s, lows: [], highs: [], open: openEvent('refuel', start, p) };
  }
  if (high && key(high) - key(p) >= l.drain) {
    const start = latestNear(highs, (x) => key(x) >= key(high) - l.drain / 4);
    return { ...s, lows: [], highs: [], open: openEvent('drain', start, p) };
  }
  return { ...s, lows: enqueue(lows, p, (x) => x.litres, true), highs: enqueue(highs, p, key, false) };
}

const openEvent = (kind: FuelEventKind, start: LevelPoint, extreme: LevelPoint): OpenEvent => ({
  kind,
  start,
  extreme,
  settledSum: 0,
  settledCount: 0,
});

/**
 * Whether a settled event is real: the settled level (a mean of several smoothed levels, so one
 * noisy level cannot make or break it) still differs from the start by the threshold — net of
 * what the engine may have burnt, for a drain.
 */
function holds(open: OpenEvent, settledL: number, engineMs: number, l: Limits): boolean {
  if (open.kind === 'refuel') return settledL - open.start.litres >= l.refuel;
  return open.start.litres - settledL - (engineMs - open.start.engineMs) * l.burnPerMs >= l.drain;
}

/** Follows an open event: extends it while the level keeps moving, closes it once settled. */
function follow(s: FuelLevelState, open: OpenEvent, p: LevelPoint, l: Limits, cfg: FuelTrackerConfig) {
  const threshold = open.kind === 'refuel' ? l.refuel : l.drain;
  // Moving on by a quarter of the threshold (net of burn, for a drain) is still the same event.
  const moved = open.kind === 'refuel' ? p.litres - open.extreme.litres : adjusted(open.extreme, l) - adjusted(p, l);
  if (moved > threshold / 4) return { state: { ...s, open: openEvent(open.kind, open.start, p) }, events: [] };
  // Only levels smoothed wholly after the extreme: the ones whose readings overlap it share its noise.
  const next =
    p.timeMs - open.extreme.timeMs >= cfg.smoothingMs
      ? { ...open, settledSum: open.settledSum + p.litres, settledCount: open.settledCount + 1 }
      : open;
  if (p.timeMs - open.extreme.timeMs < cfg.settleMs) return { state: { ...s, open: next }, events: [] };
  const settledL = next.settledCount > 0 ? next.settledSum / next.settledCount : p.litres;
  const closed = { ...s, open: null, lows: [p], highs: [p] };
  return { state: closed, events: holds(next, settledL, p.engineMs, l) ? [eventOf(next, settledL)] : [] };
}

/** Applies one reading (in time order; older or repeated times are ignored). */
export function stepFuelLevel(
  state: FuelLevelState,
  sample: FuelSample,
  capacityL: number,
  cfg: FuelTrackerConfig = DEFAULT_FUEL_TRACKER,
): { state: FuelLevelState; levelL: number | null; events: FuelEvent[] } {
  const prev = state.lastTimeMs;
  if (prev !== null && sample.timeMs <= prev) return { state, levelL: state.levelL, events: [] };
  const t = sample.timeMs;
  const engineMs = state.engineMs + (prev !== null && state.engineOn !== false ? t - prev : 0);
  const recent = [...state.recent.filter((r) => r.timeMs > t - cfg.smoothingMs), { timeMs: t, litres: sample.litres }];
  const kept = recent.slice(-cfg.smoothingSamples);
  const levelL = median(kept.map((r) => r.litres));
  const s: FuelLevelState = { ...state, lastTimeMs: t, engineOn: sample.engineOn, engineMs, recent: kept, levelL };
  const p: LevelPoint = { timeMs: t, litres: levelL, engineMs };
  const l = limitsOf(capacityL, cfg);
  const r = s.open ? follow(s, s.open, p, l, cfg) : { state: detect(s, p, prev ?? t, l, cfg), events: [] };
  // Only a refuel that held lifts it (to the level it settled at, a mean less noisy than one
  // level): a rise that comes back must not be burnt twice.
  const refuel = r.events.find((e) => e.kind === 'refuel');
  const floor = state.steadyL === null ? levelL : refuel ? refuel.endLitres : state.steadyL;
  const steadyL = Math.min(floor, levelL);
  return { state: { ...r.state, steadyL }, levelL, events: r.events };
}

/** At the end of a report's span: the event still open, if it already holds. */
export function finishFuelLevel(
  state: FuelLevelState,
  capacityL: number,
  cfg: FuelTrackerConfig = DEFAULT_FUEL_TRACKER,
): FuelEvent[] {
  const open = state.open;
  if (!open) return [];
  const settledL = open.settledCount > 0 ? open.settledSum / open.settledCount : open.extreme.litres;
  return holds(open, settledL, state.engineMs, limitsOf(capacityL, cfg)) ? [eventOf(open, settledL)] : [];
}
