import { OPERATIONS, reportMessage } from '@jejak/contract';
import type { Report, ReportService } from '../../../services/reports/report-service.ts';
import type { Route } from '../../route-table.ts';

/** A report's answer: its rows, the toast's text and whether rows were left out. */
export const reportAnswer = <T>(r: Report<T>) => ({
  status: 200 as const,
  message: reportMessage(r.report.length),
  report: r.report,
  truncated: r.truncated,
});

/** The synchronous reports of the 'next' base (spec 3 §7); the service checks reach. */
export function registerReportRoutes(route: Route, reports: ReportService): void {
  route(OPERATIONS.reportMileage, async ({ user, body }) => reportAnswer(await reports.mileage(user, body)));
  route(OPERATIONS.reportDailyMileage, async ({ user, body }) => reportAnswer(await reports.dailyMileage(user, body)));
  route(OPERATIONS.reportTransit, async ({ user, body }) => reportAnswer(await reports.transit(user, body)));
  route(OPERATIONS.reportTrip, async ({ user, body }) => reportAnswer(await reports.trip(user, body)));
}
