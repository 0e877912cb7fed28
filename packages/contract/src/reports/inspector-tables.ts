import { z } from 'zod';
import { formatLocalDateTime } from '@jejak/domain';
import { ID, TimeZoneField } from '../core/fields.ts';
import { checkWindow, WINDOW_FIELDS, type DeviceLog, type VehicleLog } from './records.ts';

/*
 * The Device Inspector and Vehicle Inspector tables (spec 3 §2), shared by the screens and the
 * .xlsx the server builds, so both show the same columns and the same words.
 */

/** Rows per page of both inspectors (spec 3 §9). */
export const INSPECTOR_PAGE_SIZE = 25;

/** The inspectors' toasts (spec 3 §8). */
export const INSPECTOR_TEXTS = {
  noDeviceLogs: 'No device logs found within this timeframe.',
  noVehicleLogs: 'No vehicle logs found within this timeframe.',
} as const;

/** The data packages the Device Inspector filters by (spec 3 §2), in the spec's order. */
export const DEVICE_PACKAGES = [
  'auth',
  'heartbeat',
  'gps#latest',
  'gps#memory',
  'event#session#error',
  'event#session#close',
  'event#session#timeout',
] as const;
export type DevicePackage = (typeof DEVICE_PACKAGES)[number];

/** An instant as YYYY-MM-DD HH:mm:ss in the zone (spec 3 §9); null when unknown. */
export function inspectorTime(ms: number | null | undefined, timeZone: string): string | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return null;
  return formatLocalDateTime(ms, timeZone).replaceAll('/', '-');
}

/** An external map at the point (spec 3 §2 "Location (map link)"). */
export function mapLink(location: { lat: number; lon: number }): string {
  return `https://www.google.com/maps?q=${location.lat},${location.lon}`;
}

const round = (value: number | null, digits: number): number | null =>
  value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits));

const onOff = (value: boolean | null, on: string, off: string): string | null =>
  value === null ? null : value ? on : off;

/** A value of a log's free-form fields as one short text. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '-';
}

export const DEVICE_INSPECTOR_COLUMNS = [
  { key: 'serverTime', label: 'Server Time' },
  { key: 'deviceTime', label: 'Device Time' },
  { key: 'devicePackage', label: 'Data Package' },
  { key: 'message', label: 'Message' },
  { key: 'gpsStatus', label: 'GPS Status' },
  { key: 'acc', label: 'ACC' },
  { key: 'location', label: 'Location' },
  { key: 'speed', label: 'Speed' },
  { key: 'direction', label: 'Direction' },
  { key: 'fuel', label: 'Fuel' },
  { key: 'extra', label: 'Extra' },
] as const;
export type DeviceInspectorColumn = (typeof DEVICE_INSPECTOR_COLUMNS)[number]['key'];
/** A row as both show it; `mapUrl` is where Location links to, `key` tells rows apart. */
export type DeviceInspectorRow = Record<DeviceInspectorColumn, string | number | null> & {
  key: string;
  mapUrl: string | null;
};

/** The logs of the chosen packages; all of them when none is chosen. */
export function filterDeviceLogs<L extends Pick<DeviceLog, 'devicePackage'>>(
  logs: readonly L[],
  packages: readonly string[] | undefined,
): L[] {
  if (!packages || packages.length === 0) return [...logs];
  const chosen = new Set(packages);
  return logs.filter((log) => chosen.has(log.devicePackage));
}

/** What a log carries beyond the columns: altitude and the protocol's own attributes. */
function extraText(log: DeviceLog): string | null {
  const parts: string[] = [];
  if (log.altitude !== null) parts.push(`altitude: ${log.altitude}`);
  for (const [name, value] of Object.entries(log.attributes ?? {})) parts.push(`${name}: ${valueText(value)}`);
  return parts.length > 0 ? parts.join(', ') : null;
}

function fuelValue(fuel: unknown): string | number | null {
  if (fuel === null || fuel === undefined) return null;
  return typeof fuel === 'number' ? round(fuel, 2) : valueText(fuel);
}

/** The Device Inspector's rows, in the server's order (oldest first). */
export function deviceInspectorRows(logs: readonly DeviceLog[], timeZone: string): DeviceInspectorRow[] {
  return logs.map((log) => ({
    key: `${log.deviceTime}|${log.devicePackage}|${log.createdAt}`,
    serverTime: inspectorTime(log.createdAt, timeZone),
    deviceTime: inspectorTime(log.deviceTime, timeZone),
    devicePackage: log.devicePackage,
    message: log.deviceMessage,
    gpsStatus: onOff(log.gpsStatus, 'Available', 'Not available'),
    acc: onOff(log.engineStatus, 'ON', 'OFF'),
    location: log.location ? `${log.location.lat.toFixed(6)}, ${log.location.lon.toFixed(6)}` : null,
    mapUrl: log.location ? mapLink(log.location) : null,
    speed: round(log.speed, 1),
    direction: round(log.heading, 0),
    fuel: fuelValue(log.fuel),
    extra: extraText(log),
  }));
}

export const VEHICLE_INSPECTOR_COLUMNS = [
  { key: 'serverTime', label: 'Server Time' },
  { key: 'vehicleTime', label: 'Vehicle Time' },
  { key: 'address', label: 'Address' },
  { key: 'tripStatus', label: 'Trip Status' },
  { key: 'tripFrom', label: 'Trip From' },
  { key: 'transitStatus', label: 'Transit Status' },
  { key: 'transitFrom', label: 'Transit From' },
  { key: 'mileage', label: 'Mileage' },
] as const;
export type VehicleInspectorColumn = (typeof VEHICLE_INSPECTOR_COLUMNS)[number]['key'];
export type VehicleInspectorRow = Record<VehicleInspectorColumn, string | number | null> & { key: string };

/** The Vehicle Inspector's rows, in the server's order (oldest first); mileage in km to 2 decimals. */
export function vehicleInspectorRows(logs: readonly VehicleLog[], timeZone: string): VehicleInspectorRow[] {
  return logs.map((log) => ({
    key: `${log.vehicleTime}|${log.createdAt}`,
    serverTime: inspectorTime(log.createdAt, timeZone),
    vehicleTime: inspectorTime(log.vehicleTime, timeZone),
    address: log.address,
    tripStatus: log.tripStatus,
    tripFrom: inspectorTime(log.tripFrom, timeZone),
    transitStatus: log.transitStatus,
    transitFrom: inspectorTime(log.transitFrom, timeZone),
    mileage: round(log.mileage, 2),
  }));
}

/**
 * POST /deviceLog/export {dvid, startTime, endTime, packages?, timeZone}: the Device Inspector's
 * rows as .xlsx, of the chosen packages (all when left out or empty), times in the zone.
 */
export const DeviceLogExportRequestSchema = z
  .object({
    dvid: ID,
    ...WINDOW_FIELDS,
    packages: z.array(z.enum(DEVICE_PACKAGES)).max(DEVICE_PACKAGES.length).optional(),
    timeZone: TimeZoneField,
  })
  .superRefine(checkWindow);
export type DeviceLogExportRequest = z.input<typeof DeviceLogExportRequestSchema>;

/** POST /vehicleLog/export {vid, startTime, endTime, timeZone}: the Vehicle Inspector's rows as .xlsx. */
export const VehicleLogExportRequestSchema = z
  .object({ vid: ID, ...WINDOW_FIELDS, timeZone: TimeZoneField })
  .superRefine(checkWindow);
export type VehicleLogExportRequest = z.input<typeof VehicleLogExportRequestSchema>;
