import {
  DeviceResponseSchema,
  DevicesResponseSchema,
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
import { apiPost } from '../client.ts';

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

/** Every device the user reaches (/device/vgid/get with no groups named). */
export async function fetchManagedDevices(uid: string): Promise<ManagedDevice[]> {
  return (await apiPost(MANAGEMENT_PATHS.deviceVgidGet, { uid, vgids: [] }, DevicesResponseSchema)).devices;
}

export async function addDevice(request: AddDeviceRequest): Promise<ManagedDevice> {
  return (await apiPost(MANAGEMENT_PATHS.deviceAdd, request, DeviceResponseSchema)).device;
}

export async function updateDevice(request: UpdateDeviceRequest): Promise<ManagedDevice> {
  return (await apiPost(MANAGEMENT_PATHS.deviceUpdate, request, DeviceResponseSchema)).device;
}
