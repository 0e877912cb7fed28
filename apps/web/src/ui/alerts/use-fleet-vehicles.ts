import type { Vehicle } from '@jejak/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hierarchyQuery } from '../../api/accounts/user.ts';
import { useSessionUser } from '../../store/session.ts';

export interface FleetVehicles {
  /** By display name, case-insensitive (spec 1 §2 vehicle picker). */
  sorted: readonly Vehicle[];
  byVid: ReadonlyMap<string, Vehicle>;
  loading: boolean;
}

/** The vehicles the signed-in user reaches: the hierarchy load the live fleet already holds. */
export function useFleetVehicles(): FleetVehicles {
  const { uid } = useSessionUser();
  const hierarchy = useQuery(hierarchyQuery(uid));
  const vehicles = hierarchy.data?.vehicles;
  return useMemo(() => {
    const list = vehicles ?? [];
    return {
      sorted: [...list].sort(byDisplayName),
      byVid: new Map(list.map((v) => [v.vid, v])),
      loading: vehicles === undefined,
    };
  }, [vehicles]);
}

export function byDisplayName(a: Pick<Vehicle, 'vehicleDisplayName'>, b: Pick<Vehicle, 'vehicleDisplayName'>): number {
  return a.vehicleDisplayName.localeCompare(b.vehicleDisplayName, undefined, { sensitivity: 'base' });
}

/** A vehicle as tables name it: display name and plate. */
export function vehicleLabel(vehicle: Pick<Vehicle, 'vehicleDisplayName' | 'vehiclePlate'> | undefined, vid: string) {
  return vehicle ? `${vehicle.vehicleDisplayName} (${vehicle.vehiclePlate})` : vid;
}
