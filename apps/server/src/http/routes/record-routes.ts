import type { FastifyInstance } from 'fastify';
import { TRANSIT_STATUSES } from '@jejak/domain';
import {
  API_PATHS,
  DeviceLogExportRequestSchema,
  DeviceWindowRequestSchema,
  PLAYBACK_PATHS,
  RoutePlaybackRequestSchema,
  TransitExportRequestSchema,
  TransitPdfRequestSchema,
  VehicleLogExportRequestSchema,
  VehicleWindowRequestSchema,
  XLSX_CONTENT_TYPE,
  type DeviceLogsResponse,
  type RoutePlaybackResponse,
  type TransitPdfResponse,
  type TransitRecordsResponse,
  type TripRecordsResponse,
  type VehicleLogsResponse,
} from '@jejak/contract';
import { deviceLogStream, inspectorFileName, vehicleLogStream } from '../../reports/inspector-xlsx.ts';
import { transitFileName, transitStream } from '../../reports/transit-xlsx.ts';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { RecordsService } from '../../services/reports/records-service.ts';
import { requireUser } from '../session.ts';

export function registerRecordRoutes(app: FastifyInstance, auth: AuthService, records: RecordsService): void {
  app.post(API_PATHS.transitRecords, async (request): Promise<TransitRecordsResponse> => {
    const caller = await requireUser(auth, request);
    const body = VehicleWindowRequestSchema.parse(request.body);
    return { status: 200, transitRecords: await records.transitRecords(caller, body) };
  });

  // The Transit PDF (spec 1 §2): JSON with the file's bytes in base64 and its name without '.pdf'.
  app.post(API_PATHS.transitRecordPdf, async (request): Promise<TransitPdfResponse> => {
    const caller = await requireUser(auth, request);
    const { status, ...window } = TransitPdfRequestSchema.parse(request.body);
    const report = await records.transitReport(caller, window);
    // pdfkit (about 26 MB resident) loads with the first report, not at boot.
    const { buildTransitPdf, transitPdfName } = await import('../../reports/transit-pdf.ts');
    const pdf = await buildTransitPdf({
      ...report,
      ...window,
      statuses: status ?? TRANSIT_STATUSES,
      generatedAt: Date.now(),
    });
    return {
      status: 200,
      name: transitPdfName(report.vehicle.plate, window.startTime),
      buffer: pdf.toString('base64'),
    };
  });

  // Trip Record's transit records as .xlsx: the records and words of Trip Details, under its filters.
  app.post(API_PATHS.transitRecordExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const req = TransitExportRequestSchema.parse(request.body);
    const { records: shown, vehicle } = await records.transitRecordsForExport(caller, req);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${transitFileName(vehicle, req.startTime, req.timeZone)}"`)
      .send(transitStream(shown, vehicle, req.timeZone));
  });

  app.post(API_PATHS.tripRecords, async (request): Promise<TripRecordsResponse> => {
    const caller = await requireUser(auth, request);
    const body = VehicleWindowRequestSchema.parse(request.body);
    return { status: 200, tripRecords: await records.tripRecords(caller, body) };
  });

  app.post(API_PATHS.deviceLogs, async (request): Promise<DeviceLogsResponse> => {
    const caller = await requireUser(auth, request);
    const body = DeviceWindowRequestSchema.parse(request.body);
    return { status: 200, ...(await records.deviceLogs(caller, body)) };
  });

  app.post(API_PATHS.vehicleLogs, async (request): Promise<VehicleLogsResponse> => {
    const caller = await requireUser(auth, request);
    const body = VehicleWindowRequestSchema.parse(request.body);
    return { status: 200, ...(await records.vehicleLogs(caller, body)) };
  });

  // Trip Record's playback on the 'next' base (spec 3 §7 /routePlayback/timeframe/get/sync).
  app.post(PLAYBACK_PATHS.routePlayback, async (request): Promise<RoutePlaybackResponse> => {
    const caller = await requireUser(auth, request);
    const body = RoutePlaybackRequestSchema.parse(request.body);
    return records.routePlayback(caller, body);
  });

  // The inspectors' tables as .xlsx (spec 3 §2): the rows and words the screens show.
  app.post(API_PATHS.deviceLogExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const req = DeviceLogExportRequestSchema.parse(request.body);
    const logs = await records.deviceLogsForExport(caller, req);
    const name = inspectorFileName('device-log', req.dvid, req.startTime, req.timeZone);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(deviceLogStream(logs, req.timeZone));
  });

  app.post(API_PATHS.vehicleLogExport, async (request, reply) => {
    const caller = await requireUser(auth, request);
    const req = VehicleLogExportRequestSchema.parse(request.body);
    const { logs, vehicle } = await records.vehicleLogsForExport(caller, req);
    const name = inspectorFileName('vehicle-log', vehicle, req.startTime, req.timeZone);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(vehicleLogStream(logs, req.timeZone));
  });
}
