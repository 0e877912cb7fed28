import {
  dvidOf,
  MANAGEMENT_TEXTS,
  type AddDeviceRequest,
  type DeviceConflict,
  type DeviceGroup,
  type ManagedDevice,
  type UnknownDevice,
  type UpdateDeviceRequest,
} from '@jejak/contract';
import type { User } from '@jejak/domain';
import { PROTOCOLS } from '@jejak/protocols';
import { AppError } from '../../errors.ts';
import type { DeviceRepos, DeviceStore } from '../../storage/repos/fleet/device-store.ts';
import type { FleetRepo } from '../../storage/repos/fleet/fleet-repo.ts';
import { hasGlobalScope } from '../../storage/repos/scope.ts';
import { isUniqueViolation } from '../../storage/db/sql-errors.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

const invalid = (message: string) => AppError.validation(message);
const deviceNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.deviceNotFound);

/** The protocols whose trackers are of `model` (their unknown-device rows name the protocol). */
const protocolsOf = (model: string) => PROTOCOLS.filter((p) => p.models.includes(model)).map((p) => p.id);

/**
 * A unique index refused the row: two adds of one tracker or one SIM raced past the checks
 * (the index, not the check, is what holds under concurrency).
 */
function uniqueRefusal(err: unknown): AppError | null {
  if (!isUniqueViolation(err)) return null;
  const constraint = (err as { constraint?: unknown }).constraint;
  return invalid(constraint === 'devices_sim_card_key' ? MANAGEMENT_TEXTS.simInUse : MANAGEMENT_TEXTS.deviceExists);
}

async function committed<T>(run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (err) {
    throw uniqueRefusal(err) ?? err;
  }
}

/**
 * Devices (spec 2 §5, §7; ADR 0037). The grant first ('manageDevices' to change, 'readDevices'
 * to list), then the hierarchy: a device or user outside the caller's reach answers exactly
 * like a missing one. A device's target is a distributor the caller reaches.
 */
export function createDeviceService(fleet: FleetRepo, store: DeviceStore, now: () => number) {
  /** 'Sim Card is already in use': another device holds this SIM ('' is none). */
  async function checkSim(repos: DeviceRepos, simCard: string, dvid: string): Promise<void> {
    const holder = await repos.devices.simHolder(simCard);
    if (holder !== null && holder !== dvid) throw invalid(MANAGEMENT_TEXTS.simInUse);
  }

  async function targetDistributor(repos: DeviceRepos, caller: User, uid: string): Promise<User> {
    const target = (await reachableUser(repos.users, caller, uid)).user;
    if (target.userRole !== 'distributor') throw invalid(MANAGEMENT_TEXTS.deviceTargetNotDistributor);
    return target;
  }

  async function one(caller: User, dvid: string): Promise<ManagedDevice> {
    const [device] = await store.devices.managed({ reachedBy: [viewerOf(caller)], dvids: [dvid] });
    if (!device) throw deviceNotFound();
    return device;
  }

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

    /** Registers a tracker: the gateway accepts it from its next identification on. */
    async add(actor: Actor, req: AddDeviceRequest): Promise<ManagedDevice> {
      requireCall(actor.user, 'manageDevices');
      const d = req.device;
      const dvid = dvidOf(d.model, d.imei);
      const at = now();
      await committed(
        store.transaction(async (repos) => {
          if (await repos.devices.exists(dvid)) throw invalid(MANAGEMENT_TEXTS.deviceExists);
          await checkSim(repos, d.simCard, dvid);
          const target = await targetDistributor(repos, actor.user, d.uid);
          if (req.dgid && !(await repos.devices.isGroupOf(req.dgid, target.uid)))
            throw AppError.notFound(MANAGEMENT_TEXTS.deviceGroupNotFound);
          await repos.devices.insert({ ...d, dvid, uid: target.uid, createdAt: at });
          const all = await repos.devices.ensureAllGroup(target.uid, at);
          const dgids = req.dgid ? [all, req.dgid] : [all];
          await repos.devices.addToGroups(dvid, dgids);
          await repos.devices.forgetUnknown(d.imei, protocolsOf(d.model));
          await repos.audit(
            auditActor(actor),
            {
              action: 'device.add',
              targetType: 'device',
              targetId: dvid,
              details: { uid: target.uid, simCard: d.simCard, brand: d.brand, dgids },
            },
            at,
          );
        }),
      );
      return one(actor.user, dvid);
    },

    /** SIM, brand and distributor; the IMEI and model stay as they were added. */
    async update(actor: Actor, req: UpdateDeviceRequest): Promise<ManagedDevice> {
      requireCall(actor.user, 'manageDevices');
      const d = req.device;
      const at = now();
      await committed(
        store.transaction(async (repos) => {
          const current = await repos.devices.reachedDevice(viewerOf(actor.user), d.dvid);
          if (!current) throw deviceNotFound();
          const named = dvidOf(d.model, d.imei);
          if (named !== current.dvid)
            throw invalid(
              (await repos.devices.exists(named))
                ? MANAGEMENT_TEXTS.deviceExists
                : MANAGEMENT_TEXTS.deviceIdentityFixed,
            );
          await checkSim(repos, d.simCard, current.dvid);
          // A device kept by its owner stays there (devices added before issue 11 may belong
          // to fleet owners); one that changes hands goes to a distributor the caller reaches.
          const uid = d.uid === current.uid ? current.uid : (await targetDistributor(repos, actor.user, d.uid)).uid;
          await repos.devices.update(current.dvid, { uid, simCard: d.simCard, brand: d.brand });
          if (uid !== current.uid) {
            await repos.devices.leaveGroupsOf(current.dvid, current.uid);
            await repos.devices.addToGroups(current.dvid, [await repos.devices.ensureAllGroup(uid, at)]);
          }
          await repos.audit(
            auditActor(actor),
            {
              action: 'device.update',
              targetType: 'device',
              targetId: current.dvid,
              details: {
                uid,
                previousUid: current.uid,
                simCard: d.simCard,
                previousSimCard: current.simCard,
                brand: d.brand,
              },
            },
            at,
          );
        }),
      );
      return one(actor.user, d.dvid);
    },

    /** The devices `uid` reaches (of the vehicles in `vgids` when not empty). */
    async ofVehicleGroups(caller: User, uid: string, vgids: readonly string[]): Promise<ManagedDevice[]> {
      requireCall(caller, 'readDevices');
      const target = (await reachableUser(store.users, caller, uid)).user;
      // What the target reaches the caller reaches too: the target's subtree, and the groups
      // linked to it, lie within the caller's.
      return store.devices.managed({ reachedBy: [viewerOf(target)], vgids });
    },

    /** The device groups of `uid` (the named ones when `dgids` is not empty) with their devices. */
    async groups(caller: User, uid: string, dgids: readonly string[]): Promise<DeviceGroup[]> {
      requireCall(caller, 'readDevices');
      const target = (await reachableUser(store.users, caller, uid)).user;
      return store.devices.groups(target.uid, dgids, viewerOf(caller));
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
