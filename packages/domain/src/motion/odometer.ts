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

/**
 * `driving` false: the vehicle is not driving (ignition off, or no movement confirmed — ADR
 * 0036): the wander of a standing vehicle's GPS is not mileage. The odometer then goes on from
 * where the vehicle stopped, so a confirmed departure counts its leg from there.
 */
export function nextOdometer(
  state: OdometerState,
  fix: AcceptedFix,
  deviceOdometerM?: number,
  driving?: boolean,
): OdometerState {
  if (deviceOdometerM !== undefined && Number.isFinite(deviceOdometerM) && deviceOdometerM >= 0) {
    return { mileageKm: deviceOdometerM / 1000, last: fix };
  }
  if (driving === false) return state.last ? state : { ...state, last: fix };
  const addKm = state.last
    ? haversineKm({ lat: state.last.lat, lon: state.last.lon }, { lat: fix.lat, lon: fix.lon })
    : 0;
  return { mileageKm: state.mileageKm + addKm, last: fix };
}
