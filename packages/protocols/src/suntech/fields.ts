import { DecodeError } from '../codec/decode-error.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/** What one Suntech report decodes to: the device id it names (if any), messages, warnings. */
export interface Decoded {
  id: string | null;
  messages: NormalizedMessage[];
  warnings: string[];
}

const INT = /^[+-]?\d{1,15}$/;
const HEX = /^[0-9A-Fa-f]{1,12}$/;
const DECIMAL = /^[+-]?\d{1,12}(?:\.\d{0,9})?$/;

/**
 * The `;`-separated fields of a text report, read in order. Every read names its field, so a short
 * or malformed report ends in a DecodeError saying which field was wrong.
 */
export class Fields {
  index = 0;

  constructor(readonly values: readonly string[]) {}

  get remaining(): number {
    return this.values.length - this.index;
  }

  next(field: string): string {
    const v = this.values[this.index];
    if (v === undefined) throw new DecodeError(`missing ${field}`);
    this.index++;
    return v;
  }

  /** The next field, or undefined at the end (optional trailers). */
  optional(): string | undefined {
    const v = this.values[this.index];
    if (v !== undefined) this.index++;
    return v;
  }

  peek(ahead = 0): string | undefined {
    return this.values[this.index + ahead];
  }

  int(field: string): number {
    return parseInt10(this.next(field), field);
  }

  hex(field: string): number {
    const v = this.next(field);
    if (!HEX.test(v)) throw new DecodeError(`bad ${field} "${v.slice(0, 16)}"`);
    return parseInt(v, 16);
  }

  decimal(field: string): number {
    return parseDecimal(this.next(field), field);
  }

  skip(n = 1): void {
    this.index += n;
  }

  rest(): string[] {
    const out = this.values.slice(this.index);
    this.index = this.values.length;
    return out;
  }
}

export function parseInt10(v: string, field: string): number {
  if (!INT.test(v)) throw new DecodeError(`bad ${field} "${v.slice(0, 16)}"`);
  return parseInt(v, 10);
}

export function parseDecimal(v: string, field: string): number {
  if (!DECIMAL.test(v)) throw new DecodeError(`bad ${field} "${v.slice(0, 16)}"`);
  return Number(v);
}

export const isDecimal = (v: string | undefined): boolean => v !== undefined && DECIMAL.test(v);
export const isDate = (v: string | undefined): boolean => v !== undefined && /^\d{8}$/.test(v);

/** `YYYYMMDD` and `hh:mm:ss` (UTC, Suntech reporting guides, DATE and TIME fields) as epoch ms. */
export function parseDateTime(date: string, time: string): number {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new DecodeError(`bad date/time "${date.slice(0, 8)} ${time.slice(0, 8)}"`);
  return utcMs(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3]));
}

/** Epoch ms of a UTC date and time, checked field by field. */
export function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) {
    throw new DecodeError(`bad date/time ${y}-${mo}-${d} ${h}:${mi}:${s}`);
  }
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

export interface Fix {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh?: number;
  course?: number;
  satellites?: number;
  valid: boolean;
}

/** A position message from a fix; coordinates out of range reject the report. */
export function positionOf(fix: Fix, attributes: Attributes, memory = false): NormalizedMessage {
  if (!Number.isFinite(fix.lat) || Math.abs(fix.lat) > 90) throw new DecodeError(`latitude ${fix.lat} out of range`);
  if (!Number.isFinite(fix.lon) || Math.abs(fix.lon) > 180) throw new DecodeError(`longitude ${fix.lon} out of range`);
  const m: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs: fix.timeMs,
    valid: fix.valid,
    latitude: fix.lat,
    longitude: fix.lon,
    attributes,
  };
  if (fix.speedKmh !== undefined) m.speedKmh = Math.max(0, fix.speedKmh);
  if (fix.course !== undefined)
    m.course = fix.course >= 0 && fix.course < 360 ? fix.course : ((fix.course % 360) + 360) % 360;
  if (fix.satellites !== undefined) m.satellites = fix.satellites;
  if (memory) m.memory = true;
  return m;
}

export function heartbeatOf(attributes: Attributes, deviceTimeMs?: number): NormalizedMessage {
  return deviceTimeMs === undefined
    ? { kind: 'heartbeat', attributes }
    : { kind: 'heartbeat', deviceTimeMs, attributes };
}

/** Device ids are digits (legacy 6–9, Universal 10); anything else is not a Suntech report. */
export function deviceId(v: string): string {
  if (!/^[0-9A-Za-z]{1,20}$/.test(v)) throw new DecodeError(`bad device id "${v.slice(0, 20)}"`);
  return v;
}

/** The bytes as Latin-1 text, in slices: a spread of a very long frame would overflow the stack. */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4096) out += String.fromCharCode(...bytes.subarray(i, i + 4096));
  return out;
}
