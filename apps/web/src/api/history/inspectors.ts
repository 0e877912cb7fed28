import {
  API_PATHS,
  DeviceLogsResponseSchema,
  VehicleLogsResponseSchema,
  type DeviceLogExportRequest,
  type DeviceLogsResponse,
  type VehicleLogExportRequest,
  type VehicleLogsResponse,
} from '@jejak/contract';
import { apiPost } from '../client.ts';
import { downloadFile } from '../download.ts';

/** POST /deviceLog/getdvidtimeframe (spec 3 §7): the device's logs in the window, oldest first. */
export function fetchDeviceLogs(dvid: string, startTime: number, endTime: number): Promise<DeviceLogsResponse> {
  return apiPost(API_PATHS.deviceLogs, { dvid, startTime, endTime }, DeviceLogsResponseSchema);
}

/** POST /vehicleLog/getvidtimeframe (spec 3 §7): the vehicle's logs in the window, oldest first. */
export function fetchVehicleLogs(vid: string, startTime: number, endTime: number): Promise<VehicleLogsResponse> {
  return apiPost(API_PATHS.vehicleLogs, { vid, startTime, endTime }, VehicleLogsResponseSchema);
}

/** Saves the Device Inspector's rows as .xlsx, built by the server (POST /deviceLog/export). */
export function downloadDeviceLogs(query: DeviceLogExportRequest): Promise<void> {
  return downloadFile(API_PATHS.deviceLogExport, query, 'device-log.xlsx');
}

/** Saves the Vehicle Inspector's rows as .xlsx, built by the server (POST /vehicleLog/export). */
export function downloadVehicleLogs(query: VehicleLogExportRequest): Promise<void> {
  return downloadFile(API_PATHS.vehicleLogExport, query, 'vehicle-log.xlsx');
}
