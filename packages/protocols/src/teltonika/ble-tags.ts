import { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { AttributeValue } from '../message.ts';

/**
 * Variable-length (codec 8 Extended NX) IO elements that carry a list of BLE sensors: 548
 * "BLE sensors" and 10828, 10829, 10831, 11317 (the same layout for EYE sensors and custom
 * BLE lists, per Teltonika's FMB "AVL ID" list and "BLE sensors" pages). A header byte, then
 * one block per sensor: its length, then parameters as id, length, value. Parameter ids: 0
 * RSSI, 1 beacon id, 2 flags, 5 name, 6 temperature (0.01 °C), 7 humidity (%), 8 magnet,
 * 9 motion, 10 motion count, 11 pitch, 12 roll, 13 low battery, 14 battery (mV; given as tag<n>Voltage in volts, tag<n>Battery being the % of IO 29 and its kin), 15 MAC.
 */
export const BLE_SENSOR_LIST_IDS: ReadonlySet<number> = new Set([548, 10828, 10829, 10831, 11317]);
/** 385 "Beacon": a data-part byte, then iBeacon (any of flag bits 4–7) or Eddystone entries. */
export const BEACON_LIST_ID = 385;

type Attrs = Record<string, AttributeValue>;

export function readBleSensorList(bytes: Uint8Array, attributes: Attrs): void {
  const r = new ByteReader(bytes);
  r.skip(1, 'BLE list header');
  for (let tag = 1; r.remaining > 0; tag++) {
    const length = r.readU8('BLE sensor length');
    const sensor = new ByteReader(r.readBytes(length, 'BLE sensor'));
    while (sensor.remaining > 0) readParameter(sensor, `tag${tag}`, attributes);
  }
}

function readParameter(r: ByteReader, p: string, attributes: Attrs): void {
  const id = r.readU8('BLE parameter id');
  const value = r.readBytes(r.readU8('BLE parameter length'), `BLE parameter ${id}`);
  const v = new ByteReader(value);
  const unsigned = () => (value.length === 0 ? 0 : v.readUInt(Math.min(value.length, 6), `BLE parameter ${id}`));
  const signed = () => {
    const raw = unsigned();
    const half = 2 ** (value.length * 8 - 1);
    return raw >= half ? raw - 2 * half : raw;
  };
  switch (id) {
    case 0:
      attributes[`${p}Rssi`] = signed();
      return;
    case 1:
      attributes[`${p}Id`] = bytesToHex(value);
      return;
    case 5:
      attributes[`${p}Name`] = String.fromCharCode(...value.filter((b) => b !== 0));
      return;
    case 6:
      attributes[`${p}Temp`] = signed() / 100;
      return;
    case 7:
      attributes[`${p}Humidity`] = unsigned();
      return;
    case 8:
      attributes[`${p}Magnet`] = unsigned() > 0;
      return;
    case 9:
      attributes[`${p}Motion`] = unsigned() > 0;
      return;
    case 10:
      attributes[`${p}MotionCount`] = unsigned();
      return;
    case 11:
      attributes[`${p}Pitch`] = signed();
      return;
    case 12:
      attributes[`${p}Roll`] = signed();
      return;
    case 13:
      attributes[`${p}LowBattery`] = unsigned() > 0;
      return;
    case 14:
      attributes[`${p}Voltage`] = unsigned() / 1000;
      return;
    case 15:
      attributes[`${p}Mac`] = bytesToHex(value);
      return;
    case 2:
      readFlags(v, p, attributes);
      return;
    default:
      // Ids not listed: kept raw.
      attributes[`${p}Param${id}`] = bytesToHex(value);
  }
}

/** Parameter 2: a flags byte; bit 6 low battery, bit 7 a voltage byte follows (10 mV over 2 V). */
function readFlags(v: ByteReader, p: string, attributes: Attrs): void {
  if (v.remaining === 0) return;
  const flags = v.readU8('BLE flags');
  if (flags & 0x40) attributes[`${p}LowBattery`] = true;
  if (flags & 0x80 && v.remaining > 0) attributes[`${p}Voltage`] = (v.readU8('BLE voltage') * 10 + 2000) / 1000;
}

/**
 * IO 385 "Beacon" list: a data-part byte, then per beacon a flags byte; any of bits 4–7 set means an
 * iBeacon (16-byte UUID, major, minor), clear an Eddystone (10-byte namespace, 6-byte
 * instance); then the signed RSSI, a battery voltage (0.01 V) when bit 1 is set and a
 * temperature when bit 2 is set.
 */
export function readBeaconList(bytes: Uint8Array, attributes: Attrs): void {
  const r = new ByteReader(bytes);
  r.skip(1, 'beacon data part');
  for (let i = 1; r.remaining > 0; i++) {
    const p = `beacon${i}`;
    const flags = r.readU8('beacon flags');
    if (flags & 0xf0) {
      attributes[`${p}Uuid`] = bytesToHex(r.readBytes(16, 'beacon UUID'));
      attributes[`${p}Major`] = r.readU16('beacon major');
      attributes[`${p}Minor`] = r.readU16('beacon minor');
    } else {
      attributes[`${p}Namespace`] = bytesToHex(r.readBytes(10, 'beacon namespace'));
      attributes[`${p}Instance`] = bytesToHex(r.readBytes(6, 'beacon instance'));
    }
    const rssi = r.readU8('beacon RSSI');
    attributes[`${p}Rssi`] = rssi >= 0x80 ? rssi - 0x100 : rssi;
    if (flags & 0x02) attributes[`${p}Battery`] = r.readU16('beacon battery') / 100;
    if (flags & 0x04) attributes[`${p}Temp`] = r.readU16('beacon temperature');
  }
}
