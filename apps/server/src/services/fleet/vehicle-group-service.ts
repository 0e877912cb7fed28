import {
  MANAGEMENT_TEXTS,
  type AddVehicleGroupRequest,
  type AssignVehiclesRequest,
  type EditVehicleGroupRequest,
  type MoveVehicleRequest,
  type ReassignVehicleRequest,
  type VehicleGroup,
} from '@jejak/contract';
import { FLEET_HOLDER_ROLES, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import { BUILT_IN_NAMES } from '../../storage/repos/accounts/relations-repo.ts';
import type { Repos, UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

export interface VehicleGroupServiceDeps {
  data: UnitOfWork<'vehicleGroups' | 'audit' | 'users' | 'fleet'>;
  bus: Bus;
  now: () => number;
}

const groupNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.vehicleGroupNotFound);
const vehicleNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.vehicleNotFound);
const builtIn = () => AppError.validation(MANAGEMENT_TEXTS.builtInGroup);
const allKeepsVehicles = () => AppError.validation(MANAGEMENT_TEXTS.allGroupKeepsVehicles);
const ALL = BUILT_IN_NAMES.vehicleGroup;

/**
 * Vehicle groups (spec 2 §5, §7): reads by hierarchy, changes with the Vehicle Management grant.
 * A group belongs to a fleet holder of the caller's subtree, and holds only vehicles its owner
 * reaches, so a fleet owner groups its own vehicles for its operators and cannot reach beyond
 * its subtree. The 'ALL' group is built in: not created, renamed, or left by a vehicle here.
 * Every change writes its audit row in the same transaction; the users given a changed group
 * are told at once (`access.changed`), so their live sockets narrow.
 */
export function createVehicleGroupService(deps: VehicleGroupServiceDeps) {
  const { bus, now } = deps;
  const { repos, transaction } = deps.data;
  const { users, fleet, vehicleGroups: groups } = repos;

  async function ownGroup(caller: User, vgid: string, ownerUid?: string) {
    const g = await groups.ownedWithin(viewerOf(caller), vgid);
    if (!g || (ownerUid !== undefined && g.uid !== ownerUid)) throw groupNotFound();
    return g;
  }

  /** The vehicles, all reached by the caller and by the group's owner; any other answers like a missing one. */
  async function reachedVehicles(caller: User, ownerUid: string, vids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(vids)];
    const owner = (await reachableUser(users, caller, ownerUid)).user;
    const byCaller = new Set(await fleet.filterVisibleVids(viewerOf(caller), unique));
    const byOwner = new Set(await fleet.filterVisibleVids(viewerOf(owner), unique));
    if (unique.some((v) => !byCaller.has(v) || !byOwner.has(v))) throw vehicleNotFound();
    return unique;
  }

  async function present(caller: User, vgid: string): Promise<VehicleGroup> {
    const [g] = await groups.visible(viewerOf(caller), null, [vgid]);
    if (!g) throw groupNotFound();
    return g;
  }

  /** Runs a change and its audit row in one transaction, then tells the users given these groups. */
  async function change(
    actor: Actor,
    action: string,
    vgid: string,
    details: object,
    touched: string[],
    fn: (tx: Repos['vehicleGroups']) => Promise<void>,
  ) {
    await transaction(async (tx) => {
      await fn(tx.vehicleGroups);
      await tx.audit(
        auditActor(actor),
        { action, targetType: 'vehiclegroup', targetId: vgid, details: { ...details } },
        now(),
      );
    });
    const given = await groups.usersGiven(touched);
    if (given.length > 0) bus.publish('access.changed', { uids: given });
  }

  return {
    async get(caller: User, uid: string, vgids: readonly string[]): Promise<VehicleGroup[]> {
      const target = (await reachableUser(users, caller, uid)).user;
      if (vgids.length > 0) return groups.visible(viewerOf(caller), null, vgids);
      return groups.visible(viewerOf(caller), target.uid, null);
    },

    async add(actor: Actor, req: AddVehicleGroupRequest): Promise<VehicleGroup> {
      requireCall(actor.user, 'manageVehicles');
      const owner = (await reachableUser(users, actor.user, req.uid)).user;
      if (!FLEET_HOLDER_ROLES.includes(owner.userRole))
        throw AppError.validation(MANAGEMENT_TEXTS.targetNotFleetHolder);
      if (req.vehicleGroupName.toUpperCase() === ALL) throw builtIn();
      let vgid = '';
      await transaction(async (tx) => {
        vgid = await tx.vehicleGroups.insert(owner.uid, req.vehicleGroupName, req.colorHexCode, now());
        const details = { uid: owner.uid, groupName: req.vehicleGroupName, colorHexCode: req.colorHexCode };
        await tx.audit(
          auditActor(actor),
          { action: 'vehiclegroup.add', targetType: 'vehiclegroup', targetId: vgid, details },
          now(),
        );
      });
      return present(actor.user, vgid);
    },

    async edit(actor: Actor, req: EditVehicleGroupRequest): Promise<VehicleGroup> {
      requireCall(actor.user, 'manageVehicles');
      const { vgid, groupName, colorHexCode, vehicles } = req.vehicleGroup;
      const g = await ownGroup(actor.user, vgid);
      const isAll = g.groupName === ALL;
      if (isAll !== (groupName.toUpperCase() === ALL) || (isAll && groupName !== ALL)) throw builtIn();
      if (isAll && vehicles !== undefined) throw allKeepsVehicles();
      const wanted = vehicles === undefined ? null : await reachedVehicles(actor.user, g.uid, vehicles);
      const details = { groupName, colorHexCode, vehicles: wanted };
      await change(actor, 'vehiclegroup.edit', vgid, details, [vgid], async (tx) => {
        await tx.rename(vgid, groupName, colorHexCode);
        if (wanted === null) return;
        const before = await tx.members(vgid);
        await tx.removeMembers(
          vgid,
          before.filter((v) => !wanted.includes(v)),
        );
        await tx.addMembers(vgid, wanted);
      });
      return present(actor.user, vgid);
    },

    async assign(actor: Actor, req: AssignVehiclesRequest): Promise<VehicleGroup> {
      requireCall(actor.user, 'manageVehicles');
      const owner = (await reachableUser(users, actor.user, req.uid)).user;
      await ownGroup(actor.user, req.vgid, owner.uid);
      const vids = await reachedVehicles(actor.user, owner.uid, req.vids);
      await change(actor, 'vehiclegroup.assign', req.vgid, { vids }, [req.vgid], (tx) => tx.addMembers(req.vgid, vids));
      return present(actor.user, req.vgid);
    },

    /** The vehicle's groups owned by `uid` become exactly `vgids`; its place in uid's ALL stays. */
    async reassign(actor: Actor, req: ReassignVehicleRequest): Promise<VehicleGroup[]> {
      requireCall(actor.user, 'manageVehicles');
      const owner = (await reachableUser(users, actor.user, req.uid)).user;
      const [vid] = await reachedVehicles(actor.user, owner.uid, [req.vid]);
      if (!vid) throw vehicleNotFound();
      const owned = await groups.ownedBy('vehicle_groups', owner.uid, req.vgids);
      if (req.vgids.some((g) => !owned.has(g))) throw groupNotFound();
      const before = await groups.groupsOfVehicleOwnedBy(vid, owner.uid);
      const mine = await groups.visible(viewerOf(owner), owner.uid, before);
      const keep = new Set([...req.vgids, ...mine.filter((g) => g.groupName === ALL).map((g) => g.vgid)]);
      const dropped = before.filter((g) => !keep.has(g));
      await change(
        actor,
        'vehiclegroup.reassign',
        vid,
        { uid: owner.uid, vgids: [...keep] },
        [...before, ...req.vgids],
        async (tx) => {
          for (const g of dropped) await tx.removeMembers(g, [vid]);
          for (const g of req.vgids) await tx.addMembers(g, [vid]);
        },
      );
      return groups.visible(viewerOf(actor.user), null, [...keep]);
    },

    /** Moves a vehicle from one group to another (of the same or another user of the subtree). */
    async move(actor: Actor, req: MoveVehicleRequest): Promise<VehicleGroup[]> {
      requireCall(actor.user, 'manageVehicles');
      const src = await ownGroup(
        actor.user,
        req.srcVgid,
        (await reachableUser(users, actor.user, req.srcUid)).user.uid,
      );
      const dest = await ownGroup(
        actor.user,
        req.destVgid,
        (await reachableUser(users, actor.user, req.destUid)).user.uid,
      );
      await reachedVehicles(actor.user, dest.uid, [req.vid]);
      if (!(await groups.members(src.vgid)).includes(req.vid)) throw vehicleNotFound();
      if (src.vgid !== dest.vgid) {
        if (src.groupName === ALL) throw allKeepsVehicles();
        const details = { vid: req.vid, srcVgid: src.vgid, destVgid: dest.vgid };
        await change(actor, 'vehiclegroup.move', dest.vgid, details, [src.vgid, dest.vgid], async (tx) => {
          await tx.removeMembers(src.vgid, [req.vid]);
          await tx.addMembers(dest.vgid, [req.vid]);
        });
      }
      return groups.visible(viewerOf(actor.user), null, [...new Set([src.vgid, dest.vgid])]);
    },
  };
}
export type VehicleGroupService = ReturnType<typeof createVehicleGroupService>;
