import {
  DeviceGroupsResponseSchema,
  DeviceResponseSchema,
  MANAGEMENT_PATHS,
  VehicleResponseSchema,
  VehiclesResponseSchema,
  type AddDeviceRequest,
  type AddVehicleRequest,
  type ManagedDevice,
  type ManagedVehicle,
  type UpdateDeviceRequest,
  type UpdateVehicleRequest,
} from '@jejak/contract';
import { apiPost } from './client.ts';

/** Query keys of the forms' reads. */
export const fleetFormKeys = {
  all: ['fleet-forms'] as const,
  vehicles: (uid: string) => ['fleet-forms', 'vehicles', uid] as const,
  devices: (uid: string) => ['fleet-forms', 'devices', uid] as const,
};

/** Every vehicle the user reaches (the edit form finds its vehicle there, fresh). */
export async function fetchManagedVehicles(uid: string): Promise<ManagedVehicle[]> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleGet, { uid }, VehiclesResponseSchema)).vehicles;
}

export async function addVehicle(request: AddVehicleRequest): Promise<ManagedVehicle> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleAdd, request, VehicleResponseSchema)).vehicle;
}

export async function updateVehicle(request: UpdateVehicleRequest): Promise<ManagedVehicle> {
  return (await apiPost(MANAGEMENT_PATHS.vehicleUpdate, request, VehicleResponseSchema)).vehicle;
}

/** The devices in the user's device groups, each once. */
export async function fetchGroupedDevices(uid: string): Promise<ManagedDevice[]> {
  const { deviceGroups } = await apiPost(
    MANAGEMENT_PATHS.deviceGroupGet,
    { uid, dgids: [] },
    DeviceGroupsResponseSchema,
  );
  const byDvid = new Map<string, ManagedDevice>();
  for (const group of deviceGroups) for (const device of group.devices) byDvid.set(device.dvid, device);
  return [...byDvid.values()];
}

export async function addDevice(request: AddDeviceRequest): Promise<ManagedDevice> {
  return (await apiPost(MANAGEMENT_PATHS.deviceAdd, request, DeviceResponseSchema)).device;
}

export async function updateDevice(request: UpdateDeviceRequest): Promise<ManagedDevice> {
  return (await apiPost(MANAGEMENT_PATHS.deviceUpdate, request, DeviceResponseSchema)).device;
}
