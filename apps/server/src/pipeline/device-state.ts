import { nextTransitState, type Device, type TransitConfig, type TransitState, type Vehicle } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceLogRow, DevicePackage } from '../storage/ingest-store.ts';

/** What the pipeline keeps in memory for one device; restorable from the store. */
export interface DeviceState {
  device: Device;
  vehicle: Vehicle | null;
  transit: TransitState | null;
  /** Server time the device was last heard from (any package). */
  lastSeenAtMs: number;
}

export interface Step {
  log: DeviceLogRow;
  /** True when the device's latest fix (and so the vehicle's status) changed. */
  latestChanged: boolean;
}

export interface StepContext {
  receivedAtMs: number;
  transit: TransitConfig;
  /** Fixes further ahead than this are not trusted as latest (clock errors). */
  maxFutureMs: number;
}

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

const boolAttr = (msg: NormalizedMessage, key: string): boolean | null =>
  typeof msg.attributes[key] === 'boolean' ? msg.attributes[key] : null;

/**
 * Applies one decoded message to a device's state, in order. Pure apart from mutating
 * `state`, which the caller owns. Returns the device-log row to store.
 */
export function applyMessage(state: DeviceState, msg: NormalizedMessage, ctx: StepContext): Step {
  const pkg = packageOf(msg);
  const ignition = boolAttr(msg, 'ignition');
  const deviceTime = msg.deviceTimeMs ?? ctx.receivedAtMs;
  const fix = hasUsableFix(msg) ? msg : null;
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
    gpsStatus: msg.valid ?? null,
    engineStatus: ignition,
    isAlive: true,
    deviceMessage: typeof msg.attributes.alarm === 'string' ? msg.attributes.alarm : null,
    attributes: Object.keys(msg.attributes).length > 0 ? msg.attributes : null,
  };

  const device = state.device;
  device.isAlive = true;
  state.lastSeenAtMs = ctx.receivedAtMs;
  if (ignition !== null) device.engineStatus = ignition;
  const isLatest =
    fix !== null &&
    pkg === 'gps#latest' &&
    deviceTime > (device.deviceTime ?? 0) &&
    deviceTime <= ctx.receivedAtMs + ctx.maxFutureMs;
  if (!isLatest || !fix) return { log, latestChanged: pkg === 'heartbeat' || pkg === 'auth' };

  device.location = { lat: fix.latitude, lon: fix.longitude };
  device.heading = fix.course ?? device.heading;
  const speedKmh = fix.speedKmh ?? 0;
  device.speed = speedKmh;
  device.deviceTime = deviceTime;
  device.gpsStatus = true;
  if (state.vehicle) {
    state.transit = nextTransitState(
      state.transit,
      { deviceTimeMs: deviceTime, speedKmh, ignition: ignition ?? undefined },
      ctx.transit,
    );
    state.vehicle.transitStatus = state.transit.status;
    state.vehicle.transitFrom = state.transit.transitFrom;
    state.vehicle.updatedAt = state.transit.updatedAt;
  }
  return { log, latestChanged: true };
}
