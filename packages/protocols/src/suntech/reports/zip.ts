import { ByteReader } from '../../codec/byte-reader.ts';
import { bytesToHex } from '../../codec/hex.ts';
import { alertAttributes, emergencyAttributes } from '../alarms.ts';
import { positionOf, utcMs, type Attributes, type Decoded } from '../fields.ts';
import { Unsupported } from '../unsupported.ts';

/*
 * Legacy compressed ("Zip") reports (ST300/340 operation manual LATAM 1.41, 6-x-2 "Zip"): STX 0x02,
 * PKT_LEN (u16, bytes between it and ETX), HDR (0x10 status, 0x11 emergency, 0x12 event, 0x13
 * alert), DEV_ID (5 bytes BCD, 9 digits and a filler), MODEL, SW_VER (2), DATE_TIME (6 × u8), CELL (3),
 * LAT and LON (u8 degrees + 3 bytes BCD of 6 decimals), SPD and CRS (u16 + 1 byte BCD of 2
 * decimals), SATT_FIX (bit 7 fix, bit 6 latitude negative, bit 5 longitude negative, bits 4–0
 * satellites), DIST (u32 m), PWR_VOLT (u8 + 1 byte BCD), I/O (bit 0 ignition, 1–3 inputs, 4–5
 * outputs); then status MODE + MSG_NUM (u16), or a 1-byte id; then, when the device sends the hour
 * meter (HBM_STT, seen from the length), H_METER (u32 minutes), BCK_VOLT, MSG_TYPE; ETX 0x03.
 */

const HEADERS: Readonly<Record<number, string>> = { 0x10: 'STT', 0x11: 'EMG', 0x12: 'EVT', 0x13: 'ALT' };
const HOUR_METER_BYTES = 7;

export function decodeZip(frame: Uint8Array): Decoded {
  const r = new ByteReader(frame, 0, Math.max(0, frame.length - 1)); // ETX
  r.readU8('STX');
  r.readU16('length');
  const header = r.readU8('header');
  const type = HEADERS[header];
  if (!type) throw new Unsupported(`zip report header 0x${header.toString(16)} is not handled`);
  const id = bytesToHex(r.readBytes(5, 'device id')).slice(0, 9);
  if (!/^\d{9}$/.test(id)) throw new Unsupported(`zip device id ${id} is not BCD`);
  const attributes: Attributes = { type, model: r.readU8('model') };
  attributes.versionFw = String(r.readU16('software version'));
  const [y, mo, d, h, mi, s] = Array.from(r.readBytes(6, 'date/time'));
  const timeMs = utcMs(2000 + (y ?? 0), mo ?? 0, d ?? 0, h ?? 0, mi ?? 0, s ?? 0);
  attributes.lac = r.readU16('cell');
  r.readU8('cell BSIC');
  let lat = r.readU8('latitude') + Number(r.readBcd(3, 'latitude')) / 1e6;
  let lon = r.readU8('longitude') + Number(r.readBcd(3, 'longitude')) / 1e6;
  const speedKmh = hundredths(r, 'speed');
  const course = hundredths(r, 'course');
  const flags = r.readU8('satellites/fix');
  if (flags & 0x40) lat = -lat;
  if (flags & 0x20) lon = -lon;
  attributes.odometer = r.readU32('distance');
  attributes.power = volts(r, 'power voltage');
  const io = r.readU8('I/O');
  attributes.ignition = (io & 1) === 1;
  for (let i = 1; i <= 3; i++) attributes[`in${i}`] = ((io >> i) & 1) === 1;
  for (let i = 1; i <= 2; i++) attributes[`out${i}`] = ((io >> (i + 3)) & 1) === 1;
  const code = r.readU8('report id');
  if (type === 'STT') Object.assign(attributes, { mode: code, index: r.readU16('message number') });
  else if (type === 'ALT') Object.assign(attributes, alertAttributes(code));
  else if (type === 'EMG') Object.assign(attributes, emergencyAttributes(code));
  else attributes.event = code;
  let memory = false;
  if (r.remaining >= HOUR_METER_BYTES) {
    attributes.hours = r.readU32('hour meter') * 60_000;
    attributes.battery = volts(r, 'backup voltage');
    memory = r.readU8('message type') === 0;
  }
  const fix = { timeMs, lat, lon, speedKmh, course, satellites: flags & 0x1f, valid: (flags & 0x80) !== 0 };
  return { id, messages: [positionOf(fix, attributes, memory)], warnings: [] };
}

/** u8 volts and a BCD byte of hundredths. */
function volts(r: ByteReader, field: string): number {
  return (r.readU8(field) * 100 + Number(r.readBcd(1, field))) / 100;
}

/** u16 and a BCD byte of hundredths. */
function hundredths(r: ByteReader, field: string): number {
  return (r.readU16(field) * 100 + Number(r.readBcd(1, field))) / 100;
}
