import type { Alarm } from '@jejak/domain';
import { digitsToBcd } from '../codec/bcd.ts';
import { addressOf, formatMessage, type Jt808Address } from './reply.ts';

/**
 * Terminal messages as a JT/T 808-2013 terminal sends them, for tests and the simulator. Frames
 * come out escaped, as on the wire.
 */
export interface Jt808LocationInput {
  /** Terminal phone number digits (up to 12). */
  phone: string;
  serial: number;
  /** Fix time, epoch ms UTC (sent in Beijing time, GMT+8). */
  time: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude?: number;
  alarm?: Alarm;
  ignition?: boolean;
  valid?: boolean;
  satellites?: number;
  /** Mileage in metres (item 0x01, sent in 1/10 km). */
  odometer?: number;
}

/** The alarm flag bit (JT/T 808-2013 Table 24) the encoder sets for each alarm of ours. */
const ALARM_BITS: Readonly<Record<Alarm, number | null>> = {
  sos: 0,
  overspeed: 1,
  lowBattery: 7,
  powerCut: 8,
  vibration: 15,
  tampering: 16,
  geofence: 20,
  towing: 28,
  accident: 29,
  removing: null,
  hardAcceleration: null,
  hardBraking: null,
  hardCornering: null,
  jamming: null,
};

const u16 = (v: number): number[] => [(v >> 8) & 0xff, v & 0xff];
const u32 = (v: number): number[] => [...u16(Math.floor(v / 0x10000) & 0xffff), ...u16(v & 0xffff)];

/** Location information report 0x0200 (JT/T 808-2013 §8.18, Tables 23–27). */
export function encodeJt808Location(fix: Jt808LocationInput): Uint8Array {
  const bit = fix.alarm === undefined ? null : ALARM_BITS[fix.alarm];
  const alarmFlags = bit === null ? 0 : 2 ** bit;
  const status = (fix.ignition ? 1 : 0) | ((fix.valid ?? true) ? 2 : 0) | (fix.lat < 0 ? 4 : 0) | (fix.lon < 0 ? 8 : 0);
  const body = [
    ...u32(alarmFlags),
    ...u32(status),
    ...u32(Math.round(Math.abs(fix.lat) * 1e6)),
    ...u32(Math.round(Math.abs(fix.lon) * 1e6)),
    ...u16(Math.round(fix.altitude ?? 0) & 0xffff),
    ...u16(Math.round(fix.speedKmh * 10)),
    ...u16(Math.round(fix.course) % 360),
    ...beijingBcd(fix.time),
  ];
  if (fix.odometer !== undefined) body.push(0x01, 4, ...u32(Math.round(fix.odometer / 100)));
  if (fix.satellites !== undefined) body.push(0x31, 1, fix.satellites & 0xff);
  return formatMessage(0x0200, addressOf(fix.phone), fix.serial, Uint8Array.from(body));
}

export interface Jt808RegisterInput {
  phone: string;
  serial: number;
  maker?: string;
  model?: string;
  terminalId?: string;
  plate?: string;
}

/** Terminal registration 0x0100 (JT/T 808-2013 §8.5): province, city, maker, model, id, plate colour, plate. */
export function encodeJt808Register(reg: Jt808RegisterInput): Uint8Array {
  const body = [
    ...u16(0),
    ...u16(0),
    ...padded(reg.maker ?? 'JEJAK', 5),
    ...padded(reg.model ?? 'JT808', 20),
    ...padded(reg.terminalId ?? reg.phone.slice(-7), 7),
    reg.plate ? 1 : 0,
    ...Array.from(reg.plate ?? '', (c) => c.charCodeAt(0) & 0xff),
  ];
  return formatMessage(0x0100, addressOf(reg.phone), reg.serial, Uint8Array.from(body));
}

/** Terminal heartbeat 0x0002 (JT/T 808-2013 §8.3): an empty body. */
export function encodeJt808Heartbeat(hb: { phone: string; serial: number }): Uint8Array {
  return formatMessage(0x0002, addressOf(hb.phone), hb.serial, new Uint8Array(0));
}

/** Terminal authentication 0x0102 (JT/T 808-2013 §8.6): the code the registration response gave. */
export function encodeJt808Auth(auth: { phone: string; serial: number; code: string }): Uint8Array {
  const to: Jt808Address = addressOf(auth.phone);
  return formatMessage(
    0x0102,
    to,
    auth.serial,
    Uint8Array.from(auth.code, (c) => c.charCodeAt(0) & 0xff),
  );
}

function padded(text: string, length: number): number[] {
  const out = Array.from(text.slice(0, length), (c) => c.charCodeAt(0) & 0xff);
  while (out.length < length) out.push(0);
  return out;
}

/** BCD[6] YYMMDDhhmmss in Beijing time (GMT+8). */
function beijingBcd(ms: number): number[] {
  const d = new Date(ms + 8 * 3_600_000);
  const parts = [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
  return Array.from(digitsToBcd(parts.map((v) => String(v).padStart(2, '0')).join(''), 6));
}
