import { KNOTS_TO_KMH } from './fields.ts';
import { encodeStatus } from './status.ts';

/** A fix as the simulator describes it. */
export interface H02PositionInput {
  /** Device id: decimal digits (10 for the binary report, up to 15 in text). */
  id: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  valid: boolean;
  /** The vehicle status word (status.ts `encodeStatus`); default: ignition on, nothing else. */
  status?: number;
}

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function checkId(id: string, maxDigits: number): void {
  if (!new RegExp(`^\\d{4,${maxDigits}}$`).test(id))
    throw new RangeError(`H02 device id must be 4–${maxDigits} digits`);
}

/** hhmmss and ddmmyy of a UTC time (H02 protocol §3). */
function timeAndDate(timeMs: number): [string, string] {
  const d = new Date(timeMs);
  const year = d.getUTCFullYear();
  if (year < 2000 || year > 2099) throw new RangeError(`year ${year} cannot be sent`);
  const time = pad(d.getUTCHours(), 2) + pad(d.getUTCMinutes(), 2) + pad(d.getUTCSeconds(), 2);
  return [time, pad(d.getUTCDate(), 2) + pad(d.getUTCMonth() + 1, 2) + pad(year - 2000, 2)];
}

/** Whole degrees and ten-thousandths of minutes, rounded once so 59.99995' cannot print as 60. */
function degreesMinutes(value: number): [degrees: number, minutes10k: number] {
  const total = Math.round(Math.abs(value) * 60 * 10000);
  return [Math.floor(total / 600000), total % 600000];
}

/** DDMM.MMMM / DDDMM.MMMM (H02 protocol §3). */
function coordinate(value: number, degreeDigits: number): string {
  const [deg, min] = degreesMinutes(value);
  return `${pad(deg, degreeDigits)}${pad(Math.floor(min / 10000), 2)}.${pad(min % 10000, 4)}`;
}

const statusHex = (status: number | undefined): string =>
  ((status ?? encodeStatus({ ignition: true })) >>> 0).toString(16).toUpperCase().padStart(8, '0');

/**
 * V1 general message (H02 protocol §3): `*HQ,ID,V1,hhmmss,A,DDMM.MMMM,N,DDDMM.MMMM,E,speed,
 * course,ddmmyy,status#`, speed in knots with two decimals.
 */
export function encodeH02Position(fix: H02PositionInput): Uint8Array {
  checkId(fix.id, 20);
  const [time, date] = timeAndDate(fix.timeMs);
  const knots = (Math.max(0, fix.speedKmh) / KNOTS_TO_KMH).toFixed(2);
  const course = Math.round(((fix.course % 360) + 360) % 360) % 360;
  const fields = [
    '*HQ',
    fix.id,
    'V1',
    time,
    fix.valid ? 'A' : 'V',
    coordinate(fix.lat, 2),
    fix.lat < 0 ? 'S' : 'N',
    coordinate(fix.lon, 3),
    fix.lon < 0 ? 'W' : 'E',
    knots,
    pad(course, 3),
    date,
    statusHex(fix.status),
  ];
  return ascii(`${fields.join(',')}#`);
}

/**
 * The 32-byte binary report (H02 protocol, binary data format; layout in binary.ts): speed in
 * whole knots (at most 999), then the short tail (alarm flag 0xFF, two zero bytes).
 */
export function encodeH02Binary(fix: H02PositionInput): Uint8Array {
  checkId(fix.id, 10);
  const [time, date] = timeAndDate(fix.timeMs);
  const [latDeg, latMin] = degreesMinutes(fix.lat);
  const [lonDeg, lonMin] = degreesMinutes(fix.lon);
  const flags = (fix.lon >= 0 ? 0x8 : 0) | (fix.lat >= 0 ? 0x4 : 0) | (fix.valid ? 0x2 : 0);
  const knots = Math.min(999, Math.round(Math.max(0, fix.speedKmh) / KNOTS_TO_KMH));
  const course = Math.round(((fix.course % 360) + 360) % 360) % 360;
  const digits = [
    fix.id.padStart(10, '0'),
    time,
    date,
    pad(latDeg, 2) + pad(latMin, 6),
    '00',
    pad(lonDeg, 3) + pad(lonMin, 6) + flags.toString(16),
    pad(knots, 3) + pad(course, 3),
    statusHex(fix.status),
    'ff0000',
  ].join('');
  const out = new Uint8Array(32);
  out[0] = 0x24;
  for (let i = 0; i < 31; i++) out[i + 1] = parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** HTBT heartbeat with an optional battery percentage (inferred from captures, see text.ts). */
export function encodeH02Heartbeat(id: string, batteryLevel?: number): Uint8Array {
  checkId(id, 20);
  return ascii(batteryLevel === undefined ? `*HQ,${id},HTBT#` : `*HQ,${id},HTBT,${Math.round(batteryLevel)}#`);
}

/**
 * The server's answer to a report that waits for one: the V4 confirmation form of H02
 * protocol §3 naming the report, with the server time as yyyyMMddHHmmss (UTC).
 */
export function encodeH02Reply(maker: string, id: string, type: string, timeMs: number): Uint8Array {
  const d = new Date(timeMs);
  const stamp =
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1, 2) +
    pad(d.getUTCDate(), 2) +
    pad(d.getUTCHours(), 2) +
    pad(d.getUTCMinutes(), 2) +
    pad(d.getUTCSeconds(), 2);
  return ascii(`*${maker},${id},V4,${type},${stamp}#`);
}
