import { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { infoAttributes } from './binary-info.ts';
import { decodeCompressed } from './compressed.ts';
import type { Decoded } from './text-decoder.ts';

/*
 * Queclink @Track binary reports. No edition of the binary protocol document was at hand, so the
 * layout here is inferred from the captured packets and kept to what they show consistently:
 *   tag (4, e.g. "+RSP"), message type (1), report mask (4, or 1 for ACK/LGN), length (2, or 1 for
 *   ACK), device type (1), protocol version (2), firmware version (2), unique id (8), fields
 *   selected by the mask, … send time (7), count number (2), check (2), CR LF.
 * The unique id is the IMEI as seven bytes of two decimal digits each and a last byte of one digit,
 * or the device name in ASCII. Fields before the GPS block depend on the mask and message type in
 * ways the captures do not pin down, so the GPS block is located by its shape (see `findFix`).
 */

export class UnsupportedBinary extends Error {}

/** +RSP type 0x64 packs many fixes with delta compression (see compressed.ts). */
const COMPRESSED = 0x64;
const TRAILER = 13;

export function decodeBinaryReport(frame: Uint8Array): Decoded {
  const tag = String.fromCharCode(...frame.subarray(1, 4));
  if (frame.length < 24) throw new DecodeError(`binary +${tag} frame too short (${frame.length} bytes)`);
  if (frame[frame.length - 2] !== 0x0d || frame[frame.length - 1] !== 0x0a) {
    throw new DecodeError(`binary +${tag} frame does not end in CR LF`);
  }
  const type = frame[4] ?? 0;
  switch (tag) {
    case 'RSP':
    case 'BSP':
    case 'EVT':
    case 'BVT':
      return type === COMPRESSED ? compressedReport(frame, tag) : locationReport(frame, tag, type);
    case 'ACK':
      return simple(frame, uniqueId(frame.subarray(12, 20)), { event: `ACK-${type}` });
    case 'LGN':
      return login(frame);
    case 'INF':
      return simple(frame, uniqueId(frame.subarray(9, 17)), { event: `INF-${type}`, ...infoAttributes(frame) });
    default:
      throw new UnsupportedBinary(`binary +${tag} reports are not supported`);
  }
}

function locationReport(frame: Uint8Array, tag: string, type: number): Decoded {
  const end = frame.length - TRAILER;
  const imei = uniqueId(frame.subarray(16, 24));
  const event = `${tag}-${type}`;
  const at = findFix(frame, 24, end);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const messages: NormalizedMessage[] = [];
  // Further fixes follow the first, 32 bytes each, as long as they are whole and plausible.
  for (let i = 0; at >= 0 && i < (frame[at] ?? 0); i++) {
    const start = at + 1 + 32 * i;
    if (start + 32 > end || !plausibleTime(view, start + 16)) break;
    const m = readFix(new ByteReader(frame, start, end));
    m.attributes.event = event;
    if (tag === 'BSP' || tag === 'BVT') m.memory = true;
    messages.push(m);
  }
  return messages.length > 0 ? { imei, messages, reply: null, warnings: [] } : simple(frame, imei, { event });
}

/** Compressed fixes, all from the device's buffer; battery and power as at sending. */
function compressedReport(frame: Uint8Array, tag: string): Decoded {
  const imei = uniqueId(frame.subarray(16, 24));
  const report = decodeCompressed(frame);
  const event = `${tag}-${COMPRESSED}`;
  const messages = report.messages.map((m) => ({
    ...m,
    satellites: report.satellites,
    attributes: { ...m.attributes, event, batteryLevel: report.batteryLevel, power: report.power },
  }));
  return messages.length > 0 ? { imei, messages, reply: null, warnings: [] } : simple(frame, imei, { event });
}

/**
 * The GPS block: number of fixes (1), then per fix GPS accuracy (1), speed (2 bytes km/h and 1 byte
 * tenths), azimuth (2), altitude (2, signed), longitude and latitude (4 each, signed, millionths of
 * a degree), GPS UTC time (year 2, month, day, hour, minute, second), MCC, MNC, LAC, cell id (2
 * each) and a reserved byte. Located as the first offset where the time, the coordinates, the
 * azimuth and the tenths all hold plausible values.
 */
function findFix(frame: Uint8Array, from: number, end: number): number {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  for (let k = from; k + 24 <= end; k++) {
    const count = view.getUint8(k);
    if (count < 1 || count > 15 || view.getUint8(k + 4) > 9 || view.getUint16(k + 5) > 360) continue;
    if (Math.abs(view.getInt32(k + 9)) > 180_000_000 || Math.abs(view.getInt32(k + 13)) > 90_000_000) continue;
    if (plausibleTime(view, k + 17)) return k;
  }
  return -1;
}

function plausibleTime(view: DataView, at: number): boolean {
  const [year, month, day, hour, minute, second] = [
    view.getUint16(at),
    view.getUint8(at + 2),
    view.getUint8(at + 3),
    view.getUint8(at + 4),
    view.getUint8(at + 5),
    view.getUint8(at + 6),
  ];
  return (
    year >= 2000 &&
    year < 2100 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

function readFix(r: ByteReader): NormalizedMessage {
  const hdop = r.readU8('GPS accuracy');
  const speedKmh = r.readU16('speed') + r.readU8('speed tenths') / 10;
  const course = r.readU16('azimuth');
  const altitude = r.readI16('altitude');
  const longitude = toSigned(r.readU32('longitude')) / 1_000_000;
  const latitude = toSigned(r.readU32('latitude')) / 1_000_000;
  const deviceTimeMs = readTime(r);
  const mcc = Number(r.readU16('MCC').toString(16));
  const mnc = Number(r.readU16('MNC').toString(16));
  const lac = r.readU16('LAC');
  const cellId = r.readU16('cell id');
  const attributes: Record<string, number> = mcc > 0 ? { hdop, mcc, mnc, lac, cellId } : { hdop };
  return {
    kind: 'position',
    deviceTimeMs,
    valid: hdop > 0,
    latitude,
    longitude,
    speedKmh,
    course,
    altitude,
    attributes,
  };
}

function readTime(r: ByteReader): number {
  const year = r.readU16('year');
  const [month, day, hour, minute, second] = [1, 2, 3, 4, 5].map(() => r.readU8('time')) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** A +LGN login: the IMEI follows seven bytes of header fields (inferred from one capture). */
function login(frame: Uint8Array): Decoded {
  const imei = uniqueId(frame.subarray(15, 23));
  if (!imei) throw new DecodeError('+LGN without a readable IMEI');
  return { imei, login: true, messages: [], reply: null, warnings: [] };
}

function simple(frame: Uint8Array, imei: string | null, attributes: Record<string, string | number>): Decoded {
  const at = frame.length - TRAILER;
  const message: NormalizedMessage = { kind: 'heartbeat', attributes };
  // An implausible send time is left out rather than failing the report.
  if (plausibleTime(new DataView(frame.buffer, frame.byteOffset, frame.byteLength), at)) {
    message.deviceTimeMs = readTime(new ByteReader(frame, at, frame.length));
  }
  return { imei, messages: [message], reply: null, warnings: [] };
}

/** IMEI from the 8-byte unique id (seven two-digit bytes and a one-digit byte), or null. */
export function uniqueId(bytes: Uint8Array): string | null {
  if (bytes.length !== 8) return null;
  let digits = '';
  for (let i = 0; i < 7; i++) {
    const b = bytes[i] ?? 0xff;
    if (b > 99) return null;
    digits += String(b).padStart(2, '0');
  }
  const last = bytes[7] ?? 0xff;
  return last > 9 ? null : digits + String(last);
}

const toSigned = (v: number): number => (v >= 0x80000000 ? v - 0x100000000 : v);
