import { sql, type ExpressionBuilder } from 'kysely';
import { FuelProfileSchema, type DeviceConflict, type UnknownDevice } from '@jejak/contract';
import { NO_DEVICE, readStoredProfile, type Device, type FuelProfile, type Vehicle } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { FittedVehicle } from '../../ingest/rows.ts';
import { toDevice, toFuelProfile, toVehicle } from '../mappers.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

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

/**
 * The smoothed litres of each tank of a stored fuel state ({key: {tank, level: {levelL}}}, as
 * the domain's tankLevels reads it); null when it is not that shape.
 */
function tankLevelsOf(fuel: unknown): Record<string, number | null> | null {
  if (typeof fuel !== 'object' || fuel === null || Array.isArray(fuel)) return null;
  const levels: Record<string, number | null> = {};
  for (const [key, tank] of Object.entries(fuel as Record<string, unknown>)) {
    const level: unknown = (tank as { level?: { levelL?: unknown } } | null)?.level?.levelL;
    levels[key] = typeof level === 'number' && Number.isFinite(level) ? level : null;
  }
  return levels;
}

export function createFleetRepo(db: Db) {
  /** Devices owned in the viewer's subtree or fitted to a vehicle it sees (not for global scope). */
  const visibleDevice = (viewer: Viewer) => (eb: ExpressionBuilder<Database, 'devices'>) =>
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
    ]);

  return {
    async visibleVehicles(viewer: Viewer): Promise<Vehicle[]> {
      let q = db.selectFrom('vehicles').selectAll();
      if (!hasGlobalScope(viewer)) q = q.where('vid', 'in', visibleVidsQuery(db, viewer));
      return (await q.orderBy('vehicle_display_name').execute()).map(toVehicle);
    },

    /** Devices owned in the subtree or fitted to a visible vehicle. */
    async visibleDevices(viewer: Viewer): Promise<Device[]> {
      let q = db.selectFrom('devices').selectAll();
      if (!hasGlobalScope(viewer)) q = q.where(visibleDevice(viewer));
      return (await q.orderBy('dvid').execute()).map(toDevice);
    },

    /**
     * Each device's tank levels (litres by profile key) as the pipeline last stored them with its
     * resumable state (pipeline_states, ADR 0025), by dvid: what the Information Table's Fuel shows
     * on a fresh load, before the device reports again. Only the state's fuel part leaves the
     * database; a state built for another vehicle than the one the device is fitted to now (the
     * lowest vid, as vehiclesByDvid) is left out, as the pipeline would not resume it either.
     */
    async storedFuelLevels(dvids: readonly string[]): Promise<Map<string, Record<string, number | null>>> {
      if (dvids.length === 0) return new Map();
      const { rows } = await sql<{ dvid: string; fuel: unknown }>`
        select s.dvid, s.j -> 'fuel' as fuel
        from (select dvid, state::jsonb as j from pipeline_states where ${isAnyOf('dvid', dvids)}) s
        where s.j ->> 'vid' is not distinct from (select min(v.vid) from vehicles v where v.dvid = s.dvid)`.execute(db);
      const levels = new Map<string, Record<string, number | null>>();
      for (const r of rows) {
        const tanks = tankLevelsOf(r.fuel);
        if (tanks) levels.set(r.dvid, tanks);
      }
      return levels;
    },

    /** The subset of dvids the viewer may see. */
    async filterVisibleDvids(viewer: Viewer, dvids: string[]): Promise<Set<string>> {
      if (dvids.length === 0) return new Set();
      const wanted = new Set(dvids);
      return new Set((await this.visibleDvids(viewer)).filter((d) => wanted.has(d)));
    },

    /** The dvids of the devices the viewer may see (visibleDevices' rule, without the rows). */
    async visibleDvids(viewer: Viewer): Promise<string[]> {
      let q = db.selectFrom('devices').select('dvid');
      if (!hasGlobalScope(viewer)) q = q.where(visibleDevice(viewer));
      return (await q.execute()).map((r) => r.dvid);
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

    /** What a report's header names: the vehicle and its owner (no visibility check: callers check reach first). */
    async vehicleHeading(vid: string): Promise<{ displayName: string; plate: string; owner: string | null } | null> {
      const row = await db
        .selectFrom('vehicles as v')
        .leftJoin('users as u', 'u.uid', 'v.uid')
        .select(['v.vehicle_display_name', 'v.vehicle_plate', 'u.user_name'])
        .where('v.vid', '=', vid)
        .executeTakeFirst();
      return row ? { displayName: row.vehicle_display_name, plate: row.vehicle_plate, owner: row.user_name } : null;
    },

    /** The device fitted to each vehicle named that has one, by vid (no visibility check). */
    async vehicleDvids(vids: readonly string[]): Promise<Map<string, string>> {
      if (vids.length === 0) return new Map();
      const rows = await db
        .selectFrom('vehicles')
        .select(['vid', 'dvid'])
        .where(isAnyOf('vid', [...new Set(vids)]))
        .where('dvid', '<>', NO_DEVICE)
        .execute();
      return new Map(rows.map((r) => [r.vid, r.dvid]));
    },

    /** Plate and display name of each vehicle named, by vid; one query however many. */
    async vehicleNames(
      vids: readonly string[],
    ): Promise<Map<string, { vehiclePlate: string; vehicleDisplayName: string }>> {
      if (vids.length === 0) return new Map();
      const rows = await db
        .selectFrom('vehicles')
        .select(['vid', 'vehicle_plate', 'vehicle_display_name'])
        .where(isAnyOf('vid', [...new Set(vids)]))
        .execute();
      return new Map(
        rows.map((r) => [r.vid, { vehiclePlate: r.vehicle_plate, vehicleDisplayName: r.vehicle_display_name }]),
      );
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

    /**
     * The devices of these IMEIs among the given models, by IMEI: one query for a burst of
     * connections (DeviceChannel's lookups are coalesced).
     */
    async devicesByImei(imeis: readonly string[], models: readonly string[]): Promise<Map<string, Device>> {
      if (imeis.length === 0 || models.length === 0) return new Map();
      const rows = await db
        .selectFrom('devices')
        .selectAll()
        .where(isAnyOf('imei', imeis))
        .where('model', 'in', [...models])
        .orderBy('dvid')
        .execute();
      const byImei = new Map<string, Device>();
      for (const r of rows) if (!byImei.has(r.imei)) byImei.set(r.imei, toDevice(r));
      return byImei;
    },

    /** Devices by dvid, with when each was last heard from; one query however many. */
    async devicesByDvid(
      dvids: readonly string[],
    ): Promise<Map<string, { device: Device; lastSeenAtMs: number | null }>> {
      if (dvids.length === 0) return new Map();
      const rows = await db.selectFrom('devices').selectAll().where(isAnyOf('dvid', dvids)).execute();
      return new Map(rows.map((r) => [r.dvid, { device: toDevice(r), lastSeenAtMs: r.last_seen_at }]));
    },

    /** The vehicle each device is fitted to, by dvid (the lowest vid if several); one query however many. */
    async vehiclesByDvid(dvids: readonly string[]): Promise<Map<string, FittedVehicle>> {
      if (dvids.length === 0) return new Map();
      const rows = await db.selectFrom('vehicles').selectAll().where(isAnyOf('dvid', dvids)).orderBy('vid').execute();
      const byDvid = new Map<string, FittedVehicle>();
      for (const r of rows)
        if (!byDvid.has(r.dvid))
          byDvid.set(r.dvid, {
            ...toVehicle(r),
            stoppedSince: r.stopped_since,
            geofenceState: readStoredProfile(r.geofence_profile),
          });
      return byDvid;
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

    async unknownDevices(): Promise<Omit<UnknownDevice, 'models'>[]> {
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

    /** Keeps the `maxRows` unknown devices heard most recently (ADR 0034). */
    async pruneUnknownDevices(maxRows: number): Promise<void> {
      await sql`delete from unknown_devices where (protocol, imei) in
        (select protocol, imei from unknown_devices order by last_seen desc offset ${maxRows})`.execute(db);
    },

    /** A second live connection took `dvid` over from the one at `previousRemote` (ADR 0034). */
    async recordDeviceConflict(c: {
      dvid: string;
      protocol: string;
      imei: string;
      remote: string;
      previousRemote: string;
      nowMs: number;
    }): Promise<void> {
      await db
        .insertInto('device_conflicts')
        .values({
          dvid: c.dvid,
          protocol: c.protocol,
          imei: c.imei,
          remote: c.remote,
          previous_remote: c.previousRemote,
          first_seen: c.nowMs,
          last_seen: c.nowMs,
        })
        .onConflict((oc) =>
          oc.column('dvid').doUpdateSet({
            remote: c.remote,
            previous_remote: c.previousRemote,
            last_seen: c.nowMs,
            takeovers: sql`device_conflicts.takeovers + 1`,
          }),
        )
        .execute();
    },

    async deviceConflicts(): Promise<DeviceConflict[]> {
      const rows = await db
        .selectFrom('device_conflicts')
        .selectAll()
        .orderBy('last_seen', 'desc')
        .limit(1000)
        .execute();
      return rows.map((r) => ({
        dvid: r.dvid,
        protocol: r.protocol,
        imei: r.imei,
        remote: r.remote,
        previousRemote: r.previous_remote,
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        takeovers: r.takeovers,
      }));
    },
  };
}
export type FleetRepo = ReturnType<typeof createFleetRepo>;
