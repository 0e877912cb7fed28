import { haversineKm } from '../geo.ts';
import type { AcceptedFix } from './fix-filter.ts';

/**
 * Vehicle mileage in km. When the device reports its own odometer it is preferred (it counts
 * while we are offline); otherwise the great-circle distance between accepted fixes is added.
 */
export interface OdometerState {
  mileageKm: number;
  last: AcceptedFix | null;
}

export function nextOdometer(
  state: OdometerState,
  fix: AcceptedFix,
  deviceOdometerM?: number,
  ignition?: boolean,
): OdometerState {
  if (deviceOdometerM !== undefined && Number.isFinite(deviceOdometerM) && deviceOdometerM >= 0) {
    return { mileageKm: deviceOdometerM / 1000, last: fix };
  }
  // With the ignition off nobody drives: the wander of a parked vehicle's GPS is not mileage.
  // The odometer goes on from where the vehicle stopped, so a tow still counts once it is on.
  if (ignition === false) return state.last ? state : { ...state, last: fix };
  const addKm = state.last
    ? haversineKm({ lat: state.last.lat, lon: state.last.lon }, { lat: fix.lat, lon: fix.lon })
    : 0;
  return { mileageKm: state.mileageKm + addKm, last: fix };
}
