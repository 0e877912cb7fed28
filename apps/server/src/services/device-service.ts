import type { DeviceConflict, UnknownDevice } from '@jejak/contract';
import type { User } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import { hasGlobalScope } from '../storage/scope.ts';
import { viewerOf } from './user-service.ts';

export function createDeviceService(fleet: FleetRepo) {
  return {
    /** Unregistered trackers are a platform matter: only super and support staff see them. */
    async unknownDevices(caller: User): Promise<UnknownDevice[]> {
      if (!hasGlobalScope(viewerOf(caller))) throw AppError.forbidden();
      return fleet.unknownDevices();
    },
    /** Devices claimed by two live connections at once (a clone or a spoof): the same staff only. */
    async deviceConflicts(caller: User): Promise<DeviceConflict[]> {
      if (!hasGlobalScope(viewerOf(caller))) throw AppError.forbidden();
      return fleet.deviceConflicts();
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
