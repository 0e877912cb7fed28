import { MANAGEMENT_PATHS, VehiclesResponseSchema, type ManagedVehicle } from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

export const managedVehicleKeys = {
  all: ['managedVehicles'] as const,
  /** Every vehicle the user reaches, as the Vehicles tab shows them. */
  ofUser: (uid: string) => ['managedVehicles', uid] as const,
};

/** POST /vehicle/get {uid}. */
export async function fetchManagedVehicles(uid: string): Promise<ManagedVehicle[]> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGet, { uid }, VehiclesResponseSchema)).vehicles;
}

export function useManagedVehicles(uid: string): UseQueryResult<ManagedVehicle[]> {
  return useQuery({ queryKey: managedVehicleKeys.ofUser(uid), queryFn: () => fetchManagedVehicles(uid) });
}
