import { utcOffsetMs } from '../../subscriptions/calendar.ts';

/** Zone offsets by zone and UTC quarter-hour: the rule evaluator asks on every fix. */
const offsets = new Map<string, number>();
const QUARTER_MS = 900_000;
const MAX_CACHED = 10_000;

function offsetAt(timeZone: string, timeMs: number): number {
  const key = `${timeZone}|${Math.floor(timeMs / QUARTER_MS)}`;
  let o = offsets.get(key);
  if (o === undefined) {
    if (offsets.size >= MAX_CACHED) offsets.clear();
    o = utcOffsetMs(timeZone, timeMs);
    offsets.set(key, o);
  }
  return o;
}

/** The local day of week (0 Sunday) and time as hhmm of an instant in a time zone. */
export function localClock(timeMs: number, timeZone: string): { day: number; hhmm: number } {
  const wall = new Date(timeMs + offsetAt(timeZone, timeMs));
  return { day: wall.getUTCDay(), hhmm: wall.getUTCHours() * 100 + wall.getUTCMinutes() };
}
