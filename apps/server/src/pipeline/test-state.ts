import {
  DEFAULT_FIX_FILTER,
  DEFAULT_SEGMENTER,
  DEFAULT_TRANSIT_CONFIG,
  EMPTY_FIX_FILTER_STATE,
  emptySegmenter,
  emptyTripTracker,
  emptyVehicleFuel,
  type Device,
  type Vehicle,
} from '@jejak/domain';
import type { DeviceState, StepContext } from './types.ts';

/** For tests: a device fitted to `vehicle`, before its first message. */
export function freshState(vehicle: Partial<Vehicle> = { vid: 'v1', mileage: 0 }): DeviceState {
  return {
    device: { dvid: 'GPS100#1' } as Device,
    vehicle: vehicle as Vehicle,
    transit: null,
    filter: EMPTY_FIX_FILTER_STATE,
    odometer: { mileageKm: 0, last: null },
    segmenter: emptySegmenter(),
    trips: emptyTripTracker(),
    fuel: emptyVehicleFuel(),
    geofences: { fences: [], inside: {}, profile: {} },
    lastSeenAtMs: 0,
  };
}

/** For tests: the step context with every default, for messages received at `receivedAtMs`. */
export function defaultStepContext(receivedAtMs: number): StepContext {
  return {
    receivedAtMs,
    transit: DEFAULT_TRANSIT_CONFIG,
    filter: DEFAULT_FIX_FILTER,
    segmenter: DEFAULT_SEGMENTER,
  };
}
