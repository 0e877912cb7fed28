import { z } from 'zod';
import { formatDuration, formatLocalDateTime, TRANSIT_STATUSES, type TransitStatus } from '@jejak/domain';
import { RequiredId, TimeZoneField } from '../core/fields.ts';
import type { TransitRecord } from './records.ts';

/*
 * Trip Record's transit records (spec 1 §2) as the Trip Details panel filters and words them, and
 * as its export writes them: one set of filters and words, so the screen and the .xlsx agree.
 */

const MINUTE_MS = 60_000;
const MAX_SPAN_MS = 31 * 86_400_000;

/** The duration filter's choices in minutes (spec 1 §2): All, >1, >2, >5, >10, >15, >30 min. */
export const TRANSIT_DURATION_FILTERS_MIN = [0, 1, 2, 5, 10, 15, 30] as const;
export type TransitDurationFilterMin = (typeof TRANSIT_DURATION_FILTERS_MIN)[number];
/** The duration filter starts at >1 min (spec 1 §2). */
export const DEFAULT_TRANSIT_DURATION_FILTER_MIN: TransitDurationFilterMin = 1;

/** 'All' or '>N min', the duration filter's labels (spec 1 §2). */
export function durationFilterLabel(minutes: number): string {
  return minutes === 0 ? 'All' : `>${minutes} min`;
}

export interface TransitFilter {
  /** Statuses kept; all four when left out. */
  statuses?: readonly TransitStatus[] | undefined;
  /** Records last longer than this; 0 keeps all. */
  minDurationMs?: number | undefined;
}

/** The records the filter keeps, in their order: of a kept status, longer than the minimum. */
export function filterTransitRecords<R extends Pick<TransitRecord, 'transitStatus' | 'duration'>>(
  records: readonly R[],
  filter: TransitFilter,
): R[] {
  const min = filter.minDurationMs ?? 0;
  const statuses = filter.statuses;
  return records.filter(
    (r) => (statuses === undefined || statuses.includes(r.transitStatus)) && (min <= 0 || r.duration > min),
  );
}

/** Minutes of the duration filter in ms. */
export function durationFilterMs(minutes: number): number {
  return minutes * MINUTE_MS;
}

/** Distance in km with two decimals, as the panel and the export write it. */
export function formatDistanceKm(km: number): string {
  return `${(Number.isFinite(km) ? km : 0).toFixed(2)} km`;
}

export const TRANSIT_COLUMNS = [
  { key: 'vehicle', label: 'Vehicle' },
  { key: 'status', label: 'Status' },
  { key: 'start', label: 'Start Time' },
  { key: 'end', label: 'End Time' },
  { key: 'duration', label: 'Duration' },
  { key: 'distance', label: 'Distance (km)' },
  { key: 'topSpeed', label: 'Top Speed (km/h)' },
  { key: 'avgSpeed', label: 'Average Speed (km/h)' },
  { key: 'startAddress', label: 'Start Address' },
  { key: 'endAddress', label: 'End Address' },
] as const;
export type TransitColumn = (typeof TRANSIT_COLUMNS)[number]['key'];
export type TransitRow = Record<TransitColumn, string | number | null>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The export's rows: times as the panel shows them (YYYY/MM/DD HH:mm:ss in the zone). */
/** A row counted up to min(range end, now) from the vehicle's current status (issue 24 item 1). */
export const UNDER_WAY = 'UNDER WAY';
/** A status as a table cell shows it, marked when it is under way. */
export const statusText = (status: string, underWay: boolean | undefined) =>
  underWay ? `${status} (${UNDER_WAY})` : status;

export function transitRows(records: readonly TransitRecord[], vehicle: string, timeZone: string): TransitRow[] {
  return records.map((r) => ({
    vehicle,
    status: statusText(r.transitStatus, r.underWay),
    start: formatLocalDateTime(r.startTime, timeZone),
    end: formatLocalDateTime(r.endTime, timeZone),
    duration: formatDuration(r.duration),
    distance: round2(r.totalMileage),
    topSpeed: round2(r.topSpeed),
    avgSpeed: round2(r.avgSpeed),
    startAddress: r.startAddress,
    endAddress: r.endAddress,
  }));
}

/**
 * POST /transitRecord/export {vid, startTime, endTime, status?, minDurationMs?, timeZone}: the
 * vehicle's transit records in the window that Trip Details shows under these filters, oldest
 * first, as .xlsx.
 */
export const TransitExportRequestSchema = z
  .object({
    vid: RequiredId,
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
    status: z.array(z.enum(TRANSIT_STATUSES)).max(4).optional(),
    minDurationMs: z.number().int().nonnegative().default(0),
    timeZone: TimeZoneField,
  })
  .refine((r) => r.startTime < r.endTime, { message: 'startTime must be before endTime', path: ['endTime'] })
  .refine((r) => r.endTime - r.startTime <= MAX_SPAN_MS, {
    message: 'the window is at most 31 days',
    path: ['endTime'],
  });
export type TransitExportRequest = z.input<typeof TransitExportRequestSchema>;
