import type { Db } from '../src/storage/db/database.ts';

export interface DeviceLogRow {
  dvid: string;
  deviceTime: number;
  package: string;
  location?: { lat: number; lon: number } | null;
  speed?: number | null;
  heading?: number | null;
  fuel?: number | null;
  deviceMessage?: string | null;
  gpsStatus?: boolean | null;
  engineStatus?: boolean | null;
  attributes?: Record<string, unknown> | null;
}

/** Writes a device log as the gateway's store does (read tests insert rows directly); stored 1 s late. */
export async function insertDeviceLog(db: Db, log: DeviceLogRow): Promise<void> {
  const location = log.location === undefined ? { lat: 3.0319, lon: 101.6171 } : log.location;
  await db
    .insertInto('device_logs')
    .values({
      dvid: log.dvid,
      device_time: log.deviceTime,
      package: log.package,
      package_time: null,
      created_at: log.deviceTime + 1000,
      lat: location?.lat ?? null,
      lon: location?.lon ?? null,
      speed: log.speed ?? null,
      altitude: null,
      heading: log.heading ?? null,
      fuel: log.fuel ?? null,
      device_message: log.deviceMessage ?? null,
      gps_status: log.gpsStatus ?? null,
      engine_status: log.engineStatus ?? null,
      is_alive: null,
      attributes: log.attributes === undefined || log.attributes === null ? null : JSON.stringify(log.attributes),
    })
    .execute();
}

export interface VehicleLogRow {
  vid: string;
  vehicleTime: number;
  address?: string | null;
  tripStatus?: string | null;
  tripFrom?: number | null;
  transitStatus?: string;
  transitFrom?: number;
  mileage?: number;
}

/** Writes a vehicle log as the pipeline's store does; stored 1 s late. */
export async function insertVehicleLog(db: Db, log: VehicleLogRow): Promise<void> {
  await db
    .insertInto('vehicle_logs')
    .values({
      vid: log.vid,
      vehicle_time: log.vehicleTime,
      created_at: log.vehicleTime + 1000,
      lat: 3.0319,
      lon: 101.6171,
      speed: 0,
      address: log.address ?? null,
      trip_status: log.tripStatus ?? null,
      trip_from: log.tripFrom ?? null,
      transit_status: log.transitStatus ?? 'PARKING',
      transit_from: log.transitFrom ?? log.vehicleTime,
      mileage: log.mileage ?? 0,
    })
    .execute();
}
