import type { ManagedVehicle } from '@jejak/contract';
import { isTransitStatus, type FuelProfile } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { toFuelProfile, toServiceFields, serviceColumnsOf } from '../mappers.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';
import { visibleVidsQuery } from './fleet-repo.ts';

/** The fields of a vehicle the forms write (spec 2 §3); the pipeline owns mileage and transit. */
export interface VehicleFields {
  dvid: string;
  vehicleDisplayName: string;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleType: string;
  fuelProfile: FuelProfile;
  engineServiceNextMileage: number | null;
  engineServiceNextWorkingHour: number | null;
  engineServiceDueDate: number | null;
  transmissionServiceNextMileage: number | null;
  transmissionServiceDueDate: number | null;
  rearAxleServiceNextMileage: number | null;
  rearAxleServiceDueDate: number | null;
  serviceNextMileage: number | null;
  serviceDueDate: number | null;
  permitDueDate: number | null;
}

/** A vehicle as a change needs it: who owns it and where that owner sits. */
export interface OwnedVehicle {
  vid: string;
  uid: string;
  dvid: string;
  ownerHierarchy: string;
}

/** A device as a vehicle form needs it: its owner's place and the vehicle that has it, if any. */
export interface DeviceForVehicle {
  dvid: string;
  uid: string;
  ownerHierarchy: string;
  vid: string | null;
}

function columns(f: VehicleFields) {
  return {
    dvid: f.dvid,
    vehicle_display_name: f.vehicleDisplayName,
    vehicle_plate: f.vehiclePlate,
    vehicle_model: f.vehicleModel,
    vehicle_type: f.vehicleType,
    fuel_profile: JSON.stringify(f.fuelProfile),
    ...serviceColumnsOf(f),
    permit_due_date: f.permitDueDate,
  };
}

/** Vehicles for Management (spec 2 §2 Vehicles tab) and the writes of the vehicle forms. */
/** Rows keyed by their vid, in their order (one pass, however many vehicles). */
function byVid<T extends { vid: string }>(rows: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.vid);
    if (list) list.push(row);
    else map.set(row.vid, [row]);
  }
  return map;
}

export function createVehicleRepo(db: Db) {
  return {
    /** Every vehicle the viewer reaches (or just `vids` of them), as the Vehicles tab shows it. */
    async managed(viewer: Viewer, vids?: readonly string[]): Promise<ManagedVehicle[]> {
      let q = db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.uid', 'v.uid')
        .leftJoin('devices as d', 'd.dvid', 'v.dvid')
        .selectAll('v')
        .select(['u.user_name', 'd.sim_card']);
      if (!hasGlobalScope(viewer)) q = q.where('v.vid', 'in', visibleVidsQuery(db, viewer));
      if (vids) {
        if (vids.length === 0) return [];
        q = q.where(isAnyOf('v.vid', vids));
      }
      const rows = await q.orderBy('v.vehicle_display_name').orderBy('v.vid').execute();
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.vid);
      const [groups, gts, rts] = await Promise.all([
        db
          .selectFrom('vehicle_group_members as m')
          .innerJoin('vehicle_groups as g', 'g.vgid', 'm.vgid')
          .innerJoin('users as gu', 'gu.uid', 'g.uid')
          .select(['m.vid', 'g.vgid', 'g.group_name', 'g.color_hex', 'gu.user_name'])
          .where(isAnyOf('m.vid', ids))
          .orderBy('g.group_name')
          .orderBy('g.vgid')
          .execute(),
        db.selectFrom('vehicle_geofence_templates').selectAll().where(isAnyOf('vid', ids)).orderBy('gtid').execute(),
        db.selectFrom('vehicle_rule_templates').selectAll().where(isAnyOf('vid', ids)).orderBy('rtid').execute(),
      ]);
      const groupsOf = byVid(groups);
      const gtidsOf = byVid(gts);
      const rtidsOf = byVid(rts);
      return rows.map((r) => ({
        vid: r.vid,
        uid: r.uid,
        userName: r.user_name,
        dvid: r.dvid,
        simCard: r.sim_card,
        vehiclePlate: r.vehicle_plate,
        vehicleDisplayName: r.vehicle_display_name,
        vehicleType: r.vehicle_type,
        vehicleModel: r.vehicle_model,
        transitStatus: isTransitStatus(r.transit_status) ? r.transit_status : null,
        mileage: r.mileage_km,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        fuelProfile: toFuelProfile(r.vid, r.fuel_profile),
        vehicleGroups: (groupsOf.get(r.vid) ?? []).map((g) => ({
          vgid: g.vgid,
          groupName: g.group_name,
          subName: g.user_name,
          colorHexCode: g.color_hex.toUpperCase(),
        })),
        gtids: (gtidsOf.get(r.vid) ?? []).map((t) => t.gtid),
        rtids: (rtidsOf.get(r.vid) ?? []).map((t) => t.rtid),
        ...toServiceFields(r),
      }));
    },

    /** A vehicle owned by the viewer or its subtree (what it may change); null otherwise. */
    async ownedWithin(viewer: Viewer, vid: string, lock = false): Promise<OwnedVehicle | null> {
      let q = db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.uid', 'v.uid')
        .select(['v.vid', 'v.uid', 'v.dvid', 'u.user_hierarchy'])
        .where('v.vid', '=', vid);
      if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
      if (lock) q = q.forUpdate('v');
      const r = await q.executeTakeFirst();
      return r ? { vid: r.vid, uid: r.uid, dvid: r.dvid, ownerHierarchy: r.user_hierarchy } : null;
    },

    /** Of these vids, those owned by `viewer`'s subtree. */
    async ownedWithinMany(viewer: Viewer, vids: readonly string[]): Promise<Set<string>> {
      if (vids.length === 0) return new Set();
      let q = db
        .selectFrom('vehicles as v')
        .innerJoin('users as u', 'u.uid', 'v.uid')
        .select('v.vid')
        .where(isAnyOf('v.vid', vids));
      if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
      return new Set((await q.execute()).map((r) => r.vid));
    },

    /** The device, its owner's place and the vehicle on it; locked in a transaction so two forms cannot both take it. */
    async device(dvid: string, lock = false): Promise<DeviceForVehicle | null> {
      let q = db
        .selectFrom('devices as d')
        .innerJoin('users as u', 'u.uid', 'd.uid')
        .select(['d.dvid', 'd.uid', 'u.user_hierarchy'])
        .where('d.dvid', '=', dvid);
      if (lock) q = q.forUpdate('d');
      const d = await q.executeTakeFirst();
      if (!d) return null;
      const v = await db
        .selectFrom('vehicles')
        .select('vid')
        .where('dvid', '=', dvid)
        .orderBy('vid')
        .executeTakeFirst();
      return { dvid: d.dvid, uid: d.uid, ownerHierarchy: d.user_hierarchy, vid: v?.vid ?? null };
    },

    /** Whether another vehicle of `uid` has this plate (case-insensitive). */
    async plateTaken(uid: string, plate: string, exceptVid: string | null): Promise<boolean> {
      let q = db
        .selectFrom('vehicles')
        .select('vid')
        .where('uid', '=', uid)
        .where((eb) => eb(eb.fn('upper', ['vehicle_plate']), '=', plate.toUpperCase()));
      if (exceptVid) q = q.where('vid', '<>', exceptVid);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insert(vid: string, uid: string, f: VehicleFields, nowMs: number): Promise<void> {
      await db
        .insertInto('vehicles')
        .values({
          vid,
          uid,
          ...columns(f),
          transit_status: null,
          transit_from: null,
          updated_at: null,
          stopped_since: null,
          created_at: nowMs,
        })
        .execute();
    },

    async update(vid: string, uid: string, f: VehicleFields): Promise<void> {
      await db
        .updateTable('vehicles')
        .set({ uid, ...columns(f) })
        .where('vid', '=', vid)
        .execute();
    },

    /** The vehicle's templates (geofence or rule) become exactly these. */
    async setTemplates(vid: string, gtids: readonly string[], rtids: readonly string[]): Promise<void> {
      await db.deleteFrom('vehicle_geofence_templates').where('vid', '=', vid).execute();
      await db.deleteFrom('vehicle_rule_templates').where('vid', '=', vid).execute();
      if (gtids.length > 0)
        await db
          .insertInto('vehicle_geofence_templates')
          .values([...new Set(gtids)].map((gtid) => ({ vid, gtid })))
          .execute();
      if (rtids.length > 0)
        await db
          .insertInto('vehicle_rule_templates')
          .values([...new Set(rtids)].map((rtid) => ({ vid, rtid })))
          .execute();
    },
  };
}
export type VehicleRepo = ReturnType<typeof createVehicleRepo>;
