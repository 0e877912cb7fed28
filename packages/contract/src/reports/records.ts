import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { MESSAGES } from '../core/errors.ts';
import { ID } from '../core/fields.ts';
import { DEVICE_MODELS } from '../fleet/management.ts';

/** The longest window a record or report call covers. */
export const MAX_SPAN_MS = 31 * 86_400_000;
const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** The start and end of a window, epoch ms. */
export const WINDOW_FIELDS = { startTime: z.number().int().nonnegative(), endTime: z.number().int().nonnegative() };

/** A window of at most 31 days, start before end. */
export function checkWindow(r: { startTime: number; endTime: number }, ctx: z.RefinementCtx): void {
  if (r.startTime >= r.endTime)
    ctx.addIssue({ code: 'custom', message: 'startTime must be before endTime', path: ['endTime'] });
  else if (r.endTime - r.startTime > MAX_SPAN_MS)
    ctx.addIssue({ code: 'custom', message: 'the window is at most 31 days', path: ['endTime'] });
}

/** {vid, startTime, endTime} */
export const VehicleWindowRequestSchema = z.object({ vid: ID, ...WINDOW_FIELDS }).superRefine(checkWindow);
/** {dvid, startTime, endTime} */
export const DeviceWindowRequestSchema = z.object({ dvid: ID, ...WINDOW_FIELDS }).superRefine(checkWindow);
export type DeviceWindowRequest = z.infer<typeof DeviceWindowRequestSchema>;
/** {dvid, startTime, endTime, deviceType}: deviceType is one of the device models the platform knows. */
export const DeviceTypeWindowRequestSchema = z
  .object({
    dvid: ID,
    ...WINDOW_FIELDS,
    deviceType: z.enum(DEVICE_MODELS, { error: `deviceType must be one of ${DEVICE_MODELS.join(', ')}` }),
  })
  .superRefine(checkWindow);
export type DeviceTypeWindowRequest = z.infer<typeof DeviceTypeWindowRequestSchema>;
export type VehicleWindowRequest = z.infer<typeof VehicleWindowRequestSchema>;

/** Trip Record's toasts and the Transit PDF's texts (spec 1 §2, §8), exactly as the spec words them. */
export const TRANSIT_TEXTS = {
  /** {n} transit records in the window. */
  found: '{n} transit records found',
  none: 'No transit records found within this time period',
  /** The spec's fallback, the same words as the server's generic error. */
  error: MESSAGES.internal,
  pdfDone: 'Report generated',
  pdfError: 'Error in generating report. Try again?',
} as const;

export const TransitRecordSchema = z.object({
  tsid: z.string(),
  trid: z.string().nullable(),
  vid: z.string(),
  transitStatus: z.enum(TRANSIT_STATUSES),
  startTime: z.number(),
  endTime: z.number(),
  duration: z.number(),
  totalMileage: z.number(),
  topSpeed: z.number(),
  avgSpeed: z.number(),
  totalFuel: z.number(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  startLocation: GeoPointSchema,
  endLocation: GeoPointSchema,
  createdAt: z.number(),
  /** The vehicle's current status, counted up to min(range end, now): not a stored record yet. */
  underWay: z.boolean().optional(),
});
export type TransitRecord = z.infer<typeof TransitRecordSchema>;

/** POST /api/transitRecord/timeFrame: the vehicle's closed transit records overlapping the window. */
export const TransitRecordsResponseSchema = z.object({
  status: z.literal(200),
  transitRecords: z.array(TransitRecordSchema),
});
export type TransitRecordsResponse = z.infer<typeof TransitRecordsResponseSchema>;

/**
 * POST /api/transitRecord/timeFrame/pdf {vid, startTime, endTime, status} (spec 1 §2, spec 3 §7):
 * the vehicle's transit records of the listed statuses (all four when left out) as a PDF report.
 */
export const TransitPdfRequestSchema = z
  .object({ vid: ID, ...WINDOW_FIELDS, status: z.array(z.enum(TRANSIT_STATUSES)).min(1).max(4).optional() })
  .superRefine(checkWindow);
export type TransitPdfRequest = z.input<typeof TransitPdfRequestSchema>;

/**
 * The report: `buffer` is the PDF's bytes in base64 (JSON carries no raw bytes); `name` is the
 * file name without '.pdf', which the console adds (spec 1 §2).
 */
export const TransitPdfResponseSchema = z.object({
  status: z.literal(200),
  name: z.string(),
  buffer: z.string(),
});
export type TransitPdfResponse = z.infer<typeof TransitPdfResponseSchema>;

export const TripRecordSchema = z.object({
  trid: z.string(),
  vid: z.string(),
  tripStatus: z.enum(['TRANSIT', 'PARKING']),
  startTime: z.number(),
  endTime: z.number(),
  totalDistance: z.number(),
  topSpeed: z.number(),
  totalMovingDuration: z.number(),
  totalIdlingDuration: z.number(),
  numberOfEvents: z.number(),
  /** The trip the vehicle is in now, counted up to min(range end, now): not a stored trip yet. */
  underWay: z.boolean().optional(),
});
export type TripRecord = z.infer<typeof TripRecordSchema>;

/**
 * POST /api/tripRecord/timeFrame {vid, startTime, endTime}: the vehicle's final trips
 * overlapping the window (a trip is final once the parking after it has begun).
 */
export const TripRecordsResponseSchema = z.object({
  status: z.literal(200),
  tripRecords: z.array(TripRecordSchema),
});
export type TripRecordsResponse = z.infer<typeof TripRecordsResponseSchema>;

/** Rows a log call returns at most; `truncated` says there were more in the window. */
export const LOG_PAGE_LIMIT = 20_000;

export const DeviceLogSchema = z.object({
  dvid: z.string(),
  deviceTime: z.number(),
  createdAt: z.number(),
  packageTime: z.number().nullable(),
  devicePackage: z.string(),
  location: GeoPointSchema.nullable(),
  speed: z.number().nullable(),
  altitude: z.number().nullable(),
  heading: z.number().nullable(),
  fuel: z.unknown(),
  deviceMessage: z.string().nullable(),
  gpsStatus: z.boolean().nullable(),
  engineStatus: z.boolean().nullable(),
  isAlive: z.boolean().nullable(),
  attributes: z.record(z.string(), z.unknown()).nullable(),
});
export type DeviceLog = z.infer<typeof DeviceLogSchema>;

/** POST /api/deviceLog/getdvidtimeframe {dvid, startTime, endTime} */
export const DeviceLogsResponseSchema = z.object({
  status: z.literal(200),
  logs: z.array(DeviceLogSchema),
  truncated: z.boolean(),
});
export type DeviceLogsResponse = z.infer<typeof DeviceLogsResponseSchema>;

export const VehicleLogSchema = z.object({
  vid: z.string(),
  vehicleTime: z.number(),
  createdAt: z.number(),
  location: GeoPointSchema,
  speed: z.number(),
  address: z.string().nullable(),
  tripStatus: z.string().nullable(),
  tripFrom: z.number().nullable(),
  transitStatus: z.string(),
  transitFrom: z.number(),
  mileage: z.number(),
  /** Sent late from the tracker's memory (gps#memory). */
  memory: z.boolean().optional(),
});
export type VehicleLog = z.infer<typeof VehicleLogSchema>;

/** POST /api/vehicleLog/getvidtimeframe {vid, startTime, endTime} */
export const VehicleLogsResponseSchema = z.object({
  status: z.literal(200),
  logs: z.array(VehicleLogSchema),
  truncated: z.boolean(),
});
export type VehicleLogsResponse = z.infer<typeof VehicleLogsResponseSchema>;
