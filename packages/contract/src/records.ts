import { z } from 'zod';
import { TRANSIT_STATUSES } from '@jejak/domain';

const MAX_SPAN_MS = 31 * 86_400_000;
const GeoPointSchema = z.object({ lat: z.number(), lon: z.number() });

/** {vid, startTime, endTime}: a window of at most 31 days, start before end. */
export const VehicleWindowRequestSchema = z
  .object({
    vid: z.string().min(1).max(64),
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
  })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] })
  .refine((r) => r.endTime - r.startTime <= MAX_SPAN_MS, {
    message: 'the window is at most 31 days',
    path: ['endTime'],
  });
export type VehicleWindowRequest = z.infer<typeof VehicleWindowRequestSchema>;

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
});
export type TransitRecord = z.infer<typeof TransitRecordSchema>;

/** POST /api/transitRecord/timeFrame: the vehicle's closed transit records overlapping the window. */
export const TransitRecordsResponseSchema = z.object({
  status: z.literal(200),
  transitRecords: z.array(TransitRecordSchema),
});
export type TransitRecordsResponse = z.infer<typeof TransitRecordsResponseSchema>;
