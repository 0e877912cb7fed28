import { TRACK_CONTENT_TYPES, TRANSIT_STATUSES, trackFile } from '@jejak/domain';
import { OPERATIONS, XLSX_CONTENT_TYPE } from '@jejak/contract';
import { deviceLogStream, inspectorFileName, vehicleLogStream } from '../../../reports/inspector-xlsx.ts';
import { transitFileName, transitStream } from '../../../reports/transit-xlsx.ts';
import { exportFileName } from '../../../reports/xlsx-table.ts';
import type { RecordsService } from '../../../services/reports/records-service.ts';
import type { Route } from '../../route-table.ts';

/** One vehicle's or device's records: Trip Record, the inspectors, playback; the service checks reach. */
export function registerRecordRoutes(route: Route, records: RecordsService, timeZone: string): void {
  route(OPERATIONS.transitRecords, async ({ user, body }) => ({
    status: 200,
    transitRecords: await records.transitRecords(user, body),
  }));

  // The Transit PDF (spec 1 §2): JSON with the file's bytes in base64 and its name without '.pdf'.
  route(OPERATIONS.transitRecordPdf, async ({ user, body: { status, ...window } }) => {
    const report = await records.transitReport(user, window);
    // pdfkit (about 26 MB resident) loads with the first report, not at boot.
    const { buildTransitPdf, transitPdfName } = await import('../../../reports/transit-pdf.ts');
    const pdf = await buildTransitPdf({
      ...report,
      ...window,
      statuses: status ?? TRANSIT_STATUSES,
      generatedAt: Date.now(),
      timeZone,
    });
    return {
      status: 200,
      name: transitPdfName(report.vehicle.plate, window.startTime, timeZone),
      buffer: pdf.toString('base64'),
    };
  });

  // Trip Record's transit records as .xlsx: the records and words of Trip Details, under its filters.
  route(OPERATIONS.transitRecordExport, async ({ user, body, reply }) => {
    // Left out of the request, the server's zone (JEJAK_TIME_ZONE) writes the file's times.
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const { records: shown, vehicle } = await records.transitRecordsForExport(user, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${transitFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(transitStream(shown, vehicle, req.timeZone));
  });

  // Trip Record's route as GPX, KML or CSV for other tools (issue 28 item 3).
  route(OPERATIONS.routeExport, async ({ user, body, reply }) => {
    const zone = body.timeZone ?? timeZone;
    const { fixes, thinned, vehicle } = await records.routeForExport(user, body);
    const name = exportFileName(
      'route',
      vehicle.plate || vehicle.displayName,
      body.vid,
      body.startTime,
      zone,
      body.endTime,
      body.format,
    );
    const text = trackFile(body.format, fixes, { name: `${vehicle.displayName} (${vehicle.plate})`, timeZone: zone });
    return reply
      .type(TRACK_CONTENT_TYPES[body.format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-jejak-thinned', String(thinned))
      .send(text);
  });

  route(OPERATIONS.tripRecords, async ({ user, body }) => ({
    status: 200,
    tripRecords: await records.tripRecords(user, body),
  }));

  route(OPERATIONS.deviceLogs, async ({ user, body }) => ({ status: 200, ...(await records.deviceLogs(user, body)) }));
  route(OPERATIONS.deviceDebugLogs, async ({ user, body }) => ({
    status: 200,
    ...(await records.deviceDebugLogs(user, body)),
  }));
  route(OPERATIONS.deviceTypeDebugLogs, async ({ user, body }) => ({
    status: 200,
    ...(await records.deviceDebugLogs(user, body)),
  }));

  route(OPERATIONS.vehicleLogs, async ({ user, body }) => ({
    status: 200,
    ...(await records.vehicleLogs(user, body)),
  }));

  // Trip Record's playback on the 'next' base (spec 3 §7 /routePlayback/timeframe/get/sync).
  route(OPERATIONS.routePlayback, async ({ user, body }) => records.routePlayback(user, body));

  // The inspectors' tables as .xlsx (spec 3 §2): the rows and words the screens show.
  route(OPERATIONS.deviceLogExport, async ({ user, body, reply }) => {
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const logs = await records.deviceLogsForExport(user, req);
    const name = inspectorFileName('device-log', req.dvid, req.startTime, req.timeZone);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(deviceLogStream(logs, req.timeZone));
  });

  route(OPERATIONS.vehicleLogExport, async ({ user, body, reply }) => {
    const req = { ...body, timeZone: body.timeZone ?? timeZone };
    const { logs, vehicle } = await records.vehicleLogsForExport(user, req);
    const name = inspectorFileName('vehicle-log', vehicle, req.startTime, req.timeZone);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(vehicleLogStream(logs, req.timeZone));
  });
}
