import { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import { KNOTS_TO_KMH } from './fields.ts';
import { statusAttributes, type Attributes } from './status.ts';

/*
 * Binary location report (H02 protocol, binary data format): the text V1 report packed as BCD.
 *
 *   offset  size  field
 *   0       1     '$' (0x24); a few firmwares start with 'X' (0x58) and the same layout
 *   1       5     device id, 10 BCD digits (the 42-byte variant: 8 bytes, a 15-digit IMEI
 *                 and a filler nibble; every offset below moves on by 3)
 *   6       3     time hhmmss, BCD
 *   9       3     date ddmmyy, BCD
 *   12      4     latitude DDMMmmmm, BCD (minutes with four decimals)
 *   16      1     battery: 1–6 a six-step gauge, 7–100 a percentage, 0 not known
 *   17      5     longitude DDDMMmmmm, 9 BCD digits, then a flag nibble:
 *                 bit 3 east, bit 2 north, bit 1 valid fix (A)
 *   22      3     speed (3 BCD digits, knots) and course (3 BCD digits, degrees)
 *   25      4     vehicle status word (status.ts)
 *   29      …     firmware-specific tail
 *
 * The 45-byte variant's tail (inferred from captures, checked against the cell's country on
 * six devices) carries the serving cell at offset 37: MCC (2 bytes), MNC (1), LAC (2), cell
 * id (2). The 46-byte variant's tail (inferred from captures: the same unit's text report,
 * sent 45 s apart, carries the same odometer and cell) has the odometer in metres as 10 BCD
 * digits at offset 32 and the LAC and cell id (2 bytes each) at offsets 42 and 44. Other
 * tails are not decoded.
 */

export const BINARY_START = 0x24;
export const BINARY_START_X = 0x58;
/** Bytes up to and including the status word. */
const MIN_LENGTH = 29;
/** The long layout, whose tail carries the serving cell. */
const LONG_LENGTH = 45;
/** The layout whose tail carries the odometer and the cell (see above). */
const ODOMETER_LENGTH = 46;
/** The layout with a 15-digit device id. */
const LONG_ID_LENGTH = 42;

const EAST = 0x8;
const NORTH = 0x4;
const VALID = 0x2;

interface BinaryReport {
  id: string;
  message: NormalizedMessage;
}

function two(digits: string, at: number): number {
  return Number(digits.slice(at, at + 2));
}

/** `length` bytes of BCD, every nibble a digit (the reader drops F nibbles as filler; here they are errors). */
function digits(r: ByteReader, length: number, field: string): string {
  const at = r.offset;
  const value = r.readBcd(length, field);
  if (value.length !== length * 2) throw new DecodeError(`${field} is not BCD`, at);
  return value;
}

function readTime(r: ByteReader): number {
  const time = digits(r, 3, 'time');
  const date = digits(r, 3, 'date');
  const [hh, mi, ss, dd, mo, yy] = [two(time, 0), two(time, 2), two(time, 4), two(date, 0), two(date, 2), two(date, 4)];
  if (hh > 23 || mi > 59 || ss > 59) throw new DecodeError(`invalid time ${time}`, 6);
  if (dd < 1 || dd > 31 || mo < 1 || mo > 12) throw new DecodeError(`invalid date ${date}`, 9);
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
}

/** Degrees from BCD digits: `degreeDigits` digits of degrees, then minutes with four decimals. */
function degrees(digits: string, degreeDigits: number, max: number, name: string): number {
  const value = Number(digits.slice(0, degreeDigits)) + Number(digits.slice(degreeDigits)) / 10000 / 60;
  if (Number(digits.slice(degreeDigits)) >= 600000 || value > max)
    throw new DecodeError(`${name} out of range: ${digits}`);
  return value;
}

/** Decodes one binary report; throws DecodeError when it cannot. */
export function decodeBinary(frame: Uint8Array): BinaryReport {
  if (frame.length < MIN_LENGTH) {
    throw new DecodeError(`binary report of ${frame.length} bytes, need at least ${MIN_LENGTH}`);
  }
  const r = new ByteReader(frame, 1);
  const id = readId(r, frame.length === LONG_ID_LENGTH);
  const deviceTimeMs = readTime(r);
  const lat = degrees(digits(r, 4, 'latitude'), 2, 90, 'latitude');
  const level = batteryLevel(r.readU8('battery'));
  const lonHex = bytesToHex(r.readBytes(5, 'longitude'));
  if (!/^\d{9}$/.test(lonHex.slice(0, 9))) throw new DecodeError(`longitude is not BCD: ${lonHex}`, 17);
  const lon = degrees(lonHex.slice(0, 9), 3, 180, 'longitude');
  const flags = parseInt(lonHex.slice(9), 16);
  const motion = digits(r, 3, 'speed and course');
  const status = r.readU32('status');
  const attributes: Attributes = statusAttributes(status);
  if (level !== undefined) attributes.batteryLevel = level;
  if (frame.length === LONG_LENGTH) Object.assign(attributes, longTail(frame));
  if (frame.length === ODOMETER_LENGTH) Object.assign(attributes, odometerTail(frame));
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs,
    valid: (flags & VALID) !== 0,
    latitude: flags & NORTH ? lat : -lat,
    longitude: flags & EAST ? lon : -lon,
    speedKmh: Number(motion.slice(0, 3)) * KNOTS_TO_KMH,
    course: Number(motion.slice(3)) % 360,
    attributes,
  };
  return { id, message };
}

function readId(r: ByteReader, long: boolean): string {
  if (!long) return digits(r, 5, 'device id');
  const at = r.offset;
  const hex = bytesToHex(r.readBytes(8, 'device id'));
  if (!/^\d{15}/.test(hex)) throw new DecodeError(`device id is not BCD: ${hex}`, at);
  return hex.slice(0, 15);
}

/** The battery byte (offset 16): a six-step gauge (1 = empty … 6 = full) or a percentage. */
function batteryLevel(value: number): number | undefined {
  if (value >= 1 && value <= 6) return [0, 10, 20, 60, 80, 100][value - 1];
  return value > 6 && value <= 100 ? value : undefined;
}

function odometerTail(frame: Uint8Array): Attributes {
  const odometer = bytesToHex(frame.subarray(32, 37));
  const cell = new ByteReader(frame, 42);
  const attributes: Attributes = { lac: cell.readU16('LAC'), cellId: cell.readU16('cell id') };
  if (/^\d{10}$/.test(odometer)) attributes.odometer = Number(odometer);
  return attributes;
}

function longTail(frame: Uint8Array): Attributes {
  const r = new ByteReader(frame, 37);
  return { mcc: r.readU16('MCC'), mnc: r.readU8('MNC'), lac: r.readU16('LAC'), cellId: r.readU16('cell id') };
}
