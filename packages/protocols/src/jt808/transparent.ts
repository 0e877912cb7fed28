import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import { ascii } from './items/items-vendor.ts';
import { addAlarm, type Attributes } from './items/attributes.ts';
import { readBeijingTime, readCoordinates } from './location.ts';
import { readObdRt } from './items/obd.ts';

/**
 * Data uplink pass-through 0x0900 (JT/T 808-2013 §8.62): a pass-through type byte, then content
 * the standard leaves to the vendor. Known contents: 0x40 text (`GTSL|…` card swipes), 0x41
 * `$OBD-RT` text, 0xF0 OBD data with a position (parameters, trouble codes, events), 0x53/0x54
 * a position with Bluetooth tags or sensor samples (AOVX GL100), 0xFF a plain position. Anything
 * else is kept as hex in `data`.
 */
export function readTransparent(r: ByteReader, model: string | undefined): NormalizedMessage {
  const type = r.readU8('pass-through type');
  const attributes: Attributes = {};
  if (type === 0x40 || type === 0x41) {
    const text = ascii(r.readRest()).replace(/^[\s\0-\x1f]+|[\s\0-\x1f]+$/g, '');
    if (type === 0x41) readObdRt(text, attributes);
    else if (text.startsWith('GTSL')) attributes.driverUniqueId = text.split('|')[4] ?? '';
    else attributes.data = text;
    return { kind: 'heartbeat', attributes };
  }
  if (type === 0xf0) return readObdData(r, attributes, model);
  if (type === 0x53 || type === 0x54 || type === 0xff) {
    const position = type === 0xff ? plainPosition(r, attributes) : readPosition(r, attributes, model);
    if (type === 0x53) readTags(r, attributes);
    return position;
  }
  return { kind: 'heartbeat', attributes: { transparentType: type, data: bytesToHex(r.readRest()) } };
}

function readPosition(r: ByteReader, attributes: Attributes, model: string | undefined): NormalizedMessage {
  const coords = readCoordinates(r, attributes, model);
  const altitude = r.readI16('altitude');
  const speedKmh = r.readU16('speed') / 10;
  const course = r.readU16('direction') % 360;
  return { kind: 'position', deviceTimeMs: readBeijingTime(r), ...coords, altitude, speedKmh, course, attributes };
}

function plainPosition(r: ByteReader, attributes: Attributes): NormalizedMessage {
  const deviceTimeMs = readBeijingTime(r);
  const latitude = r.readI32('latitude') / 1e6;
  const longitude = r.readI32('longitude') / 1e6;
  const altitude = r.readI16('altitude');
  const speedKmh = r.readU16('speed') / 10;
  const course = r.readU16('direction') % 360;
  return { kind: 'position', deviceTimeMs, valid: true, latitude, longitude, altitude, speedKmh, course, attributes };
}

/** 0x53: total node count, then per tag: index, MAC, RSSI, data length and data. */
function readTags(r: ByteReader, a: Attributes): void {
  r.readU8('node count');
  while (r.remaining >= 9) {
    const n = r.readU8('tag index') + 1;
    a[`tag${n}Mac`] = bytesToHex(r.readBytes(6, 'tag MAC'));
    const rssi = r.readU8('tag RSSI');
    a[`tag${n}Rssi`] = rssi >= 0x80 ? rssi - 0x100 : rssi;
    a[`tag${n}Data`] = bytesToHex(r.readBytes(Math.min(r.readU8('tag data length'), r.remaining)));
  }
}

/** OBD parameter ids of 0xF0 subtype 1 that have a shared name, with their scale. */
const OBD_PARAMS: ReadonlyMap<number, [string, (v: number) => number]> = new Map([
  [0x0102, ['odometer', (v: number) => v * 100]],
  [0x0528, ['odometer', (v: number) => v * 100]],
  [0x0546, ['odometer', (v: number) => v * 100]],
  [0x0103, ['fuel', (v: number) => v / 100]],
  [0x052a, ['fuel', (v: number) => v / 100]],
  [0x052b, ['fuel', (v: number) => v]],
  [0x052c, ['fuelUsed', (v: number) => v / 100]],
  [0x052d, ['coolantTemp', (v: number) => v - 40]],
  [0x0530, ['power', (v: number) => v / 1000]],
  [0x0535, ['obdSpeed', (v: number) => v / 10]],
  [0x0536, ['rpm', (v: number) => v]],
]);

/** 0xF0: time, archive flag, vehicle type, subtype (1 parameters, 2 trouble codes, 3 events), then a position. */
function readObdData(r: ByteReader, a: Attributes, model: string | undefined): NormalizedMessage {
  const deviceTimeMs = readBeijingTime(r);
  const memory = r.readU8('archive flag') > 0;
  r.skip(1, 'vehicle type');
  const subtype = r.readU8('subtype');
  if (subtype === 0x01) {
    for (let n = r.readU8('parameter count'); n > 0; n--) {
      const id = r.readU16('parameter id');
      const v = r.readBytes(r.readU8('parameter length'), 'parameter');
      const known = OBD_PARAMS.get(id);
      if (known && v.length <= 4) a[known[0]] = known[1](v.reduce((acc, b) => acc * 256 + b, 0));
    }
  } else if (subtype === 0x02) {
    const codes: string[] = [];
    for (let n = r.readU16('system count'); n > 0; n--) {
      r.skip(4, 'system id');
      for (let k = r.readU16('code count'); k > 0; k--) {
        r.skip(8, 'code and status');
        codes.push(
          ascii(r.readBytes(r.readU16('code length'), 'code'))
            .replace(/\0/g, '')
            .trim(),
        );
      }
    }
    a.dtcs = codes.join(' ');
  } else if (subtype === 0x03) {
    for (let n = r.readU8('event count'); n > 0; n--) {
      const id = r.readU8('event id');
      r.skip(r.readU8('event length'), 'event');
      if (id === 0x02) addAlarm(a, 'powerCut');
      else if (id === 0x1a) addAlarm(a, 'hardAcceleration');
      else if (id === 0x1b) addAlarm(a, 'hardBraking');
      else if (id === 0x1c) addAlarm(a, 'hardCornering');
      else if (id === 0x25) addAlarm(a, 'overspeed');
      else if (id >= 0x26 && id <= 0x28) addAlarm(a, 'accident');
    }
  } else {
    return { kind: 'heartbeat', deviceTimeMs, attributes: { ...a, obdSubtype: subtype } };
  }
  const coords = readCoordinates(r, a, model);
  return { kind: 'position', deviceTimeMs, ...coords, ...(memory ? { memory } : {}), attributes: a };
}
