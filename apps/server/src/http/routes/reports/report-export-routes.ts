import {
  OPERATIONS,
  REPORT_KIND_LABELS,
  REPORT_ROWS_HEADER,
  reportTable,
  reportTitle,
  XLSX_CONTENT_TYPE,
} from '@jejak/contract';
import { CSV_CONTENT_TYPE, csvTable } from '@jejak/domain';
import { reportStream } from '../../../reports/report-xlsx.ts';
import { exportFileName } from '../../../reports/xlsx-table.ts';
import type { ReportExportService } from '../../../services/reports/report-export-service.ts';
import type { Route } from '../../route-table.ts';

/**
 * POST /report/export: Vehicle Report's table of one kind as .xlsx or CSV, with the screen's filters and
 * inputs; REPORT_ROWS_HEADER carries the row count before the body, for the console's progress.
 */
export function registerReportExportRoutes(route: Route, exports: ReportExportService, timeZone: string): void {
  route(OPERATIONS.reportExport, async ({ user, body, reply }) => {
    // Left out of the request, the server's zone (JEJAK_TIME_ZONE) writes the file's times.
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const { report, names, vehicles } = await exports.rows(user, req);
    const table = reportTable(report, { ...req, vehicleName: (id) => names.get(id) ?? id });
    const label = REPORT_KIND_LABELS[req.kind];
    const who = vehicles.length === 1 ? (vehicles[0] ?? 'vehicle') : `${vehicles.length} vehicles`;
    const name = exportFileName(
      `report-${req.kind}`,
      who,
      'vehicles',
      req.startTime,
      req.timeZone,
      undefined,
      req.format,
    );
    if (req.format === 'csv') {
      const rows = table.rows.map((row) => table.columns.map((c) => row[c.key] ?? null));
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header(REPORT_ROWS_HEADER, String(table.rows.length))
        .send(
          csvTable(
            table.columns.map((c) => c.label),
            rows,
          ),
        );
    }
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header(REPORT_ROWS_HEADER, String(table.rows.length))
      .send(reportStream(label, reportTitle(req.kind, req.startTime, req.endTime, vehicles, req.timeZone), table));
  });
}
