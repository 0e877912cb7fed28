import { TZDate } from '@date-fns/tz';
import type { Span, TransitSlice } from './mileage.ts';
import { overlapOf, roundKm } from './mileage.ts';

/**
 * The default time zone of the product's local days (DESIGN §6). The server's zone comes from
 * its configuration (JEJAK_TIME_ZONE) and is passed in; this is only what it defaults to.
 */
export const REPORT_TIME_ZONE = 'Asia/Kuala_Lumpur';

/** A calendar date: year, month 1–12, day of month. */
export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

/**
 * The calendar date an instant falls on in the zone. The zone's rules come from @date-fns/tz
 * (ADR 0068), not from offsets worked out here: hand-made offsets put the day start an hour off
 * where a zone's clocks jump at midnight (America/Santiago).
 */
export function localDateOf(ms: number, timeZone: string): CalendarDate {
  const t = new TZDate(ms, timeZone);
  return { y: t.getFullYear(), m: t.getMonth() + 1, d: t.getDate() };
}

/**
 * Midnights already worked out, by zone and date: the day totals ask for the same few days with
 * every transit record written (ADR 0028, issue 15), and a zone lookup costs microseconds.
 */
const midnights = new Map<string, number>();
const MAX_MIDNIGHTS = 10_000;

/**
 * The instant the given calendar date begins in the zone: local midnight, or the first instant
 * after it when the clocks skip midnight (the day then starts at 01:00).
 */
export function localMidnight(date: CalendarDate, timeZone: string): number {
  const key = `${timeZone}|${date.y}|${date.m}|${date.d}`;
  const known = midnights.get(key);
  if (known !== undefined) return known;
  const midnight = new TZDate(date.y, date.m - 1, date.d, timeZone).getTime();
  if (midnights.size >= MAX_MIDNIGHTS) midnights.clear();
  midnights.set(key, midnight);
  return midnight;
}

export interface LocalDay extends Span {
  /** The local date, YYYY-MM-DD. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date after `date` (plain calendar arithmetic: no zone is involved). */
function nextDate({ y, m, d }: CalendarDate): CalendarDate {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return { y: next.getUTCFullYear(), m: next.getUTCMonth() + 1, d: next.getUTCDate() };
}

/**
 * The local days that overlap [startMs, endMs), each cut to that window. A day is from one
 * local midnight to the next, so it lasts 23 or 25 hours on the days the clocks change.
 */
export function localDays(window: Span, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  let date = localDateOf(window.startTime, timeZone);
  let dayStart = localMidnight(date, timeZone);
  while (dayStart < window.endTime) {
    const next = nextDate(date);
    const dayEnd = localMidnight(next, timeZone);
    days.push({
      date: `${date.y}-${pad(date.m)}-${pad(date.d)}`,
      startTime: Math.max(dayStart, window.startTime),
      endTime: Math.min(dayEnd, window.endTime),
    });
    [date, dayStart] = [next, dayEnd];
  }
  return days;
}

export interface DailyMileage extends LocalDay {
  mileage: number;
}

/**
 * One vehicle's kilometres per local day of the window: each record's mileage shared among the
 * days it spans in proportion to time. Every day of the window is listed, driven or not.
 */
export function dailyMileage(records: readonly TransitSlice[], window: Span, timeZone: string): DailyMileage[] {
  const days = localDays(window, timeZone);
  const km = days.map(() => 0);
  for (const r of records) {
    if (r.totalMileage <= 0) continue;
    days.forEach((day, i) => {
      km[i] = (km[i] ?? 0) + overlapOf(r, day).km;
    });
  }
  return days.map((day, i) => ({ ...day, mileage: roundKm(km[i] ?? 0) }));
}
