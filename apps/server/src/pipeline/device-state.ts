import {
  deviceTransit,
  disconnectIfSilent,
  filterFix,
  type AcceptedFix,
  nextOdometer,
  nextTransitState,
  type Device,
  type FixFilterConfig,
  type FixFilterState,
  type OdometerState,
  pushPoint,
  pushTransits,
  tripNow,
  tripsAtParking,
  type SegmenterConfig,
  type SegmenterState,
  type TripNow,
  type TripRecordValue,
  type TripTrackerState,
  type TransitRecordValue,
  type TransitConfig,
  type TransitState,
  silentGapFrom,
  type Vehicle,
  type VehicleFuelState,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceLogRow, DevicePackage } from '../storage/ingest/rows.ts';
import { storableMessage } from './sanitize.ts';
import { applyFuel } from './fuel-step.ts';
import { applyGeofences, type DeviceGeofences, type GeofenceStepResult } from './geofence-step.ts';

/** What the pipeline keeps in memory for one device; restorable from the store. */
export interface DeviceState {
  device: Device;
  vehicle: Vehicle | null;
  transit: TransitState | null;
  filter: FixFilterState;
  odometer: OdometerState;
  segmenter: SegmenterState;
  trips: TripTrackerState;
  /** Each fuel tank's smoothed level and open refuel/drain (issue #3, fuel-step.ts). */
  fuel: VehicleFuelState;
  /** The vehicle's geofences and which it is inside (geofence-step.ts, ADR 0029). */
  geofences: DeviceGeofences;
  /** Server time the device was last heard from (any package). */
  lastSeenAtMs: number;
}

export interface Step {
  log: DeviceLogRow;
  /** Transit records this message closed. */
  transits: TransitRecordValue[];
  /** Trips this message made final (or extended). */
  trips: TripRecordValue[];
  /** The trip the vehicle is in after this message, for its vehicle-log row. */
  trip: TripNow | null;
  /** An accepted fix moved the vehicle's state on (a vehicle-log row is due). */
  moved: boolean;
  /** True when the device's latest fix (and so the vehicle's status) changed. */
  latestChanged: boolean;
  /** Device time of a fix that arrived after later ones (from memory, or out of order): its window needs recomputing. */
  late: number | null;
  /** Geofences this fix entered or left (rows to store, crossings to announce once stored). */
  geofence: GeofenceStepResult | null;
  /**
   * A stop without ignition was found to be a parking: the vehicle-log rows from `fromMs` (the
   * stop) up to `toMs` (this fix) are rewritten as that parking (ADR 0036).
   */
  parkedFrom?: { fromMs: number; toMs: number };
}

export interface StepContext {
  receivedAtMs: number;
  transit: TransitConfig;
  filter: FixFilterConfig;
  segmenter: SegmenterConfig;
}

const still = (log: DeviceLogRow, latestChanged: boolean, late: number | null = null): Step => ({
  log,
  transits: [],
  trips: [],
  trip: null,
  moved: false,
  latestChanged,
  late,
  geofence: null,
});

function packageOf(msg: NormalizedMessage): DevicePackage {
  switch (msg.kind) {
    case 'login':
      return 'auth';
    case 'heartbeat':
      return 'heartbeat';
    case 'position':
    case 'alarm':
      return msg.memory ? 'gps#memory' : 'gps#latest';
  }
}

function hasUsableFix(msg: NormalizedMessage): msg is NormalizedMessage & { latitude: number; longitude: number } {
  return (
    msg.valid === true &&
    typeof msg.latitude === 'number' &&
    typeof msg.longitude === 'number' &&
    !(msg.latitude === 0 && msg.longitude === 0)
  );
}

/**
 * The device log's attributes: the message's, and its satellite count, which the filters read
 * and a recompute must read again (ADR 0023).
 */
function logAttributes(msg: NormalizedMessage): DeviceLogRow['attributes'] {
  const satellites = msg.satellites;
  if (satellites !== undefined && Number.isFinite(satellites)) return { ...msg.attributes, satellites };
  return Object.keys(msg.attributes).length > 0 ? msg.attributes : null;
}

const boolAttr = (msg: NormalizedMessage, key: string): boolean | null =>
  typeof msg.attributes[key] === 'boolean' ? msg.attributes[key] : null;

/**
 * Applies one decoded message to a device's state, in order. Pure apart from mutating
 * `state`, which the caller owns. Returns the device-log row to store.
 */
export function applyMessage(state: DeviceState, received: NormalizedMessage, ctx: StepContext): Step {
  const msg = storableMessage(received);
  const pkg = packageOf(msg);
  const ignition = boolAttr(msg, 'ignition');
  const deviceTime = msg.deviceTimeMs ?? ctx.receivedAtMs;
  const fix = hasUsableFix(msg) ? msg : null;
  const fuel = applyFuel(state, msg, deviceTime, ctx);
  const log: DeviceLogRow = {
    dvid: state.device.dvid,
    deviceTime,
    package: pkg,
    packageTime: msg.deviceTimeMs ?? null,
    createdAt: ctx.receivedAtMs,
    lat: msg.latitude ?? null,
    lon: msg.longitude ?? null,
    speed: msg.speedKmh ?? null,
    altitude: msg.altitude ?? null,
    heading: msg.course ?? null,
    fuel: fuel.readingL,
    gpsStatus: msg.valid ?? null,
    engineStatus: ignition,
    isAlive: true,
    deviceMessage: typeof msg.attributes.alarm === 'string' ? msg.attributes.alarm : null,
    attributes: logAttributes(msg),
  };

  const device = state.device;
  device.isAlive = true;
  state.lastSeenAtMs = ctx.receivedAtMs;
  if (ignition !== null) device.engineStatus = ignition;
  // Late (memory) data is stored but never moves the vehicle now (DESIGN §1).
  if (!fix) {
    if (pkg === 'gps#latest' && ignitionTurned(state, msg, ignition)) {
      // The key turned in a record without a fix: the vehicle stands where it last stood.
      const at = state.filter.last;
      if (!at) return firstStatus(state, log, deviceTime, ignition, ctx);
      return advance(
        state,
        log,
        { deviceTimeMs: deviceTime, lat: at.lat, lon: at.lon },
        0,
        ignition,
        msg,
        fuel.levelL,
        ctx,
        false,
      );
    }
    return still(log, pkg === 'heartbeat' || pkg === 'auth');
  }
  if (pkg !== 'gps#latest') return still(log, false, deviceTime);

  const speedKmh = fix.speedKmh ?? 0;
  const wasMoving = state.filter.moving;
  const filtered = filterFix(
    state.filter,
    {
      deviceTimeMs: deviceTime,
      latitude: fix.latitude,
      longitude: fix.longitude,
      valid: fix.valid === true,
      speedKmh,
      satellites: fix.satellites,
      ignition: ignition ?? undefined,
    },
    ctx.filter,
    ctx.receivedAtMs,
  );
  state.filter = filtered.state;
  const verdict = filtered.verdict;
  if (!verdict.accepted) {
    log.attributes = { ...(log.attributes ?? {}), filtered: verdict.reason };
    const outOfOrder = verdict.reason === 'stale' && deviceTime < (state.filter.last?.deviceTimeMs ?? deviceTime);
    return still(log, false, outOfOrder ? deviceTime : null);
  }
  if (verdict.unconfirmed) log.attributes = { ...(log.attributes ?? {}), unconfirmed: true };
  else if (verdict.clamped) log.attributes = { ...(log.attributes ?? {}), clamped: true };

  device.heading = fix.course ?? device.heading;
  device.speed = speedKmh;
  device.gpsStatus = true;
  // A movement not yet confirmed counts as standing still, and only a confirmed one (up to the
  // fix where it stops) adds mileage.
  const motionSpeed = verdict.unconfirmed ? 0 : speedKmh;
  const driving = ignition !== false && (wasMoving || state.filter.moving);
  return advance(state, log, verdict.fix, motionSpeed, ignition, msg, fuel.levelL, ctx, driving, verdict.movingFrom);
}

/**
 * The sweep of a device silent on the server's clock: the vehicle shows DISCONNECTED from when
 * it was last heard. Its records follow the device's own timeline (`deviceTransit`). Returns
 * whether the status changed.
 */
export function markSilent(state: DeviceState, nowMs: number, cfg: TransitConfig): boolean {
  if (!state.vehicle || !state.transit) return false;
  const next = disconnectIfSilent(state.transit, state.lastSeenAtMs, nowMs, cfg);
  if (next === state.transit) return false;
  state.transit = next;
  state.device.isAlive = false;
  state.vehicle.transitStatus = next.status;
  state.vehicle.transitFrom = next.transitFrom;
  return true;
}

/**
 * Whether a record without a fix carries an ignition change the transit status has not seen
 * (ignition off while not parked, or on while parked, disconnected or not known yet). Only such a change
 * moves the status: without a fix the speed is unknown, so nothing else can.
 */
function ignitionTurned(state: DeviceState, msg: NormalizedMessage, ignition: boolean | null): ignition is boolean {
  const status = state.transit?.status;
  const last = state.filter.last;
  const seen = last?.deviceTimeMs ?? state.transit?.updatedAt ?? -Infinity;
  if (ignition === null || !state.vehicle || msg.deviceTimeMs === undefined || msg.deviceTimeMs <= seen) return false;
  return ignition ? !status || status === 'PARKING' || status === 'DISCONNECTED' : status !== 'PARKING';
}

/** The status of a vehicle not yet placed by any fix, from its ignition alone. */
function firstStatus(
  state: DeviceState,
  log: DeviceLogRow,
  deviceTime: number,
  ignition: boolean,
  ctx: StepContext,
): Step {
  if (!state.vehicle) return still(log, false);
  state.transit = nextTransitState(state.transit, { deviceTimeMs: deviceTime, speedKmh: 0, ignition }, ctx.transit);
  state.vehicle.transitStatus = state.transit.status;
  state.vehicle.transitFrom = state.transit.transitFrom;
  state.vehicle.updatedAt = state.transit.updatedAt;
  return still(log, true);
}

/** Moves the vehicle on to an accepted position: odometer, transit status, records, trips. */
function advance(
  state: DeviceState,
  log: DeviceLogRow,
  at: AcceptedFix,
  speedKmh: number,
  ignition: boolean | null,
  msg: NormalizedMessage,
  fuelL: number | undefined,
  ctx: StepContext,
  driving: boolean,
  movingFrom?: number,
): Step {
  const device = state.device;
  const deviceTime = at.deviceTimeMs;
  device.location = { lat: at.lat, lon: at.lon };
  device.deviceTime = deviceTime;
  if (!state.vehicle) return still(log, true);
  const odometerM = typeof msg.attributes.odometer === 'number' ? msg.attributes.odometer : undefined;
  state.odometer = nextOdometer(state.odometer, at, odometerM, driving);
  state.vehicle.mileage = Math.round(state.odometer.mileageKm * 1000) / 1000;
  const before = state.segmenter.open;
  // The records follow the device's timeline, whatever the server's clock said meanwhile.
  const prev = deviceTransit(state.transit, before);
  const disconnectedFrom = silentGapFrom(prev, deviceTime, ctx.transit);
  state.transit = nextTransitState(
    prev,
    { deviceTimeMs: deviceTime, speedKmh, ignition: ignition ?? undefined, movingFrom },
    ctx.transit,
  );
  state.vehicle.transitStatus = state.transit.status;
  state.vehicle.transitFrom = state.transit.transitFrom;
  state.vehicle.updatedAt = state.transit.updatedAt;
  const geofence = applyGeofences(state.geofences, state.vehicle, at, ctx.receivedAtMs);
  const pushed = pushPoint(state.segmenter, {
    timeMs: deviceTime,
    lat: at.lat,
    lon: at.lon,
    speedKmh,
    status: state.transit.status,
    mileageKm: state.odometer.mileageKm,
    fuelL,
    since: movingFrom ?? state.transit.transitFrom,
    disconnectedFrom,
  });
  state.segmenter = pushed.state;
  const grouped = pushTransits(state.trips, pushed.closed, ctx.segmenter);
  state.trips = grouped.state;
  const open = state.segmenter.open;
  const prevLastMs = before && open && before.start === open.start ? before.last.timeMs : undefined;
  const parked = tripsAtParking(state.trips, open, prevLastMs, ctx.segmenter);
  const trip = tripNow(state.trips, state.segmenter.open, deviceTime, ctx.segmenter);
  const step: Step = {
    log,
    transits: pushed.closed,
    trips: [...grouped.trips, ...parked],
    trip,
    moved: true,
    latestChanged: true,
    late: null,
    geofence,
  };
  if (pushed.parkedFrom !== undefined) step.parkedFrom = { fromMs: pushed.parkedFrom, toMs: deviceTime };
  return step;
}
