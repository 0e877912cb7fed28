import { digitsToBcd } from '../codec/bcd.ts';
import { crc16X25 } from '../codec/crc16-x25.ts';
import { COORDINATE_SCALE, encodeCourseStatus } from './fields.ts';

/** Protocol numbers this package writes (GT06 protocol §5). */
export const GT06_LOGIN = 0x01;
export const GT06_HEARTBEAT = 0x13;
export const GT06_GPS_22 = 0x22;

/**
 * A short frame around `content` (GT06 protocol §4): 78 78, length (protocol number through
 * CRC), protocol number, content, serial, CRC-ITU over length … serial, 0D 0A.
 */
export function encodeFrame(type: number, content: Uint8Array, serial: number): Uint8Array {
  const length = 1 + content.length + 2 + 2;
  if (length > 0xff) throw new RangeError(`content of ${content.length} bytes needs a long frame`);
  const out = new Uint8Array(length + 5);
  out[0] = 0x78;
  out[1] = 0x78;
  out[2] = length;
  out[3] = type;
  if (content.length > 0) out.set(content, 4);
  const at = 4 + content.length;
  out[at] = (serial >> 8) & 0xff;
  out[at + 1] = serial & 0xff;
  const crc = crc16X25(out, 2, at + 2);
  out[at + 2] = crc >> 8;
  out[at + 3] = crc & 0xff;
  out[at + 4] = 0x0d;
  out[at + 5] = 0x0a;
  return out;
}

/** The server's acknowledgement: the packet's protocol number and serial echoed back (GT06 protocol §5.1, server response). */
export function encodeAck(type: number, serial: number): Uint8Array {
  return encodeFrame(type, new Uint8Array(0), serial);
}

/** Reads an acknowledgement frame; null for anything else. */
export function decodeAck(frame: Uint8Array): { type: number; serial: number } | null {
  if (frame.length !== 10 || frame[0] !== 0x78 || frame[1] !== 0x78 || frame[2] !== 0x05) return null;
  if (crc16X25(frame, 2, 6) !== (((frame[6] ?? 0) << 8) | (frame[7] ?? 0))) return null;
  return { type: frame[3] ?? 0, serial: ((frame[4] ?? 0) << 8) | (frame[5] ?? 0) };
}

export function encodeLogin(imei: string, serial: number): Uint8Array {
  return encodeFrame(GT06_LOGIN, digitsToBcd(imei, 8), serial);
}

function dateTimeBytes(timeMs: number): number[] {
  const d = new Date(timeMs);
  const year = d.getUTCFullYear() - 2000;
  if (year < 0 || year > 99) throw new RangeError(`year ${d.getUTCFullYear()} cannot be sent`);
  return [year, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
}

export interface CellTowerInput {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
}

export interface Gps22Input {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  /** Sent from memory after the fact (the "GPS real-time re-upload" byte). */
  reupload: boolean;
  acc?: boolean;
  /** Defaults to a plausible Malaysian cell derived from the position. */
  cell?: CellTowerInput;
}

/** A Malaysian (MCC 502, Maxis MNC 12) cell that changes every ~1 km, so tracks look real. */
export function malaysianCell(lat: number, lon: number): CellTowerInput {
  const lac = 0x2000 + (Math.floor(Math.abs(lat) * 20) % 0x1000);
  const cellId = (Math.floor(Math.abs(lat) * 100) * 1000 + Math.floor(Math.abs(lon) * 100)) % 0xffffff;
  return { mcc: 502, mnc: 12, lac, cellId };
}

function u32(v: number): number[] {
  return [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
}

/**
 * 0x22 positioning packet (GT06N protocol): date-time, GPS block, cell, ACC, upload mode
 * (0x00 = at a fixed interval), real-time/re-upload.
 */
export function encodeGps22(fix: Gps22Input, serial: number): Uint8Array {
  const cell = fix.cell ?? malaysianCell(fix.lat, fix.lon);
  const word = encodeCourseStatus(fix.course, fix.lat, fix.lon, fix.valid);
  const content = [
    ...dateTimeBytes(fix.timeMs),
    0xc0 | Math.min(15, Math.max(0, Math.round(fix.satellites))),
    ...u32(Math.round(Math.abs(fix.lat) * COORDINATE_SCALE)),
    ...u32(Math.round(Math.abs(fix.lon) * COORDINATE_SCALE)),
    Math.min(255, Math.max(0, Math.round(fix.speedKmh))),
    word >> 8,
    word & 0xff,
    (cell.mcc >> 8) & 0x7f,
    cell.mcc & 0xff,
    cell.mnc & 0xff,
    (cell.lac >> 8) & 0xff,
    cell.lac & 0xff,
    (cell.cellId >> 16) & 0xff,
    (cell.cellId >> 8) & 0xff,
    cell.cellId & 0xff,
    fix.acc ? 1 : 0,
    0x00,
    fix.reupload ? 1 : 0,
  ];
  return encodeFrame(GT06_GPS_22, Uint8Array.from(content), serial);
}

export interface HeartbeatInput {
  acc: boolean;
  charging?: boolean;
  armed?: boolean;
  gpsTracking?: boolean;
  blocked?: boolean;
  /** 0–6 (GT06 protocol §5.4, voltage level); default 6. */
  voltageLevel?: number;
  /** 0–4 (GT06 protocol §5.4, GSM signal strength); default 4. */
  gsm?: number;
  /** Alarm byte; default 0 (normal). */
  alarm?: number;
}

/** 0x13 status packet: terminal information, voltage level, GSM strength, alarm, language (English). */
export function encodeHeartbeat(status: HeartbeatInput, serial: number): Uint8Array {
  const info =
    (status.armed ? 0x01 : 0) |
    (status.acc ? 0x02 : 0) |
    (status.charging ? 0x04 : 0) |
    ((status.gpsTracking ?? true) ? 0x40 : 0) |
    (status.blocked ? 0x80 : 0);
  const content = [info, status.voltageLevel ?? 6, status.gsm ?? 4, status.alarm ?? 0, 0x02];
  return encodeFrame(GT06_HEARTBEAT, Uint8Array.from(content), serial);
}

export const GT06_ALARM_16 = 0x16;

/**
 * 0x16 alarm packet (GT06 protocol §5.3) for an SOS press: the date-time, GPS block and cell of
 * the 0x22 fix, an LBS length byte, then the status block (terminal info: ACC and GPS tracking,
 * voltage level 6, GSM 4, alarm 0x01 SOS, language English). Simulators and tests send it.
 */
export function encodeSos16(fix: Gps22Input, serial: number): Uint8Array {
  const gps22 = encodeGps22(fix, serial);
  const content = gps22.slice(4, gps22.length - 6);
  const status = [0x40 | (fix.acc ? 0x02 : 0), 0x06, 0x04, 0x01, 0x02];
  const body = [...content.slice(0, 18), 0x09, ...content.slice(18, 26), ...status];
  return encodeFrame(GT06_ALARM_16, Uint8Array.from(body), serial);
}
