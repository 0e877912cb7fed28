import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import { asciiText, isPrintable, type Attributes } from './fields.ts';
import type { Gt06Handler } from './handler.ts';
import { decodeAlarm4g } from './alarm-packets.ts';
import { batteryPercent, terminalInfoAttributes } from './status.ts';

/*
 * Status reports without a position (Jimi IoT 4G editions and later Concox firmwares). Layouts
 * inferred from captures where no document is public; each says so.
 */

function status(attributes: Attributes, deviceTimeMs?: number): NormalizedMessage {
  return deviceTimeMs === undefined
    ? { kind: 'heartbeat', attributes }
    : { kind: 'heartbeat', deviceTimeMs, attributes };
}

/**
 * 0xF1 device status (Jimi IoT 4G): Unix time, then items of u16 id, u8 length, value:
 * 1 motion (2 or 4 = moving), 2 armed, 4 ACC, 5 external volts ×100, 7 charging.
 */
export const decodeDeviceStatus: Gt06Handler = (r) => {
  const time = r.readU32('time') * 1000;
  const attributes: Attributes = {};
  while (r.remaining >= 3) {
    const id = r.readU16('status id');
    const value = r.readBytes(Math.min(r.readU8('status length'), r.remaining), `status 0x${id.toString(16)}`);
    const n = value.reduce((acc, b) => acc * 256 + b, 0);
    if (value.length === 0) continue;
    if (id === 0x01) attributes.motion = n === 0x02 || n === 0x04;
    else if (id === 0x02) attributes.armed = n > 0;
    else if (id === 0x04) attributes.ignition = n > 0;
    else if (id === 0x05) attributes.power = n / 100;
    else if (id === 0x07) attributes.charge = n > 0;
  }
  return { messages: [status(attributes, time)], ack: true };
};

/**
 * 0xF2 peripheral report (VL842): Unix time, then items. 0x000A a Bluetooth tag: u16 length,
 * address type, MAC, event, event data, data type, data (text such as "BTBUTTON,A,S#168,54").
 * 0x000C the external battery pack: length, level %, charging, cycles (u16), six bytes.
 * Others: u8 length and value, skipped.
 */
export const decodePeripheral: Gt06Handler = (r) => {
  const time = r.readU32('time') * 1000;
  const attributes: Attributes = {};
  while (r.remaining >= 3) {
    const id = r.readU16('peripheral id');
    if (id === 0x0a) readBleTag(r, attributes);
    else if (id === 0x0c) readBatteryPack(r, attributes);
    else r.skip(Math.min(r.readU8('peripheral length'), r.remaining));
  }
  return { messages: [status(attributes, time)], ack: true };
};

function readBleTag(r: ByteReader, attributes: Attributes): void {
  const length = r.readU16('tag length');
  r.skip(1, 'address type');
  attributes.tag1Mac = bytesToHex(r.readBytes(6, 'tag MAC'));
  const event = r.readU8('tag event');
  const eventData = r.readU8('tag event data');
  if (event > 0) attributes.tag1Event = event * 256 + eventData;
  r.skip(1, 'data type');
  const data = r.readBytes(Math.max(0, Math.min(length - 10, r.remaining)), 'tag data');
  if (data.length > 0) attributes.tag1Data = isPrintable(data) ? asciiText(data) : bytesToHex(data);
}

function readBatteryPack(r: ByteReader, attributes: Attributes): void {
  r.skip(1, 'length');
  attributes.externalBatteryLevel = r.readU8('battery level');
  attributes.externalBatteryCharge = r.readU8('charging') > 0;
  r.skip(Math.min(8, r.remaining), 'cycles and reserved');
}

/**
 * 0xA3 is two packets. With a fix (GK310 single-fence alarm, 39 bytes) it is laid out as the
 * 0xA4 alarm (Concox 4G protocol). Without one (SEEWORLD status,
 * inferred from captures) it is: terminal information, two extension bytes, voltage level,
 * GSM level, external volts (whole), language, and in the 19-byte form sound and light
 * switches, a step count (u32), battery %, charging, motion.
 */
export const decodeStatus3: Gt06Handler = (r, ctx) => {
  if (r.remaining >= 30) return decodeAlarm4g(r, ctx);
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  r.skip(2, 'extension bits');
  const level = batteryPercent(r.readU8('voltage level'));
  if (level !== undefined) attributes.batteryLevel = level;
  attributes.gsm = r.readU8('GSM signal strength');
  attributes.power = r.readU8('power');
  r.skip(1, 'language');
  if (r.remaining >= 9) {
    r.skip(2, 'sound and light');
    attributes.steps = r.readU32('steps');
    attributes.batteryLevel = r.readU8('battery level');
    attributes.charge = r.readU8('charging') === 1;
    attributes.motion = r.readU8('motion') === 1;
  }
  return { messages: [status(attributes)], ack: true };
};

/**
 * 0xFD firmware report (inferred from captures): IMEI (8 BCD), bytes not identified, then the
 * text "[VERSION]…[BUILD]…" up to a zero byte; kept as `versionFw`.
 */
export const decodeFirmware: Gt06Handler = (r) => {
  const bytes = r.readRest();
  const text = String.fromCharCode(...bytes);
  const at = text.indexOf('[VERSION]');
  if (at < 0) return { messages: [status({ result: bytesToHex(bytes) })], ack: false };
  const end = text.indexOf('\0', at);
  return { messages: [status({ versionFw: text.slice(at, end < 0 ? undefined : end) })], ack: false };
};
