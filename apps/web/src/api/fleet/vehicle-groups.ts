import {
  MANAGEMENT_PATHS,
  VehicleGroupResponseSchema,
  VehicleGroupsResponseSchema,
  type AddVehicleGroupRequest,
  type AssignVehiclesRequest,
  type EditVehicleGroupRequest,
  type VehicleGroup,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

export const vehicleGroupKeys = {
  all: ['vehicleGroups'] as const,
  ofUser: (uid: string) => ['vehicleGroups', uid] as const,
};

/** POST /vehicle/group/get {uid, vgids: []}: every group the user owns or was given. */
export async function fetchVehicleGroups(uid: string): Promise<VehicleGroup[]> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGroupGet, { uid, vgids: [] }, VehicleGroupsResponseSchema))
    .vehicleGroups;
}

/** The user's vehicle groups query (the sign-in load, the fleet list's group names, the screens). */
export function vehicleGroupsQuery(uid: string) {
  return { queryKey: vehicleGroupKeys.ofUser(uid), queryFn: () => fetchVehicleGroups(uid) } as const;
}

export function useVehicleGroups(uid: string): UseQueryResult<VehicleGroup[]> {
  return useQuery(vehicleGroupsQuery(uid));
}

export async function addVehicleGroup(request: AddVehicleGroupRequest): Promise<VehicleGroup> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGroupAdd, request, VehicleGroupResponseSchema)).vehicleGroup;
}

export async function editVehicleGroup(request: EditVehicleGroupRequest): Promise<VehicleGroup> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGroupEdit, request, VehicleGroupResponseSchema)).vehicleGroup;
}

export async function assignVehiclesToGroup(request: AssignVehiclesRequest): Promise<VehicleGroup> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGroupAssign, request, VehicleGroupResponseSchema)).vehicleGroup;
}
