import {
  REPORT_ROW_LIMIT,
  type DailyMileageReportRow,
  type MileageReportRow,
  type ReportRequest,
  type TransitRecord,
  type TripRecord,
} from '@jejak/contract';
import { REPORT_TIME_ZONE, type User } from '@jejak/domain';
import type { Repos } from '../../storage/repos/unit-of-work.ts';
import { requireCall, requireReachableVids } from '../access.ts';
import { dailyMileages, mileageSummaries } from './day-report.ts';

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
 * in reach (one foreign or missing vehicle refuses the whole call, as Event Record does). A
 * vehicle with no record in the window has no row. Days are local days of `timeZone`, the
 * server's (JEJAK_TIME_ZONE): the zone the per-day totals were computed in.
 */
export function createReportService(repos: Pick<Repos, 'fleet' | 'reports'>, timeZone: string = REPORT_TIME_ZONE) {
  const { fleet, reports } = repos;
  async function allowed(caller: User, req: ReportRequest): Promise<void> {
    requireCall(caller, 'readReports');
    await requireReachableVids(fleet, caller, req.vids);
  }

  return {
    async mileage(caller: User, req: ReportRequest): Promise<Report<MileageReportRow>> {
      await allowed(caller, req);
      const sums = await mileageSummaries(reports, req, timeZone);
      const window = { startTime: req.startTime, endTime: req.endTime };
      const report = [...sums].map(([vid, sum]) => ({ vid, ...window, ...sum }));
      return { report, truncated: false };
    },

    async dailyMileage(caller: User, req: ReportRequest): Promise<Report<DailyMileageReportRow>> {
      await allowed(caller, req);
      const days = await dailyMileages(reports, req, timeZone);
      const report = [...days].flatMap(([vid, list]) => list.map((day) => ({ vid, ...day })));
      return { report, truncated: false };
    },

    async transit(caller: User, req: ReportRequest): Promise<Report<TransitRecord>> {
      await allowed(caller, req);
      return capped(await reports.transitRecords(req, REPORT_ROW_LIMIT));
    },

    async trip(caller: User, req: ReportRequest): Promise<Report<TripRecord>> {
      await allowed(caller, req);
      return capped(await reports.tripRecords(req, REPORT_ROW_LIMIT));
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;
