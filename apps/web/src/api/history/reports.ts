import {
  DailyMileageReportResponseSchema,
  DetailReportResponseSchema,
  DisconnectReportResponseSchema,
  EventReportResponseSchema,
  fetchReportRange,
  fuelReportRows,
  FuelReportResponseSchema,
  GeofenceReportResponseSchema,
  LEGACY_REPORT_PATHS,
  MileageReportResponseSchema,
  NEXT_REPORT_PATHS,
  OverspeedReportResponseSchema,
  REPORT_EXPORT_PATH,
  DETAIL_EXPORT_PATHS,
  REPORT_PATHS,
  REPORT_ROWS_HEADER,
  TransitReportResponseSchema,
  TripReportResponseSchema,
  type AnyReportRows,
  type ReportExportRequest,
  type ReportKind,
  type ReportWindow,
} from '@jejak/contract';
import { apiPost, type ResponseSchema } from '../client.ts';
import { downloadFile, downloadFileStream, type DownloadProgress } from '../download.ts';
import { fetchGeofences } from '../geofences/geofences.ts';

/** What Vehicle Report asks for (spec 3 §2). */
export interface ReportQuery {
  kind: ReportKind;
  vids: string[];
  /** The vehicles' devices, for the detail report. */
  dvids: string[];
  startTime: number;
  endTime: number;
  /** The signed-in user: the geofence report passes every geofence they see. */
  uid: string;
}

interface Answer<T> {
  status: number;
  report: T[];
}

/** A 'next' call over the whole range (spec 3 §7). */
function next<T>(path: string, q: ReportQuery, schema: ResponseSchema<Answer<T>>): Promise<T[]> {
  return apiPost(path, { vids: q.vids, startTime: q.startTime, endTime: q.endTime }, schema).then((a) => a.report);
}

/** An older call in windows of a day, merged per vehicle (spec 3 §5, §7). */
function windowed<T>(
  path: string,
  q: ReportQuery,
  ids: Record<string, unknown>,
  schema: ResponseSchema<Answer<T>>,
  vehicleOf: (row: T) => string,
): Promise<T[]> {
  return fetchReportRange<T>({
    startTime: q.startTime,
    endTime: q.endTime,
    vehicleOf,
    fetchWindow: (w: ReportWindow) => apiPost(path, { ...ids, ...w }, schema),
  });
}

const byVid = (row: { vid: string }) => row.vid;

/** The rows of the query's kind, from the call the spec's catalogue names for it. */
export async function fetchReportRows(q: ReportQuery): Promise<AnyReportRows> {
  const vidList = { vidList: q.vids };
  switch (q.kind) {
    case 'mileage':
      return { kind: q.kind, rows: await next(REPORT_PATHS.reportMileage, q, MileageReportResponseSchema) };
    case 'dailyMileage':
      return { kind: q.kind, rows: await next(REPORT_PATHS.reportDailyMileage, q, DailyMileageReportResponseSchema) };
    case 'trip':
      return { kind: q.kind, rows: await next(REPORT_PATHS.reportTrip, q, TripReportResponseSchema) };
    case 'transit':
    case 'idling':
    case 'parking':
      return { kind: q.kind, rows: await next(REPORT_PATHS.reportTransit, q, TransitReportResponseSchema) };
    case 'overspeed':
      return { kind: q.kind, rows: await next(NEXT_REPORT_PATHS.reportOverspeed, q, OverspeedReportResponseSchema) };
    case 'detail': {
      const ids = { dvidList: q.dvids };
      const rows = await windowed(LEGACY_REPORT_PATHS.reportDetail, q, ids, DetailReportResponseSchema, (r) => r.dvid);
      return { kind: q.kind, rows };
    }
    case 'disconnect': {
      const rows = await windowed(
        LEGACY_REPORT_PATHS.reportDisconnect,
        q,
        vidList,
        DisconnectReportResponseSchema,
        byVid,
      );
      return { kind: q.kind, rows };
    }
    case 'event': {
      const rows = await windowed(LEGACY_REPORT_PATHS.reportEvent, q, vidList, EventReportResponseSchema, byVid);
      return { kind: q.kind, rows };
    }
    case 'geofence': {
      const geoidList = (await fetchGeofences(q.uid)).geofences.map((g) => g.geoid);
      const ids = { ...vidList, geoidList };
      const rows = await windowed(LEGACY_REPORT_PATHS.reportGeofence, q, ids, GeofenceReportResponseSchema, byVid);
      return { kind: q.kind, rows };
    }
    case 'refuel':
    case 'fuelUsage':
    case 'dailyFuelUsage': {
      const reports = await windowed(LEGACY_REPORT_PATHS.reportFuel, q, vidList, FuelReportResponseSchema, byVid);
      return q.kind === 'refuel'
        ? { kind: q.kind, rows: fuelReportRows(q.kind, reports) }
        : { kind: q.kind, rows: fuelReportRows(q.kind, reports) };
    }
  }
}

/** Saves the report as .xlsx or CSV, built by the server from the same rows and words (POST /report/export). */
export function downloadReport(request: ReportExportRequest): Promise<void> {
  return downloadFile(REPORT_EXPORT_PATH, request, `report-${request.kind}.${request.format ?? 'xlsx'}`);
}

/** The detail export of one vehicle's device logs, streamed with progress (POST /report/detail/export). */

export function downloadDetailReport(
  request: { vid: string; startTime: number; endTime: number; timeZone: string },
  onProgress: (progress: DownloadProgress) => void,
): Promise<void> {
  return downloadFileStream(
    DETAIL_EXPORT_PATHS.reportDetailExport,
    request,
    'report-detail.xlsx',
    REPORT_ROWS_HEADER,
    onProgress,
  );
}
