import {
  deviceTransit,
  disconnectIfSilent,
  nextTransitState,
  silentGapFrom,
  type AcceptedFix,
  type TransitConfig,
  type TransitState,
  type Vehicle,
} from '@jejak/domain';
import type { DeviceState, FittedState, Step, StepContext } from '../types.ts';

function show(vehicle: Vehicle, transit: TransitState): void {
  vehicle.transitStatus = transit.status;
  vehicle.transitFrom = transit.transitFrom;
  vehicle.updatedAt = transit.updatedAt;
}

/**
 * The vehicle's transit status (MOVING, IDLING, PARKING, DISCONNECTED) after an accepted
 * position, from ignition when the device reports it, else from speed (DESIGN §1). Notes on the
 * step when a silence in the device's own timeline was long enough to be DISCONNECTED.
 */
export function transit(state: FittedState, step: Step, at: AcceptedFix, ctx: StepContext): void {
  // The records follow the device's timeline, whatever the server's clock said meanwhile.
  const prev = deviceTransit(state.transit, state.segmenter.open);
  step.disconnectedFrom = silentGapFrom(prev, at.deviceTimeMs, ctx.transit);
  state.transit = nextTransitState(
    prev,
    {
      deviceTimeMs: at.deviceTimeMs,
      speedKmh: step.speedKmh,
      ignition: step.ignition ?? undefined,
      movingFrom: step.movingFrom,
    },
    ctx.transit,
  );
  show(state.vehicle, state.transit);
}

/** The status of a vehicle not yet placed by any fix, from the ignition of a record without one. */
export function firstStatus(state: DeviceState, step: Step, ctx: StepContext): void {
  if (!state.vehicle || step.ignition === null) return;
  state.transit = nextTransitState(
    state.transit,
    { deviceTimeMs: step.log.deviceTime, speedKmh: 0, ignition: step.ignition },
    ctx.transit,
  );
  show(state.vehicle, state.transit);
  step.latestChanged = true;
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
