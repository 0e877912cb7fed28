import {
  API_PATHS,
  RoutePlaybackResponseSchema,
  TransitPdfResponseSchema,
  TransitRecordsResponseSchema,
  TripRecordsResponseSchema,
  VehicleLogsResponseSchema,
  type TransitExportRequest,
  type TransitPdfRequest,
  type RouteExportRequest,
  type RoutePlaybackResponse,
  type TransitRecordsResponse,
  type TripRecordsResponse,
  type VehicleLogsResponse,
} from '@jejak/contract';
import { apiPost } from '../client.ts';
import { downloadFile, saveBlob } from '../download.ts';

type Window = { vid: string; startTime: number; endTime: number };

/** POST /transitRecord/timeFrame: the vehicle's transit records overlapping the window. */
export function fetchTransitRecords(window: Window): Promise<TransitRecordsResponse> {
  return apiPost(API_PATHS.transitRecords, window, TransitRecordsResponseSchema);
}

/** POST /tripRecord/timeFrame: the vehicle's final trips overlapping the window. */
export function fetchTripRecords(window: Window): Promise<TripRecordsResponse> {
  return apiPost(API_PATHS.tripRecords, window, TripRecordsResponseSchema);
}

/** POST /vehicleLog/getvidtimeframe: every accepted fix in the window, oldest first (the path). */
export function fetchVehicleLogs(window: Window): Promise<VehicleLogsResponse> {
  return apiPost(API_PATHS.vehicleLogs, window, VehicleLogsResponseSchema);
}

/** POST /next/routePlayback/timeframe/get/sync: the track as columns and its stops, for playback. */
export function fetchRoutePlayback(window: Window): Promise<RoutePlaybackResponse> {
  return apiPost(API_PATHS.routePlayback, window, RoutePlaybackResponseSchema);
}

/** Saves Trip Details' transit records as .xlsx, built by the server (POST /transitRecord/export). */
export function downloadTransitRecords(query: TransitExportRequest): Promise<void> {
  return downloadFile(API_PATHS.transitRecordExport, query, 'transit.xlsx');
}

/** Saves the vehicle's route of the window as GPX, KML or CSV (POST /next/routePlayback/timeframe/export). */
export function downloadRoute(query: RouteExportRequest): Promise<void> {
  return downloadFile(API_PATHS.routeExport, query, `route.${query.format}`);
}

/** The transit PDF report (spec 1 §2): the server sends its bytes in base64; saved as `${name}.pdf`. */
export async function downloadTransitPdf(query: TransitPdfRequest): Promise<void> {
  const report = await apiPost(API_PATHS.transitRecordPdf, query, TransitPdfResponseSchema);
  const bytes = Uint8Array.from(atob(report.buffer), (c) => c.charCodeAt(0));
  saveBlob(new Blob([bytes], { type: 'application/pdf' }), `${report.name}.pdf`);
}
