import { OPERATIONS, accessAllows } from '@jejak/contract';
import { fleetRow, fleetState, groupNamesByVehicle, matchesFleetSearch, type FleetFilter } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { vehicleGroupsQuery } from '../../../api/fleet/vehicle-groups.ts';
import type { VehicleShown } from '../../../map/layers/vehicles/vehicle-features.ts';
import { useSessionUser } from '../../../store/session.ts';
import { SIGN_IN_STALE_MS } from '../../../store/sign-in-load.ts';

export const NO_FLEET_FILTER: FleetFilter = { query: '', state: null };

/** Names of the user's groups by vid (the built-in ALL left out), from the sign-in's cached groups. */
export function useGroupNames(): Map<string, string[]> {
  const { uid, userRole } = useSessionUser();
  const groups = useQuery({
    ...vehicleGroupsQuery(uid),
    enabled: accessAllows(OPERATIONS.vehicleGroupGet.access, userRole),
    staleTime: SIGN_IN_STALE_MS,
  });
  return useMemo(() => groupNamesByVehicle(groups.data ?? []), [groups.data]);
}

/**
 * The map's side of the fleet list's filter: which vehicles it draws. Undefined (all) without a
 * filter; the same test as the list's rows otherwise, so the map and the list always agree.
 */
export function useShownVehicles(filter: FleetFilter): VehicleShown | undefined {
  const groupNames = useGroupNames();
  return useMemo(() => {
    if (filter.query.trim() === '' && filter.state === null) return undefined;
    const groupsOf = (vid: string) => groupNames.get(vid) ?? [];
    return (vehicle, device) =>
      (filter.state === null || fleetState(vehicle, device) === filter.state) &&
      matchesFleetSearch(fleetRow(vehicle, device, groupsOf), filter.query);
  }, [filter, groupNames]);
}
