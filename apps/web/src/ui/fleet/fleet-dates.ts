import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { consoleTimeZone } from '../format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Subscription and due dates default to 3 months ahead (spec 2 §9). */
export const DEFAULT_MONTHS_AHEAD = 3;

/** The start of the user's day holding `ms`: vehicle dates are stored so (spec 2 §3). */
export function dayStartMs(ms: number, timeZone: string = consoleTimeZone()): number {
  return dayjs(ms).tz(timeZone).startOf('day').valueOf();
}

/** The start of the day `months` calendar months after the day holding `ms`, in the user's zone. */
export function monthsAheadMs(ms: number, months: number, timeZone: string = consoleTimeZone()): number {
  return dayjs(ms).tz(timeZone).startOf('day').add(months, 'month').valueOf();
}

/** A date picker's value as the start of its calendar day in the user's zone. */
export function pickedDayMs(value: Dayjs, timeZone: string = consoleTimeZone()): number {
  return dayjs.tz(value.format('YYYY-MM-DD'), timeZone).valueOf();
}

/** A stored day as a date picker's value. */
export function dayPickerValue(ms: number, timeZone: string = consoleTimeZone()): Dayjs {
  return dayjs(ms).tz(timeZone);
}

/** Vehicle dates are shown as days (spec 2 §9 date format). */
export const DATE_FORMAT = 'YYYY/MM/DD';
