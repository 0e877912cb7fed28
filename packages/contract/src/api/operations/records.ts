import { XLSX_CONTENT_TYPE } from '../../fleet/bulk.ts';
import { DeviceLogExportRequestSchema, VehicleLogExportRequestSchema } from '../../reports/inspector-tables.ts';
import {
  RouteExportRequestSchema,
  RoutePlaybackRequestSchema,
  RoutePlaybackResponseSchema,
} from '../../reports/playback.ts';
import {
  DeviceLogsResponseSchema,
  DeviceTypeWindowRequestSchema,
  DeviceWindowRequestSchema,
  TransitPdfRequestSchema,
  TransitPdfResponseSchema,
  TransitRecordsResponseSchema,
  TripRecordsResponseSchema,
  VehicleLogsResponseSchema,
  VehicleWindowRequestSchema,
} from '../../reports/records.ts';
import { TransitExportRequestSchema } from '../../reports/transit-table.ts';
import { post, postFile } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

/**
 * One vehicle's or device's records: Trip Record, the inspectors, playback (spec 1 §2, spec 3
 * §2, §7). No grant: a vehicle or device the caller reaches (the service checks).
 */
export const RECORD_OPERATIONS = {
  transitRecords: post(
    API_PATHS.transitRecords,
    'session',
    "A vehicle's transit records in a window (at most 31 days)",
    VehicleWindowRequestSchema,
    TransitRecordsResponseSchema,
  ),
  transitRecordPdf: post(
    API_PATHS.transitRecordPdf,
    'session',
    "A vehicle's transit records in a window (at most 31 days), of the listed statuses, as a PDF report (base64) and its file name",
    TransitPdfRequestSchema,
    TransitPdfResponseSchema,
  ),
  transitRecordExport: postFile(
    API_PATHS.transitRecordExport,
    'session',
    "Trip Record's transit records as .xlsx (one vehicle, the panel's status and duration filters)",
    TransitExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  routeExport: postFile(
    API_PATHS.routeExport,
    'session',
    "A vehicle's route in a window (at most 31 days) as a file for other tools: GPX 1.1, KML 2.2 or CSV (format); the CSV's times in timeZone",
    RouteExportRequestSchema,
    'application/gpx+xml',
  ),
  tripRecords: post(
    API_PATHS.tripRecords,
    'session',
    "A vehicle's final trips (TRANSIT and PARKING) in a window (at most 31 days)",
    VehicleWindowRequestSchema,
    TripRecordsResponseSchema,
  ),
  deviceLogs: post(
    API_PATHS.deviceLogs,
    'session',
    "A device's log (every package it sent) in a window",
    DeviceWindowRequestSchema,
    DeviceLogsResponseSchema,
  ),
  // The debug calls (spec 3 §7) answer the device log's rows: they already hold every package
  // the tracker sent, logins and heartbeats included, so there is no rawer log to give.
  deviceDebugLogs: post(
    API_PATHS.deviceDebugLogs,
    'session',
    "A device's debug log (every package it sent, logins and heartbeats included) in a window",
    DeviceWindowRequestSchema,
    DeviceLogsResponseSchema,
  ),
  deviceTypeDebugLogs: post(
    API_PATHS.deviceTypeDebugLogs,
    'session',
    "A device's debug log in a window, for a device of the given type (deviceType: its model); another type is refused",
    DeviceTypeWindowRequestSchema,
    DeviceLogsResponseSchema,
  ),
  vehicleLogs: post(
    API_PATHS.vehicleLogs,
    'session',
    "A vehicle's log (every accepted fix with its status and mileage) in a window",
    VehicleWindowRequestSchema,
    VehicleLogsResponseSchema,
  ),
  deviceLogExport: postFile(
    API_PATHS.deviceLogExport,
    'session',
    "Device Inspector's rows as .xlsx (one device, the chosen packages, times in the given zone)",
    DeviceLogExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  vehicleLogExport: postFile(
    API_PATHS.vehicleLogExport,
    'session',
    "Vehicle Inspector's rows as .xlsx (one vehicle, times in the given zone)",
    VehicleLogExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  routePlayback: post(
    API_PATHS.routePlayback,
    'session',
    "Route playback: a vehicle's track in a window (at most 31 days) as columns (time, lat, lon, speed, heading, status), with its idling and parking stops",
    RoutePlaybackRequestSchema,
    RoutePlaybackResponseSchema,
  ),
};
