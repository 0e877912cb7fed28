import { isTransitStatus, type TransitSlice } from '@jejak/domain';
import type { TransitRecordsTable } from '../db/schema.ts';

/** Transit records as the report sums read them: shared by the day statistics and the report reads. */

/**
 * How long before a window a record (or a closed geofence stay) that still overlaps it may have
 * begun: the lower bound that keeps the overlap queries on a short range of the (vid, start_time)
 * index. Nothing closes a record by length, so a record longer than this (a tracker silent, or a
 * vehicle parked, for over 92 days) is missed by a window near its end: a trade made knowingly.
 */
export const RECORD_LOOKBACK_MS = 92 * 86_400_000;

/** Rows grouped by vehicle, in their order, each as `toValue` makes it (null leaves it out). */
export function byVehicle<R extends { vid: string }, T>(
  rows: readonly R[],
  toValue: (r: R) => T | null,
): Map<string, T[]> {
  const byVid = new Map<string, T[]>();
  for (const r of rows) {
    const value = toValue(r);
    if (value === null) continue;
    let list = byVid.get(r.vid);
    if (!list) byVid.set(r.vid, (list = []));
    list.push(value);
  }
  return byVid;
}

/** The columns of a transit record the report sums read. */
export type TransitSliceRow = Pick<
  TransitRecordsTable,
  'vid' | 'transit_status' | 'start_time' | 'end_time' | 'total_mileage' | 'top_speed'
>;

/** Transit record rows as each vehicle's slices, in the rows' order. */
export function slicesByVid(rows: readonly TransitSliceRow[]): Map<string, TransitSlice[]> {
  return byVehicle(rows, (r) =>
    isTransitStatus(r.transit_status)
      ? {
          transitStatus: r.transit_status,
          startTime: Number(r.start_time),
          endTime: Number(r.end_time),
          totalMileage: r.total_mileage,
          topSpeed: r.top_speed,
        }
      : null,
  );
}
