import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { EPOCH_2000_MS, eventAttributes, type Attributes } from './events.ts';
import { applyCceExtras } from './cce-extras.ts';
import { LeReader } from './le-reader.ts';

/** One CCE parameter: its id (0x01–0xFD, or 0xFExx for the two-byte ids) and raw value. */
type Params = Map<number, number | Uint8Array>;

/**
 * CCE, the binary report (Meitrack CCE protocol, "data packet format"): number of records still in
 * the device's cache (u32), number of data packets (u16), then each packet: its length (u16, not
 * counting itself), the number of parameters (u16) and four groups — parameters with 1-, 2- and
 * 4-byte values and parameters with a 1-byte length of their own — each group starting with its
 * count. An id byte 0xFE introduces a two-byte id. Integers are little-endian.
 */
export function decodeCce(params: Uint8Array, warnings: string[]): NormalizedMessage[] {
  const r = new LeReader(params);
  r.uint(4, 'cached record count');
  const packets = r.uint(2, 'packet count');
  const messages: NormalizedMessage[] = [];
  for (let p = 0; p < packets; p++) {
    const packet = r.window(r.uint(2, 'packet length'), `packet ${p + 1}`);
    messages.push(cceMessage(readParams(packet, p + 1, warnings)));
  }
  if (r.remaining > 0) warnings.push(`${r.remaining} byte(s) after the last CCE packet`);
  return messages;
}

function readParams(r: LeReader, index: number, warnings: string[]): Params {
  const declared = r.uint(2, 'parameter count');
  const out: Params = new Map();
  for (const size of [1, 2, 4]) {
    const count = r.u8(`${size}-byte parameter count`);
    for (let i = 0; i < count; i++) {
      const id = readId(r);
      out.set(id, SIGNED.has(id) ? r.int(size, `parameter ${hexId(id)}`) : r.uint(size, `parameter ${hexId(id)}`));
    }
  }
  if (r.remaining > 0) {
    const count = r.u8('variable-length parameter count');
    for (let i = 0; i < count; i++) {
      const id = readId(r);
      out.set(id, r.bytesOf(r.u8(`length of ${hexId(id)}`), `parameter ${hexId(id)}`));
    }
  }
  if (out.size !== declared) warnings.push(`packet ${index}: ${declared} parameters declared, ${out.size} read`);
  if (r.remaining > 0) warnings.push(`packet ${index}: ${r.remaining} byte(s) left unread`);
  return out;
}

function readId(r: LeReader): number {
  const first = r.u8('parameter id');
  return first === 0xfe ? 0xfe00 | r.u8('parameter id') : first;
}

/** Latitude, longitude and altitude are signed. */
const SIGNED = new Set([0x02, 0x03, 0x0b]);

/**
 * The CCE parameter ids we read (Meitrack CCE protocol, "parameter ID list"): 0x01 event code,
 * 0x05 fix status, 0x06 satellites, 0x07 GSM signal, 0x14 output and 0x15 input port status,
 * 0x08 speed km/h, 0x09 course, 0x0A HDOP × 10, 0x0B altitude m, 0x19 battery and 0x1A external
 * power (AD4, AD5; in 0.01 V — the scale is inferred from the captures, which read 4.1–4.2 V
 * batteries and 12/24 V vehicles), 0x40 event code (two bytes), 0x02/0x03 latitude/longitude in
 * millionths of a degree, 0x04 time in seconds since 2000, 0x0C mileage m, 0x0E base station
 * (MCC, MNC, LAC u16 and cell id u32). 0xFEF4 is engine hours in minutes (inferred from a capture
 * whose expected value is minutes × 60 000 ms).
 */
function cceMessage(p: Params): NormalizedMessage {
  const num = (id: number): number | undefined => {
    const v = p.get(id);
    return typeof v === 'number' ? v : undefined;
  };
  const event = num(0x40) ?? num(0x01);
  const attributes: Attributes = event === undefined ? {} : eventAttributes(event);
  applyCceExtras(p, attributes);
  const set = (key: string, v: number | undefined) => {
    if (v !== undefined) attributes[key] = v;
  };
  set('gsm', num(0x07));
  set('output', num(0x14));
  set('input', num(0x15));
  set('hdop', scaled(num(0x0a), 10));
  set('battery', scaled(num(0x19), 100));
  set('power', scaled(num(0x1a), 100));
  set('odometer', num(0x0c));
  const engineMinutes = num(0xfef4);
  set('hours', engineMinutes === undefined ? undefined : engineMinutes * 60_000);
  const cell = p.get(0x0e);
  if (cell instanceof Uint8Array && cell.length >= 10) Object.assign(attributes, cellOf(new LeReader(cell)));

  const time = num(0x04);
  const deviceTimeMs = time === undefined ? undefined : EPOCH_2000_MS + time * 1000;
  const lat = num(0x02);
  const lon = num(0x03);
  if (lat === undefined || lon === undefined || deviceTimeMs === undefined) {
    return deviceTimeMs === undefined
      ? { kind: 'heartbeat', attributes }
      : { kind: 'heartbeat', deviceTimeMs, attributes };
  }
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs,
    valid: num(0x05) === 1,
    latitude: coordinate(lat, 90),
    longitude: coordinate(lon, 180),
    attributes,
  };
  const satellites = num(0x06);
  const speedKmh = num(0x08);
  const course = num(0x09);
  const altitude = num(0x0b);
  if (satellites !== undefined) message.satellites = satellites;
  if (speedKmh !== undefined) message.speedKmh = speedKmh;
  if (course !== undefined) message.course = course;
  if (altitude !== undefined) message.altitude = altitude;
  return message;
}

/**
 * CCC, the older binary report (Meitrack GPRS protocol, "CCC – binary data"; layout confirmed
 * against the captures): protocol version (u16), record size (u16, 52), a record count (u32)
 * that does not always match the frame, then records of: event code u8, latitude i32,
 * longitude i32, time u32 (seconds since 2000), fix status u8, satellites u8, GSM signal u8,
 * speed u16 km/h, course u16, HDOP u16 × 10, altitude i16, mileage u32 m, run time u32,
 * MCC/MNC/LAC/cell id u16 each, then I/O status and five analog inputs (not read).
 */
export function decodeCcc(params: Uint8Array, warnings: string[]): NormalizedMessage[] {
  const r = new LeReader(params);
  r.uint(2, 'protocol version');
  const size = r.uint(2, 'record size');
  if (size < 52) throw new DecodeError(`CCC record size ${size} is shorter than the 52-byte layout`);
  r.uint(4, 'record count');
  const messages: NormalizedMessage[] = [];
  while (r.remaining >= size) messages.push(cccRecord(r.window(size, `record ${messages.length + 1}`)));
  if (r.remaining > 0) warnings.push(`${r.remaining} byte(s) after the last whole CCC record`);
  if (messages.length === 0) throw new DecodeError('CCC report without records');
  return messages;
}

function cccRecord(r: LeReader): NormalizedMessage {
  const attributes = eventAttributes(r.u8('event code'));
  const latitude = coordinate(r.int(4, 'latitude'), 90);
  const longitude = coordinate(r.int(4, 'longitude'), 180);
  const deviceTimeMs = EPOCH_2000_MS + r.uint(4, 'time') * 1000;
  const valid = r.u8('fix status') === 1;
  const satellites = r.u8('satellites');
  attributes.gsm = r.u8('GSM signal');
  const speedKmh = r.uint(2, 'speed');
  const course = r.uint(2, 'course');
  attributes.hdop = r.uint(2, 'HDOP') / 10;
  const altitude = r.int(2, 'altitude');
  attributes.odometer = r.uint(4, 'mileage');
  r.uint(4, 'run time');
  Object.assign(attributes, {
    mcc: r.uint(2, 'MCC'),
    mnc: r.uint(2, 'MNC'),
    lac: r.uint(2, 'LAC'),
    cellId: r.uint(2, 'cell id'),
  });
  return {
    kind: 'position',
    deviceTimeMs,
    valid,
    latitude,
    longitude,
    satellites,
    speedKmh,
    course,
    altitude,
    attributes,
  };
}

function cellOf(r: LeReader): Attributes {
  const mcc = r.uint(2, 'MCC');
  const mnc = r.uint(2, 'MNC');
  const lac = r.uint(2, 'LAC');
  const cellId = r.uint(4, 'cell id');
  return mcc === 0 ? {} : { mcc, mnc, lac, cellId };
}

function coordinate(micro: number, limit: number): number {
  const v = micro / 1_000_000;
  if (Math.abs(v) > limit) throw new DecodeError(`coordinate ${v} out of range`);
  return v;
}

function scaled(v: number | undefined, divisor: number): number | undefined {
  return v === undefined ? undefined : Math.round((v / divisor) * 1000) / 1000;
}

const hexId = (id: number): string => `0x${id.toString(16).padStart(2, '0')}`;
