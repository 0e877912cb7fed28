import type { UserVehicleRow } from '@jejak/contract';
import { byDisplayName } from '../../ui/alerts/use-fleet-vehicles.ts';

type Opened = Pick<UserVehicleRow, 'vid' | 'vehicleDisplayName' | 'vehiclePlate'>;

/** The vehicle the screen was opened with ({vehicle, uid} in the navigation state, spec 3 §2). */
export function stateVehicle(state: unknown): Opened | undefined {
  if (typeof state !== 'object' || state === null || !('vehicle' in state)) return undefined;
  const v: unknown = state.vehicle;
  if (typeof v !== 'object' || v === null || !('vid' in v) || typeof v.vid !== 'string' || v.vid === '')
    return undefined;
  const name = 'vehicleDisplayName' in v && typeof v.vehicleDisplayName === 'string' ? v.vehicleDisplayName : v.vid;
  const plate = 'vehiclePlate' in v && typeof v.vehiclePlate === 'string' ? v.vehiclePlate : '';
  return { vid: v.vid, vehicleDisplayName: name, vehiclePlate: plate };
}

const label = (v: Opened) => (v.vehiclePlate ? `${v.vehicleDisplayName} (${v.vehiclePlate})` : v.vehicleDisplayName);

/** The picker's vehicles, by display name, as 'name (plate)'; the opened one always among them. */
export function vehicleOptions(vehicles: readonly Opened[], opened: Opened | undefined) {
  const list = [...vehicles];
  if (opened && !list.some((v) => v.vid === opened.vid)) list.push(opened);
  return list.sort(byDisplayName).map((v) => ({ value: v.vid, label: label(v) }));
}
