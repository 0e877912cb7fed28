import type { Transaction } from 'kysely';
import { refreshDayStats } from './day-stats.ts';
import type { Database } from '../db/schema.ts';
import type { TransitRow, TripRow } from './rows.ts';

/** Transit records and trips as the pipeline and the recompute write them (keyed by vehicle and start). */
function transitId(vid: string, startTime: number): string {
  return `${vid}#${startTime}`;
}

/** Trips are keyed like transit records: a recomputed or extended trip rewrites its row. */
export const tripId = transitId;

function transitValues(t: TransitRow) {
  return {
    tsid: transitId(t.vid, t.startTime),
    vid: t.vid,
    transit_status: t.transitStatus,
    start_time: t.startTime,
    end_time: t.endTime,
    duration: t.duration,
    total_mileage: t.totalMileage,
    top_speed: t.topSpeed,
    avg_speed: t.avgSpeed,
    total_fuel: t.totalFuel,
    start_lat: t.startLocation.lat,
    start_lon: t.startLocation.lon,
    end_lat: t.endLocation.lat,
    end_lon: t.endLocation.lon,
    start_address: t.startAddress,
    end_address: t.endAddress,
    created_at: t.createdAt,
  };
}

/**
 * Inserts closed transit records; a record closed again (recomputed) rewrites its row. The days
 * they cover get their per-day totals rewritten in the same transaction (day-stats.ts), as local
 * days of `timeZone` (the server's, JEJAK_TIME_ZONE).
 */
export async function writeTransits(
  trx: Transaction<Database>,
  transits: TransitRow[],
  timeZone: string,
): Promise<void> {
  await trx
    .insertInto('transit_records')
    .values(transits.map(transitValues))
    .onConflict((oc) =>
      oc.column('tsid').doUpdateSet((eb) => ({
        end_time: eb.ref('excluded.end_time'),
        duration: eb.ref('excluded.duration'),
        total_mileage: eb.ref('excluded.total_mileage'),
        top_speed: eb.ref('excluded.top_speed'),
        avg_speed: eb.ref('excluded.avg_speed'),
        total_fuel: eb.ref('excluded.total_fuel'),
        end_lat: eb.ref('excluded.end_lat'),
        end_lon: eb.ref('excluded.end_lon'),
        end_address: eb.ref('excluded.end_address'),
      })),
    )
    .execute();
  await refreshDayStats(trx, transits, timeZone);
}

export async function writeTrips(trx: Transaction<Database>, emitted: TripRow[]): Promise<void> {
  // A batch may hold the same trip twice (the last parking, re-emitted as it grows): the
  // latest wins, and one statement must not touch a row twice.
  const trips = [...new Map(emitted.map((t) => [tripId(t.vid, t.startTime), t])).values()];
  await trx
    .insertInto('trip_records')
    .values(
      trips.map((t) => ({
        trid: tripId(t.vid, t.startTime),
        vid: t.vid,
        trip_status: t.tripStatus,
        start_time: t.startTime,
        end_time: t.endTime,
        total_distance: t.totalDistance,
        top_speed: t.topSpeed,
        total_moving_duration: t.totalMovingDuration,
        total_idling_duration: t.totalIdlingDuration,
        created_at: t.createdAt,
      })),
    )
    .onConflict((oc) =>
      oc.column('trid').doUpdateSet((eb) => ({
        trip_status: eb.ref('excluded.trip_status'),
        end_time: eb.ref('excluded.end_time'),
        total_distance: eb.ref('excluded.total_distance'),
        top_speed: eb.ref('excluded.top_speed'),
        total_moving_duration: eb.ref('excluded.total_moving_duration'),
        total_idling_duration: eb.ref('excluded.total_idling_duration'),
      })),
    )
    .execute();
  // Each transit record learns its trip.
  for (const t of trips) {
    await trx
      .updateTable('transit_records')
      .set({ trid: tripId(t.vid, t.startTime) })
      .where('vid', '=', t.vid)
      .where('start_time', '>=', t.startTime)
      .where('start_time', '<', t.endTime)
      .execute();
  }
}
