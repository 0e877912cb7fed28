import {
  emptyDeviceRuleState,
  emptySegmenter,
  type DeviceRuleState,
  type RuleState,
  resumeFixFilter,
  type AcceptedFix,
  type FixFilterState,
  type OdometerState,
  type SegmenterState,
  type TransitRecordValue,
  type TransitState,
  type TripRecordValue,
  type TripTrackerState,
  type VehicleFuelState,
} from '@jejak/domain';
import type { DeviceState } from '../types.ts';

/**
 * What a restart needs to go on exactly where the pipeline stood (ADR 0025): the parts of a
 * device's state that neither the device row nor the vehicle row (transit status, mileage)
 * holds. The pipeline stores it as JSON with the rows of every commit that changed it.
 */
export interface ResumableState {
  v: typeof RESUMABLE_VERSION;
  /** The vehicle it was built for: a device fitted to another vehicle starts afresh. */
  vid: string | null;
  filter: FixFilterState;
  odometer: OdometerState;
  segmenter: SegmenterState;
  trips: StoredTrips;
  fuel: VehicleFuelState;
  /**
   * Where the vehicle's stateful rules stand (ADR 0046), so a restart does not fire them again.
   * Optional within version 1: a state stored before rules existed reads as all rules at rest.
   */
  rules?: DeviceRuleState;
}

/**
 * The trip tracker, its pending transit records by start time only: each was stored in
 * transit_records by the commit that closed it, so the state stays small (no TOAST) however
 * long the trip.
 */
export interface StoredTrips {
  last: TripRecordValue | null;
  pending: number[];
}

/** Bump when the shape of any part changes: a stored state of another version is not read. */
export const RESUMABLE_VERSION = 1;

export type MotionState = Pick<DeviceState, 'filter' | 'odometer' | 'segmenter' | 'trips' | 'fuel'>;

/** A stored state as read, before its pending transit records are fetched (`withPending`). */
export type StoredMotion = Omit<MotionState, 'trips'> & { trips: StoredTrips };

/** A ResumableState as JSON text, written once per batch for each device that moved on. */
export function resumableJson(s: DeviceState & { rules?: { state: DeviceRuleState } }): string {
  const r: ResumableState = {
    v: RESUMABLE_VERSION,
    vid: s.vehicle?.vid ?? null,
    filter: s.filter,
    odometer: s.odometer,
    segmenter: s.segmenter,
    trips: { last: s.trips.last, pending: s.trips.pending.map((t) => t.startTime) },
    fuel: s.fuel,
  };
  if (s.rules) r.rules = s.rules.state;
  return JSON.stringify(r);
}

type Shape = Record<string, unknown>;
const isObject = (v: unknown): v is Shape => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isFix = (v: unknown) => isObject(v) && isNumber(v.deviceTimeMs) && isNumber(v.lat) && isNumber(v.lon);
const isPoint = (v: unknown) => isObject(v) && isNumber(v.timeMs) && isNumber(v.mileageKm) && isNumber(v.lat);
const isRecord = (v: unknown) => isObject(v) && isNumber(v.startTime) && isNumber(v.endTime);

function wellFormed(r: Shape): r is Shape & Omit<ResumableState, 'v' | 'vid'> {
  const { filter, odometer, segmenter, trips, fuel } = r;
  if (!isObject(filter) || !isObject(odometer) || !isObject(segmenter) || !isObject(trips) || !isObject(fuel))
    return false;
  const open = segmenter.open;
  return (
    (filter.last === null || isFix(filter.last)) &&
    Array.isArray(filter.jumps) &&
    filter.jumps.every(isFix) &&
    typeof filter.moving === 'boolean' &&
    (filter.moveRun === null || (isObject(filter.moveRun) && isNumber(filter.moveRun.count))) &&
    isNumber(odometer.mileageKm) &&
    (odometer.last === null || isFix(odometer.last)) &&
    (open === null || (isObject(open) && isPoint(open.start) && isPoint(open.last) && isNumber(open.samples))) &&
    Array.isArray(trips.pending) &&
    trips.pending.every(isNumber) &&
    (trips.last === null || isRecord(trips.last)) &&
    Object.values(fuel).every((t) => isObject(t) && isObject(t.tank) && isObject(t.level))
  );
}

/**
 * The stored resumable state, if it is of this version, well formed, and still fits the vehicle
 * as stored (same vehicle, same mileage: nothing else has rewritten it since); null otherwise.
 */
export function readResumable(json: string, vehicle: { vid: string; mileage: number } | null): StoredMotion | null {
  let r: unknown;
  try {
    r = JSON.parse(json) as unknown;
  } catch {
    return null;
  }
  if (!isObject(r) || r.v !== RESUMABLE_VERSION || r.vid !== (vehicle?.vid ?? null) || !wellFormed(r)) return null;
  if (vehicle && Math.round(r.odometer.mileageKm * 1000) / 1000 !== vehicle.mileage) return null;
  const { filter, odometer, segmenter, trips, fuel } = r;
  return { filter, odometer, segmenter, trips, fuel };
}

const isRuleState = (v: unknown): v is RuleState =>
  isObject(v) &&
  typeof v.holding === 'boolean' &&
  (v.pendingSinceMs === null || isNumber(v.pendingSinceMs)) &&
  isNumber(v.pendingFixes);

/**
 * The rule states stored for the device, whether or not the rest of the stored state still fits
 * (a recompute rewriting records does not change where live rules stand); all at rest when none
 * is stored, it is unreadable, or it was built for another vehicle.
 */
export function readRuleState(json: string | null | undefined, vid: string | null): DeviceRuleState {
  if (!json) return emptyDeviceRuleState();
  let r: unknown;
  try {
    r = JSON.parse(json) as unknown;
  } catch {
    return emptyDeviceRuleState();
  }
  if (!isObject(r) || r.v !== RESUMABLE_VERSION || r.vid !== vid || !isObject(r.rules)) return emptyDeviceRuleState();
  const { rules, last } = r.rules;
  if (!isObject(rules) || !Object.values(rules).every(isRuleState)) return emptyDeviceRuleState();
  const lastOk = isObject(last) && isNumber(last.timeMs) && (last.speedKmh === null || isNumber(last.speedKmh));
  return {
    rules: rules as Record<string, RuleState>,
    last: lastOk ? { timeMs: last.timeMs as number, speedKmh: last.speedKmh as number | null } : null,
  };
}

/**
 * The state with its pending transit records, given the stored records at their start times;
 * null unless every one is there (a recompute rewrote them since: the state is stale).
 */
export function withPending(m: StoredMotion, records: readonly TransitRecordValue[]): MotionState | null {
  const byStart = new Map(records.map((r) => [r.startTime, r]));
  const pending = m.trips.pending.map((t) => byStart.get(t));
  if (!pending.every((r) => r !== undefined)) return null;
  const trips: TripTrackerState = { last: m.trips.last, pending };
  return { ...m, trips };
}

/**
 * Without a resumable state (none stored yet, or unreadable) the pipeline goes on from the
 * device and vehicle rows: the filter and odometer from the last accepted fix, the open transit
 * record from the stored status (its start and speeds are lost); the caller reads the trip
 * tracker back from the stored records. Fuel smoothing starts afresh.
 */
export function approximateMotion(
  transit: TransitState | null,
  lastFix: AcceptedFix | null,
  mileageKm: number,
): Pick<MotionState, 'filter' | 'odometer' | 'segmenter'> {
  return {
    filter: resumeFixFilter(lastFix, transit?.status === 'MOVING'),
    odometer: { mileageKm, last: lastFix },
    segmenter: approximateSegmenter(transit, lastFix, mileageKm),
  };
}

function approximateSegmenter(
  transit: TransitState | null,
  lastFix: AcceptedFix | null,
  mileageKm: number,
): SegmenterState {
  if (!transit || !lastFix) return emptySegmenter();
  const start = {
    timeMs: transit.transitFrom,
    lat: lastFix.lat,
    lon: lastFix.lon,
    speedKmh: 0,
    status: transit.status,
    mileageKm,
  };
  return {
    open: {
      status: transit.status,
      start,
      last: { ...start, timeMs: lastFix.deviceTimeMs },
      topSpeed: 0,
      speedSum: 0,
      samples: 0,
      fuelUsed: 0,
    },
  };
}
