import { z } from 'zod';
import { XLSX_CONTENT_TYPE } from '../fleet/bulk.ts';
import type { Operation } from './openapi-accounts.ts';
import {
  DETAIL_EXPORT_PATHS,
  DetailExportRequestSchema,
  DetailReportRequestSchema,
  DetailReportResponseSchema,
  DisconnectReportResponseSchema,
  EventReportResponseSchema,
  GeofenceReportRequestSchema,
  GeofenceReportResponseSchema,
  LEGACY_REPORT_PATHS,
  LegacyReportRequestSchema,
  NEXT_REPORT_PATHS,
  OverspeedReportResponseSchema,
} from '../reports/report-kinds.ts';
import { MileageReportResponseSchema, ReportRequestSchema } from '../reports/reports.ts';

/* The Vehicle Report kinds' calls (spec 3 §7) in the API description; /report/fuel joins with its route. */
const legacyOperation = (path: string, summary: string, request: z.ZodType, response: z.ZodType): Operation => ({
  path,
  method: 'post',
  summary,
  request,
  response,
  session: true,
});

export const REPORT_KIND_OPERATIONS: readonly Operation[] = [
  legacyOperation(
    LEGACY_REPORT_PATHS.reportMileageWindow,
    'Mileage report of the older base: per vehicle, km driven, time in each status and top speed in a window (at most 31 days)',
    LegacyReportRequestSchema,
    MileageReportResponseSchema,
  ),
  legacyOperation(
    LEGACY_REPORT_PATHS.reportDetail,
    'Detail report: the device logs of the devices in a window (at most 31 days), oldest first',
    DetailReportRequestSchema,
    DetailReportResponseSchema,
  ),
  legacyOperation(
    LEGACY_REPORT_PATHS.reportDisconnect,
    'Disconnect report: the times each vehicle was out of touch in a window (at most 31 days), an ongoing one with no end',
    LegacyReportRequestSchema,
    DisconnectReportResponseSchema,
  ),
  legacyOperation(
    LEGACY_REPORT_PATHS.reportGeofence,
    "Geofence report: the vehicles' stays in the geofences in a window (at most 31 days), an open stay with no exit",
    GeofenceReportRequestSchema,
    GeofenceReportResponseSchema,
  ),
  legacyOperation(
    LEGACY_REPORT_PATHS.reportEvent,
    'Event report: the events of the vehicles in a window (at most 31 days), oldest first',
    LegacyReportRequestSchema,
    EventReportResponseSchema,
  ),
  legacyOperation(
    NEXT_REPORT_PATHS.reportOverspeed,
    "OverSpeeding report: each speeding rule's violation to its compliance, with top speed and distance, in a window (at most 31 days)",
    ReportRequestSchema,
    OverspeedReportResponseSchema,
  ),
  {
    path: DETAIL_EXPORT_PATHS.reportDetailExport,
    method: 'post',
    summary:
      'Detail report of one vehicle as .xlsx (its device logs in a window of at most 31 days), streamed; x-report-rows holds the row count',
    request: DetailExportRequestSchema,
    response: z.string(),
    session: true,
    responseType: XLSX_CONTENT_TYPE,
  },
];
