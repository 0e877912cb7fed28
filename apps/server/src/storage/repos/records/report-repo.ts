import { sql } from 'kysely';
import type { TransitRecord, TripRecord } from '@jejak/contract';
import type { Db } from '../../db/database.ts';
import type { DayStat } from '../../ingest/day-stats.ts';
import { toTransitValue, toTripValue } from '../../ingest/record-mappers.ts';
import { tripEventCounts } from './trip-events.ts';
import type { TransitSlice } from '@jejak/domain';
import { byVehicle, RECORD_LOOKBACK_MS, slicesByVid } from '../../ingest/transit-slices.ts';
import { eventCountsIn, vehiclesUnderWay } from './under-way.ts';

export interface ReportWindow {
  vids: readonly string[];
  startTime: number;
  endTime: number;
}

/** The vehicles' transit records overlapping the window. */
export function overlappingTransits(db: Db, w: ReportWindow) {
  return db
    .selectFrom('transit_records')
    .where('vid', 'in', [...new Set(w.vids)])
    .where('start_time', '>=', w.startTime - RECORD_LOOKBACK_MS)
    .where('start_time', '<', w.endTime)
    .where('end_time', '>', w.startTime);
}

/**
 * The reports' reads (issue 13 item 7): one set-based query per report for every vehicle
 * named, over the stored transit records and trips (never the positions), on the (vid,
 * start_time) indexes. Records overlap the window when they start before its end and end after
 * its start (and start at most RECORD_LOOKBACK_MS before it).
 */
export function createReportRepo(db: Db) {
  const transits = (w: ReportWindow) => overlappingTransits(db, w);

  return {
    /** Each vehicle's status, open record and trip under way (issue 24 item 1). */
    underWay: (vids: readonly string[]) => vehiclesUnderWay(db, vids),
    /** Each vehicle's events in its span (a trip under way's numberOfEvents). */
    eventCounts: (spans: readonly { vid: string; from: number; to: number }[]) => eventCountsIn(db, spans),

    /** Each vehicle's stored TRANSIT trips overlapping the window: one grouped query. */
    async tripCounts(w: ReportWindow): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('trip_records')
        .select(['vid', sql<number>`count(*)::int`.as('n')])
        .where('vid', 'in', [...new Set(w.vids)])
        .where('trip_status', '=', 'TRANSIT')
        .where('start_time', '>=', w.startTime - RECORD_LOOKBACK_MS)
        .where('start_time', '<', w.endTime)
        .where('end_time', '>', w.startTime)
        .groupBy('vid')
        .execute();
      return new Map(rows.map((r) => [r.vid, r.n]));
    },

    /** Each vehicle's records overlapping the window, only the fields the sums need, oldest first. */
    async transitSlices(w: ReportWindow): Promise<Map<string, TransitSlice[]>> {
      const rows = await transits(w)
        .select(['vid', 'transit_status', 'start_time', 'end_time', 'total_mileage', 'top_speed'])
        .orderBy('vid')
        .orderBy('start_time')
        .execute();
      return slicesByVid(rows);
    },

    /** Each vehicle's per-day totals of the local days starting in [startTime, endTime), oldest first. */
    async dayStats(w: ReportWindow): Promise<Map<string, DayStat[]>> {
      const rows = await db
        .selectFrom('vehicle_day_stats')
        .select([
          'vid',
          sql<string>`day::text`.as('date'),
          'start_time',
          'end_time',
          'mileage_km',
          'moving_ms',
          'idling_ms',
          'parking_ms',
          'disconnected_ms',
          'top_speed_kmh',
        ])
        .where('vid', 'in', [...new Set(w.vids)])
        .where('start_time', '>=', w.startTime)
        .where('start_time', '<', w.endTime)
        .orderBy('vid')
        .orderBy('day')
        .execute();
      return byVehicle(rows, (r) => ({
        date: r.date,
        startTime: Number(r.start_time),
        endTime: Number(r.end_time),
        mileage: r.mileage_km,
        movingDuration: Number(r.moving_ms),
        idlingDuration: Number(r.idling_ms),
        parkingDuration: Number(r.parking_ms),
        disconnectedDuration: Number(r.disconnected_ms),
        topSpeed: r.top_speed_kmh,
      }));
    },

    /** The vehicles' transit records overlapping the window, by vehicle then time, at most `limit` (+1 to tell). */
    async transitRecords(w: ReportWindow, limit: number): Promise<TransitRecord[]> {
      const rows = await transits(w)
        .selectAll()
        .orderBy('vid')
        .orderBy('start_time')
        .limit(limit + 1)
        .execute();
      return rows.flatMap((r) =>
        toTransitValue(r).map((value) => ({
          ...value,
          tsid: r.tsid,
          trid: r.trid,
          vid: r.vid,
          startAddress: r.start_address,
          endAddress: r.end_address,
          createdAt: r.created_at,
        })),
      );
    },

    /** The vehicles' final trips overlapping the window, by vehicle then time, at most `limit` (+1 to tell). */
    async tripRecords(w: ReportWindow, limit: number): Promise<TripRecord[]> {
      const rows = await db
        .selectFrom('trip_records')
        .selectAll()
        .where('vid', 'in', [...new Set(w.vids)])
        .where('start_time', '>=', w.startTime - RECORD_LOOKBACK_MS)
        .where('start_time', '<', w.endTime)
        .where('end_time', '>', w.startTime)
        .orderBy('vid')
        .orderBy('start_time')
        .limit(limit + 1)
        .execute();
      const events = await tripEventCounts(db, w.vids, w.startTime, w.endTime);
      return rows.map((r) => ({
        trid: r.trid,
        vid: r.vid,
        ...toTripValue(r),
        numberOfEvents: events.get(r.trid) ?? 0,
      }));
    },
  };
}
export type ReportRepo = ReturnType<typeof createReportRepo>;
