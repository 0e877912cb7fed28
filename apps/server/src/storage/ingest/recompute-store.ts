import { sql } from 'kysely';
import { insideFromStays, REPORT_TIME_ZONE, type AcceptedFix, type GeofenceInside } from '@jejak/domain';
import type { Db } from '../db/database.ts';
import { refreshDayStats } from './day-stats.ts';
import { replaceGeofenceRecords } from './geofence-writer.ts';
import { checkOwners } from './ingest-store.ts';
import { writeTransits, writeTrips } from './record-writer.ts';
import type { RecomputedWindow, StoredFix } from './rows.ts';

/** At most this many fixes are replayed at once; a longer window starts later. */
export const REPLAY_LIMIT = 200_000;

/** Reads and rewrites a vehicle's derived records when late data lands in their past (DESIGN §1). */
export function createRecomputeStore(db: Db, timeZone: string = REPORT_TIME_ZONE) {
  return {
    /**
     * Where a recompute for late data at `lateMs` starts: the start of the last PARKING trip
     * that began at or before it (trips regroup cleanly from there), not before `floorMs` nor
     * before the positions retention keeps (partitions.ts); and the odometer just before that point.
     */
    async anchor(
      vid: string,
      lateMs: number,
      floorMs: number,
    ): Promise<{ fromMs: number; mileageKm: number; lastFix: AcceptedFix | null }> {
      const trip = await db
        .selectFrom('trip_records')
        .select('start_time')
        .where('vid', '=', vid)
        .where('trip_status', '=', 'PARKING')
        .where('start_time', '<=', lateMs)
        .orderBy('start_time', 'desc')
        .limit(1)
        .executeTakeFirst();
      const kept = await db.selectFrom('positions_retention').select('kept_from').executeTakeFirst();
      const floor = Math.max(floorMs, Number(kept?.kept_from ?? floorMs));
      const fromMs = Math.max(floor, Math.min(trip?.start_time ?? floor, lateMs));
      const odometer = (before: boolean) =>
        db
          .selectFrom('vehicle_logs')
          .select(['mileage', 'vehicle_time', 'lat', 'lon'])
          .where('vid', '=', vid)
          .where('vehicle_time', before ? '<' : '>=', fromMs)
          .orderBy('vehicle_time', before ? 'desc' : 'asc')
          .limit(1)
          .executeTakeFirst();
      // Without a fix before the window, its first live fix added no distance.
      const before = await odometer(true);
      const at = before ?? (await odometer(false));
      // Where the vehicle stood when the window opens, for records in it that carry no fix.
      const lastFix = before ? { deviceTimeMs: Number(before.vehicle_time), lat: before.lat, lon: before.lon } : null;
      return { fromMs, mileageKm: at?.mileage ?? 0, lastFix };
    },

    /** The geofences the vehicle was inside at `atMs` (its stays entered before and not left by then). */
    async insideAt(vid: string, atMs: number): Promise<GeofenceInside> {
      const rows = await db
        .selectFrom('geofence_records')
        .select(['geoid', 'enter_time'])
        .where('vid', '=', vid)
        .where('enter_time', '<', atMs)
        .where((eb) => eb.or([eb('exit_time', 'is', null), eb('exit_time', '>=', atMs)]))
        .execute();
      return insideFromStays(rows.map((r) => ({ geoid: r.geoid, enterTime: Number(r.enter_time) })));
    },

    /** A device's fixes from `fromMs` on, live and from memory, oldest first, one per instant. */
    async fixesSince(dvid: string, fromMs: number): Promise<StoredFix[]> {
      const rows = await sql<{
        device_time: number;
        created_at: number;
        lat: number | null;
        lon: number | null;
        speed: number | null;
        heading: number | null;
        gps_status: boolean | null;
        engine_status: boolean | null;
        attributes: Record<string, unknown> | null;
      }>`
        select distinct on (device_time) device_time, created_at, lat, lon, speed, heading, gps_status,
          engine_status, attributes
        from device_logs
        where dvid = ${dvid} and device_time >= ${fromMs} and package in ('gps#latest', 'gps#memory')
          and ((lat is not null and lon is not null) or engine_status is not null)
        order by device_time, package
        limit ${REPLAY_LIMIT}`.execute(db);
      return rows.rows.map((r) => ({
        deviceTime: Number(r.device_time),
        createdAt: Number(r.created_at),
        lat: r.lat,
        lon: r.lon,
        speed: r.speed,
        heading: r.heading,
        valid: r.gps_status === true,
        ignition: r.engine_status,
        attributes: r.attributes,
      }));
    },

    /**
     * Replaces the vehicle's transit records, trips, vehicle-log rows and geofence stays from
     * `fromMs` on, atomically.
     */
    async replace(w: RecomputedWindow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (w.owner) await checkOwners(trx, [w.owner]);
        // The days of the records replaced lose or change their totals too (writeTransits
        // rewrites those of the new ones).
        const replaced = await trx
          .selectFrom('transit_records')
          .select((eb) => eb.fn.max('end_time').as('to_ms'))
          .where('vid', '=', w.vid)
          .where('start_time', '>=', w.fromMs)
          .executeTakeFirst();
        await trx.deleteFrom('transit_records').where('vid', '=', w.vid).where('start_time', '>=', w.fromMs).execute();
        await trx.deleteFrom('trip_records').where('vid', '=', w.vid).where('start_time', '>=', w.fromMs).execute();
        if (w.transits.length > 0) await writeTransits(trx, w.transits, timeZone);
        if (w.trips.length > 0) await writeTrips(trx, w.trips);
        if (w.geofenceRecords) await replaceGeofenceRecords(trx, w.vid, w.fromMs, w.geofenceRecords);
        for (let i = 0; i < w.vehicleLogs.length; i += 5_000) {
          await trx
            .insertInto('vehicle_logs')
            .values(
              w.vehicleLogs.slice(i, i + 5_000).map((l) => ({
                vid: l.vid,
                vehicle_time: l.vehicleTime,
                created_at: l.createdAt,
                lat: l.lat,
                lon: l.lon,
                speed: l.speed,
                address: l.address,
                trip_status: l.tripStatus,
                trip_from: l.tripFrom,
                transit_status: l.transitStatus,
                transit_from: l.transitFrom,
                mileage: l.mileage,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['vid', 'vehicle_time']).doUpdateSet((eb) => ({
                trip_status: eb.ref('excluded.trip_status'),
                trip_from: eb.ref('excluded.trip_from'),
                transit_status: eb.ref('excluded.transit_status'),
                transit_from: eb.ref('excluded.transit_from'),
                mileage: eb.ref('excluded.mileage'),
              })),
            )
            .execute();
        }
        await trx.updateTable('vehicles').set({ mileage_km: w.mileageKm }).where('vid', '=', w.vid).execute();
        const toMs = replaced?.to_ms === null || replaced?.to_ms === undefined ? null : Number(replaced.to_ms);
        if (toMs !== null) await refreshDayStats(trx, [{ vid: w.vid, startTime: w.fromMs, endTime: toMs }], timeZone);
      });
    },
  };
}
export type RecomputeStore = ReturnType<typeof createRecomputeStore>;
