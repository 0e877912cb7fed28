import { DecodeError } from '../codec/decode-error.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/** Knots to km/h: the query format's `speed` is in knots (see query.ts). */
export const KNOTS_TO_KMH = 1.852;
/** Metres per second to km/h: the JSON format's `coords.speed` is in m/s (see json.ts). */
export const MPS_TO_KMH = 3.6;

/** The messages of one request, before the session adds the login and the device id. */
export interface Report {
  deviceId: string;
  messages: NormalizedMessage[];
  warnings: string[];
}

/** Numbers above this are taken as milliseconds, below as seconds (1e11 s is the year 5138). */
const MS_THRESHOLD = 1e11;

/**
 * A fix time: Unix seconds or milliseconds (by size), or an ISO 8601 date-time. A date-time
 * without a zone ("2014-06-04 09:10:11", as some apps send) is taken as UTC.
 */
export function parseTimestamp(value: string | number): number {
  if (typeof value === 'number' || /^\d+(\.\d+)?$/.test(value.trim())) {
    const n = Number(value);
    if (!Number.isFinite(n)) throw new DecodeError(`invalid timestamp ${String(value)}`);
    return Math.round(n > MS_THRESHOLD ? n : n * 1000);
  }
  let iso = value.trim().replace(' ', 'T');
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(iso)) iso += 'Z';
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d{2}-\d{2}/.test(iso) || Number.isNaN(ms)) {
    throw new DecodeError(`invalid timestamp "${value.slice(0, 40)}"`);
  }
  return ms;
}

/** A finite number, or a DecodeError naming the field. */
export function finite(value: string | number, name: string): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new DecodeError(`invalid ${name} "${String(value).slice(0, 24)}"`);
  return n;
}

/** Latitude and longitude in range, or a DecodeError giving both. */
export function coordinates(lat: string | number, lon: string | number): { latitude: number; longitude: number } {
  const latitude = typeof lat === 'number' ? lat : Number(lat === '' ? NaN : lat);
  const longitude = typeof lon === 'number' ? lon : Number(lon === '' ? NaN : lon);
  const ok = Number.isFinite(latitude) && Number.isFinite(longitude);
  if (!ok || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new DecodeError(`bad coordinates: lat=${String(lat).slice(0, 24)}, lon=${String(lon).slice(0, 24)}`);
  }
  return { latitude, longitude };
}

/** Course in [0, 360). */
export function normaliseCourse(degrees: number): number {
  return degrees >= 0 && degrees < 360 ? degrees : ((degrees % 360) + 360) % 360;
}

/** A device id as the request names it: 1–64 printable characters without spaces. */
export function deviceIdOf(value: unknown): string {
  const id = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof id !== 'string' || id.trim() === '') throw new DecodeError('missing device id (id or deviceid)');
  if (!/^[\x21-\x7e]{1,64}$/.test(id.trim())) throw new DecodeError(`invalid device id "${id.slice(0, 24)}"`);
  return id.trim();
}

/**
 * An extra query parameter's value: true/false as booleans, numbers written the canonical way
 * as numbers, anything else as text (so an id such as "0123" keeps its leading zero).
 */
export function coerce(value: string): AttributeValue {
  if (value === 'true' || value === 'false') return value === 'true';
  const n = Number(value);
  return /^-?\d/.test(value) && Number.isFinite(n) && String(n) === value ? n : value;
}
