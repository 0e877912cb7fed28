import {
  REPORT_ROW_LIMIT,
  type DailyMileageReportRow,
  type MileageReportRow,
  type ReportRequest,
  type TransitRecord,
  type TripRecord,
} from '@jejak/contract';
import { DEFAULT_SEGMENTER, REPORT_TIME_ZONE, type User } from '@jejak/domain';
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
      const nowMs = now();
      const rows = await reports.underWay(req.vids);
      const stored = await reports.transitRecords(req, REPORT_ROW_LIMIT);
      return capped(withTransitsUnderWay(stored, slicesUnderWay(rows, req, nowMs), rows, nowMs));
    },

    async trip(caller: User, req: ReportRequest): Promise<Report<TripRecord>> {
      await allowed(caller, req);
      const nowMs = now();
      const stored = await reports.tripRecords(req, REPORT_ROW_LIMIT);
      const extra = await tripsUnderWay(reports, await reports.underWay(req.vids), req, nowMs, minParkingMs);
      return capped(withTripsUnderWay(stored, extra));
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
