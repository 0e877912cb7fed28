import type { FastifyInstance } from 'fastify';
import { TRANSIT_STATUSES } from '@jejak/domain';
import {
  API_PATHS,
  DeviceWindowRequestSchema,
  TransitPdfRequestSchema,
  VehicleWindowRequestSchema,
  type DeviceLogsResponse,
  type TransitPdfResponse,
  type TransitRecordsResponse,
  type TripRecordsResponse,
  type VehicleLogsResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/auth-service.ts';
import type { RecordsService } from '../../services/records-service.ts';
import { requireUser } from '../session.ts';
import { buildTransitPdf, transitPdfName } from '../../reports/transit-pdf.ts';

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
}
