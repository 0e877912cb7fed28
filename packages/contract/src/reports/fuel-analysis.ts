import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { ID } from '../core/fields.ts';
import { LEGACY_REPORT_PATHS } from './report-kinds.ts';
import { checkWindow, WINDOW_FIELDS } from './records.ts';

/*
 * Fuel Analysis (spec 3 §2, §3 "Fuel record per tank", §7 "Get fuel record", §8, §9) and the
 * fuel report of the older base (/report/fuel; its rows are FuelReportSchema in reports/report-kinds.ts).
 * Both fold the vehicle's stored device logs through the level tracker (packages/domain/src/fuel).
 */

export const FUEL_PATHS = {
  reportFuel: LEGACY_REPORT_PATHS.reportFuel,
  vehicleFuelAnalysis: '/next/vehicle/analysis/timeframe/get/sync',
} as const;

/** The screen's validation and toasts (spec 3 §5, §8). */
export const FUEL_ANALYSIS_TEXTS = {
  fillAllFields: 'Please fill up all the fields!',
  error: 'Get Fuel Record 3 error',
} as const;

/** The chart draws engine on as 50 and off as 0 (spec 3 §9). */
export const ENGINE_ON_CHART_VALUE = 50;
/** Rows of a tank's chart log at most: longer windows are thinned evenly. */
export const FUEL_CHART_MAX_LOGS = 5_000;

/**
 * {vid, startTime, endTime, isReturnDeviceLog, fuelTankNumber}: fuelTankNumber picks one of the
 * vehicle's set-up tanks by its place in the profile (0 the first); left out, every tank.
 */
export const FuelAnalysisRequestSchema = z
  .object({
    vid: ID,
    ...WINDOW_FIELDS,
    isReturnDeviceLog: z.boolean().default(false),
    fuelTankNumber: z.number().int().min(0).max(8).nullable().optional(),
  })
  .superRefine(checkWindow);
export type FuelAnalysisRequest = z.input<typeof FuelAnalysisRequestSchema>;

const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** One end of a refuel or theft: the tank's level (percent of capacity), when and where. */
export const FuelLogPointSchema = z.object({
  fuel: z.number(),
  deviceTime: z.number(),
  location: GeoPointSchema.nullable(),
});

export const FuelAnalysisChangeSchema = z.object({
  startLog: FuelLogPointSchema,
  endLog: FuelLogPointSchema,
  /** Litres added or lost; positive. */
  litres: z.number(),
});
export type FuelAnalysisChange = z.infer<typeof FuelAnalysisChangeSchema>;

/** Durations ms, distance km; the consumptions are litres burnt in each transit status. */
export const FuelConsumptionSchema = z.object({
  totalIdlingDuration: z.number(),
  totalMovingDistance: z.number(),
  totalParkingDuration: z.number(),
  idlingFuelConsumption: z.number(),
  movingFuelConsumption: z.number(),
  parkingFuelConsumption: z.number(),
});
export type FuelConsumption = z.infer<typeof FuelConsumptionSchema>;

/** One message for the chart: speed km/h, the tank's litres (smoothed), ignition and status. */
export const FuelChartLogSchema = z.object({
  deviceTime: z.number(),
  speed: z.number().nullable(),
  fuel: z.number().nullable(),
  engineStatus: z.boolean().nullable(),
  transitStatus: z.enum(TRANSIT_STATUSES).nullable(),
});
export type FuelChartLog = z.infer<typeof FuelChartLogSchema>;

export const FuelRecordSchema = z.object({
  /** The profile key: 'fuel', 'fuel2', … */
  tank: z.string(),
  capacity: z.number(),
  refuels: z.array(FuelAnalysisChangeSchema),
  fuelThefts: z.array(FuelAnalysisChangeSchema),
  fuelConsumption: FuelConsumptionSchema,
  deviceLogs: z.array(FuelChartLogSchema).optional(),
});
export type FuelRecord = z.infer<typeof FuelRecordSchema>;

export const FuelAnalysisResponseSchema = z.object({
  status: z.literal(200),
  message: z.string(),
  /** The vehicle's set-up tanks. */
  fuelTankNumber: z.number(),
  fuelRecords: z.array(FuelRecordSchema),
});
export type FuelAnalysisResponse = z.infer<typeof FuelAnalysisResponseSchema>;
