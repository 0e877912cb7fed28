import { tankLevels } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceLogRow, DevicePackage } from '../../storage/ingest/rows.ts';
import type { DeviceState, HeldState, Step, StepContext } from '../types.ts';

/** Nothing closed or made final: shared by the steps that close nothing (never written to). */
const NONE: readonly never[] = [];

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
 * A live record without a valid fix: the GPS has none now (spec 1 §3's gpsStatus and noGPSAt),
 * since this record unless it already had none. Memory records are the past: they say nothing
 * of now. True when the device's GPS status changed.
 */
function lostGps(state: DeviceState, msg: NormalizedMessage, deviceTime: number): boolean {
  if (msg.valid !== false || msg.memory || (msg.kind !== 'position' && msg.kind !== 'alarm')) return false;
  const device = state.device;
  if (device.gpsStatus === false) return false;
  device.gpsStatus = false;
  device.noGPSAt = deviceTime;
  return true;
}

/**
 * The first stage after sanitizing: the message's device-log row (every message has one), and
 * the device heard from. Starts the step the later stages fill in.
 */
export function deviceLog(state: DeviceState, msg: NormalizedMessage, ctx: StepContext): Step {
  const ignition = boolAttr(msg, 'ignition');
  const log: DeviceLogRow = {
    dvid: state.device.dvid,
    deviceTime: msg.deviceTimeMs ?? ctx.receivedAtMs,
    package: packageOf(msg),
    packageTime: msg.deviceTimeMs ?? null,
    createdAt: ctx.receivedAtMs,
    lat: msg.latitude ?? null,
    lon: msg.longitude ?? null,
    speed: msg.speedKmh ?? null,
    altitude: msg.altitude ?? null,
    heading: msg.course ?? null,
    // The fuel stage's reading.
    fuel: null,
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
  const gpsLost = lostGps(state, msg, log.deviceTime);
  return {
    msg,
    ignition,
    log,
    fuelL: undefined,
    speedKmh: 0,
    driving: false,
    movingFrom: undefined,
    disconnectedFrom: undefined,
    transits: NONE,
    trips: NONE,
    trip: null,
    moved: false,
    // A GPS that lost its fix changes what the device shows, though nothing moved.
    latestChanged: gpsLost,
    late: null,
    geofence: null,
    parkedFrom: null,
  };
}

/**
 * Live only: the record the Devices tab shows as the device's last (session rows are the
 * server's own), and each tank's level as the Information Table shows it (spec 1 §2 Fuel column).
 */
export function lastRecord(state: HeldState, step: Step, receivedAtMs: number): void {
  if (!step.log.package.startsWith('event#session#')) {
    state.device.lastPackage = step.log.package;
    state.device.lastRecordAt = receivedAtMs;
  }
  state.device.fuelLevels = tankLevels(state.fuel);
}
