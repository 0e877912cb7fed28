import type { ByteReader } from '../../codec/byte-reader.ts';
import { bytesToHex } from '../../codec/hex.ts';
import type { ItemContext, ItemReader } from './item-context.ts';
import { addAlarm } from './attributes.ts';

/**
 * Additional items in the range JT/T 808-2013 Table 27 leaves to "custom" use, as the terminals in
 * ../shared/vectors fill them (layouts inferred from those captures and the vendors' notes):
 * temperatures, lock and tyre sensors, active-safety (ADAS/DMS) alarms of JT/T 1078-era
 * terminals, voltages and identifiers. Unknown ids are skipped.
 */
const VENDOR: ReadonlyMap<number, ItemReader> = new Map<number, ItemReader>([
  [0x33, readMode],
  [0x51, readTemperatures],
  [0x56, (r, c) => (c.attributes.batteryLevel = r.readU8('battery level') * 10)],
  [0x57, readBehaviourAlarms],
  [0x60, readEvent],
  [0x63, readLocks],
  [0x64, readSafetyAlarm],
  [0x65, readSafetyAlarm],
  [0x69, (r, c) => (c.attributes.battery = r.readU16('battery voltage') / 100)],
  [0x70, readCrashAlarm],
  [0x77, readTyres],
  [0x82, (r, c) => (c.attributes.power = r.readU16('power voltage') / 10)],
  [0x94, (r, c) => c.length > 0 && (c.attributes.vin = ascii(r.readRest()))],
  [0xac, (r, c) => (c.attributes.odometer = r.readU32('odometer'))],
  [0xbc, (r, c) => (c.attributes.driver = ascii(r.readRest()).replace(/\0/g, '').trim())],
  [0xbd, (r, c) => (c.attributes.driverUniqueId = ascii(r.readRest()))],
  [0xcc, (r, c) => (c.attributes.iccid = ascii(r.readBytes(20, 'ICCID')))],
]);

export const readVendorItem: ItemReader = (r, ctx) => VENDOR.get(ctx.id)?.(r, ctx);

export function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/** 0x33: a work mode byte, or a lock's status text (`*M00,…`) carrying its battery in 1/100 V. */
function readMode(r: ByteReader, c: ItemContext): void {
  if (c.length === 1) {
    c.attributes.mode = r.readU8('mode');
    return;
  }
  const text = ascii(r.readRest());
  const volts = /^\*M00.{4}.{2}(\d{3})/.exec(text)?.[1];
  if (text.startsWith('*M00') && volts !== undefined) c.attributes.battery = Number(volts) / 100;
}

/** 0x51: one or eight temperatures in 1/10 °C, sign in bit 15; 0xFFFF means no sensor. */
function readTemperatures(r: ByteReader, c: ItemContext): void {
  if (c.length !== 2 && c.length !== 16) return;
  for (let i = 1; i <= c.length / 2; i++) {
    const v = r.readU16('temperature');
    if (v !== 0xffff) c.attributes[`temp${i}`] = (v & 0x8000 ? -(v & 0x7fff) : v) / 10;
  }
}

function readEvent(r: ByteReader, c: ItemContext): void {
  const event = r.readU16('event');
  c.attributes.event = event;
  if (event >= 0x61 && event <= 0x66) {
    r.skip(6, 'lock id');
    c.attributes.driverUniqueId = ascii(r.readBytes(8, 'card'));
  }
}

/** 0x63: electronic seals, 11 bytes each: id, battery (mV), seal state, physical state, signal. */
function readLocks(r: ByteReader, c: ItemContext): void {
  for (let i = 1; i <= Math.floor(c.length / 11); i++) {
    c.attributes[`lock${i}Id`] = bytesToHex(r.readBytes(6, 'lock id'));
    c.attributes[`lock${i}Battery`] = r.readU16('lock battery') / 1000;
    c.attributes[`lock${i}Seal`] = r.readU8('lock seal') === 0x31;
    r.skip(2, 'lock state and signal');
  }
}

/**
 * 0x64 ADAS and 0x65 DMS alarms (the active-safety extension of JT/T 808 used with JT/T 1078
 * terminals): alarm id, status, type; a long item ends with the 16-byte alarm label that names
 * the attachment files.
 */
function readSafetyAlarm(r: ByteReader, c: ItemContext): void {
  r.skip(5, 'alarm id and status');
  c.attributes[c.id === 0x64 ? 'adasAlarm' : 'dmsAlarm'] = r.readU8('alarm type');
  if (c.length >= 47) {
    r.skip(c.length - 6 - 16, 'alarm details');
    c.attributes.alarmLabel = bytesToHex(r.readBytes(16, 'alarm label'));
  }
}

/** 0x70: driving-behaviour alarm of the same extension: 1 acceleration, 2 braking, 3 turn, 0x16 crash. */
function readCrashAlarm(r: ByteReader, c: ItemContext): void {
  r.skip(5, 'alarm id and status');
  const type = r.readU8('alarm type');
  if (type === 0x01) addAlarm(c.attributes, 'hardAcceleration');
  if (type === 0x02) addAlarm(c.attributes, 'hardBraking');
  if (type === 0x03) addAlarm(c.attributes, 'hardCornering');
  if (type === 0x16) addAlarm(c.attributes, 'accident');
}

/** 0x77: tyre sensors, 8 bytes each: index, sensor id, pressure (1/40 bar, 10 bits), temperature −50, status. */
function readTyres(r: ByteReader, c: ItemContext): void {
  while (r.remaining >= 8) {
    const n = r.readU8('tyre index');
    c.attributes[`tire${n}SensorId`] = bytesToHex(r.readBytes(3, 'tyre sensor'));
    c.attributes[`tire${n}Pressure`] = (r.readU16('tyre pressure') & 0x3ff) / 40;
    c.attributes[`tire${n}Temp`] = r.readU8('tyre temperature') - 50;
    c.attributes[`tire${n}Status`] = r.readU8('tyre status');
  }
}

/** 0x57 alarm block (MV710G and similar): driving-behaviour alarm bits, switch state, a further alarm word. */
function readBehaviourAlarms(r: ByteReader, c: ItemContext): void {
  const behaviour = r.readU16('behaviour alarms');
  if (behaviour & 0x100) addAlarm(c.attributes, 'hardAcceleration');
  if (behaviour & 0x200) addAlarm(c.attributes, 'hardBraking');
  if (behaviour & 0x400) addAlarm(c.attributes, 'hardCornering');
}
