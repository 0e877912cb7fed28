import { randomUUID } from 'node:crypto';
import {
  MANAGEMENT_TEXTS,
  NO_DEVICE,
  type AddVehicleRequest,
  type ManagedVehicle,
  type UpdateVehicleRequest,
} from '@jejak/contract';
import {
  defaultFuelProfile,
  FLEET_HOLDER_ROLES,
  GEOFENCE_TEXTS,
  hierarchySegments,
  isWithinSubtree,
  timeStatus,
  type User,
} from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import { newPackageId, type StoredPackage } from '../../storage/repos/fleet/packages-repo.ts';
import type { BuiltIns } from '../../storage/repos/fleet/vehicle-group-repo.ts';
import type { VehicleFields } from '../../storage/repos/fleet/vehicle-repo.ts';
import type { Repos, UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

type VehicleRepos = Pick<Repos, 'vehicles' | 'vehicleGroups' | 'packages' | 'userFleet' | 'audit' | 'users'>;

export interface VehicleServiceDeps {
  data: UnitOfWork<keyof VehicleRepos>;
  bus: Bus;
  now: () => number;
}

type Relations = Pick<AddVehicleRequest, 'vgids' | 'gtids' | 'rtids'>;
type Target = Awaited<ReturnType<typeof reachableUser>>['user'];

const vehicleNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.vehicleNotFound);
const deviceNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.deviceNotFound);

function fieldsOf(v: AddVehicleRequest['vehicle']): VehicleFields {
  return {
    dvid: v.dvid,
    vehicleDisplayName: v.vehicleDisplayName,
    vehiclePlate: v.vehiclePlate,
    vehicleModel: v.vehicleModel,
    vehicleType: v.vehicleType,
    // Spec 2 §9: one dipstick tank on port 0 when the form sends none.
    fuelProfile: v.fuelProfile ?? defaultFuelProfile(),
    engineServiceNextMileage: v.engineServiceNextMileage,
    engineServiceNextWorkingHour: v.engineServiceNextWorkingHour,
    engineServiceDueDate: v.engineServiceDueDate,
    transmissionServiceNextMileage: v.transmissionServiceNextMileage,
    transmissionServiceDueDate: v.transmissionServiceDueDate,
    rearAxleServiceNextMileage: v.rearAxleServiceNextMileage,
    rearAxleServiceDueDate: v.rearAxleServiceDueDate,
    serviceNextMileage: v.serviceNextMileage,
    serviceDueDate: v.serviceDueDate,
    permitDueDate: v.permitDueDate,
  };
}

/**
 * Vehicles (spec 2 §5, §7): add is provisioning, edit is Vehicle Management; both within the
 * caller's subtree, for a fleet owner or distributor it reaches. The chosen groups and templates
 * must be the target user's; its ALL, UNGROUP and DEFAULT are merged in (and a distributor
 * caller's own ALL). The vehicle, its links, its first package and the audit row commit together;
 * then the pipeline, the geofence loader and the live channel are told.
 */
export function createVehicleService(deps: VehicleServiceDeps) {
  const { bus, now } = deps;
  const { repos, transaction } = deps.data;
  const { users } = repos;

  async function fleetHolder(caller: User, uid: string): Promise<Target> {
    const target = (await reachableUser(users, caller, uid)).user;
    if (!FLEET_HOLDER_ROLES.includes(target.userRole)) throw AppError.validation(MANAGEMENT_TEXTS.targetNotFleetHolder);
    return target;
  }

  /** The chosen ids, all the target's (a distributor caller's own ALL too), merged with the built-ins. */
  async function merged(tx: VehicleRepos, caller: User, target: Target, req: Relations, at: number) {
    const mine: BuiltIns = await tx.vehicleGroups.builtIns(target.uid, at);
    const callerAll = caller.userRole === 'distributor' ? (await tx.vehicleGroups.builtIns(caller.uid, at)).vgid : null;
    const chosenVgids = req.vgids.filter((g) => g !== callerAll);
    const check = async (
      table: Parameters<VehicleRepos['vehicleGroups']['ownedBy']>[0],
      ids: string[],
      text: string,
    ) => {
      const owned = await tx.vehicleGroups.ownedBy(table, target.uid, ids);
      if (ids.some((id) => !owned.has(id))) throw AppError.notFound(text);
    };
    await check('vehicle_groups', chosenVgids, MANAGEMENT_TEXTS.vehicleGroupNotFound);
    await check('geofence_templates', req.gtids, GEOFENCE_TEXTS.templateNotFound);
    await check('rule_templates', req.rtids, MANAGEMENT_TEXTS.ruleTemplateNotFound);
    const unique = (ids: (string | null)[]) => [...new Set(ids.filter((i): i is string => i !== null))];
    return {
      vgids: unique([mine.vgid, ...chosenVgids, callerAll]),
      gtids: unique([mine.gtid, ...req.gtids]),
      rtids: unique([mine.rtid, ...req.rtids]),
    };
  }

  /** A device the caller reaches, free, and the target's or an ancestor's (a distributor lends its own). */
  async function freeDevice(tx: VehicleRepos, caller: User, target: Target, dvid: string, vid: string | null) {
    const device = await tx.vehicles.device(dvid, true);
    if (!device) throw deviceNotFound();
    const global = caller.userRole === 'super' || caller.userRole === 'support';
    if (!global && !isWithinSubtree(caller.userHierarchy, device.ownerHierarchy)) throw deviceNotFound();
    if (!isWithinSubtree(device.ownerHierarchy, target.userHierarchy))
      throw AppError.validation(MANAGEMENT_TEXTS.deviceOwnerMismatch);
    if (device.vid !== null && device.vid !== vid) throw AppError.validation(MANAGEMENT_TEXTS.deviceTaken);
  }

  async function requireFreePlate(tx: VehicleRepos, uid: string, plate: string, vid: string | null) {
    if (await tx.vehicles.plateTaken(uid, plate, vid)) throw AppError.validation(MANAGEMENT_TEXTS.plateInUse);
  }

  async function one(caller: User, vid: string): Promise<ManagedVehicle> {
    const [v] = await repos.vehicles.managed(viewerOf(caller), [vid]);
    if (!v) throw vehicleNotFound();
    return v;
  }

  /** Tells the pipeline, the geofence loader and the live sockets of everyone whose view changed. */
  function announce(vid: string, dvids: string[], uids: string[]): void {
    const fitted = dvids.filter((d) => d !== NO_DEVICE);
    if (fitted.length > 0) bus.publish('vehicle.changed', { dvids: fitted });
    bus.publish('geofence.changed', { vids: [vid] });
    bus.publish('access.changed', { uids: [...new Set(uids)] });
  }

  return {
    async list(caller: User, uid: string): Promise<ManagedVehicle[]> {
      const target = (await reachableUser(users, caller, uid)).user;
      return repos.vehicles.managed(viewerOf(target));
    },

    async add(actor: Actor, req: AddVehicleRequest): Promise<ManagedVehicle> {
      const caller = actor.user;
      requireCall(caller, 'addVehicles');
      const target = await fleetHolder(caller, req.user.uid);
      const { subsStartDate: start, subsEndDate: end } = req.vehicle;
      if (start !== null && end !== null && end < start)
        throw AppError.validation(MANAGEMENT_TEXTS.subscriptionEndsBeforeStart);
      const vid = randomUUID();
      const at = now();
      const links = await transaction(async (tx) => {
        if (req.vehicle.dvid !== NO_DEVICE) await freeDevice(tx, caller, target, req.vehicle.dvid, null);
        await requireFreePlate(tx, target.uid, req.vehicle.vehiclePlate, null);
        const ids = await merged(tx, caller, target, req, at);
        await tx.vehicles.insert(vid, target.uid, fieldsOf(req.vehicle), at);
        for (const vgid of ids.vgids) await tx.vehicleGroups.addMembers(vgid, [vid]);
        await tx.vehicles.setTemplates(vid, ids.gtids, ids.rtids);
        // The form's dates open the vehicle's first package (ADR 0040): subs_* mirror it.
        if (start !== null && end !== null) {
          const pkg: StoredPackage = {
            vehiclePackageId: newPackageId(),
            vid,
            uid: target.uid,
            contractType: 'CUSTOM',
            startAt: start,
            endAt: end,
            status: timeStatus(start, end, at),
            renewal: null,
            createdAt: at,
            updatedAt: at,
          };
          await tx.packages.insert(pkg);
          await tx.packages.log(pkg, 'add', caller.uid, at);
          await tx.userFleet.setSubscriptionDates(vid, start, end);
        }
        await tx.audit(
          auditActor(actor),
          {
            action: 'vehicle.add',
            targetType: 'vehicle',
            targetId: vid,
            details: { uid: target.uid, dvid: req.vehicle.dvid, vehiclePlate: req.vehicle.vehiclePlate, ...ids },
          },
          at,
        );
        return ids;
      });
      const given = await repos.vehicleGroups.usersGiven(links.vgids);
      announce(vid, [req.vehicle.dvid], [target.uid, ...given]);
      return one(caller, vid);
    },

    async update(actor: Actor, req: UpdateVehicleRequest): Promise<ManagedVehicle> {
      const caller = actor.user;
      requireCall(caller, 'manageVehicles');
      const { vid, dvid } = req.vehicle;
      const current = await repos.vehicles.ownedWithin(viewerOf(caller), vid);
      if (!current) throw vehicleNotFound();
      const target = await fleetHolder(caller, req.user.uid);
      const at = now();
      const result = await transaction(async (tx) => {
        const locked = await tx.vehicles.ownedWithin(viewerOf(caller), vid, true);
        if (!locked) throw vehicleNotFound();
        // Spec 2 §5: the device cannot change once set; a vehicle without one may get one.
        if (locked.dvid !== NO_DEVICE && dvid !== locked.dvid) throw AppError.validation(MANAGEMENT_TEXTS.deviceFixed);
        if (dvid !== NO_DEVICE && dvid !== locked.dvid) await freeDevice(tx, caller, target, dvid, vid);
        await requireFreePlate(tx, target.uid, req.vehicle.vehiclePlate, vid);
        const ids = await merged(tx, caller, target, req, at);
        await tx.vehicles.update(vid, target.uid, fieldsOf(req.vehicle));
        // The target's groups become exactly the chosen ones; a move leaves the old tree's groups.
        const before = await tx.vehicleGroups.groupsOfVehicleOwnedBy(vid, target.uid);
        for (const vgid of before.filter((g) => !ids.vgids.includes(g)))
          await tx.vehicleGroups.removeMembers(vgid, [vid]);
        const left = await tx.vehicleGroups.leaveUnreachableGroups(vid, target.userHierarchy);
        for (const vgid of ids.vgids) await tx.vehicleGroups.addMembers(vgid, [vid]);
        await tx.vehicles.setTemplates(vid, ids.gtids, ids.rtids);
        await tx.audit(
          auditActor(actor),
          {
            action: 'vehicle.update',
            targetType: 'vehicle',
            targetId: vid,
            details: { uid: target.uid, fromUid: locked.uid, dvid, vehiclePlate: req.vehicle.vehiclePlate, ...ids },
          },
          at,
        );
        return { ids, touched: [...before, ...left, ...ids.vgids], from: locked };
      });
      const given = await repos.vehicleGroups.usersGiven(result.touched);
      // A move hides the vehicle from the old owner and those above it that do not reach the new one.
      const moved = result.from.uid === target.uid ? [] : hierarchySegments(result.from.ownerHierarchy);
      announce(vid, [result.from.dvid, dvid], [target.uid, ...moved, ...given]);
      return one(caller, vid);
    },
  };
}
export type VehicleService = ReturnType<typeof createVehicleService>;
