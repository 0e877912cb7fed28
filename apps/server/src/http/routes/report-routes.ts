import type { FastifyInstance } from 'fastify';
import {
  REPORT_PATHS,
  reportMessage,
  ReportRequestSchema,
  type DailyMileageReportResponse,
  type MileageReportResponse,
  type TransitReportResponse,
  type TripReportResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { Report, ReportService } from '../../services/reports/report-service.ts';
import { requireUser } from '../session.ts';

/** A report's answer: its rows, the toast's text and whether rows were left out. */
export const reportAnswer = <T>(r: Report<T>) => ({
  status: 200 as const,
  message: reportMessage(r.report.length),
  report: r.report,
  truncated: r.truncated,
});

/** The synchronous reports of the 'next' base (spec 3 §7); the service checks grant and reach. */
export function registerReportRoutes(app: FastifyInstance, auth: AuthService, reports: ReportService): void {
  app.post(REPORT_PATHS.reportMileage, async (request): Promise<MileageReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await reports.mileage(caller, ReportRequestSchema.parse(request.body)));
  });

  app.post(REPORT_PATHS.reportDailyMileage, async (request): Promise<DailyMileageReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await reports.dailyMileage(caller, ReportRequestSchema.parse(request.body)));
  });

  app.post(REPORT_PATHS.reportTransit, async (request): Promise<TransitReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await reports.transit(caller, ReportRequestSchema.parse(request.body)));
  });

  app.post(REPORT_PATHS.reportTrip, async (request): Promise<TripReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await reports.trip(caller, ReportRequestSchema.parse(request.body)));
  });
}
