import {
  EMPTY_FIX_FILTER_STATE,
  emptySegmenter,
  emptyTripTracker,
  emptyVehicleFuel,
  type Device,
  type Vehicle,
} from '@jejak/domain';
import type { DeviceState } from './device-state.ts';

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
    lastSeenAtMs: 0,
  };
}
