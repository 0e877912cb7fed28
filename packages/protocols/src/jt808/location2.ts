import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { addAlarm, type Attributes } from './items/attributes.ts';

/**
 * Jimi/Concox "location report 2" (0x5501) and its blind-area replay (0x5502), which carry the
 * JT600 binary location instead of JT/T 808 Table 23 (layout from the JT600 protocol notes and
 * the captures): time BCD DDMMYYhhmmss (UTC), latitude BCD ddmm.mmmm (8 digits), longitude BCD
 * dddmm.mmmm (9 digits) sharing a byte with the flags (bit 0 valid, 1 north, 2 east), speed BCD
 * (km/h), course in 2°, then signal, satellites, odometer (km), battery, cell, product, status,
 * alarm word and id/length items (0x02 altitude).
 */
export function readLocation2(r: ByteReader, blind: boolean): NormalizedMessage {
  const attributes: Attributes = {};
  const t = r.readBcd(6, 'time');
  const [dd, mo, yy, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(t.slice(i, i + 2)));
  const deviceTimeMs = Date.UTC(2000 + (yy ?? 0), (mo ?? 1) - 1, dd ?? 1, hh ?? 0, mi ?? 0, ss ?? 0);
  if (!mo || mo > 12 || !dd || dd > 31) throw new DecodeError(`time ${t} is not a date`);
  const lat = minutesToDegrees(r.readBcd(4, 'latitude'), 2);
  const lonBytes = r.readBytes(5, 'longitude and flags');
  const lonDigits = Array.from(lonBytes, (b) => `${b >> 4}${b & 0xf}`).join('');
  if (!/^\d{9}/.test(lonDigits)) throw new DecodeError(`longitude ${lonDigits} is not BCD`);
  const lon = minutesToDegrees(lonDigits.slice(0, 9), 3);
  const flags = (lonBytes[4] ?? 0) & 0x0f;
  const speedKmh = Number(r.readBcd(1, 'speed'));
  const course = (r.readU8('course') * 2) % 360;
  attributes.gsm = r.readU8('signal');
  const satellites = r.readU8('satellites');
  attributes.odometer = r.readU32('odometer') * 1000;
  const battery = r.readU8('battery');
  if (battery <= 100) attributes.batteryLevel = battery;
  else if (battery === 0xaa || battery === 0xab) attributes.charge = true;
  r.skip(6, 'cell id and LAC');
  productAlarms(attributes, r.readU8('product'), r.readU16('status'), r.readU16('alarm'));
  let altitude: number | undefined;
  while (r.remaining >= 2) {
    const id = r.readU8('item id');
    const item = r.readBytes(Math.min(r.readU8('item length'), r.remaining), 'item');
    if (id === 0x02 && item.length === 2) altitude = (((item[0] ?? 0) << 24) | ((item[1] ?? 0) << 16)) >> 16;
  }
  return {
    kind: 'position',
    deviceTimeMs,
    valid: !blind && (flags & 0x1) !== 0,
    latitude: flags & 0x2 ? lat : -lat,
    longitude: flags & 0x4 ? lon : -lon,
    speedKmh,
    course,
    satellites,
    ...(altitude === undefined ? {} : { altitude }),
    ...(blind ? { memory: true } : {}),
    attributes,
  };
}

/** `ddmmmmmm` or `dddmmmmmm`: whole degrees, then minutes with four decimals. */
function minutesToDegrees(digits: string, degreeDigits: number): number {
  const degrees = Number(digits.slice(0, degreeDigits));
  const minutes = Number(digits.slice(degreeDigits)) / 10000;
  return Math.round((degrees + minutes / 60) * 1e6) / 1e6;
}

/** Product 3 (vehicle terminal): status bit 5 is the relay; alarm bits 0 overspeed, 1 low power, 2 vibration, 3 low battery, 5/6 geofence. */
function productAlarms(a: Attributes, product: number, status: number, alarm: number): void {
  a.status = status;
  if ((product === 1 || product === 2) && alarm & 0x1) addAlarm(a, 'lowBattery');
  if (product !== 3) return;
  a.blocked = (status & 0x20) !== 0;
  if (alarm & 0x1) addAlarm(a, 'overspeed');
  if (alarm & 0x2 || alarm & 0x8) addAlarm(a, 'lowBattery');
  if (alarm & 0x4) addAlarm(a, 'vibration');
  if (alarm & 0x60) addAlarm(a, 'geofence');
}
