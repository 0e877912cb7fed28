import {
  API_PATHS,
  VehiclePackageLogsResponseSchema,
  VehiclePackageResponseSchema,
  VehiclePackagesResponseSchema,
  type AddPackageRequest,
  type RenewPackageRequest,
  type UpdatePackageRequest,
  type VehiclePackage,
  type VehiclePackageLog,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

export const packageKeys = {
  all: ['vehiclePackage'] as const,
  /** The current packages of the vehicles a user reaches. */
  current: (uid: string) => ['vehiclePackage', 'current', uid] as const,
  logs: (vid: string) => ['vehiclePackage', 'logs', vid] as const,
};

export async function fetchPackages(vids: readonly string[]): Promise<VehiclePackage[]> {
  return (await apiPost(API_PATHS.vehiclePackageGet, { vids }, VehiclePackagesResponseSchema)).vehiclePackage;
}

export async function fetchPackageLogs(vids: readonly string[]): Promise<VehiclePackageLog[]> {
  return (await apiPost(API_PATHS.vehiclePackageLogGet, { vids }, VehiclePackageLogsResponseSchema)).vehiclePackageLog;
}

async function change(path: string, body: unknown): Promise<VehiclePackage> {
  return (await apiPost(path, body, VehiclePackageResponseSchema)).vehiclePackage;
}

export const addPackage = (request: AddPackageRequest) => change(API_PATHS.vehiclePackageAdd, request);
export const editPackage = (request: UpdatePackageRequest) => change(API_PATHS.vehiclePackageUpdate, request);
export const renewPackage = (request: RenewPackageRequest) => change(API_PATHS.vehiclePackageRenew, request);

/** The one-click changes of the subscription table, each taking the vehicle id. */
export type PackageSwitch = 'suspend' | 'unsuspend' | 'terminate';

const SWITCH_PATHS: Record<PackageSwitch, string> = {
  suspend: API_PATHS.vehiclePackageSuspend,
  unsuspend: API_PATHS.vehiclePackageUnsuspend,
  terminate: API_PATHS.vehiclePackageTerminate,
};

export const switchPackage = (action: PackageSwitch, vid: string) => change(SWITCH_PATHS[action], { vid });
