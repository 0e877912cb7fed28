import { sql } from 'kysely';
import { FuelProfileSchema, type UnknownDevice } from '@jejak/contract';
import type { Device, FuelProfile, Vehicle } from '@jejak/domain';
import type { Db } from './database.ts';
import { toDevice, toFuelProfile, toVehicle } from './mappers.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from './scope.ts';

/**
 * Vehicles a viewer reaches: those owned by users of its subtree, plus those in vehicle
 * groups linked to users of its subtree (how a fleet operator gets its vehicles).
 */
export function visibleVidsQuery(db: Db, viewer: Viewer) {
  const owned = db
    .selectFrom('vehicles as v')
    .innerJoin('users as u', 'u.uid', 'v.uid')
    .select('v.vid')
    .where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
  const grouped = db
    .selectFrom('vehicle_group_members as m')
    .innerJoin('user_vehicle_groups as ug', 'ug.vgid', 'm.vgid')
    .innerJoin('users as u', 'u.uid', 'ug.uid')
    .select('m.vid')
    .where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
  return owned.union(grouped);
}

export function createFleetRepo(db: Db) {
  return {
    async visibleVehicles(viewer: Viewer): Promise<Vehicle[]> {
      let q = db.selectFrom('vehicles').selectAll();
      if (!hasGlobalScope(viewer)) q = q.where('vid', 'in', visibleVidsQuery(db, viewer));
      return (await q.orderBy('vehicle_display_name').execute()).map(toVehicle);
    },

    /** Devices owned in the subtree or fitted to a visible vehicle. */
    async visibleDevices(viewer: Viewer): Promise<Device[]> {
      let q = db.selectFrom('devices').selectAll();
      if (!hasGlobalScope(viewer)) {
        q = q.where((eb) =>
          eb.or([
            eb(
              'uid',
              'in',
              db
                .selectFrom('users as u')
                .select('u.uid')
                .where((e) => userInSubtree(e, 'u.user_hierarchy', viewer)),
            ),
            eb('dvid', 'in', db.selectFrom('vehicles').select('dvid').where('vid', 'in', visibleVidsQuery(db, viewer))),
          ]),
        );
      }
      return (await q.orderBy('dvid').execute()).map(toDevice);
    },

    /** The subset of dvids the viewer may see. */
    async filterVisibleDvids(viewer: Viewer, dvids: string[]): Promise<Set<string>> {
      if (dvids.length === 0) return new Set();
      const visible = (await this.visibleDevices(viewer)).map((d) => d.dvid);
      const wanted = new Set(dvids);
      return new Set(visible.filter((d) => wanted.has(d)));
    },

    /** The subset of vids the viewer may see. */
    async filterVisibleVids(viewer: Viewer, vids: readonly string[]): Promise<string[]> {
      if (vids.length === 0) return [];
      let q = db
        .selectFrom('vehicles')
        .select('vid')
        .where('vid', 'in', [...new Set(vids)]);
      if (!hasGlobalScope(viewer)) q = q.where('vid', 'in', visibleVidsQuery(db, viewer));
      return (await q.execute()).map((r) => r.vid);
    },

    async isVehicleVisible(viewer: Viewer, vid: string): Promise<boolean> {
      let q = db.selectFrom('vehicles').select('vid').where('vid', '=', vid);
      if (!hasGlobalScope(viewer)) q = q.where('vid', 'in', visibleVidsQuery(db, viewer));
      return (await q.executeTakeFirst()) !== undefined;
    },

    async isUserVisible(viewer: Viewer, uid: string): Promise<boolean> {
      if (hasGlobalScope(viewer)) {
        return (await db.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst()) !== undefined;
      }
      const row = await db
        .selectFrom('users as u')
        .select('u.uid')
        .where('u.uid', '=', uid)
        .where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer))
        .executeTakeFirst();
      return row !== undefined;
    },

    async deviceByImei(imei: string, models: readonly string[]): Promise<Device | null> {
      if (models.length === 0) return null;
      const row = await db
        .selectFrom('devices')
        .selectAll()
        .where('imei', '=', imei)
        .where('model', 'in', [...models])
        .executeTakeFirst();
      return row ? toDevice(row) : null;
    },

    async deviceByDvid(dvid: string): Promise<{ device: Device; lastSeenAtMs: number | null } | null> {
      const row = await db.selectFrom('devices').selectAll().where('dvid', '=', dvid).executeTakeFirst();
      return row ? { device: toDevice(row), lastSeenAtMs: row.last_seen_at } : null;
    },

    async vehicleByDvid(dvid: string): Promise<(Vehicle & { stoppedSince: number | null }) | null> {
      const row = await db.selectFrom('vehicles').selectAll().where('dvid', '=', dvid).executeTakeFirst();
      return row ? { ...toVehicle(row), stoppedSince: row.stopped_since } : null;
    },

    /** A vehicle's fuel tanks; null when there is no such vehicle. */
    async vehicleFuelProfile(vid: string): Promise<FuelProfile | null> {
      const row = await db.selectFrom('vehicles').select('fuel_profile').where('vid', '=', vid).executeTakeFirst();
      return row ? toFuelProfile(vid, row.fuel_profile) : null;
    },

    /**
     * Replaces a vehicle's fuel tanks; false when there is no such vehicle. The profile is checked
     * again here (a ZodError names the bad tank) so nothing invalid is ever stored.
     */
    async setVehicleFuelProfile(vid: string, profile: FuelProfile): Promise<boolean> {
      const valid = FuelProfileSchema.parse(profile);
      const r = await db
        .updateTable('vehicles')
        .set({ fuel_profile: JSON.stringify(valid) })
        .where('vid', '=', vid)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async unknownDevices(): Promise<UnknownDevice[]> {
      const rows = await db
        .selectFrom('unknown_devices')
        .selectAll()
        .orderBy('last_seen', 'desc')
        .limit(1000)
        .execute();
      return rows.map((r) => ({
        protocol: r.protocol,
        imei: r.imei,
        remote: r.remote,
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        attempts: r.attempts,
      }));
    },

    async recordUnknownDevice(protocol: string, imei: string, remote: string | null, nowMs: number): Promise<void> {
      await db
        .insertInto('unknown_devices')
        .values({ protocol, imei, remote, first_seen: nowMs, last_seen: nowMs })
        .onConflict((oc) =>
          oc.columns(['protocol', 'imei']).doUpdateSet({
            remote,
            last_seen: nowMs,
            attempts: sql`unknown_devices.attempts + 1`,
          }),
        )
        .execute();
    },
  };
}
export type FleetRepo = ReturnType<typeof createFleetRepo>;
