import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { consoleTimeZone } from '../format.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The form's default window (spec 1 §2): the start of today to the start of tomorrow, in the user's zone. */
export function todayWindow(nowMs: number, timeZone: string = consoleTimeZone()): { startMs: number; endMs: number } {
  const start = dayjs(nowMs).tz(timeZone).startOf('day');
  return { startMs: start.valueOf(), endMs: start.add(1, 'day').valueOf() };
}
