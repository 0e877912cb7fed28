import { filterFix, type AcceptedFix } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import type { DeviceState, Step, StepContext } from '../types.ts';
import { firstStatus } from './transit.ts';

function hasUsableFix(msg: NormalizedMessage): msg is NormalizedMessage & { latitude: number; longitude: number } {
  return (
    msg.valid === true &&
    typeof msg.latitude === 'number' &&
    typeof msg.longitude === 'number' &&
    !(msg.latitude === 0 && msg.longitude === 0)
  );
}

/**
 * Where the device is after the message (DESIGN §1 "Drift": the filters run before the odometer
 * and motion): a live fix the filters accept or, for a live record without a fix whose ignition
 * turned, where the vehicle last stood. The device is placed there, and the step notes the speed
 * and movement motion counts. Null when the message moves nothing on: no fix, a filtered one, or
 * late data (DESIGN §1: stored, but it never moves the vehicle now).
 */
export function position(state: DeviceState, step: Step, ctx: StepContext): AcceptedFix | null {
  const { msg, log } = step;
  if (!hasUsableFix(msg)) return withoutFix(state, step, ctx);
  if (log.package !== 'gps#latest') {
    step.late = log.deviceTime;
    return null;
  }
  const deviceTime = log.deviceTime;
  const speedKmh = msg.speedKmh ?? 0;
  const wasMoving = state.filter.moving;
  const filtered = filterFix(
    state.filter,
    {
      deviceTimeMs: deviceTime,
      latitude: msg.latitude,
      longitude: msg.longitude,
      valid: msg.valid === true,
      speedKmh,
      satellites: msg.satellites,
      ignition: step.ignition ?? undefined,
    },
    ctx.filter,
    ctx.receivedAtMs,
  );
  state.filter = filtered.state;
  const verdict = filtered.verdict;
  if (!verdict.accepted) {
    log.attributes = { ...(log.attributes ?? {}), filtered: verdict.reason };
    const outOfOrder = verdict.reason === 'stale' && deviceTime < (state.filter.last?.deviceTimeMs ?? deviceTime);
    if (outOfOrder) step.late = deviceTime;
    return null;
  }
  if (verdict.unconfirmed) log.attributes = { ...(log.attributes ?? {}), unconfirmed: true };
  else if (verdict.clamped) log.attributes = { ...(log.attributes ?? {}), clamped: true };

  const device = state.device;
  device.heading = msg.course ?? device.heading;
  device.speed = speedKmh;
  device.gpsStatus = true;
  device.noGPSAt = null;
  // A movement not yet confirmed counts as standing still, and only a confirmed one (up to the
  // fix where it stops) adds mileage.
  step.speedKmh = verdict.unconfirmed ? 0 : speedKmh;
  step.driving = step.ignition !== false && (wasMoving || state.filter.moving);
  step.movingFrom = verdict.movingFrom;
  return placed(state, step, verdict.fix);
}

/**
 * A record without a usable fix moves the vehicle only when it is live and its ignition turned:
 * the vehicle stands where it last stood (or, never placed yet, takes its status from ignition).
 */
function withoutFix(state: DeviceState, step: Step, ctx: StepContext): AcceptedFix | null {
  const pkg = step.log.package;
  if (pkg === 'gps#latest' && ignitionTurned(state, step.msg, step.ignition)) {
    const at = state.filter.last;
    if (!at) {
      firstStatus(state, step, ctx);
      return null;
    }
    return placed(state, step, { deviceTimeMs: step.log.deviceTime, lat: at.lat, lon: at.lon });
  }
  step.latestChanged ||= pkg === 'heartbeat' || pkg === 'auth';
  return null;
}

/** The device stands at `at` now; its latest fix changed. */
function placed(state: DeviceState, step: Step, at: AcceptedFix): AcceptedFix {
  state.device.location = { lat: at.lat, lon: at.lon };
  state.device.deviceTime = at.deviceTimeMs;
  step.latestChanged = true;
  return at;
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
