import type { FastifyInstance } from 'fastify';
import {
  DETAIL_EXPORT_PATHS,
  DetailExportRequestSchema,
  DetailReportRequestSchema,
  GeofenceReportRequestSchema,
  LEGACY_REPORT_PATHS,
  LegacyReportRequestSchema,
  NEXT_REPORT_PATHS,
  REPORT_ROWS_HEADER,
  ReportRequestSchema,
  XLSX_CONTENT_TYPE,
  type DetailReportResponse,
  type DisconnectReportResponse,
  type EventReportResponse,
  type GeofenceReportResponse,
  type MileageReportResponse,
  type OverspeedReportResponse,
} from '@jejak/contract';
import { detailFileName, detailLogStream } from '../../reports/detail-xlsx.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { ReportKindsService } from '../../services/reports/report-kinds-service.ts';
import { reportAnswer } from './report-routes.ts';
import { requireUser } from '../session.ts';

/**
 * Vehicle Reports' older windowed calls (spec 3 §7), the overspeed report and the streamed
 * detail export; the service checks grant and reach.
 */
export function registerReportKindRoutes(app: FastifyInstance, auth: AuthService, kinds: ReportKindsService): void {
  app.post(LEGACY_REPORT_PATHS.reportMileageWindow, async (request): Promise<MileageReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.mileage(caller, LegacyReportRequestSchema.parse(request.body)));
  });

  app.post(LEGACY_REPORT_PATHS.reportDetail, async (request): Promise<DetailReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.detail(caller, DetailReportRequestSchema.parse(request.body)));
  });

  app.post(LEGACY_REPORT_PATHS.reportDisconnect, async (request): Promise<DisconnectReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.disconnect(caller, LegacyReportRequestSchema.parse(request.body)));
  });

  app.post(LEGACY_REPORT_PATHS.reportGeofence, async (request): Promise<GeofenceReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.geofence(caller, GeofenceReportRequestSchema.parse(request.body)));
  });

  app.post(LEGACY_REPORT_PATHS.reportEvent, async (request): Promise<EventReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.event(caller, LegacyReportRequestSchema.parse(request.body)));
  });

  app.post(NEXT_REPORT_PATHS.reportOverspeed, async (request): Promise<OverspeedReportResponse> => {
    const caller = await requireUser(auth, request);
    return reportAnswer(await kinds.overspeed(caller, ReportRequestSchema.parse(request.body)));
  });

  // The row count goes out before the body, so the console can show progress as bytes arrive.
  app.post(DETAIL_EXPORT_PATHS.reportDetailExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const req = DetailExportRequestSchema.parse(request.body);
    const { rows, vehicle, pages } = await kinds.detailExport(caller, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header(REPORT_ROWS_HEADER, String(rows))
      .header('content-disposition', `attachment; filename="${detailFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(detailLogStream(pages, req.timeZone));
  });
}
