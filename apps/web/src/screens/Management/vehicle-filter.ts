import type { ManagedVehicle } from '@jejak/contract';
import { displayStatus, type TransitStatus } from '@jejak/domain';
import { containsText } from '../../ui/table/table.ts';

export interface VehicleFilter {
  query: string;
  status: TransitStatus | null;
  type: string | null;
  vgid: string | null;
}

export const NO_VEHICLE_FILTER: VehicleFilter = { query: '', status: null, type: null, vgid: null };

/** What the search box looks in: plate, name, model, type, device and group names. */
function searchText(v: ManagedVehicle): string {
  return [v.vehiclePlate, v.vehicleDisplayName, v.vehicleModel, v.vehicleType, v.dvid, v.simCard ?? '']
    .concat(v.vehicleGroups.map((g) => g.groupName))
    .join('\n');
}

/**
 * The Vehicles tab's rows: case-insensitive contains search (spec 2 §5) and the status, type
 * and group filters; an unknown status counts as DISCONNECTED, as it is shown.
 */
export function filterVehicles(vehicles: readonly ManagedVehicle[], filter: VehicleFilter): ManagedVehicle[] {
  return vehicles.filter(
    (v) =>
      (filter.status === null || displayStatus(v.transitStatus) === filter.status) &&
      (filter.type === null || v.vehicleType === filter.type) &&
      (filter.vgid === null || v.vehicleGroups.some((g) => g.vgid === filter.vgid)) &&
      (filter.query.trim() === '' || containsText(searchText(v), filter.query)),
  );
}

type GroupRef = ManagedVehicle['vehicleGroups'][number];

/** A group's tag: its name, and its owner's when the vehicle has another group of that name (two 'ALL's). */
export function groupLabel(group: GroupRef, groups: readonly GroupRef[]): string {
  const twin = groups.some((o) => o.vgid !== group.vgid && o.groupName === group.groupName);
  return twin ? `${group.groupName} (${group.subName})` : group.groupName;
}
