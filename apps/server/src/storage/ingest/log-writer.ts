import { sql, type Transaction } from 'kysely';
import { copyBool, copyInto, copyJson, copyNumber, copyText } from '../db/copy.ts';
import type { DeviceLogRow, VehicleLogRow } from './rows.ts';
import type { Database } from '../db/schema.ts';

/** The two tables written at fix rate: device_logs and vehicle_logs. */

export const col = <T, K extends keyof T>(rows: T[], key: K): T[K][] => rows.map((r) => r[key]);

const LOG_COLUMNS = [
  'dvid',
  'device_time',
  'package',
  'package_time',
  'created_at',
  'lat',
  'lon',
  'speed',
  'altitude',
  'heading',
  'fuel',
  'gps_status',
  'engine_status',
  'is_alive',
  'device_message',
  'attributes',
] as const;
const VEHICLE_LOG_COLUMNS = [
  'vid',
  'vehicle_time',
  'created_at',
  'lat',
  'lon',
  'speed',
  'address',
  'trip_status',
  'trip_from',
  'transit_status',
  'transit_from',
  'mileage',
] as const;

/** One device_logs row in COPY's text format, fields in LOG_COLUMNS' order. */
export const deviceLogLine = (l: DeviceLogRow): string =>
  `${copyText(l.dvid)}\t${copyNumber(l.deviceTime)}\t${copyText(l.package)}\t${copyNumber(l.packageTime)}\t` +
  `${copyNumber(l.createdAt)}\t${copyNumber(l.lat)}\t${copyNumber(l.lon)}\t${copyNumber(l.speed)}\t` +
  `${copyNumber(l.altitude)}\t${copyNumber(l.heading)}\t${copyNumber(l.fuel)}\t${copyBool(l.gpsStatus)}\t${copyBool(l.engineStatus)}\t` +
  `${copyBool(l.isAlive)}\t${copyText(l.deviceMessage)}\t${copyJson(l.attributes)}`;

/** One vehicle_logs row in COPY's text format, fields in VEHICLE_LOG_COLUMNS' order. */
export const vehicleLogLine = (v: VehicleLogRow): string =>
  `${copyText(v.vid)}\t${copyNumber(v.vehicleTime)}\t${copyNumber(v.createdAt)}\t${copyNumber(v.lat)}\t` +
  `${copyNumber(v.lon)}\t${copyNumber(v.speed)}\t${copyText(v.address)}\t${copyText(v.tripStatus)}\t${copyNumber(v.tripFrom)}\t` +
  `${copyText(v.transitStatus)}\t${copyNumber(v.transitFrom)}\t${copyNumber(v.mileage)}`;

/**
 * The rows of `rows` whose key was not seen before in it, in order (the first of each key). A key
 * is a group (a string) and a time: times are kept in a set per group, so no key text is built
 * for every row (that text, with the time written out, cost more than the rest of the check).
 */
function firstOfEachKey<T>(rows: T[], group: (row: T) => string, time: (row: T) => number): T[] {
  const seen = new Map<string, Set<number>>();
  const kept = rows.filter((r) => {
    const g = group(r);
    let times = seen.get(g);
    if (!times) seen.set(g, (times = new Set()));
    else if (times.has(time(r))) return false;
    times.add(time(r));
    return true;
  });
  return kept.length === rows.length ? rows : kept;
}

/** A device log's key in the unique index `device_logs_once` (migration 008): its group and time. */
const logGroup = (l: DeviceLogRow) => (l.package.startsWith('gps#') ? l.dvid : `${l.dvid}\u0000${l.package}`);
const logTime = (l: DeviceLogRow) => l.deviceTime;

/**
 * Device logs by COPY (no conflict handling, so it fails on a row already stored) or by an
 * idempotent insert. One fix is stored once whether it came live or from memory: the unique
 * index `device_logs_once` (migration 008) keys gps#latest and gps#memory alike. A batch may hold
 * one key twice (a tracker repeating a frame, both copies read before the first committed): the
 * first is kept before COPY, as the insert's `on conflict do nothing` would, so only a row
 * already stored makes COPY fail and the batch be written again (ADR 0021).
 */
export async function insertLogs(trx: Transaction<Database>, batchLogs: DeviceLogRow[], copy: boolean): Promise<void> {
  const logs = firstOfEachKey(batchLogs, logGroup, logTime);
  if (copy) {
    await trx.executeQuery(copyInto('device_logs', LOG_COLUMNS, logs, deviceLogLine));
    return;
  }
  await sql`
    insert into device_logs (${sql.raw(LOG_COLUMNS.join(', '))})
    select x.dvid, x.device_time, x.package, x.package_time, x.created_at, x.lat, x.lon, x.speed,
      x.altitude, x.heading, to_jsonb(x.fuel), x.gps_status, x.engine_status, x.is_alive, x.device_message,
      x.attributes::json
    from unnest(${col(logs, 'dvid')}::text[], ${col(logs, 'deviceTime')}::int8[], ${col(logs, 'package')}::text[],
      ${col(logs, 'packageTime')}::int8[], ${col(logs, 'createdAt')}::int8[], ${col(logs, 'lat')}::float8[],
      ${col(logs, 'lon')}::float8[], ${col(logs, 'speed')}::float8[], ${col(logs, 'altitude')}::float8[],
      ${col(logs, 'heading')}::float8[], ${col(logs, 'fuel')}::float8[], ${col(logs, 'gpsStatus')}::bool[], ${col(logs, 'engineStatus')}::bool[],
      ${col(logs, 'isAlive')}::bool[], ${col(logs, 'deviceMessage')}::text[],
      ${logs.map((l) => (l.attributes ? JSON.stringify(l.attributes) : null))}::text[])
      as x(${sql.raw(LOG_COLUMNS.join(', '))})
    on conflict do nothing`.execute(trx);
}

/** Vehicle logs likewise, keyed by their primary key (vid, vehicle_time). */
export async function insertVehicleLogs(
  trx: Transaction<Database>,
  batchRows: VehicleLogRow[],
  copy: boolean,
): Promise<void> {
  const vl = firstOfEachKey(
    batchRows,
    (v) => v.vid,
    (v) => v.vehicleTime,
  );
  if (copy) {
    await trx.executeQuery(copyInto('vehicle_logs', VEHICLE_LOG_COLUMNS, vl, vehicleLogLine));
    return;
  }
  await sql`
    insert into vehicle_logs (${sql.raw(VEHICLE_LOG_COLUMNS.join(', '))})
    select * from unnest(${col(vl, 'vid')}::text[], ${col(vl, 'vehicleTime')}::int8[], ${col(vl, 'createdAt')}::int8[],
      ${col(vl, 'lat')}::float8[], ${col(vl, 'lon')}::float8[], ${col(vl, 'speed')}::float8[],
      ${col(vl, 'address')}::text[], ${col(vl, 'tripStatus')}::text[], ${col(vl, 'tripFrom')}::int8[], ${col(vl, 'transitStatus')}::text[],
      ${col(vl, 'transitFrom')}::int8[], ${col(vl, 'mileage')}::float8[])
    on conflict do nothing`.execute(trx);
}
