import { ByteReader } from '../../codec/byte-reader.ts';
import { bytesToHex } from '../../codec/hex.ts';
import type { ItemContext } from './item-context.ts';
import { ascii } from './items-vendor.ts';
import { addAlarm, type Attributes, JC_MODELS } from './attributes.ts';

/**
 * Item 0xEB (Jimi/Concox and others): cell towers (MCC, MNC, then LAC/CI/signal of 5 bytes each),
 * a printable time zone such as `UTC+08:00`, or a chain of sub-items (u16 length that counts the
 * type, u16 type, data): fuel sensors, voltages, device status and alarm words, ICCID, battery.
 */
export function readSubItems(r: ByteReader, c: ItemContext): void {
  const bytes = r.readRest();
  const first = ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0);
  if (first > 200 && (bytes.length - 3) % 5 === 0) return; // cell towers: not kept
  if (bytes.length > 0 && bytes.every((b) => b >= 0x20 && b < 0x7f)) {
    c.attributes.timezone = ascii(bytes);
    return;
  }
  const sub = new ByteReader(bytes);
  while (sub.remaining >= 4) {
    const length = sub.readU16('sub-item length');
    if (length < 2 || length > sub.remaining) return;
    const data = new ByteReader(sub.readBytes(length));
    readSubItem(data.readU16('sub-item type'), data, length - 2, c.attributes);
  }
}

function readSubItem(type: number, r: ByteReader, length: number, a: Attributes): void {
  switch (type) {
    case 0x0001:
      a.fuel1 = r.readU16('fuel') / 10;
      return;
    case 0x0023: {
      const fuel = Number(ascii(r.readBytes(6, 'fuel')));
      if (Number.isFinite(fuel)) a.fuel2 = fuel;
      return;
    }
    case 0x002d:
      if (length === 4) a.power = r.readU32('power voltage') / 1000;
      else a.battery = r.readU16('battery voltage') / 1000;
      return;
    case 0x0089: {
      // Device status: a clear bit 12 means the terminal was taken off (the removal sensor).
      const word = r.readU32('device status');
      if (!(word & 0x1000)) addAlarm(a, 'removing');
      return;
    }
    case 0x00b2:
      a.iccid = bytesToHex(r.readBytes(10, 'ICCID')).replace(/f+$/, '');
      return;
    case 0x00c5: {
      // Alarm word: a clear bit 6 is vibration; bits 23–24 say moving (0) or still (1).
      const word = r.readU32('alarm word');
      if (!(word & 0x40)) addAlarm(a, 'vibration');
      const motion = Math.floor(word / 2 ** 23) & 0x3;
      if (motion === 0 || motion === 1) a.motion = motion === 0;
      return;
    }
    case 0x00c6: {
      const battery = r.readU8('battery alarm');
      if (battery === 3 || battery === 4) addAlarm(a, 'lowBattery');
      return;
    }
    case 0x00ce:
      a.power = r.readU16('power voltage') / 100;
      return;
    case 0x00a8:
    case 0x00e1:
      a.batteryLevel = r.readU8('battery level');
      return;
    default:
  }
}

/** Jimi JC-series event codes of item 0xE8 (JC371 and siblings) that are alarms of ours. */
const JC_ALARMS: ReadonlyMap<number, Parameters<typeof addAlarm>[1]> = new Map([
  [0x0400, 'hardAcceleration'],
  [0x0412, 'hardAcceleration'],
  [0x0401, 'hardBraking'],
  [0x0413, 'hardBraking'],
  [0x0402, 'hardCornering'],
  [0x0414, 'hardCornering'],
  [0x0403, 'overspeed'],
  [0x0405, 'accident'],
  [0x0416, 'accident'],
  [0x0417, 'accident'],
  [0x0406, 'vibration'],
  [0x0407, 'towing'],
  [0x0408, 'geofence'],
  [0x0409, 'geofence'],
  [0x0c01, 'sos'],
  [0x0c02, 'lowBattery'],
  [0x0c0e, 'powerCut'],
  [0x0c0f, 'lowBattery'],
  [0x0c12, 'tampering'],
]);

/**
 * Item 0xE8. On the JC-series dash cameras: a u16 type, then upload mode (0x2002), power and
 * battery state (0x2003), a status list (0x2005) or an event code; elsewhere a 3-byte lock status.
 */
export function readJcStatus(r: ByteReader, c: ItemContext): void {
  const a = c.attributes;
  if (c.model === undefined || !JC_MODELS.has(c.model)) {
    a.lockStatus = r.readUInt(3, 'lock status');
    return;
  }
  const type = r.readU16('JC item type');
  if (type === 0x0c03 || type === 0x0c04) a.ignition = type === 0x0c03;
  addAlarm(a, JC_ALARMS.get(type) ?? null);
  if (type === 0x2002) {
    r.skip(1, 'packet length');
    a.uploadMode = r.readU8('upload mode');
    a.buffered = r.readU8('buffered') === 1;
  } else if (type === 0x2003) {
    r.skip(1, 'packet length');
    a.charge = r.readU8('charging') === 1;
    const level = r.readU8('battery status');
    if (level >= 1 && level <= 6) a.batteryLevel = Math.floor((level * 100) / 6);
    a.battery = r.readU16('battery voltage') / 100;
    a.gsm = r.readU8('signal');
    a.power = r.readU16('power voltage') / 100;
  } else if (type === 0x2005) {
    r.skip(1, 'packet length');
    while (r.remaining >= 3) {
      const id = r.readU16('status id');
      const s = new ByteReader(r.readBytes(r.readU8('status length'), 'status'));
      if (id === 0x0001) a.battery = s.readU16('battery voltage') / 100;
      else if (id === 0x0003) a.batteryLevel = s.readU8('battery level');
      else if (id === 0x0004) a.charge = s.readU8('charging') === 0;
      else if (id === 0x0005) a.iccid = bytesToHex(s.readBytes(10, 'ICCID')).slice(0, 19);
      else if (id === 0x0007) a.hdop = s.readU16('HDOP') / 10;
      else if (id === 0x2001) a.power = s.readU16('power voltage') / 10;
    }
  }
}
