import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import { trimEndOf } from '../codec/text.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';

export type Attributes = Record<string, AttributeValue>;

/** GT06 coordinates are minutes × 30000, i.e. degrees × 1 800 000 (GT06 protocol §5.2.1.6–7). */
export const COORDINATE_SCALE = 1_800_000;

/**
 * Date and time, six bytes YY MM DD hh mm ss (GT06 protocol §5.2.1.4). The document says
 * UTC; a device can be configured for local time instead.
 * TODO(#3): apply the device's configured time zone offset here once devices carry one.
 */
export function readDateTime(r: ByteReader): number {
  const at = r.offset;
  r.need(6, 'date-time');
  // Six reads rather than a copy of the bytes: this runs for every fix.
  return toUtc([r.readU8(), r.readU8(), r.readU8(), r.readU8(), r.readU8(), r.readU8()], at);
}

/** The same six fields packed as BCD (YY MM DD hh mm ss digits), as some Wi-Fi reports send them. */
export function readBcdDateTime(r: ByteReader): number {
  const at = r.offset;
  const digits = r.readBcd(6, 'date-time');
  if (digits.length !== 12) throw new DecodeError(`invalid BCD date-time ${digits}`, at);
  return toUtc(
    [0, 2, 4, 6, 8, 10].map((i) => Number(digits.slice(i, i + 2))),
    at,
  );
}

function toUtc(fields: number[], at: number): number {
  const [yy = 0, mo = 0, dd = 0, hh = 0, mi = 0, ss = 0] = fields;
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) {
    throw new DecodeError(`invalid date-time ${fields.join('-')}`, at);
  }
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
}

export interface GpsFix {
  satellites: number | undefined;
  latitude: number;
  longitude: number;
  speedKmh: number | undefined;
  course: number;
  valid: boolean;
  /** From the course word's high bits, where the firmware uses them. */
  ignition: boolean | undefined;
}

export interface GpsLayout {
  /** The "GPS information length / satellites" byte precedes the coordinates. */
  info?: boolean;
  /** A speed byte sits between longitude and the course word. */
  speed?: boolean;
}

/**
 * GPS block: info byte (high nibble length, low nibble satellites), latitude, longitude,
 * speed in km/h, course/status word (GT06 protocol §5.2.1.5–5.2.1.9).
 */
export function readGps(r: ByteReader, layout: GpsLayout = {}): GpsFix {
  const satellites = layout.info === false ? undefined : r.readU8('GPS info') & 0x0f;
  const latRaw = r.readU32('latitude');
  const lonRaw = r.readU32('longitude');
  const speedKmh = layout.speed === false ? undefined : r.readU8('speed');
  const at = r.offset;
  const word = r.readU16('course/status');
  const status = courseStatus(word);
  if (latRaw > 90 * COORDINATE_SCALE || lonRaw > 180 * COORDINATE_SCALE) {
    throw new DecodeError(`coordinates out of range (${latRaw}, ${lonRaw})`, at);
  }
  return {
    satellites,
    latitude: (status.north ? 1 : -1) * (latRaw / COORDINATE_SCALE),
    longitude: (status.west ? -1 : 1) * (lonRaw / COORDINATE_SCALE),
    speedKmh,
    course: status.course,
    valid: status.valid,
    ignition: status.ignition,
  };
}

/**
 * Course/status word (GT06 protocol §5.2.1.9): bits 0–9 course, bit 10 set = north latitude,
 * bit 11 set = west longitude, bit 12 set = positioned, bit 13 differential GPS. The two high
 * bits are reserved in the document; some firmwares set bit 14 to say bit 15 is the ACC state.
 */
export function courseStatus(word: number): {
  course: number;
  north: boolean;
  west: boolean;
  valid: boolean;
  ignition: boolean | undefined;
} {
  return {
    course: word & 0x3ff,
    north: (word & 0x0400) !== 0,
    west: (word & 0x0800) !== 0,
    valid: (word & 0x1000) !== 0,
    ignition: (word & 0x4000) !== 0 ? (word & 0x8000) !== 0 : undefined,
  };
}

/** Encodes the course/status word; the inverse of `courseStatus` (bit 13 left clear: real-time). */
export function encodeCourseStatus(course: number, latitude: number, longitude: number, valid: boolean): number {
  const c = Math.round(((course % 360) + 360) % 360) % 360;
  return c | (latitude >= 0 ? 0x0400 : 0) | (longitude < 0 ? 0x0800 : 0) | (valid ? 0x1000 : 0);
}

export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

/**
 * Serving cell: MCC, MNC, LAC, cell id (GT06 protocol §5.2.1.10–13: 2, 1, 2 and 3 bytes).
 * Concox 4G packets widen LAC to 4 and the cell id to 8 bytes; when the MCC's top bit is
 * set the MNC takes 2 bytes.
 */
export function readCell(r: ByteReader, lacBytes: 2 | 4 = 2, cellBytes: 3 | 4 | 8 = 3): CellTower {
  const mccWord = r.readU16('MCC');
  const mnc = mccWord & 0x8000 ? r.readU16('MNC') : r.readU8('MNC');
  const lac = r.readUInt(lacBytes, 'LAC');
  const cellId =
    cellBytes === 8 ? r.readU16('cell id') * 2 ** 48 + r.readUInt(6, 'cell id') : r.readUInt(cellBytes, 'cell id');
  return { mcc: mccWord & 0x7fff, mnc, lac, cellId };
}

export function cellAttributes(cell: CellTower): Attributes {
  return { mcc: cell.mcc, mnc: cell.mnc, lac: cell.lac, cellId: cell.cellId };
}

/**
 * A position message of a fix. The message takes `attributes` as they are (every caller passes
 * an object of its own): one object less for every fix than a copy.
 */
export function positionMessage(deviceTimeMs: number, fix: GpsFix, attributes: Attributes = {}): NormalizedMessage {
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs,
    valid: fix.valid,
    latitude: fix.latitude,
    longitude: fix.longitude,
    course: fix.course,
    attributes: fix.ignition === undefined ? attributes : { ignition: fix.ignition, ...attributes },
  };
  if (fix.speedKmh !== undefined) message.speedKmh = fix.speedKmh;
  if (fix.satellites !== undefined) message.satellites = fix.satellites;
  return message;
}

/** Printable ASCII (plus CR/LF/TAB) — decides whether a payload is shown as text or hex. */
export function isPrintable(bytes: Uint8Array): boolean {
  for (const b of bytes) if ((b < 0x20 || b > 0x7e) && b !== 0x0d && b !== 0x0a && b !== 0x09) return false;
  return bytes.length > 0;
}

export function asciiText(bytes: Uint8Array): string {
  return trimEndOf(String.fromCharCode(...bytes), '\r\n\0').replace(/\0/g, '');
}
