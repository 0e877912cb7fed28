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

export function nextOdometer(state: OdometerState, fix: AcceptedFix, deviceOdometerM?: number): OdometerState {
  if (deviceOdometerM !== undefined && Number.isFinite(deviceOdometerM) && deviceOdometerM >= 0) {
    return { mileageKm: deviceOdometerM / 1000, last: fix };
  }
  const addKm = state.last
    ? haversineKm({ lat: state.last.lat, lon: state.last.lon }, { lat: fix.lat, lon: fix.lon })
    : 0;
  return { mileageKm: state.mileageKm + addKm, last: fix };
}
