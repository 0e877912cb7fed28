import type { Span, TransitSlice } from './mileage.ts';
import { overlapOf, roundKm } from './mileage.ts';

/** The time zone of the product's local days (DESIGN §6). */
export const REPORT_TIME_ZONE = 'Asia/Kuala_Lumpur';

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    offsetFormats.set(timeZone, f);
  }
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = Number(part.value);
  return { y: p.year ?? 1970, m: p.month ?? 1, d: p.day ?? 1, h: p.hour ?? 0, min: p.minute ?? 0, s: p.second ?? 0 };
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  const wall = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * Midnights already worked out, by zone and date: each costs two `formatToParts`, and the day
 * totals ask for the same few days with every transit record written (ADR 0028, issue 15).
 */
const midnights = new Map<string, number>();
const MAX_MIDNIGHTS = 10_000;

/** The instant local midnight begins the given calendar date in the zone. */
function midnightOf(y: number, m: number, d: number, timeZone: string): number {
  const key = `${timeZone}|${y}|${m}|${d}`;
  const known = midnights.get(key);
  if (known !== undefined) return known;
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - offsetAt(wall, timeZone);
  const midnight = wall - offsetAt(guess, timeZone);
  if (midnights.size >= MAX_MIDNIGHTS) midnights.clear();
  midnights.set(key, midnight);
  return midnight;
}

export interface LocalDay extends Span {
  /** The local date, YYYY-MM-DD. */
  date: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local days that overlap [startMs, endMs), each cut to that window. */
export function localDays(window: Span, timeZone: string): LocalDay[] {
  const days: LocalDay[] = [];
  const first = partsIn(window.startTime, timeZone);
  let y = first.y;
  let m = first.m;
  let d = first.d;
  let dayStart = midnightOf(y, m, d, timeZone);
  while (dayStart < window.endTime) {
    const next = new Date(Date.UTC(y, m - 1, d + 1));
    const ny = next.getUTCFullYear();
    const nm = next.getUTCMonth() + 1;
    const nd = next.getUTCDate();
    const dayEnd = midnightOf(ny, nm, nd, timeZone);
    days.push({
      date: `${y}-${pad(m)}-${pad(d)}`,
      startTime: Math.max(dayStart, window.startTime),
      endTime: Math.min(dayEnd, window.endTime),
    });
    [y, m, d, dayStart] = [ny, nm, nd, dayEnd];
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
