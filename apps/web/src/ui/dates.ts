import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { consoleTimeZone } from './format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Date pickers show and pick wall-clock times in the users' time zone, whatever the browser's is. */
export function toPickerValue(ms: number, timeZone: string = consoleTimeZone()): Dayjs {
  return dayjs(ms).tz(timeZone);
}

/** The instant a picked value means: its date and time read in the users' time zone. */
export function fromPickerValue(value: Dayjs, timeZone: string = consoleTimeZone()): number {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), timeZone).valueOf();
}

/** The picker's calendar day, for comparing days whatever zone each value carries. */
export function pickerDay(value: Dayjs): string {
  return value.format('YYYY-MM-DD');
}
