import type { Device, StageRecord, User, Vehicle } from '@jejak/domain';
import { AppError } from '../errors.ts';
import type { FleetRepo } from '../storage/fleet-repo.ts';
import type { Viewer } from '../storage/scope.ts';
import type { UsersRepo } from '../storage/users-repo.ts';

export function viewerOf(user: User): Viewer {
  return { uid: user.uid, role: user.userRole, hierarchy: user.userHierarchy };
}

export function createUserService(users: UsersRepo, fleet: FleetRepo) {
  /** Objects outside the caller's reach answer exactly like missing ones. */
  async function targetViewer(caller: User, uid: string): Promise<Viewer> {
    if (uid === caller.uid) return viewerOf(caller);
    if (!(await fleet.isUserVisible(viewerOf(caller), uid))) throw AppError.notFound('User does not exist');
    const target = await users.findByUid(uid);
    if (!target) throw AppError.notFound('User does not exist');
    return viewerOf(target.user);
  }

  return {
    async stages(caller: User, uid: string): Promise<StageRecord[]> {
      const target = await targetViewer(caller, uid);
      return users.stages(target.uid);
    },

    async hierarchy(caller: User, uid: string): Promise<{ vehicles: Vehicle[]; devices: Device[] }> {
      const target = await targetViewer(caller, uid);
      const [vehicles, devices] = await Promise.all([fleet.visibleVehicles(target), fleet.visibleDevices(target)]);
      return { vehicles, devices };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
