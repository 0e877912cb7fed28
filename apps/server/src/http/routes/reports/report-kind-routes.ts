import { OPERATIONS, REPORT_ROWS_HEADER, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { detailFileName, detailLogStream } from '../../../reports/detail-xlsx.ts';
import type { ReportKindsService } from '../../../services/reports/report-kinds-service.ts';
import type { Route } from '../../route-table.ts';
import { reportAnswer } from './report-routes.ts';

/**
 * Vehicle Reports' older windowed calls (spec 3 §7), the overspeed report and the streamed
 * detail export; the service checks reach.
 */
export function registerReportKindRoutes(route: Route, kinds: ReportKindsService, timeZone: string): void {
  route(OPERATIONS.reportMileageWindow, async ({ user, body }) => reportAnswer(await kinds.mileage(user, body)));
  route(OPERATIONS.reportDetail, async ({ user, body }) => reportAnswer(await kinds.detail(user, body)));
  route(OPERATIONS.reportDisconnect, async ({ user, body }) => reportAnswer(await kinds.disconnect(user, body)));
  route(OPERATIONS.reportGeofence, async ({ user, body }) => reportAnswer(await kinds.geofence(user, body)));
  route(OPERATIONS.reportEvent, async ({ user, body }) => reportAnswer(await kinds.event(user, body)));
  route(OPERATIONS.reportOverspeed, async ({ user, body }) => reportAnswer(await kinds.overspeed(user, body)));

  // The row count goes out before the body, so the console can show progress as bytes arrive.
  route(OPERATIONS.reportDetailExport, async ({ user, body, reply }) => {
    // Left out of the request, the server's zone (JEJAK_TIME_ZONE) writes the file's times.
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const { rows, vehicle, pages } = await kinds.detailExport(user, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header(REPORT_ROWS_HEADER, String(rows))
      .header('content-disposition', `attachment; filename="${detailFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(detailLogStream(pages, req.timeZone));
  });
}
