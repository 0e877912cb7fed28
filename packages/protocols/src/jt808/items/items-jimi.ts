import type { ByteReader } from '../../codec/byte-reader.ts';
import { bytesToHex } from '../../codec/hex.ts';
import { readJcStatus, readSubItems } from './items-extended.ts';
import type { ItemContext, ItemReader } from './item-context.ts';
import { ascii } from './items-vendor.ts';
import { addAlarm, AOVX_MODELS } from './attributes.ts';
import { readObdRt } from './obd.ts';

/**
 * Items 0xD0–0xFF, the block Jimi/Concox, AOVX and similar terminals use for battery, power,
 * firmware, Bluetooth tags and sensors (layouts from the vendors' JT808 extension notes and the
 * captures in ../shared/vectors). Unknown ids are skipped.
 */
const JIMI: ReadonlyMap<number, ItemReader> = new Map<number, ItemReader>([
  [0xd0, (r, c) => (r.readU32('user status') & 0x8 ? addAlarm(c.attributes, 'vibration') : undefined)],
  [0xd3, (r, c) => (c.attributes.power = r.readU16('power voltage') / 10)],
  [0xd4, readBatteryLevel],
  [0xe1, readBatteryLevel],
  [0xe9, readBatteryLevel],
  [0xd5, (r, c) => c.length === 2 && (c.attributes.battery = r.readU16('battery voltage') / 100)],
  [0xe2, (r, c) => c.model !== 'DT800' && (c.attributes.fuel = r.readU32('fuel') / 10)],
  [0xe3, readBattery],
  [0xe4, readCharge],
  [0xe5, (r, c) => c.length === 1 && (c.attributes.motion = r.readU8('motion') === 1)],
  [0xe6, readSensors],
  [0xe7, readAlarmWord],
  [0xe8, readJcStatus],
  [0xeb, readSubItems],
  [0xed, (r, c) => (c.attributes.card = ascii(r.readRest()).trim())],
  [0xee, readSignalBlock],
  [0xf1, (r, c) => (c.attributes.power = r.readU32('power voltage') / 1000)],
  [0xf2, (r, c) => (c.attributes.versionFw = ascii(r.readRest()))],
  [0xf3, readTags],
  [0xf7, readBatteryStatus],
  [0xf8, readF8],
  [0xfc, (r, c) => (c.attributes.geofence = r.readU8('geofence'))],
  [0xfe, readFe],
]);

export const readJimiItem: ItemReader = (r, ctx) => JIMI.get(ctx.id)?.(r, ctx);

/** D4/E1/E9 of one byte: battery percentage, 0xFF while charging; E1 of two bytes: power in 1/10 V. */
function readBatteryLevel(r: ByteReader, c: ItemContext): void {
  if (c.length === 1) {
    const level = r.readU8('battery level');
    if (level === 0xff) c.attributes.charge = true;
    else c.attributes.batteryLevel = level;
  } else if (c.id === 0xe1 && c.length === 2) c.attributes.power = r.readU16('power voltage') / 10;
  else if (c.length === 4) c.attributes.driverUniqueId = String(r.readU32('driver id'));
}

function readBattery(r: ByteReader, c: ItemContext): void {
  r.skip(1, 'reserved');
  c.attributes.batteryLevel = r.readU8('battery level');
  c.attributes.battery = r.readU16('battery voltage') / 100;
}

/** E4: charge state (0 = charging) and battery percentage. */
function readCharge(r: ByteReader, c: ItemContext): void {
  if (r.readU8('charge state') === 0) c.attributes.charge = true;
  c.attributes.batteryLevel = r.readU8('battery level');
}

/** E6: `$OBD-RT,…` text, or Bluetooth temperature/humidity sensors of 11 bytes each. */
function readSensors(r: ByteReader, c: ItemContext): void {
  const text = ascii(r.peekBytes(Math.min(7, c.length)));
  if (text === '$OBD-RT') readObdRt(ascii(r.readRest()), c.attributes);
  else if (c.length >= 11 && c.length % 11 === 0) {
    while (r.remaining >= 11) {
      const n = r.readU8('sensor index');
      r.skip(6, 'sensor MAC');
      c.attributes[`temp${n}`] = customDouble(r);
      c.attributes[`humidity${n}`] = customDouble(r);
    }
  }
}

function customDouble(r: ByteReader): number {
  const whole = r.readU8('integer part');
  const signed = whole >= 0x80 ? whole - 0x100 : whole;
  const value = Math.abs(signed) + r.readU8('fraction') / 255;
  return signed < 0 ? -value : value;
}

function readAlarmWord(r: ByteReader, c: ItemContext): void {
  if (c.length !== 8) return;
  const word = r.readU16('alarm word');
  if (word & 0x1e) addAlarm(c.attributes, 'sos');
  if (word & 0x1) addAlarm(c.attributes, 'vibration');
}

function readSignalBlock(r: ByteReader, c: ItemContext): void {
  if (c.length !== 6) return;
  c.attributes.gsm = r.readU8('signal');
  c.attributes.power = r.readU16('power voltage') / 1000;
  c.attributes.battery = r.readU16('battery voltage') / 1000;
  c.attributes.sat = r.readU8('satellites');
}

/** F3 on AL300/GL100: Bluetooth tags (a field mask, then MAC, RSSI and the masked fields each). */
function readTags(r: ByteReader, c: ItemContext): void {
  if (c.model === undefined || !AOVX_MODELS.has(c.model)) return;
  const mask = r.readU8('tag mask');
  const sizes = [10, 2, 2, 2, 2, 6, 2, 2];
  for (let n = 1; r.remaining >= 7; n++) {
    c.attributes[`tag${n}Mac`] = bytesToHex(r.readBytes(6, 'tag MAC'));
    c.attributes[`tag${n}Rssi`] = signed8(r.readU8('tag RSSI'));
    sizes.forEach((size, bit) => {
      if (!(mask & (1 << bit))) return;
      if (bit === 0) c.attributes[`tag${n}Name`] = ascii(r.readBytes(size, 'tag name')).trim();
      else if (bit === 2) c.attributes[`tag${n}Battery`] = r.readU16('tag battery') / 1000;
      else if (bit === 3) c.attributes[`tag${n}Temp`] = r.readI16('tag temperature') / 10;
      else if (bit === 4) c.attributes[`tag${n}Humidity`] = r.readI16('tag humidity') / 10;
      else r.skip(size, 'tag field');
    });
  }
}

/** F7: battery (mV), then status (2 or 3 while charging) and percentage. */
function readBatteryStatus(r: ByteReader, c: ItemContext): void {
  if (c.length === 2) {
    c.attributes.humidity = r.readU16('humidity') / 10;
    return;
  }
  c.attributes.battery = r.readU32('battery voltage') / 1000;
  if (c.length >= 5) {
    const status = r.readU8('battery status');
    if (status === 2 || status === 3) c.attributes.charge = true;
  }
  if (c.length >= 6) c.attributes.batteryLevel = r.readU8('battery level');
}

function readF8(r: ByteReader, c: ItemContext): void {
  if (c.model !== undefined && AOVX_MODELS.has(c.model)) {
    r.skip(9, 'working mode and IMEI');
    c.attributes.iccid = bytesToHex(r.readBytes(10, 'ICCID'));
  } else if (c.model === 'C5' || c.model === 'C5L') c.attributes.steps = r.readU16('steps');
  else c.attributes.temp2 = r.readU16('temperature') / 10 - 50;
}

/** FE: battery percentage (1 byte), power in 1/10 V (2), odometer in m (4). */
function readFe(r: ByteReader, c: ItemContext): void {
  if (c.length === 1) c.attributes.batteryLevel = r.readU8('battery level');
  else if (c.length === 2) c.attributes.power = r.readU16('power voltage') / 10;
  else if (c.length === 4) c.attributes.odometer = r.readU32('odometer');
}

const signed8 = (v: number): number => (v >= 0x80 ? v - 0x100 : v);
