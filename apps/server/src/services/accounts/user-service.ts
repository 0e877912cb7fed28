import type { HierarchyNode, UserDetail, UserDeviceRow, UserRelationsResponse, UserVehicleRow } from '@jejak/contract';
import { USER_SEARCH_LIMIT } from '@jejak/contract';
import {
  withVehicleFacts,
  type Device,
  type StageRecord,
  type User,
  type Vehicle,
  type VehicleFacts,
} from '@jejak/domain';
import type { UserWithSecret } from '../../storage/repos/accounts/users-repo.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { reachableUser, reaches, requireCall, viewerOf } from '../access.ts';

export { viewerOf } from '../access.ts';

/** Reads of users: every answer limited to the caller's subtree (super and support: all). */
export function createUserService(repos: Pick<Repos, 'users' | 'relations' | 'userFleet' | 'fleet'>) {
  const { users, relations, userFleet, fleet } = repos;

  async function detail(caller: User, target: UserWithSecret): Promise<UserDetail> {
    const u = target.user;
    const [owned, linked, parent] = await Promise.all([
      relations.ownedIds(u.uid),
      relations.linkedIds(u.uid),
      u.parentId ? users.findByUid(u.parentId) : Promise.resolve(null),
    ]);
    const merge = (a: string[], b: string[]) => [...new Set([...a, ...b])];
    return {
      ...u,
      parent:
        parent && reaches(caller, parent.user)
          ? { uid: parent.user.uid, userEmail: parent.user.userEmail, userRole: parent.user.userRole }
          : null,
      vehicleGroups: merge(owned.vgids, linked.vgids),
      geofenceTemplates: merge(owned.gtids, linked.gtids),
      ruleTemplates: merge(owned.rtids, linked.rtids),
      createdAt: target.createdAt,
      updatedAt: target.updatedAt,
    };
  }

  /**
   * The devices with their tanks' last levels, so a console loaded afresh shows litres before
   * the devices report again (live updates carry them from then on).
   */
  async function withStoredFuel(devices: Device[]): Promise<Device[]> {
    const levels = await fleet.storedFuelLevels(devices.map((d) => d.dvid));
    return devices.map((d) => {
      const fuelLevels = levels.get(d.dvid);
      return fuelLevels ? { ...d, fuelLevels } : d;
    });
  }

  return {
    async stages(caller: User, uid: string): Promise<StageRecord[]> {
      const target = await reachableUser(users, caller, uid);
      return users.stages(target.user.uid);
    },

    async hierarchy(
      caller: User,
      uid: string,
    ): Promise<{
      user: UserDetail;
      children: HierarchyNode[];
      vehicles: (Vehicle & VehicleFacts)[];
      devices: Device[];
    }> {
      const target = await reachableUser(users, caller, uid);
      const viewer = viewerOf(target.user);
      const [user, children, vehicles, devices] = await Promise.all([
        detail(caller, target),
        users.children(target.user.uid),
        fleet.visibleVehicles(viewer),
        fleet.visibleDevices(viewer).then(withStoredFuel),
      ]);
      return { user, children, vehicles: withVehicleFacts(vehicles, devices), devices };
    },

    async children(caller: User, uid: string): Promise<HierarchyNode[]> {
      const target = await reachableUser(users, caller, uid);
      return users.children(target.user.uid);
    },

    search(caller: User, query: string): Promise<HierarchyNode[]> {
      return users.search(viewerOf(caller), query, USER_SEARCH_LIMIT);
    },

    async vehicles(caller: User, uid: string): Promise<UserVehicleRow[]> {
      const target = await reachableUser(users, caller, uid);
      return userFleet.vehicleRows(viewerOf(target.user));
    },

    async devices(caller: User, uid: string): Promise<UserDeviceRow[]> {
      requireCall(caller, 'readDevices');
      const target = await reachableUser(users, caller, uid);
      return userFleet.deviceRows(viewerOf(target.user));
    },

    async relations(caller: User, uid: string): Promise<Omit<UserRelationsResponse, 'status'>> {
      requireCall(caller, 'manageUsers');
      const target = await reachableUser(users, caller, uid);
      const [owned, linked] = await Promise.all([
        relations.owned(target.user.uid),
        relations.linkedIds(target.user.uid),
      ]);
      return { ...owned, linked };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
