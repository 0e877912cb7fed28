import { addCalendarMonths, utcOffsetMs } from '../subscriptions/calendar.ts';

/** Permit statuses of spec 2 §4, as shown; '-' when the vehicle has no permit due date. */
export const PERMIT_STATUSES = ['Expired', 'Expiring Soon', 'In Service'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

/** Red, orange and green (spec 2 §4). */
export const PERMIT_STATUS_COLOURS: Readonly<Record<PermitStatus, 'red' | 'orange' | 'green'>> = {
  Expired: 'red',
  'Expiring Soon': 'orange',
  'In Service': 'green',
};

/** The permit warning window: 3 months (spec 2 §9). */
export const PERMIT_WARNING_MONTHS = 3;

const DAY_MS = 86_400_000;

/** The start of the local day holding `ms` in `timeZone`. */
export function startOfDay(ms: number, timeZone: string): number {
  const offset = utcOffsetMs(timeZone, ms);
  return Math.floor((ms + offset) / DAY_MS) * DAY_MS - offset;
}

/**
 * The permit status of a vehicle on the users' day `nowMs` (spec 2 §4): 'Expired' from the due
 * day on, 'In Service' while the due day is at least 3 calendar months away, else 'Expiring Soon'.
 * Days, not instants: a permit due today has expired whatever the hour.
 */
export function permitStatus(permitDueDate: number | null, nowMs: number, timeZone: string): PermitStatus | '-' {
  if (permitDueDate === null) return '-';
  const today = startOfDay(nowMs, timeZone);
  const due = startOfDay(permitDueDate, timeZone);
  if (today >= due) return 'Expired';
  return due >= addCalendarMonths(today, PERMIT_WARNING_MONTHS, timeZone) ? 'In Service' : 'Expiring Soon';
}
