import { DecodeError } from '../codec/decode-error.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';

export const KNOTS_TO_KMH = 1.852;

export type Attributes = Record<string, AttributeValue>;

/** What one report decodes to, before the session tags it with the device's IMEI. */
export interface Decoded {
  imei: string;
  messages: NormalizedMessage[];
  warnings: string[];
  /** Reply text for the device (the SOS cancel), if any. */
  reply?: string;
  /** The device clock's offset from UTC (minutes), when the report showed it. */
  zoneMinutes?: number;
}

/** A decimal number, or undefined for an empty field; anything else is an error. */
export function num(text: string | undefined, field: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^[-+]?\d+(?:\.\d+)?$/.test(text)) throw new DecodeError(`${field} is not a number: ${text.slice(0, 16)}`);
  return Number(text);
}

/** A number that may carry a `%` (fuel, engine load, throttle). */
export const percent = (text: string | undefined, field: string): number | undefined =>
  num(text?.endsWith('%') ? text.slice(0, -1) : text, field);

/** Sets `key` when `value` is defined. */
export function put(out: Attributes, key: string, value: AttributeValue | undefined): void {
  if (value !== undefined) out[key] = value;
}

/** `ddmm.mmmm` / `dddmm.mmmm` and its hemisphere letter to signed degrees. */
export function coordinate(text: string | undefined, hemisphere: string | undefined, max: number): number {
  const value = num(text, 'coordinate');
  if (value === undefined) throw new DecodeError('missing coordinate');
  const degrees = Math.floor(value / 100);
  const minutes = value - degrees * 100;
  const deg = degrees + minutes / 60;
  if (minutes >= 60 || deg > max) throw new DecodeError(`coordinate out of range: ${text}`);
  return hemisphere === 'S' || hemisphere === 'W' ? -deg : deg;
}

/** A calendar time the device gave, checked: month 1–12, day 1–31, hour < 24, minute and second < 60. */
export function utcMs(year: number, month: number, day: number, h: number, m: number, s: number): number | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || h > 23 || m > 59 || s >= 60) return null;
  return Date.UTC(year, month - 1, day, h, m) + Math.round(s * 1000);
}

/**
 * The report's local date and time, `yymmddhhmm`, `yymmddhhmmss` or `yy/mm/dd hh:mm`
 * (older firmwares), as if it were UTC; null when the field holds none (`000000000`, empty).
 */
export function localTime(text: string): { ms: number; h: number; m: number } | null {
  const parts = /^(\d\d)\/?(\d\d)\/?(\d\d) ?(\d\d):?(\d\d)(\d\d)?$/.exec(text);
  if (!parts) return null;
  const [y, mo, d, h, m, s] = parts.slice(1).map((p) => Number(p ?? 0));
  const ms = utcMs(2000 + (y ?? 0), mo ?? 0, d ?? 0, h ?? 0, m ?? 0, s ?? 0);
  return ms === null ? null : { ms, h: h ?? 0, m: m ?? 0 };
}

/**
 * The fix time. The date only comes in the local time field; the UTC time of day in the GPS
 * field (`hhmmss.sss`). The difference between the two clocks is the time zone (within ±12 h,
 * to the minute), so UTC = local − zone, with the seconds of the GPS clock.
 */
export function fixTime(local: string, utc: string): { ms: number; zoneMinutes?: number; warning?: string } | null {
  const l = localTime(local);
  const u = /^(\d\d)(\d\d)(\d\d(?:\.\d+)?)$/.exec(utc);
  if (!l) return null;
  if (!u) return { ms: l.ms, warning: 'no GPS time of day: the local time field is taken as UTC' };
  const [uh, um, us] = u.slice(1).map(Number);
  if ((uh ?? 24) > 23 || (um ?? 60) > 59 || (us ?? 60) >= 60) return null;
  let zone = (l.h - (uh ?? 0)) * 60 + (l.m - (um ?? 0));
  if (zone <= -12 * 60) zone += 24 * 60;
  else if (zone > 12 * 60) zone -= 24 * 60;
  const localMinute = l.ms - (l.ms % 60_000);
  return { ms: localMinute - zone * 60_000 + Math.round((us ?? 0) * 1000), zoneMinutes: zone };
}
