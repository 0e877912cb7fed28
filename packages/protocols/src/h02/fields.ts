import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { parseStatusHex, statusAttributes, type Attributes } from './status.ts';

/** Knots to km/h: H02 reports speed in knots (H02 protocol §3, "speed"). */
export const KNOTS_TO_KMH = 1.852;

/** What one report type's decoder hands back to the session. */
export interface Decoded {
  messages: NormalizedMessage[];
  warnings: string[];
  /** The report is one the device expects an answer to (see decoder.ts). */
  wantsReply?: boolean;
}

const isDigits = (s: string | undefined, n: number): boolean => s !== undefined && new RegExp(`^\\d{${n}}$`).test(s);

export const isDateField = (s: string | undefined): boolean => isDigits(s, 6);

/** hhmmss (a fraction of a second, if sent, is dropped) → seconds of the day; null when empty. */
function parseTimeOfDay(field: string | undefined): number | null {
  const s = (field ?? '').trim();
  if (s === '') return null;
  const m = /^(\d{2})(\d{2})(\d{2})(?:\.\d+)?$/.exec(s);
  const [hh, mi, ss] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [99, 0, 0];
  if (hh > 23 || mi > 59 || ss > 59) throw new DecodeError(`invalid time ${s}`);
  return hh * 3600 + mi * 60 + ss;
}

/** ddmmyy → epoch ms of that UTC midnight; null when empty or all zeros (no date known yet). */
function parseDate(field: string | undefined): number | null {
  const s = (field ?? '').trim();
  if (s === '' || s === '000000') return null;
  if (!isDigits(s, 6)) throw new DecodeError(`invalid date ${s}`);
  const [dd, mo, yy] = [Number(s.slice(0, 2)), Number(s.slice(2, 4)), Number(s.slice(4, 6))];
  if (dd < 1 || dd > 31 || mo < 1 || mo > 12) throw new DecodeError(`invalid date ${s}`);
  return Date.UTC(2000 + yy, mo - 1, dd);
}

/**
 * Device time from the report's time and date fields (H02 protocol §3: "HHMMSS" and
 * "DDMMYY"); undefined when either is missing. An unreadable time (seen: seconds of 69) costs
 * the report its time, not the report: a warning is added and the session dates it instead.
 * The document says the tracker sends UTC.
 * TODO(#3): apply the device's configured time zone offset once devices carry one.
 */
export function deviceTime(time: string | undefined, date: string | undefined, warnings: string[]): number | undefined {
  try {
    const seconds = parseTimeOfDay(time);
    const day = parseDate(date);
    return seconds === null || day === null ? undefined : day + seconds * 1000;
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
    warnings.push(`${err.message}: time unknown`);
    return undefined;
  }
}

/** A decimal field; undefined when empty. */
function parseDecimal(field: string | undefined, name: string): number | undefined {
  const s = (field ?? '').trim();
  if (s === '') return undefined;
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(s)) throw new DecodeError(`invalid ${name} ${s}`);
  return Number(s);
}

/**
 * A coordinate (H02 protocol §3: latitude DDMM.MMMM, longitude DDDMM.MMMM, then the
 * hemisphere letter). Firmwares vary: the degrees may be short ("701.8915", "38.6508"),
 * the point may be missing (then the last four digits are the minutes' fraction), and some
 * write "-DD-MM.MMMM". The sign always comes from the hemisphere. Null when empty.
 */
function parseCoordinate(value: string | undefined, hemisphere: string | undefined, max: number): number | null {
  const s = (value ?? '').trim();
  if (s === '') return null;
  const name = max === 90 ? 'latitude' : 'longitude';
  let degrees: number;
  let minutes: number;
  const dashed = /^-(\d{1,3})-(\d{1,2}(?:\.\d+)?)$/.exec(s);
  if (dashed) {
    degrees = Number(dashed[1]);
    minutes = Number(dashed[2]);
  } else {
    const m = /^(\d*?)(\d{1,2})\.(\d+)$/.exec(s) ?? /^(\d*?)(\d{2})(\d{4})$/.exec(s);
    if (!m) throw new DecodeError(`invalid ${name} ${s}`);
    degrees = Number(m[1] || '0');
    minutes = Number(`${m[2]}.${m[3]}`);
  }
  const abs = degrees + minutes / 60;
  if (minutes >= 60 || abs > max) throw new DecodeError(`${name} out of range: ${s}`);
  const h = (hemisphere ?? '').trim().toUpperCase();
  return h === 'S' || h === 'W' ? -abs : abs;
}

interface FixFields {
  /** Index of the time field, or of the validity field when the layout has no time. */
  start: number;
  withTime: boolean;
}

export interface Fix {
  message: NormalizedMessage;
  warnings: string[];
}

/**
 * The position block shared by the V1 family (H02 protocol §3, general message): [time,]
 * validity (A = GPS fix), latitude, N/S, longitude, E/W, speed (knots), course, date, then the
 * status word. One firmware puts an extra field between course and date; V19 puts the SIM's
 * number and ICCID between date and status, so the status is the first eight-hex-digit field
 * after the date. Without coordinates the report becomes a heartbeat.
 */
export function readFix(fields: readonly string[], layout: FixFields): Fix {
  let i = layout.start;
  const time = layout.withTime ? fields[i++] : undefined;
  const validity = (fields[i++] ?? '').trim().toUpperCase();
  const latitude = parseCoordinate(fields[i], fields[i + 1], 90);
  const longitude = parseCoordinate(fields[i + 2], fields[i + 3], 180);
  const hemispheres = `${fields[i + 1] ?? ''}${fields[i + 3] ?? ''}`.toUpperCase();
  i += 4;
  const speedKnots = parseDecimal(fields[i++], 'speed');
  const course = parseDecimal(fields[i++], 'course');
  const dateAt = !isDateField(fields[i]) && isDateField(fields[i + 1]) ? i + 1 : i;
  const date = fields[dateAt];
  const warnings: string[] = [];
  if (latitude !== null && !/^[NS0]?[EW0]?$/.test(hemispheres)) warnings.push(`unknown hemisphere ${hemispheres}`);
  const statusAt = fields.findIndex((f, k) => k > dateAt && parseStatusHex(f) !== null);
  const status = statusAt < 0 ? null : parseStatusHex(fields[statusAt] ?? '');
  const attributes: Attributes = status === null ? {} : statusAttributes(status);
  const sensors = statusAt < 0 ? null : readSensors(fields.slice(statusAt + 1));
  if (sensors) Object.assign(attributes, sensors.attributes);
  // A layout without a time field (VP1) leaves the time to the session (see decoder.ts).
  const deviceTimeMs = layout.withTime ? deviceTime(time, date, warnings) : undefined;
  // "0.0000,0,0.0000,0": a unit that never had a fix fills the block with zeros and no hemisphere.
  const noFix = latitude === 0 && longitude === 0 && !/^[NS][EW]$/.test(hemispheres);
  if (latitude === null || longitude === null || noFix) {
    return { message: withTime({ kind: 'heartbeat', attributes }, deviceTimeMs), warnings };
  }
  const message: NormalizedMessage = { kind: 'position', valid: validity === 'A', latitude, longitude, attributes };
  if (speedKnots !== undefined && speedKnots >= 0) message.speedKmh = speedKnots * KNOTS_TO_KMH;
  if (sensors?.altitude !== undefined) message.altitude = sensors.altitude;
  if (course !== undefined) message.course = course >= 0 && course < 360 ? course : ((course % 360) + 360) % 360;
  return { message: withTime(message, deviceTimeMs), warnings };
}

/**
 * The sensor tail some firmwares send after the status word (inferred from captures, laid out
 * as Traccar reads it): `odometer (m),temperature (°C),fuel,altitude (m),LAC,cell id` — the
 * last two in hex. Any other tail is not decoded.
 */
function readSensors(tail: readonly string[]): { attributes: Attributes; altitude: number } | null {
  const t = tail.map((f) => f.trim());
  if (t.length !== 6 || !/^\d+,-?\d+,\d+\.\d+,-?\d+,[0-9a-f]+,[0-9a-f]+$/i.test(t.join(','))) return null;
  const [odometer, temp, fuel, altitude, lac, cellId] = t;
  const attributes: Attributes = {
    odometer: Number(odometer),
    temp1: Number(temp),
    fuel: Number(fuel),
    lac: parseInt(lac ?? '', 16),
    cellId: parseInt(cellId ?? '', 16),
  };
  return { attributes, altitude: Number(altitude) };
}

export function withTime(message: NormalizedMessage, deviceTimeMs: number | undefined): NormalizedMessage {
  return deviceTimeMs === undefined ? message : { ...message, deviceTimeMs };
}

/** Status-word attributes from a field, or none when the field is not eight hex digits. */
export function statusOf(field: string | undefined): Attributes {
  const status = parseStatusHex((field ?? '').trim());
  return status === null ? {} : statusAttributes(status);
}
