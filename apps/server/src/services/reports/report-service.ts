import {
  REPORT_ROW_LIMIT,
  type DailyMileageReportRow,
  type MileageReportRow,
  type ReportRequest,
  type TransitRecord,
  type TripRecord,
} from '@jejak/contract';
import {
  crossesEdge,
  cutRecord,
  cutTrip,
  DEFAULT_SEGMENTER,
  REPORT_TIME_ZONE,
  type TransitSlice,
  type User,
} from '@jejak/domain';
import type { ReportWindow } from '../../storage/repos/records/report-repo.ts';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, requireReachableVids } from '../access.ts';
import { dailyMileages, mileageSummaries } from './day-report.ts';
import {
  dailyMileageRows,
  mileageRows,
  slicesUnderWay,
  tripsUnderWay,
  withTransitsUnderWay,
  withTripsUnderWay,
} from './under-way-rows.ts';

export interface Report<T> {
  report: T[];
  truncated: boolean;
}

const capped = <T>(rows: T[]): Report<T> => ({
  report: rows.slice(0, REPORT_ROW_LIMIT),
  truncated: rows.length > REPORT_ROW_LIMIT,
});

/**
 * The transit and trip records of a window with what is under way (issue 24 item 1), unchecked:
 * the callers check access first. The Trip and Transit reports and Trip Record's calls for one
 * vehicle read the same records, so the numbers agree wherever they are shown. `limit` bounds
 * the stored rows read (one more tells the caller it was reached).
 */
export function createRecordReader(
  reports: Pick<Repos['reports'], 'underWay' | 'transitRecords' | 'tripRecords' | 'transitSlices' | 'eventCounts'>,
  now: () => number,
  minParkingMs = DEFAULT_SEGMENTER.minParkingMs,
) {
  /**
   * The stored trips across the window's edges, cut to it: summed from their vehicles' records
   * at the edges (two narrow reads), their events counted again in the part inside.
   */
  async function cutStoredTrips(stored: readonly TripRecord[], w: ReportWindow): Promise<TripRecord[]> {
    const head = stored.filter((t) => t.startTime < w.startTime);
    const tail = stored.filter((t) => t.endTime > w.endTime);
    if (head.length === 0 && tail.length === 0) return [...stored];
    const edge = async (
      trips: TripRecord[],
      startTime: number,
      endTime: number,
    ): Promise<Map<string, TransitSlice[]>> =>
      trips.length === 0 ? new Map() : reports.transitSlices({ vids: trips.map((t) => t.vid), startTime, endTime });
    const [atHead, atTail] = await Promise.all([
      edge(head, w.startTime, Math.min(w.endTime, Math.max(...head.map((t) => t.endTime)))),
      edge(tail, Math.max(w.startTime, Math.min(...tail.map((t) => t.startTime))), w.endTime),
    ]);
    const cut = stored.map((t) =>
      crossesEdge(t, w) ? cutTrip(t, [...(atHead.get(t.vid) ?? []), ...(atTail.get(t.vid) ?? [])], w) : t,
    );
    const spans = cut.filter((t, i) => t !== stored[i]).map((t) => ({ vid: t.vid, from: t.startTime, to: t.endTime }));
    const events = await reports.eventCounts(spans);
    return cut.map((t, i) =>
      t === stored[i] ? t : { ...t, numberOfEvents: events.get(`${t.vid}:${t.startTime}`) ?? 0 },
    );
  }

  return {
    /** With `cut`, each record counts for its part inside the window (the reports; issue 24 item 4). */
    async transits(w: ReportWindow, limit: number, cut = false): Promise<TransitRecord[]> {
      const nowMs = now();
      const [rows, stored] = await Promise.all([reports.underWay(w.vids), reports.transitRecords(w, limit)]);
      const all = withTransitsUnderWay(stored, slicesUnderWay(rows, w, nowMs), rows, nowMs);
      return cut ? all.map((r) => cutRecord(r, w)) : all;
    },

    async trips(w: ReportWindow, limit: number, cut = false): Promise<TripRecord[]> {
      const nowMs = now();
      const [rows, whole] = await Promise.all([reports.underWay(w.vids), reports.tripRecords(w, limit)]);
      const stored = cut ? await cutStoredTrips(whole, w) : whole;
      return withTripsUnderWay(stored, await tripsUnderWay(reports, rows, w, nowMs, minParkingMs, cut));
    },
  };
}
export type RecordReader = ReturnType<typeof createRecordReader>;

/**
 * Vehicle Reports' synchronous calls (spec 3 §2, §7): the Vehicle Report grant, then every vid
 * in reach (one foreign or missing vehicle refuses the whole call, as Event Record does). Every
 * vehicle has its mileage rows, and each report counts what is under way up to min(end, now).
 * Days are local days of `timeZone`, the server's (JEJAK_TIME_ZONE): the zone the per-day totals
 * were computed in.
 */
export function createReportService(
  repos: Pick<Repos, 'fleet' | 'reports'>,
  now: () => number,
  timeZone: string = REPORT_TIME_ZONE,
  // The pipeline's setting (JEJAK_TRIP_MIN_PARKING_MS) when it is not the default.
  minParkingMs = DEFAULT_SEGMENTER.minParkingMs,
  // The reader Trip Record shares, so both read one vehicle's records alike.
  records: RecordReader = createRecordReader(repos.reports, now, minParkingMs),
) {
  const { fleet, reports } = repos;
  async function allowed(caller: User, req: ReportRequest): Promise<void> {
    requireCall(caller, 'readReports');
    await requireReachableVids(fleet, caller, req.vids);
  }

  return {
    async mileage(caller: User, req: ReportRequest): Promise<Report<MileageReportRow>> {
      await allowed(caller, req);
      const nowMs = now();
      const sums = await mileageSummaries(reports, req, timeZone);
      const rows = await reports.underWay(req.vids);
      const under = { rows, slices: slicesUnderWay(rows, req, nowMs), nowMs, minParkingMs };
      const trips = await reports.tripCounts(req);
      return { report: mileageRows(req.vids, sums, under, trips, req), truncated: false };
    },

    async dailyMileage(caller: User, req: ReportRequest): Promise<Report<DailyMileageReportRow>> {
      await allowed(caller, req);
      const nowMs = now();
      const days = await dailyMileages(reports, req, timeZone);
      const under = slicesUnderWay(await reports.underWay(req.vids), req, nowMs);
      return { report: dailyMileageRows(req.vids, days, under, req, timeZone), truncated: false };
    },

    async transit(caller: User, req: ReportRequest): Promise<Report<TransitRecord>> {
      await allowed(caller, req);
      return capped(await records.transits(req, REPORT_ROW_LIMIT, true));
    },

    async trip(caller: User, req: ReportRequest): Promise<Report<TripRecord>> {
      await allowed(caller, req);
      return capped(await records.trips(req, REPORT_ROW_LIMIT, true));
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
