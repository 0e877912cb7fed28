import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { addAlarm, AOVX_MODELS, type Attributes, DOOR_MODELS } from './items/attributes.ts';
import { readItems } from './items/items.ts';

/** JT/T 808 terminals keep Beijing time (GMT+8) unless told otherwise. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/**
 * The alarm flags of JT/T 808-2013 §8.18 (Table 24, "alarm flag bits") mapped to our vocabulary:
 * bit 0 emergency → sos, 1 overspeed, 7 main power under-voltage → lowBattery, 8 main power off →
 * powerCut, 15/16/17 (vendor: vibration, tampering), 20 entering/leaving an area → geofence,
 * 28 illegal displacement → towing, 29 collision and 30 rollover → accident. The AL300/GL100
 * use the word for their own events, none of them ours.
 */
export function alarmFlagsAttributes(attributes: Attributes, flags: number, model: string | undefined): void {
  if (model !== undefined && AOVX_MODELS.has(model)) return;
  const bit = (n: number): boolean => Math.floor(flags / 2 ** n) % 2 === 1;
  if (bit(0)) addAlarm(attributes, 'sos');
  if (bit(29) || bit(30)) addAlarm(attributes, 'accident');
  if (bit(8)) addAlarm(attributes, 'powerCut');
  if (bit(1)) addAlarm(attributes, 'overspeed');
  if (bit(7)) addAlarm(attributes, 'lowBattery');
  if (bit(28)) addAlarm(attributes, 'towing');
  if (bit(16) || bit(17)) addAlarm(attributes, 'tampering');
  if (bit(15)) addAlarm(attributes, 'vibration');
  if (bit(20)) addAlarm(attributes, 'geofence');
}

export interface Coordinates {
  valid: boolean;
  latitude: number;
  longitude: number;
}

/**
 * Status bits and coordinates (JT/T 808-2013 §8.18, Table 25 "status bits"): bit 0 ACC → ignition,
 * 1 positioned → valid, 2 south latitude, 3 west longitude, 10 oil circuit cut → blocked; bit 16
 * is the door on the MV710G/MV810G and bit 26 (set) the charger on Jimi terminals. Latitude and
 * longitude are DWORDs in millionths of a degree.
 */
export function readCoordinates(r: ByteReader, attributes: Attributes, model: string | undefined): Coordinates {
  const status = r.readU32('status');
  const bit = (n: number): boolean => Math.floor(status / 2 ** n) % 2 === 1;
  attributes.ignition = bit(0);
  attributes.blocked = bit(10);
  if (model !== undefined && DOOR_MODELS.has(model)) attributes.door = bit(16);
  if (bit(26)) attributes.charge = true;
  const lat = r.readU32('latitude') / 1e6;
  const lon = r.readU32('longitude') / 1e6;
  if (lat > 90 || lon > 180) throw new DecodeError(`coordinates ${lat}, ${lon} out of range`);
  return { valid: bit(1), latitude: bit(2) ? -lat : lat, longitude: bit(3) ? -lon : lon };
}

/** BCD[6] YYMMDDhhmmss in Beijing time (GMT+8), as epoch ms UTC. */
export function readBeijingTime(r: ByteReader, field = 'time'): number {
  const at = r.offset;
  const d = r.readBcd(6, field);
  const [yy, mo, dd, hh, mi, ss] = [0, 2, 4, 6, 8, 10].map((i) => Number(d.slice(i, i + 2)));
  if (d.length !== 12 || !mo || mo > 12 || !dd || dd > 31 || (hh ?? 0) > 23 || (mi ?? 0) > 59 || (ss ?? 0) > 59) {
    throw new DecodeError(`${field} ${d} is not a date`, at);
  }
  return Date.UTC(2000 + (yy ?? 0), (mo ?? 1) - 1, dd ?? 1, hh, mi, ss) - BEIJING_OFFSET_MS;
}

/**
 * One location information report (JT/T 808-2013 §8.18 "location information report", Table 23):
 * alarm flags, status, latitude, longitude, altitude (m), speed (1/10 km/h), direction (0–359),
 * time (BCD, GMT+8), then the additional information items of Table 27.
 */
export function readLocation(
  r: ByteReader,
  model: string | undefined,
): { message: NormalizedMessage; warnings: string[] } {
  const attributes: Attributes = {};
  alarmFlagsAttributes(attributes, r.readU32('alarm flags'), model);
  const coords = readCoordinates(r, attributes, model);
  const altitude = r.readI16('altitude');
  const speedKmh = r.readU16('speed') / 10;
  const course = r.readU16('direction');
  const deviceTimeMs = readBeijingTime(r);
  const warnings = readItems(r, attributes, model);
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs,
    ...coords,
    altitude,
    speedKmh,
    course: course % 360,
    attributes,
  };
  moveSatellites(message);
  return { message, warnings };
}

/** Items store satellites as an attribute; our model has a field for them. */
export function moveSatellites(message: NormalizedMessage): void {
  const sat = message.attributes.sat;
  if (typeof sat === 'number') {
    message.satellites = sat;
    delete message.attributes.sat;
  }
}
