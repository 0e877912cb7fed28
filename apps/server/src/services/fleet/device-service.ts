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
import { checkSettings, DEVICE_HOLDER_ROLES, settingsOfModel, type User } from '@jejak/domain';
import { PROTOCOLS } from '@jejak/protocols';
import { AppError } from '../../errors.ts';
import { SIM_CARD_INDEX } from '../../storage/repos/fleet/device-repo.ts';
import { hasGlobalScope } from '../../storage/repos/scope.ts';
import type { Repos, UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

const invalid = (message: string) => AppError.validation(message);

/**
 * The device's settings checked against its model's (domain DEVICE_SETTINGS); a name or value the
 * protocol does not take is refused. A tracker takes changed settings at its next connection.
 */
function settingsOf(d: { model: string; settings?: Readonly<Record<string, unknown>> | undefined }) {
  const checked = checkSettings(settingsOfModel(d.model), d.settings ?? {});
  if ('error' in checked) throw invalid(`${MANAGEMENT_TEXTS.deviceSettingsInvalid} ${checked.error}`);
  return checked.settings;
}

const deviceNotFound = () => AppError.notFound(MANAGEMENT_TEXTS.deviceNotFound);

/** The protocols whose trackers are of `model` (their unknown-device rows name the protocol). */
const protocolsOf = (model: string) => PROTOCOLS.filter((p) => p.models.includes(model)).map((p) => p.id);

type DeviceRepos = Pick<Repos, 'devices' | 'users' | 'audit'>;

/**
 * A unique index refused the row: two adds of one tracker or one SIM raced past the checks
 * (the index, not the check, is what holds under concurrency).
 */
const raced = {
  onDuplicate: (index: string | undefined) =>
    invalid(index === SIM_CARD_INDEX ? MANAGEMENT_TEXTS.simInUse : MANAGEMENT_TEXTS.deviceExists),
};

/**
 * Devices (spec 2 §5, §7; ADR 0037). The grant first ('manageDevices' to change, 'readDevices'
 * to list), then the hierarchy: a device or user outside the caller's reach answers exactly
 * like a missing one. A device's target is a distributor the caller reaches.
 */
export function createDeviceService(data: UnitOfWork<'devices' | 'users' | 'audit' | 'fleet'>, now: () => number) {
  const { repos, transaction } = data;
  const { fleet } = repos;

  /** 'Sim Card is already in use': another device holds this SIM ('' is none). */
  async function checkSim(tx: DeviceRepos, simCard: string, dvid: string): Promise<void> {
    const holder = await tx.devices.simHolder(simCard);
    if (holder !== null && holder !== dvid) throw invalid(MANAGEMENT_TEXTS.simInUse);
  }

  async function targetDistributor(tx: DeviceRepos, caller: User, uid: string): Promise<User> {
    const target = (await reachableUser(tx.users, caller, uid)).user;
    if (!DEVICE_HOLDER_ROLES.includes(target.userRole)) throw invalid(MANAGEMENT_TEXTS.deviceTargetNotDistributor);
    return target;
  }

  async function one(caller: User, dvid: string): Promise<ManagedDevice> {
    const [device] = await repos.devices.managed({ reachedBy: [viewerOf(caller)], dvids: [dvid] });
    if (!device) throw deviceNotFound();
    return device;
  }

  return {
    /**
     * Unregistered trackers, for those who register devices (super, support, distributors: ADR
     * 0074). They belong to no one yet, so there is no subtree to limit them to; a distributor
     * is not shown the address they connect from (another customer's network), only staff are.
     */
    async unknownDevices(caller: User): Promise<UnknownDevice[]> {
      requireCall(caller, 'manageDevices');
      const staff = hasGlobalScope(viewerOf(caller));
      return (await fleet.unknownDevices()).map((u) => ({
        ...u,
        models: PROTOCOLS.find((p) => p.id === u.protocol)?.models.slice() ?? [],
        remote: staff ? u.remote : null,
      }));
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
      await transaction(async (tx) => {
        if (await tx.devices.exists(dvid)) throw invalid(MANAGEMENT_TEXTS.deviceExists);
        await checkSim(tx, d.simCard, dvid);
        const target = await targetDistributor(tx, actor.user, d.uid);
        if (req.dgid && !(await tx.devices.isGroupOf(req.dgid, target.uid)))
          throw AppError.notFound(MANAGEMENT_TEXTS.deviceGroupNotFound);
        await tx.devices.insert({ ...d, dvid, uid: target.uid, settings: settingsOf(d), createdAt: at });
        const all = await tx.devices.ensureAllGroup(target.uid, at);
        const dgids = req.dgid ? [all, req.dgid] : [all];
        await tx.devices.addToGroups(dvid, dgids);
        await tx.devices.forgetUnknown(d.imei, protocolsOf(d.model));
        await tx.audit(
          auditActor(actor),
          {
            action: 'device.add',
            targetType: 'device',
            targetId: dvid,
            details: { uid: target.uid, simCard: d.simCard, brand: d.brand, settings: settingsOf(d), dgids },
          },
          at,
        );
      }, raced);
      return one(actor.user, dvid);
    },

    /** SIM, brand and distributor; the IMEI and model stay as they were added. */
    async update(actor: Actor, req: UpdateDeviceRequest): Promise<ManagedDevice> {
      requireCall(actor.user, 'manageDevices');
      const d = req.device;
      const at = now();
      await transaction(async (tx) => {
        const current = await tx.devices.reachedDevice(viewerOf(actor.user), d.dvid);
        if (!current) throw deviceNotFound();
        const named = dvidOf(d.model, d.imei);
        if (named !== current.dvid)
          throw invalid(
            (await tx.devices.exists(named)) ? MANAGEMENT_TEXTS.deviceExists : MANAGEMENT_TEXTS.deviceIdentityFixed,
          );
        await checkSim(tx, d.simCard, current.dvid);
        // A device kept by its owner stays there (devices added before issue 11 may belong
        // to fleet owners); one that changes hands goes to a distributor the caller reaches.
        const uid = d.uid === current.uid ? current.uid : (await targetDistributor(tx, actor.user, d.uid)).uid;
        await tx.devices.update(current.dvid, { uid, simCard: d.simCard, brand: d.brand, settings: settingsOf(d) });
        if (uid !== current.uid) {
          await tx.devices.leaveGroupsOf(current.dvid, current.uid);
          await tx.devices.addToGroups(current.dvid, [await tx.devices.ensureAllGroup(uid, at)]);
        }
        await tx.audit(
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
              settings: settingsOf(d),
            },
          },
          at,
        );
      }, raced);
      return one(actor.user, d.dvid);
    },

    /** The devices `uid` reaches (of the vehicles in `vgids` when not empty). */
    async ofVehicleGroups(caller: User, uid: string, vgids: readonly string[]): Promise<ManagedDevice[]> {
      requireCall(caller, 'readDevices');
      const target = (await reachableUser(repos.users, caller, uid)).user;
      // What the target reaches the caller reaches too: the target's subtree, and the groups
      // linked to it, lie within the caller's.
      return repos.devices.managed({ reachedBy: [viewerOf(target)], vgids });
    },

    /** The device groups of `uid` (the named ones when `dgids` is not empty) with their devices. */
    async groups(caller: User, uid: string, dgids: readonly string[]): Promise<DeviceGroup[]> {
      requireCall(caller, 'readDevices');
      const target = (await reachableUser(repos.users, caller, uid)).user;
      return repos.devices.groups(target.uid, dgids, viewerOf(caller));
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
