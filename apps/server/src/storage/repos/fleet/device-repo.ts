import { randomUUID } from 'node:crypto';
import type { DeviceGroup, ManagedDevice } from '@jejak/contract';
import type { FuelProfile } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { visibleVidsQuery } from './fleet-repo.ts';
import { readSettings, toFuelProfile } from '../mappers.ts';
import { BUILT_IN_NAMES } from '../accounts/relations-repo.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

/** The built-in device group of every distributor and fleet owner (spec 2 §3). */
export const ALL_DEVICE_GROUP = BUILT_IN_NAMES.vehicleGroup;

/** The unique index that holds one device per SIM card (migration 020). */
export const SIM_CARD_INDEX = 'devices_sim_card_key';

/**
 * The dvids a viewer reaches: devices owned by users of its subtree, and devices fitted to a
 * vehicle it reaches. Null for platform staff, who reach every device.
 */
export function devicesReachedBy(db: Db, viewer: Viewer) {
  if (hasGlobalScope(viewer)) return null;
  const owned = db
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.uid', 'd.uid')
    .select('d.dvid')
    .where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
  const fitted = db.selectFrom('vehicles').select('dvid').where('vid', 'in', visibleVidsQuery(db, viewer));
  return owned.union(fitted);
}

/** Which devices a listing covers: all of them reached by every viewer, and of these only some. */
export interface DeviceFilter {
  reachedBy: readonly Viewer[];
  dvids?: readonly string[];
  /** Devices fitted to vehicles in these vehicle groups. */
  vgids?: readonly string[];
}

/** Litres as a percent of the tanks' capacity: the Devices tab's fuel % (null without tanks). */
function fuelPercent(litres: number | null, profile: FuelProfile | null): number | null {
  if (litres === null || !profile) return null;
  const capacity = Object.values(profile).reduce((sum, t) => sum + t.fuelCapacity, 0);
  return capacity > 0 ? Math.round((litres / capacity) * 10_000) / 100 : null;
}

export interface NewDevice {
  dvid: string;
  model: string;
  imei: string;
  uid: string;
  simCard: string;
  brand: string;
  settings: Readonly<Record<string, string | number | boolean>>;
  createdAt: number;
}

/** Devices and device groups as Management shows and changes them (spec 2 §2, §7). */
export function createDeviceRepo(db: Db) {
  async function managed(filter: DeviceFilter): Promise<ManagedDevice[]> {
    let q = db
      .selectFrom('devices as d')
      .innerJoin('users as u', 'u.uid', 'd.uid')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('vehicles as v')
            .select(['v.vid', 'v.vehicle_plate', 'v.vehicle_display_name', 'v.fuel_profile'])
            .whereRef('v.dvid', '=', 'd.dvid')
            .orderBy('v.vid')
            .limit(1)
            .as('v'),
        (join) => join.onTrue(),
      )
      .selectAll('d')
      .select(['u.user_name', 'v.vid', 'v.vehicle_plate', 'v.vehicle_display_name', 'v.fuel_profile']);
    for (const viewer of filter.reachedBy) {
      const reached = devicesReachedBy(db, viewer);
      if (reached) q = q.where('d.dvid', 'in', reached);
    }
    if (filter.dvids) q = q.where(isAnyOf('d.dvid', filter.dvids));
    if (filter.vgids && filter.vgids.length > 0) {
      const members = db
        .selectFrom('vehicle_group_members as m')
        .innerJoin('vehicles as gv', 'gv.vid', 'm.vid')
        .select('gv.dvid')
        .where(isAnyOf('m.vgid', filter.vgids));
      q = q.where('d.dvid', 'in', members);
    }
    const rows = await q.orderBy('d.dvid').execute();
    const groups = await groupsOfDevices(rows.map((r) => r.dvid));
    return rows.map((r) => ({
      dvid: r.dvid,
      uid: r.uid,
      userName: r.user_name,
      model: r.model,
      imei: r.imei,
      brand: r.brand,
      simCard: r.sim_card,
      assignedStatus: r.vid === null ? 0 : 1,
      vid: r.vid,
      vehiclePlate: r.vehicle_plate,
      vehicleDisplayName: r.vehicle_display_name,
      engineStatus: r.engine_status,
      gpsStatus: r.gps_status,
      speed: r.speed,
      fuel: fuelPercent(r.last_fuel_l, r.vid === null ? null : toFuelProfile(r.vid, r.fuel_profile)),
      location: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
      package: r.last_package,
      deviceTime: r.device_time,
      updatedAt: r.last_record_at,
      createdAt: r.created_at,
      settings: readSettings(r.settings) ?? {},
      dgids: groups.get(r.dvid) ?? [],
    }));
  }

  async function groupsOfDevices(dvids: readonly string[]): Promise<Map<string, string[]>> {
    const byDvid = new Map<string, string[]>();
    if (dvids.length === 0) return byDvid;
    const rows = await db
      .selectFrom('device_group_members')
      .selectAll()
      .where(isAnyOf('dvid', dvids))
      .orderBy('dgid')
      .execute();
    for (const r of rows) byDvid.set(r.dvid, [...(byDvid.get(r.dvid) ?? []), r.dgid]);
    return byDvid;
  }

  return {
    managed,

    /** Devices the viewer reaches that no vehicle has (what a new vehicle may be given). */
    async freeDevices(viewer: Viewer): Promise<ManagedDevice[]> {
      return (await managed({ reachedBy: [viewer] })).filter((d) => d.assignedStatus === 0);
    },

    /** The device's owner when it exists and `viewer` reaches it; null otherwise (foreign = missing). */
    async reachedDevice(viewer: Viewer, dvid: string): Promise<{ dvid: string; uid: string; simCard: string } | null> {
      let q = db.selectFrom('devices').select(['dvid', 'uid', 'sim_card']).where('dvid', '=', dvid);
      const reached = devicesReachedBy(db, viewer);
      if (reached) q = q.where('dvid', 'in', reached);
      const row = await q.executeTakeFirst();
      return row ? { dvid: row.dvid, uid: row.uid, simCard: row.sim_card } : null;
    },

    async exists(dvid: string): Promise<boolean> {
      return (await db.selectFrom('devices').select('dvid').where('dvid', '=', dvid).executeTakeFirst()) !== undefined;
    },

    /** The device that has this SIM, if any ('' is no SIM and is never in use). */
    async simHolder(simCard: string): Promise<string | null> {
      if (simCard === '') return null;
      const row = await db.selectFrom('devices').select('dvid').where('sim_card', '=', simCard).executeTakeFirst();
      return row?.dvid ?? null;
    },

    async insert(d: NewDevice): Promise<void> {
      await db
        .insertInto('devices')
        .values({
          dvid: d.dvid,
          model: d.model,
          imei: d.imei,
          uid: d.uid,
          sim_card: d.simCard,
          brand: d.brand,
          settings: Object.keys(d.settings).length > 0 ? JSON.stringify(d.settings) : null,
          created_at: d.createdAt,
          is_alive: false,
        })
        .execute();
    },

    async update(
      dvid: string,
      change: {
        uid: string;
        simCard: string;
        brand: string;
        settings: Readonly<Record<string, string | number | boolean>>;
      },
    ): Promise<void> {
      const settings = Object.keys(change.settings).length > 0 ? JSON.stringify(change.settings) : null;
      await db
        .updateTable('devices')
        .set({ uid: change.uid, sim_card: change.simCard, brand: change.brand, settings })
        .where('dvid', '=', dvid)
        .execute();
    },

    /** The user's built-in 'ALL' device group, created if it has none yet. */
    async ensureAllGroup(uid: string, nowMs: number): Promise<string> {
      await db
        .insertInto('device_groups')
        .values({ dgid: randomUUID(), uid, group_name: ALL_DEVICE_GROUP, created_at: nowMs })
        .onConflict((oc) => oc.column('uid').where('group_name', '=', ALL_DEVICE_GROUP).doNothing())
        .execute();
      const row = await db
        .selectFrom('device_groups')
        .select('dgid')
        .where('uid', '=', uid)
        .where('group_name', '=', ALL_DEVICE_GROUP)
        .executeTakeFirstOrThrow();
      return row.dgid;
    },

    /** True when `dgid` is a device group of `uid`. */
    async isGroupOf(dgid: string, uid: string): Promise<boolean> {
      const row = await db
        .selectFrom('device_groups')
        .select('dgid')
        .where('dgid', '=', dgid)
        .where('uid', '=', uid)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addToGroups(dvid: string, dgids: readonly string[]): Promise<void> {
      if (dgids.length === 0) return;
      await db
        .insertInto('device_group_members')
        .values([...new Set(dgids)].map((dgid) => ({ dgid, dvid })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Takes the device out of every group of `ownerUid` (it changed hands). */
    async leaveGroupsOf(dvid: string, ownerUid: string): Promise<void> {
      await db
        .deleteFrom('device_group_members')
        .where('dvid', '=', dvid)
        .where('dgid', 'in', db.selectFrom('device_groups').select('dgid').where('uid', '=', ownerUid))
        .execute();
    },

    /** The user's device groups (only these when `dgids` is not empty), each with its devices the viewer reaches. */
    async groups(uid: string, dgids: readonly string[], viewer: Viewer): Promise<DeviceGroup[]> {
      let q = db.selectFrom('device_groups').selectAll().where('uid', '=', uid);
      if (dgids.length > 0) q = q.where(isAnyOf('dgid', dgids));
      const groups = await q
        .orderBy((eb) => eb('group_name', '<>', ALL_DEVICE_GROUP))
        .orderBy('group_name')
        .execute();
      if (groups.length === 0) return [];
      const members = await db
        .selectFrom('device_group_members')
        .selectAll()
        .where(
          isAnyOf(
            'dgid',
            groups.map((g) => g.dgid),
          ),
        )
        .execute();
      const devices = await managed({ reachedBy: [viewer], dvids: [...new Set(members.map((m) => m.dvid))] });
      const byDvid = new Map(devices.map((d) => [d.dvid, d]));
      return groups.map((g) => ({
        dgid: g.dgid,
        uid: g.uid,
        groupName: g.group_name,
        devices: members.flatMap((m) => {
          const d = m.dgid === g.dgid ? byDvid.get(m.dvid) : undefined;
          return d ? [d] : [];
        }),
      }));
    },

    /** A registered tracker is no longer an unknown device of the protocols that speak its model. */
    async forgetUnknown(imei: string, protocols: readonly string[]): Promise<void> {
      if (protocols.length === 0) return;
      await db
        .deleteFrom('unknown_devices')
        .where('imei', '=', imei)
        .where('protocol', 'in', [...protocols])
        .execute();
    },
  };
}
export type DeviceRepo = ReturnType<typeof createDeviceRepo>;
