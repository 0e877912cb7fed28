import { z } from 'zod';
import { ID } from '../core/fields.ts';
import { checkWindow, TransitRecordSchema, TripRecordSchema, WINDOW_FIELDS } from './records.ts';

/*
 * The synchronous report calls of the spec's 'next' base (spec 3 §7 "Report endpoint
 * catalogue"; DESIGN §3: the base is /api/next). Each is a POST of {vids, startTime, endTime}
 * over a window of at most 31 days, answering {status, message, report: [...]} for every vehicle
 * at once, read from the stored transit records and trips (issue 13 item 7).
 */

export const REPORT_PATHS = {
  reportMileage: '/next/report/mileage/timeframe/get/sync',
  reportDailyMileage: '/next/report/dailyMileage/timeframe/get/sync',
  reportTransit: '/next/report/transit/timeframe/get/sync',
  reportTrip: '/next/report/trip/timeframe/get/sync',
} as const;

/** Vehicles one report call may name. */
export const MAX_REPORT_VIDS = 500;
/** Rows a transit or trip report returns at most; `truncated` says there were more. */
export const REPORT_ROW_LIMIT = 100_000;

/** The report toasts (spec 3 §8); `message` of a report answer is `done` or `empty`. */
export const REPORT_TEXTS = {
  done: 'Get report done',
  empty: 'No reports found!',
  error: (message: string) => `Get report error ${message}`,
} as const;

/** {vids, startTime, endTime} */
export const ReportRequestSchema = z
  .object({ vids: z.array(ID).min(1).max(MAX_REPORT_VIDS), ...WINDOW_FIELDS })
  .superRefine(checkWindow);
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

/**
 * One vehicle's totals in the window; durations in ms, mileage in km, speed in km/h. Every
 * vehicle asked for has its row, zeros when nothing happened (issue 24 item 2). Spec 3 §3 names
 * numberOfTrips, totalMileage (= mileage) and the engine duration (moving + idling: the engine
 * runs); `underWay` says the vehicle's current status, not yet a record, is counted in it.
 */
export const MileageReportRowSchema = z.object({
  vid: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  numberOfTrips: z.number(),
  mileage: z.number(),
  totalMileage: z.number(),
  engineDuration: z.number(),
  movingDuration: z.number(),
  idlingDuration: z.number(),
  parkingDuration: z.number(),
  disconnectedDuration: z.number(),
  topSpeed: z.number(),
  underWay: z.boolean(),
});
export type MileageReportRow = z.infer<typeof MileageReportRowSchema>;

/** One vehicle's kilometres on one local day of the server zone (JEJAK_TIME_ZONE), cut to the window. */
export const DailyMileageReportRowSchema = z.object({
  vid: z.string(),
  date: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  mileage: z.number(),
});
export type DailyMileageReportRow = z.infer<typeof DailyMileageReportRowSchema>;

/** A report answer of rows (every report call, 'next' and older, answers this shape). */
export const reportAnswerSchema = <T extends z.ZodType>(row: T) =>
  z.object({ status: z.literal(200), message: z.string(), report: z.array(row), truncated: z.boolean() });

export const MileageReportResponseSchema = reportAnswerSchema(MileageReportRowSchema);
export type MileageReportResponse = z.infer<typeof MileageReportResponseSchema>;
export const DailyMileageReportResponseSchema = reportAnswerSchema(DailyMileageReportRowSchema);
export type DailyMileageReportResponse = z.infer<typeof DailyMileageReportResponseSchema>;
export const TransitReportResponseSchema = reportAnswerSchema(TransitRecordSchema);
export type TransitReportResponse = z.infer<typeof TransitReportResponseSchema>;
export const TripReportResponseSchema = reportAnswerSchema(TripRecordSchema);
export type TripReportResponse = z.infer<typeof TripReportResponseSchema>;

/** A report answer: `done`, or `empty` when no vehicle has a row. */
export const reportMessage = (rows: number): string => (rows > 0 ? REPORT_TEXTS.done : REPORT_TEXTS.empty);
