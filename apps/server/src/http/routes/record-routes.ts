import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  DeviceWindowRequestSchema,
  TransitExportRequestSchema,
  XLSX_CONTENT_TYPE,
  VehicleWindowRequestSchema,
  type DeviceLogsResponse,
  type TransitRecordsResponse,
  type TripRecordsResponse,
  type VehicleLogsResponse,
} from '@jejak/contract';
import { transitFileName, transitStream } from '../../reports/transit-xlsx.ts';
import type { AuthService } from '../../services/auth-service.ts';
import type { RecordsService } from '../../services/records-service.ts';
import { requireUser } from '../session.ts';

export function registerRecordRoutes(app: FastifyInstance, auth: AuthService, records: RecordsService): void {
  app.post(API_PATHS.transitRecords, async (request): Promise<TransitRecordsResponse> => {
    const caller = await requireUser(auth, request);
    const body = VehicleWindowRequestSchema.parse(request.body);
    return { status: 200, transitRecords: await records.transitRecords(caller, body) };
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
}
