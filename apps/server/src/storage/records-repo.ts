import { LOG_PAGE_LIMIT, type DeviceLog, type TransitRecord, type VehicleLog } from '@jejak/contract';
import { isTransitStatus } from '@jejak/domain';
import type { Db } from './database.ts';

export function createRecordsRepo(db: Db) {
  return {
    /** Transit records of one vehicle overlapping [startTime, endTime), oldest first. */
    async transitRecords(vid: string, startTime: number, endTime: number): Promise<TransitRecord[]> {
      const rows = await db
        .selectFrom('transit_records')
        .selectAll()
        .where('vid', '=', vid)
        .where('start_time', '<', endTime)
        .where('end_time', '>', startTime)
        .orderBy('start_time')
        .limit(10_000)
        .execute();
      return rows.flatMap((r) =>
        isTransitStatus(r.transit_status)
          ? [
              {
                tsid: r.tsid,
                trid: null,
                vid: r.vid,
                transitStatus: r.transit_status,
                startTime: r.start_time,
                endTime: r.end_time,
                duration: r.duration,
                totalMileage: r.total_mileage,
                topSpeed: r.top_speed,
                avgSpeed: r.avg_speed,
                totalFuel: r.total_fuel,
                startAddress: r.start_address,
                endAddress: r.end_address,
                startLocation: { lat: r.start_lat, lon: r.start_lon },
                endLocation: { lat: r.end_lat, lon: r.end_lon },
                createdAt: r.created_at,
              },
            ]
          : [],
      );
    },

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
      const logs = rows.slice(0, LOG_PAGE_LIMIT).map((r): DeviceLog => ({
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
      }));
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
        address: r.address,
        tripStatus: r.trip_status,
        tripFrom: r.trip_from,
        transitStatus: r.transit_status,
        transitFrom: r.transit_from,
        mileage: r.mileage,
      }));
      return { logs, truncated: rows.length > LOG_PAGE_LIMIT };
    },
  };
}
export type RecordsRepo = ReturnType<typeof createRecordsRepo>;
