import { XLSX_CONTENT_TYPE } from '../../fleet/bulk.ts';
import { FuelAnalysisRequestSchema, FuelAnalysisResponseSchema } from '../../reports/fuel-analysis.ts';
import {
  DetailExportRequestSchema,
  DetailReportRequestSchema,
  DetailReportResponseSchema,
  DisconnectReportResponseSchema,
  EventReportResponseSchema,
  FuelReportResponseSchema,
  GeofenceReportRequestSchema,
  GeofenceReportResponseSchema,
  LegacyReportRequestSchema,
  OverspeedReportResponseSchema,
  ReportExportRequestSchema,
} from '../../reports/report-kinds.ts';
import {
  DailyMileageReportResponseSchema,
  MileageReportResponseSchema,
  ReportRequestSchema,
  TransitReportResponseSchema,
  TripReportResponseSchema,
} from '../../reports/reports.ts';
import { grant, post, postFile } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const readReports = grant('readReports');

/**
 * Vehicle Reports (spec 3 §2, §7): the 'next' base's synchronous reports, the older windowed
 * calls, Fuel Analysis and the exports. The services check every vehicle is in reach.
 */
export const REPORT_OPERATIONS = {
  reportMileage: post(
    API_PATHS.reportMileage,
    readReports,
    'Mileage report: per vehicle, km driven, time moving, idling, parked and disconnected, and top speed in a window (at most 31 days)',
    ReportRequestSchema,
    MileageReportResponseSchema,
  ),
  reportDailyMileage: post(
    API_PATHS.reportDailyMileage,
    readReports,
    'Daily mileage report: per vehicle and local day of the server time zone (JEJAK_TIME_ZONE, default Asia/Kuala_Lumpur), km driven in a window (at most 31 days)',
    ReportRequestSchema,
    DailyMileageReportResponseSchema,
  ),
  reportTransit: post(
    API_PATHS.reportTransit,
    readReports,
    'Transit report: the transit records of the vehicles in a window (at most 31 days)',
    ReportRequestSchema,
    TransitReportResponseSchema,
  ),
  reportTrip: post(
    API_PATHS.reportTrip,
    readReports,
    'Trip report: the final trips (TRANSIT and PARKING) of the vehicles in a window (at most 31 days)',
    ReportRequestSchema,
    TripReportResponseSchema,
  ),
  reportFuel: post(
    API_PATHS.reportFuel,
    readReports,
    'Fuel report: per vehicle and tank, the fuel used over the window and per local day (moving, idling, parking), refuels and potential losses (window at most 31 days)',
    LegacyReportRequestSchema,
    FuelReportResponseSchema,
  ),
  vehicleFuelAnalysis: post(
    API_PATHS.vehicleFuelAnalysis,
    grant('readFuelAnalysis'),
    "Fuel Analysis: one vehicle's fuel records per tank in a window — refuels, potential fuel losses, consumption by transit status, and optionally its device logs for the chart",
    FuelAnalysisRequestSchema,
    FuelAnalysisResponseSchema,
  ),
  reportMileageWindow: post(
    API_PATHS.reportMileageWindow,
    readReports,
    'Mileage report of the older base: per vehicle, km driven, time in each status and top speed in a window (at most 31 days)',
    LegacyReportRequestSchema,
    MileageReportResponseSchema,
  ),
  reportDetail: post(
    API_PATHS.reportDetail,
    readReports,
    'Detail report: the device logs of the devices in a window (at most 31 days), oldest first',
    DetailReportRequestSchema,
    DetailReportResponseSchema,
  ),
  reportDisconnect: post(
    API_PATHS.reportDisconnect,
    readReports,
    'Disconnect report: the times each vehicle was out of touch in a window (at most 31 days), an ongoing one with no end',
    LegacyReportRequestSchema,
    DisconnectReportResponseSchema,
  ),
  reportGeofence: post(
    API_PATHS.reportGeofence,
    readReports,
    "Geofence report: the vehicles' stays in the geofences in a window (at most 31 days), an open stay with no exit",
    GeofenceReportRequestSchema,
    GeofenceReportResponseSchema,
  ),
  reportEvent: post(
    API_PATHS.reportEvent,
    readReports,
    'Event report: the events of the vehicles in a window (at most 31 days), oldest first',
    LegacyReportRequestSchema,
    EventReportResponseSchema,
  ),
  reportOverspeed: post(
    API_PATHS.reportOverspeed,
    readReports,
    "OverSpeeding report: each speeding rule's violation to its compliance, with top speed and distance, in a window (at most 31 days)",
    ReportRequestSchema,
    OverspeedReportResponseSchema,
  ),
  // The row count (REPORT_ROWS_HEADER) goes out before the body, for the console's progress.
  reportDetailExport: postFile(
    API_PATHS.reportDetailExport,
    readReports,
    'Detail report of one vehicle as .xlsx (its device logs in a window of at most 31 days), streamed; x-report-rows holds the row count',
    DetailExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
  reportExport: postFile(
    API_PATHS.reportExport,
    readReports,
    "Vehicle Report's table of one kind as .xlsx (the screen's columns, filters, estimated fuel inputs and duration format); x-report-rows gives the row count before the body",
    ReportExportRequestSchema,
    XLSX_CONTENT_TYPE,
  ),
};
