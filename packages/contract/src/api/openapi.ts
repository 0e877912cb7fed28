import { z } from 'zod';
import { LoginRequestSchema, SessionResponseSchema } from '../accounts/auth.ts';
import { ErrorBodySchema } from '../core/errors.ts';
import { GeocodeRequestSchema, GeocodeResponseSchema } from '../fleet/geocode.ts';
import {
  DeviceConflictsResponseSchema,
  HierarchyResponseSchema,
  UnknownDevicesResponseSchema,
  VersionResponseSchema,
} from '../fleet/fleet.ts';
import {
  DeviceLogsResponseSchema,
  DeviceWindowRequestSchema,
  TransitPdfRequestSchema,
  TransitPdfResponseSchema,
  TransitRecordsResponseSchema,
  TripRecordsResponseSchema,
  VehicleLogsResponseSchema,
  VehicleWindowRequestSchema,
} from '../reports/records.ts';
import { ALERT_OPERATIONS } from './alert-operations.ts';
import { EVENT_EXPORT_OPERATIONS } from '../alerts/event-table.ts';
import { INSPECTOR_EXPORT_OPERATIONS } from '../reports/inspector-tables.ts';
import { TRANSIT_EXPORT_OPERATIONS } from '../reports/transit-table.ts';
import { BULK_OPERATIONS } from '../fleet/bulk.ts';
import { DEVICE_OPERATIONS } from './device-operations.ts';
import { ESCALATION_OPERATIONS } from './escalation-operations.ts';
import { GEOFENCE_OPERATIONS } from '../fleet/geofences.ts';
import { NOTIFICATION_LOG_EXPORT_OPERATIONS } from '../alerts/notification-log-table.ts';
import { NOTIFICATION_OPERATIONS } from './notification-operations.ts';
import { VEHICLE_OPERATIONS } from './vehicle-operations.ts';
import { MAP_CONFIG_OPERATIONS } from '../fleet/map-config.ts';
import { REPORT_OPERATIONS } from '../reports/reports.ts';
import { FUEL_OPERATIONS } from '../reports/fuel-analysis.ts';
import { REPORT_EXPORT_OPERATIONS } from '../reports/report-table.ts';
import { PLAYBACK_OPERATIONS } from '../reports/playback.ts';
import { REPORT_KIND_OPERATIONS } from './report-kind-operations.ts';
import { ACCOUNT_OPERATIONS, type Operation } from './openapi-accounts.ts';
import { API_BASE, API_PATHS } from './routes.ts';
import { GetInfoResponseSchema, UidRequestSchema } from '../accounts/user.ts';

const EmptySchema = z.object({});
const StatusSchema = z.object({ status: z.literal(200) });

/** Every API call, with the schemas the server validates and answers with. */
export const API_OPERATIONS: readonly Operation[] = [
  {
    path: API_PATHS.login,
    method: 'post',
    summary: 'Sign in; sets the session cookie',
    request: LoginRequestSchema,
    response: SessionResponseSchema,
    session: false,
  },
  {
    path: API_PATHS.session,
    method: 'post',
    summary: 'The signed-in user',
    request: EmptySchema,
    response: SessionResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.logout,
    method: 'post',
    summary: 'Sign out; ends live sockets with 1000',
    request: EmptySchema,
    response: StatusSchema,
    session: false,
  },
  {
    path: API_PATHS.userGetInfo,
    method: 'post',
    summary: 'Stage records (V1/V2) of a user',
    request: UidRequestSchema,
    response: GetInfoResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.userGetHierarchy,
    method: 'post',
    summary: "Vehicles and devices of a user's subtree",
    request: UidRequestSchema,
    response: HierarchyResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.unknownDevices,
    method: 'post',
    summary: 'Trackers refused because they are not registered (super and support)',
    request: EmptySchema,
    response: UnknownDevicesResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.deviceConflicts,
    method: 'post',
    summary:
      'Registered devices claimed by two live connections at once, a cloned or spoofed tracker (super and support)',
    request: EmptySchema,
    response: DeviceConflictsResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.transitRecords,
    method: 'post',
    summary: "A vehicle's transit records in a window (at most 31 days)",
    request: VehicleWindowRequestSchema,
    response: TransitRecordsResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.transitRecordPdf,
    method: 'post',
    summary:
      "A vehicle's transit records in a window (at most 31 days), of the listed statuses, as a PDF report (base64) and its file name",
    request: TransitPdfRequestSchema,
    response: TransitPdfResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.tripRecords,
    method: 'post',
    summary: "A vehicle's final trips (TRANSIT and PARKING) in a window (at most 31 days)",
    request: VehicleWindowRequestSchema,
    response: TripRecordsResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.deviceLogs,
    method: 'post',
    summary: "A device's log (every package it sent) in a window",
    request: DeviceWindowRequestSchema,
    response: DeviceLogsResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.vehicleLogs,
    method: 'post',
    summary: "A vehicle's log (every accepted fix with its status and mileage) in a window",
    request: VehicleWindowRequestSchema,
    response: VehicleLogsResponseSchema,
    session: true,
  },
  ...INSPECTOR_EXPORT_OPERATIONS,
  {
    path: API_PATHS.geocode,
    method: 'post',
    summary: 'The address of a point (with vid: a vehicle the caller may see)',
    request: GeocodeRequestSchema,
    response: GeocodeResponseSchema,
    session: true,
  },
  {
    path: API_PATHS.version,
    method: 'get',
    summary: 'Server version and region',
    request: null,
    response: VersionResponseSchema,
    session: false,
  },
  ...ACCOUNT_OPERATIONS,
  ...GEOFENCE_OPERATIONS,
  ...BULK_OPERATIONS,
  ...DEVICE_OPERATIONS,
  ...VEHICLE_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...NOTIFICATION_LOG_EXPORT_OPERATIONS,
  ...ALERT_OPERATIONS,
  ...EVENT_EXPORT_OPERATIONS,
  ...TRANSIT_EXPORT_OPERATIONS,
  ...ESCALATION_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...MAP_CONFIG_OPERATIONS,
  ...FUEL_OPERATIONS,
  ...REPORT_EXPORT_OPERATIONS,
  ...PLAYBACK_OPERATIONS,
  ...REPORT_KIND_OPERATIONS,
];

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});

/** The OpenAPI 3.1 document, generated from the same schemas the server validates with. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of API_OPERATIONS) {
    paths[API_BASE + op.path] = {
      [op.method]: {
        summary: op.summary,
        ...(op.session ? { security: [{ session: [] }] } : {}),
        ...(op.request ? { requestBody: { required: true, content: json(op.request) } } : {}),
        responses: {
          200: {
            description: 'OK',
            content: op.responseType
              ? { [op.responseType]: { schema: { type: 'string', format: 'binary' } } }
              : json(op.response),
          },
          default: { description: 'Error: {status, errorType, message}', content: json(ErrorBodySchema) },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Jejak API', version },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'jejak_sid' } } },
    paths,
  };
}
