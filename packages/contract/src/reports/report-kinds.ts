import { z } from 'zod';
import { GEOFENCE_TYPES } from '@jejak/domain';
import { EVENT_TYPES, EventSchema } from '../alerts/alerts.ts';
import { ID, TimeZoneField } from '../core/fields.ts';
import { checkWindow, DeviceLogSchema, WINDOW_FIELDS } from './records.ts';
import { reportAnswerSchema } from './reports.ts';

/*
 * Vehicle Reports (spec 3 §1, §2, §7, §9; issue 13 item 3): the report kinds the screen offers,
 * the older windowed calls of the main base and the further 'next' calls, and the rows each
 * answers. The screen splits a range into windows of REPORT_WINDOW_MS for the older calls, runs
 * them in parallel and keeps the windows that answer 200 (spec 3 §7); the 'next' calls take the
 * whole range (at most 31 days).
 */

/** The report kinds, in the order the screen lists them. */
export const REPORT_KINDS = [
  'mileage',
  'dailyMileage',
  'trip',
  'transit',
  'detail',
  'geofence',
  'event',
  'refuel',
  'fuelUsage',
  'dailyFuelUsage',
  'disconnect',
  'idling',
  'parking',
  'overspeed',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The names the spec gives the kinds (spec 3 §1); Parking is the addition. */
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  mileage: 'Mileage',
  dailyMileage: 'Daily Mileage',
  trip: 'Trip',
  transit: 'Transit',
  detail: 'Detail',
  geofence: 'Geofence',
  event: 'Event',
  refuel: 'Refuel Report',
  fuelUsage: 'Fuel Usage Analysis',
  dailyFuelUsage: 'Daily Fuel Usage Analysis',
  disconnect: 'Disconnect',
  idling: 'Idling',
  parking: 'Parking',
  overspeed: 'OverSpeeding',
};

/** The older calls' window (spec 3 §9). */
export const REPORT_WINDOW_MS = 86_400_000;
/** Table page size of Vehicle Report (spec 3 §9). */
export const REPORT_PAGE_SIZE = 25;
/** Estimated fuel (spec 3 §2, §9): litres = km × litres per km; expenses = litres × RM per litre. */
export const DEFAULT_LITRES_PER_KM = 0.093;
export const DEFAULT_RM_PER_LITRE = 2.05;
/** Fuel price of Fuel Analysis and the refuel report (spec 3 §9). */
export const DEFAULT_FUEL_PRICE_RM = 2;
/** The geofence report's duration filter, minutes; 0 is All (spec 3 §2, §9). */
export const GEOFENCE_DURATION_FILTERS_MIN = [0, 1, 2, 5, 10, 15, 30] as const;
/** Duration export formats (spec 3 §2): hours/minutes/seconds, or decimal hours. */
export const DURATION_FORMATS = ['hms', 'decimal'] as const;
export type DurationFormat = (typeof DURATION_FORMATS)[number];
/** Validation and toasts of the screen (spec 3 §5, §8; REPORT_TEXTS has the report toasts). */
export const VEHICLE_REPORT_TEXTS = {
  startBeforeEnd: 'Start time must be before end time!',
  missingParams: 'Missing params',
} as const;

export const LEGACY_REPORT_PATHS = {
  reportMileageWindow: '/report/mileage',
  reportDetail: '/report/detail',
  reportDisconnect: '/report/disconnect',
  reportGeofence: '/report/geofence',
  reportEvent: '/report/event',
  reportFuel: '/report/fuel',
} as const;

export const NEXT_REPORT_PATHS = {
  reportOverspeed: '/next/report/overspeed/timeframe/get/sync',
} as const;

/**
 * POST /api/report/export: the report of one kind as an .xlsx, made on the server and streamed
 * (the detail report of a month runs to hundreds of thousands of rows). The answer carries
 * REPORT_ROWS_HEADER, the number of rows it will hold, before the body, so the console can show
 * progress as the bytes arrive.
 */
export const REPORT_EXPORT_PATH = '/report/export';
export const REPORT_ROWS_HEADER = 'x-report-rows';

const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** {vidList, startTime, endTime} of the older calls (spec 3 §7), a window of at most 31 days. */
export const LegacyReportRequestSchema = z
  .object({ vidList: z.array(ID).min(1).max(500), ...WINDOW_FIELDS })
  .superRefine(checkWindow);
export type LegacyReportRequest = z.infer<typeof LegacyReportRequestSchema>;

/** {dvidList, startTime, endTime} of /report/detail. */
export const DetailReportRequestSchema = z
  .object({ dvidList: z.array(ID).min(1).max(500), ...WINDOW_FIELDS })
  .superRefine(checkWindow);
export type DetailReportRequest = z.infer<typeof DetailReportRequestSchema>;

/** {vidList, geoidList, startTime, endTime} of /report/geofence: the console passes every geoid. */
export const GeofenceReportRequestSchema = z
  .object({ vidList: z.array(ID).min(1).max(500), geoidList: z.array(ID).max(10_000), ...WINDOW_FIELDS })
  .superRefine(checkWindow);
export type GeofenceReportRequest = z.infer<typeof GeofenceReportRequestSchema>;

/** A time the vehicle's tracker was out of touch; endTime null while it still is (ONGOING). */
export const DisconnectReportRowSchema = z.object({
  vid: z.string(),
  startTime: z.number(),
  endTime: z.number().nullable(),
  /** ms; up to now while ongoing. */
  duration: z.number(),
  startLocation: GeoPointSchema.nullable(),
  startAddress: z.string().nullable(),
});
export type DisconnectReportRow = z.infer<typeof DisconnectReportRowSchema>;

/** One stay inside a geofence; exitTime null while the vehicle is still inside. */
export const GeofenceReportRowSchema = z.object({
  vid: z.string(),
  geoid: z.string(),
  geofenceName: z.string(),
  geoType: z.enum(GEOFENCE_TYPES),
  enterTime: z.number(),
  exitTime: z.number().nullable(),
  /** ms inside, cut to the window; up to now while inside. */
  duration: z.number(),
  enterLocation: GeoPointSchema,
  exitLocation: GeoPointSchema.nullable(),
});
export type GeofenceReportRow = z.infer<typeof GeofenceReportRowSchema>;

/**
 * One overspeed: from a speeding rule's violation event to its compliance (spec 3 §5), matched
 * to the device logs between them; distance along them by great circle (radius 6371 km).
 */
export const OverspeedReportRowSchema = z.object({
  vid: z.string(),
  /** Top speed in the segment, km/h. */
  speed: z.number(),
  /** The rule's limit, km/h, when the rule has one. */
  speedLimit: z.number().nullable(),
  ruleName: z.string(),
  startTime: z.number(),
  /** null while still speeding at the window's end. */
  endTime: z.number().nullable(),
  duration: z.number(),
  startLocation: GeoPointSchema.nullable(),
  endLocation: GeoPointSchema.nullable(),
  /** km */
  distance: z.number(),
});
export type OverspeedReportRow = z.infer<typeof OverspeedReportRowSchema>;

/** A refuel, or a fall the tracker cannot explain by driving (potential fuel loss). */
export const FuelChangeSchema = z.object({
  vid: z.string(),
  /** The tank's profile key: 'fuel', 'fuel2', … */
  tank: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  startLitres: z.number(),
  endLitres: z.number(),
  /** Litres added or lost; positive. */
  litres: z.number(),
  location: GeoPointSchema.nullable(),
});
export type FuelChange = z.infer<typeof FuelChangeSchema>;

/** Fuel used by one vehicle's tank over the window (date null) or one local day. */
export const FuelUsageRowSchema = z.object({
  vid: z.string(),
  tank: z.string(),
  /** YYYY-MM-DD in the server zone (JEJAK_TIME_ZONE) for the daily kind; null for the whole window. */
  date: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  startLitres: z.number().nullable(),
  endLitres: z.number().nullable(),
  refuelLitres: z.number(),
  lossLitres: z.number(),
  /** Burnt: the falls of the steady level. */
  consumedLitres: z.number(),
  movingLitres: z.number(),
  idlingLitres: z.number(),
  parkingLitres: z.number(),
  /** km */
  mileage: z.number(),
  /** null without distance. */
  litresPer100Km: z.number().nullable(),
});
export type FuelUsageRow = z.infer<typeof FuelUsageRowSchema>;

/** The fuel report of one vehicle and tank: its usage, per day, its refuels and losses. */
export const FuelReportSchema = z.object({
  vid: z.string(),
  tank: z.string(),
  usage: FuelUsageRowSchema,
  daily: z.array(FuelUsageRowSchema),
  refuels: z.array(FuelChangeSchema),
  losses: z.array(FuelChangeSchema),
});
export type FuelReport = z.infer<typeof FuelReportSchema>;

export const DisconnectReportResponseSchema = reportAnswerSchema(DisconnectReportRowSchema);
export type DisconnectReportResponse = z.infer<typeof DisconnectReportResponseSchema>;
export const GeofenceReportResponseSchema = reportAnswerSchema(GeofenceReportRowSchema);
export type GeofenceReportResponse = z.infer<typeof GeofenceReportResponseSchema>;
export const EventReportResponseSchema = reportAnswerSchema(EventSchema);
export type EventReportResponse = z.infer<typeof EventReportResponseSchema>;
export const DetailReportResponseSchema = reportAnswerSchema(DeviceLogSchema);
export type DetailReportResponse = z.infer<typeof DetailReportResponseSchema>;
export const FuelReportResponseSchema = reportAnswerSchema(FuelReportSchema);
export type FuelReportResponse = z.infer<typeof FuelReportResponseSchema>;
export const OverspeedReportResponseSchema = reportAnswerSchema(OverspeedReportRowSchema);
export type OverspeedReportResponse = z.infer<typeof OverspeedReportResponseSchema>;

/** Rows of one older call at most (a 24-hour window of 500 vehicles fits easily). */
export const LEGACY_REPORT_ROW_LIMIT = 50_000;

/** The export's options: the screen's filters and inputs, so the file shows what the table shows. */
/** The files a Vehicle Report exports as (issue 28 item 3). */
export const REPORT_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export const ReportExportRequestSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    vids: z.array(ID).min(1).max(500),
    ...WINDOW_FIELDS,
    durationFormat: z.enum(DURATION_FORMATS).default('hms'),
    /** Geofence report: stays longer than this many minutes; 0 keeps all. */
    geofenceMinMinutes: z
      .number()
      .int()
      .refine((m) => (GEOFENCE_DURATION_FILTERS_MIN as readonly number[]).includes(m), 'unknown duration filter')
      .default(0),
    /** Event report: the event types kept; all when left out. */
    eventTypes: z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length).optional(),
    litresPerKm: z.number().min(0).max(100).default(DEFAULT_LITRES_PER_KM),
    rmPerLitre: z.number().min(0).max(1000).default(DEFAULT_RM_PER_LITRE),
    fuelPriceRm: z.number().min(0).max(1000).default(DEFAULT_FUEL_PRICE_RM),
    /** The zone the file writes its times in (the console's). */
    timeZone: TimeZoneField,
    /** .xlsx (the default) or CSV (formula-safe fields, the table's header then its rows). */
    format: z.enum(REPORT_FILE_FORMATS).default('xlsx'),
  })
  .superRefine(checkWindow);
export type ReportExportRequest = z.input<typeof ReportExportRequestSchema>;

/**
 * POST /api/report/detail/export {vid, startTime, endTime, timeZone}: the vehicle's device logs
 * in the Device Inspector's columns and words, as an .xlsx written row by row as the pages are
 * read (a month runs to hundreds of thousands of rows); REPORT_ROWS_HEADER carries the count.
 */
export const DETAIL_EXPORT_PATHS = { reportDetailExport: '/report/detail/export' } as const;

export const DetailExportRequestSchema = z
  .object({ vid: ID, ...WINDOW_FIELDS, timeZone: TimeZoneField })
  .superRefine(checkWindow);
export type DetailExportRequest = z.input<typeof DetailExportRequestSchema>;
