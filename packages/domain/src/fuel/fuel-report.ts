import type { LatLon } from '../geo.ts';
import { localDays } from '../reports/local-days.ts';
import { summarizeMileage, type Span, type TransitSlice } from '../reports/mileage.ts';
import type { TransitStatus } from '../transit.ts';
import type { FuelTrackerConfig } from './level-tracker.ts';
import { DEFAULT_FUEL_TRACKER } from './level-tracker.ts';
import { setUpTanks, type FuelProfile } from './tank.ts';
import { analyseFuel, type FuelInput, type FuelPoint, type TankFuelEvent } from './vehicle-fuel.ts';

/*
 * The fuel report of one vehicle (spec 3 §1 Refuel Report, Fuel Usage Analysis, Daily Fuel Usage
 * Analysis; Fuel Analysis): the stored device logs folded through the same level tracker as the
 * live pipeline (analyseFuel), then per tank the window's and each local day's usage, refuels and
 * losses. Consumption is the falls of the tank's steady level (FuelLevelState.steadyL) outside any
 * drain, each fall counted in the transit status the vehicle was in when it was seen.
 */

/** A stored message of the vehicle's tracker, in time order. */
export interface FuelMessage extends FuelInput {
  location: LatLon | null;
  speedKmh: number | null;
}

/** A refuel or a loss of one tank, with where the vehicle was when it began. */
export interface TankChange {
  tank: string;
  startTime: number;
  endTime: number;
  startLitres: number;
  endLitres: number;
  litres: number;
  location: LatLon | null;
}

export interface TankUsage {
  tank: string;
  /** YYYY-MM-DD local date, or null for the whole window. */
  date: string | null;
  startTime: number;
  endTime: number;
  startLitres: number | null;
  endLitres: number | null;
  refuelLitres: number;
  lossLitres: number;
  consumedLitres: number;
  movingLitres: number;
  idlingLitres: number;
  parkingLitres: number;
  /** km */
  mileage: number;
  litresPer100Km: number | null;
}

export interface TankReport {
  tank: string;
  capacity: number;
  usage: TankUsage;
  daily: TankUsage[];
  refuels: TankChange[];
  losses: TankChange[];
}

export interface FuelReportInput {
  /** The window's messages and those of a lead-in before it (the tracker settles over them). */
  messages: readonly FuelMessage[];
  profile: FuelProfile;
  /** The vehicle's transit records overlapping the window, oldest first. */
  transits: readonly TransitSlice[];
  window: Span;
  timeZone: string;
  cfg?: FuelTrackerConfig;
}

export interface FuelReportResult {
  tanks: TankReport[];
  /** The fuel at every message (lead-in included), for charts. */
  points: FuelPoint[];
}

const round2 = (litres: number) => Math.round(litres * 100) / 100;
const inSpan = (t: number, s: Span) => t >= s.startTime && t < s.endTime;

/** The transit status a time falls in; null outside every record. */
export function statusAt(transits: readonly TransitSlice[], timeMs: number): TransitStatus | null {
  let lo = 0;
  let hi = transits.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = transits[mid] as TransitSlice;
    if (timeMs < r.startTime) hi = mid - 1;
    else if (timeMs >= r.endTime) lo = mid + 1;
    else return r.transitStatus;
  }
  return null;
}

/** The last known location at or before `timeMs` (else the first after it). */
function locationAt(messages: readonly FuelMessage[], timeMs: number): LatLon | null {
  let found: LatLon | null = null;
  for (const m of messages) {
    if (m.timeMs > timeMs && found) break;
    found = m.location ?? found;
  }
  return found;
}

/** A fall of a tank's steady level, seen at `timeMs`. */
interface Burn {
  timeMs: number;
  litres: number;
  status: TransitStatus | null;
}

function burnsOf(
  tank: string,
  points: readonly FuelPoint[],
  drains: readonly TankFuelEvent[],
  transits: readonly TransitSlice[],
  cfg: FuelTrackerConfig,
) {
  const burns: Burn[] = [];
  let prev: number | null = null;
  for (const p of points) {
    const steady = p.tanks[tank]?.steadyL ?? null;
    if (steady === null) continue;
    const fall = prev === null ? 0 : prev - steady;
    prev = steady;
    if (fall <= 0) continue;
    // A drain's fall is a loss, not fuel the engine burnt; the smoothed level runs up to one
    // smoothing span behind the readings at either end of it.
    const lag = cfg.smoothingMs;
    if (drains.some((d) => p.timeMs >= d.startTimeMs - lag && p.timeMs <= d.endTimeMs + lag)) continue;
    burns.push({ timeMs: p.timeMs, litres: fall, status: statusAt(transits, p.timeMs) });
  }
  return burns;
}

interface TankData {
  tank: string;
  points: readonly FuelPoint[];
  burns: readonly Burn[];
  refuels: readonly TankChange[];
  losses: readonly TankChange[];
  transits: readonly TransitSlice[];
}

function levelsIn(d: TankData, span: Span): { first: number | null; last: number | null } {
  let first: number | null = null;
  let last: number | null = null;
  for (const p of d.points) {
    if (!inSpan(p.timeMs, span)) continue;
    const level = p.tanks[d.tank]?.levelL ?? null;
    if (level === null) continue;
    first ??= level;
    last = level;
  }
  return { first, last };
}

function usageOf(d: TankData, span: Span, date: string | null): TankUsage {
  const by = { MOVING: 0, IDLING: 0, PARKING: 0, DISCONNECTED: 0 };
  let consumed = 0;
  for (const b of d.burns) {
    if (!inSpan(b.timeMs, span)) continue;
    consumed += b.litres;
    if (b.status) by[b.status] += b.litres;
  }
  const sum = (changes: readonly TankChange[]) =>
    round2(changes.filter((c) => inSpan(c.startTime, span)).reduce((a, c) => a + c.litres, 0));
  const { first, last } = levelsIn(d, span);
  const mileage = summarizeMileage(d.transits, span).mileage;
  return {
    tank: d.tank,
    date,
    startTime: span.startTime,
    endTime: span.endTime,
    startLitres: first === null ? null : round2(first),
    endLitres: last === null ? null : round2(last),
    refuelLitres: sum(d.refuels),
    lossLitres: sum(d.losses),
    consumedLitres: round2(consumed),
    movingLitres: round2(by.MOVING),
    idlingLitres: round2(by.IDLING),
    parkingLitres: round2(by.PARKING),
    mileage,
    litresPer100Km: mileage > 0 ? round2((consumed / mileage) * 100) : null,
  };
}

function changeOf(e: TankFuelEvent, messages: readonly FuelMessage[]): TankChange {
  return {
    tank: e.tank,
    startTime: e.startTimeMs,
    endTime: e.endTimeMs,
    startLitres: round2(e.startLitres),
    endLitres: round2(e.endLitres),
    litres: round2(e.litres),
    location: locationAt(messages, e.startTimeMs),
  };
}

/** One vehicle's fuel report per set-up tank; no tanks (no fuel sensor) gives none. */
export function fuelReport(input: FuelReportInput): FuelReportResult {
  const { messages, profile, transits, window } = input;
  const cfg = input.cfg ?? DEFAULT_FUEL_TRACKER;
  const { points, events } = analyseFuel(messages, profile, cfg);
  const inWindow = events.filter((e) => inSpan(e.startTimeMs, window)).sort((a, b) => a.startTimeMs - b.startTimeMs);
  const days = localDays(window, input.timeZone);
  const tanks = setUpTanks(profile).map(([tank, settings]): TankReport => {
    const mine = inWindow.filter((e) => e.tank === tank);
    const drains = events.filter((e) => e.tank === tank && e.kind === 'drain');
    const d: TankData = {
      tank,
      points,
      burns: burnsOf(tank, points, drains, transits, cfg),
      refuels: mine.filter((e) => e.kind === 'refuel').map((e) => changeOf(e, messages)),
      losses: mine.filter((e) => e.kind === 'drain').map((e) => changeOf(e, messages)),
      transits,
    };
    return {
      tank,
      capacity: settings.fuelCapacity,
      usage: usageOf(d, window, null),
      daily: days.map((day) => usageOf(d, day, day.date)),
      refuels: [...d.refuels],
      losses: [...d.losses],
    };
  });
  return { tanks, points };
}
