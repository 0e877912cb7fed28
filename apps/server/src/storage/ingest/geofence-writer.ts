import { sql, type Transaction } from 'kysely';
import { col } from './log-writer.ts';
import type { Database } from '../db/schema.ts';
import type { GeofenceProfileRow, GeofenceRecordRow } from './rows.ts';

const key = (r: GeofenceRecordRow) => `${r.vid}\u0000${r.geoid}\u0000${r.enterTime}`;

/**
 * Upserts a batch's geofence records: an exit completes its entry row. A batch may hold a stay's
 * entry and exit both: one row, its entry's location, its exit's end (one statement must not touch
 * a row twice).
 */
export async function writeGeofenceRecords(trx: Transaction<Database>, rows: GeofenceRecordRow[]): Promise<void> {
  const merged = new Map<string, GeofenceRecordRow>();
  for (const r of rows) {
    const prev = merged.get(key(r));
    merged.set(key(r), prev ? { ...prev, exitTime: r.exitTime, exitLat: r.exitLat, exitLon: r.exitLon } : r);
  }
  const all = [...merged.values()];
  await sql`
    insert into geofence_records (vid, geoid, enter_time, exit_time, enter_lat, enter_lon, exit_lat, exit_lon, created_at)
    select * from unnest(${col(all, 'vid')}::text[], ${col(all, 'geoid')}::text[], ${col(all, 'enterTime')}::int8[],
      ${col(all, 'exitTime')}::int8[], ${col(all, 'enterLat')}::float8[], ${col(all, 'enterLon')}::float8[],
      ${col(all, 'exitLat')}::float8[], ${col(all, 'exitLon')}::float8[], ${col(all, 'createdAt')}::int8[])
    on conflict (vid, geoid, enter_time) do update set exit_time = excluded.exit_time,
      exit_lat = excluded.exit_lat, exit_lon = excluded.exit_lon
    where excluded.exit_time is not null`.execute(trx);
}

/** Writes vehicles' geofence profiles; an older batch (committed late) leaves a newer one alone. */
export async function writeGeofenceProfiles(trx: Transaction<Database>, rows: GeofenceProfileRow[]): Promise<void> {
  await sql`
    update vehicles v set geofence_profile = x.profile::jsonb
    from unnest(${col(rows, 'vid')}::text[], ${col(rows, 'profile')}::text[], ${col(rows, 'updatedAt')}::int8[])
      as x(vid, profile, updated_at)
    where v.vid = x.vid and (v.updated_at is null or x.updated_at >= v.updated_at)`.execute(trx);
}

/**
 * A recompute's geofence records (ADR 0029, late data): the stays entered in the window from
 * `fromMs` on are replaced by the replay's, and a stay open at the window start is reopened so
 * that the replay's exit, if any, closes it again.
 */
export async function replaceGeofenceRecords(
  trx: Transaction<Database>,
  vid: string,
  fromMs: number,
  rows: GeofenceRecordRow[],
): Promise<void> {
  await trx.deleteFrom('geofence_records').where('vid', '=', vid).where('enter_time', '>=', fromMs).execute();
  await trx
    .updateTable('geofence_records')
    .set({ exit_time: null, exit_lat: null, exit_lon: null })
    .where('vid', '=', vid)
    .where('enter_time', '<', fromMs)
    .where('exit_time', '>=', fromMs)
    .execute();
  if (rows.length > 0) await writeGeofenceRecords(trx, rows);
}
