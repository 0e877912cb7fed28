import { LOG_PAGE_LIMIT, type DeviceLog, type VehicleLog } from '@jejak/contract';
import { addressOf, type LatLon } from '@jejak/domain';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeviceLogsTable } from '../../db/schema.ts';

/** A stored device log as the API gives it. */
export function toDeviceLog(r: Selectable<DeviceLogsTable>): DeviceLog {
  return {
    dvid: r.dvid,
    deviceTime: r.device_time,
    createdAt: r.created_at,
    packageTime: r.package_time,
    devicePackage: r.package,
    location: r.lat === null || r.lon === null ? null : { lat: r.lat, lon: r.lon },
    speed: r.speed,
    altitude: r.altitude,
    heading: r.heading,
    fuel: r.fuel ?? null,
    deviceMessage: r.device_message,
    gpsStatus: r.gps_status,
    engineStatus: r.engine_status,
    isAlive: r.is_alive,
    attributes: (r.attributes as Record<string, unknown> | null) ?? null,
  };
}

export function createRecordsRepo(db: Db) {
  return {
    /** A device's log in [startTime, endTime), oldest first, at most LOG_PAGE_LIMIT rows. */
    async deviceLogs(
      dvid: string,
      startTime: number,
      endTime: number,
    ): Promise<{ logs: DeviceLog[]; truncated: boolean }> {
      const rows = await db
        .selectFrom('device_logs')
        .selectAll()
        .where('dvid', '=', dvid)
        .where('device_time', '>=', startTime)
        .where('device_time', '<', endTime)
        .orderBy('device_time')
        .orderBy('package')
        .limit(LOG_PAGE_LIMIT + 1)
        .execute();
      const logs = rows.slice(0, LOG_PAGE_LIMIT).map(toDeviceLog);
      return { logs, truncated: rows.length > LOG_PAGE_LIMIT };
    },

    /** A vehicle's log in [startTime, endTime), oldest first, at most LOG_PAGE_LIMIT rows. */
    async vehicleLogs(
      vid: string,
      startTime: number,
      endTime: number,
    ): Promise<{ logs: VehicleLog[]; truncated: boolean }> {
      const rows = await db
        .selectFrom('vehicle_logs')
        .selectAll()
        // The tracker sent this fix from its memory, late (gps#memory): Trip Record greys it.
        .select(
          sql<boolean>`exists (select 1 from device_logs d join vehicles v on v.dvid = d.dvid
            where v.vid = vehicle_logs.vid and d.device_time = vehicle_logs.vehicle_time
              and d.package = 'gps#memory')`.as('memory'),
        )
        .where('vid', '=', vid)
        .where('vehicle_time', '>=', startTime)
        .where('vehicle_time', '<', endTime)
        .orderBy('vehicle_time')
        .limit(LOG_PAGE_LIMIT + 1)
        .execute();
      const logs = rows.slice(0, LOG_PAGE_LIMIT).map((r): VehicleLog => ({
        vid: r.vid,
        vehicleTime: r.vehicle_time,
        createdAt: r.created_at,
        location: { lat: r.lat, lon: r.lon },
        speed: r.speed,
        address: r.address ?? addressOf(r),
        tripStatus: r.trip_status,
        tripFrom: r.trip_from,
        transitStatus: r.transit_status,
        transitFrom: r.transit_from,
        mileage: r.mileage,
        memory: r.memory,
      }));
      return { logs, truncated: rows.length > LOG_PAGE_LIMIT };
    },

    /**
     * A vehicle's fixes in [startTime, endTime), oldest first, with only what a playback moves by
     * (time, place, speed, status): at most `maxFixes`, every k-th (and the last) when the window
     * holds more. One plain read in the common case; the thinning query only past the limit.
     */
    async playbackFixes(
      vid: string,
      startTime: number,
      endTime: number,
      maxFixes: number,
    ): Promise<{ fixes: PlaybackFix[]; thinned: boolean }> {
      const fixes = await db
        .selectFrom('vehicle_logs')
        .select(['vehicle_time as time', 'lat', 'lon', 'speed', 'transit_status as status'])
        .where('vid', '=', vid)
        .where('vehicle_time', '>=', startTime)
        .where('vehicle_time', '<', endTime)
        .orderBy('vehicle_time')
        .limit(maxFixes + 1)
        .execute();
      if (fixes.length <= maxFixes) return { fixes, thinned: false };
      const { rows } = await sql<PlaybackFix>`
        select time, lat, lon, speed, status from (
          select vehicle_time as time, lat, lon, speed, transit_status as status,
                 row_number() over (order by vehicle_time) as rn, count(*) over () as n
          from vehicle_logs
          where vid = ${vid} and vehicle_time >= ${startTime} and vehicle_time < ${endTime}
        ) t
        where (rn - 1) % ceil(n::float8 / ${maxFixes - 1}::float8)::bigint = 0 or rn = n
        order by time`.execute(db);
      return { fixes: rows.map((r) => ({ ...r, time: Number(r.time) })), thinned: true };
    },

    /**
     * A vehicle's positions in [startTime, endTime), oldest first, for drawing its route: every
     * k-th fix so that at most `maxPoints` come back (plus the last), spread over the whole window
     * rather than its first rows; `total` is how many fixes the window holds.
     */
    async routePoints(
      vid: string,
      startTime: number,
      endTime: number,
      maxPoints: number,
    ): Promise<{ points: LatLon[]; total: number }> {
      const { rows } = await sql<{ lat: number; lon: number; n: string | number }>`
        select lat, lon, n from (
          select lat, lon, vehicle_time,
                 row_number() over (order by vehicle_time) as rn, count(*) over () as n
          from vehicle_logs
          where vid = ${vid} and vehicle_time >= ${startTime} and vehicle_time < ${endTime}
        ) t
        where (rn - 1) % ceil(n::float8 / ${maxPoints}::float8)::bigint = 0 or rn = n
        order by vehicle_time`.execute(db);
      return { points: rows.map((r) => ({ lat: r.lat, lon: r.lon })), total: Number(rows[0]?.n ?? 0) };
    },
  };
}
export type RecordsRepo = ReturnType<typeof createRecordsRepo>;

/** One fix as a playback reads it: epoch ms, degrees, km/h, the transit status then. */
export interface PlaybackFix {
  time: number;
  lat: number;
  lon: number;
  speed: number;
  status: string;
}
