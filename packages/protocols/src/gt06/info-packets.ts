import { bcdToDigits } from '../codec/bcd.ts';
import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  asciiText,
  courseStatus,
  COORDINATE_SCALE,
  isPrintable,
  positionMessage,
  readDateTime,
  type Attributes,
} from './fields.ts';
import type { Gt06Handler } from './handler.ts';

function info(attributes: Attributes, deviceTimeMs?: number): NormalizedMessage {
  return deviceTimeMs === undefined
    ? { kind: 'heartbeat', attributes }
    : { kind: 'heartbeat', deviceTimeMs, attributes };
}

/** Text when the bytes are printable, otherwise hex: command results come in both forms. */
function textOrHex(bytes: Uint8Array): string {
  return isPrintable(bytes) ? asciiText(bytes) : bytesToHex(bytes);
}

/** 0x1B card reader data: ASCII ("RFID:…"), or kind, digit count and the id's bytes. */
function cardAttributes(data: Uint8Array): Attributes {
  if (isPrintable(data)) return { serial: asciiText(data) };
  const digits = data[1] ?? 0;
  return { driverUniqueId: bytesToHex(data.subarray(2, 2 + Math.ceil(digits / 2))) };
}

/** 0x0D sensor text (e.g. a fuel probe's "!AIOIL,…"), optionally after a date-time. */
function sensorMessage(r: ByteReader): NormalizedMessage {
  const time = r.remaining > 6 && r.peekU8() !== 0x21 ? readDateTime(r) : undefined;
  return info({ sensorData: asciiText(r.readRest()) }, time);
}

/**
 * 0x94 information transmission (Concox protocol, "information transmission packet"): a
 * sub-type byte and its content. 0x00 external voltage ×100, 0x04 terminal status text,
 * 0x05 door state, 0x0A IMEI/IMSI/ICCID, 0x0D sensor text, 0x1B card reader. 0x0B carries a
 * voltage like 0x00 (seen in captures). Other sub-types are kept as hex.
 */
export const decodeInfo: Gt06Handler = (r) => {
  const subtype = r.readU8('information type');
  switch (subtype) {
    case 0x00:
    case 0x0b:
      if (r.remaining === 2) return { messages: [info({ power: r.readU16('voltage') / 100 })], ack: false };
      break;
    case 0x05: {
      const time = r.remaining >= 7 ? readDateTime(r) : undefined;
      return { messages: [info({ door: (r.readU8('door state') & 0x01) !== 0 }, time)], ack: false };
    }
    case 0x0a: {
      r.skip(8, 'IMEI');
      const imsi = bcdToDigits(r.readBytes(8, 'IMSI'));
      const iccid = bcdToDigits(r.readBytes(10, 'ICCID'));
      return { messages: [info({ imsi, iccid })], ack: false };
    }
    case 0x0d:
      return { messages: [sensorMessage(r)], ack: false };
    case 0x1b:
      return { messages: [info(cardAttributes(r.readRest()))], ack: false };
  }
  const data = r.readRest();
  const attributes: Attributes =
    subtype === 0x04 && isPrintable(data)
      ? { deviceStatus: asciiText(data) }
      : { infoType: subtype, infoData: bytesToHex(data) };
  return { messages: [info(attributes)], ack: false };
};

/** 0x9B external device (serial port) data: a port byte, then the device's bytes. */
export const decodeSerialData: Gt06Handler = (r) => {
  r.skip(1, 'port');
  return { messages: [info({ result: textOrHex(r.readRest()) })], ack: false };
};

/**
 * 0x15 command response (the device's answer to a server command 0x80): content length, the server's
 * 4-byte flag, the text, language. The flag echoes the one the server sent (command-encoder.ts puts
 * the command's serial there), so `commandSerial` matches the answer to its command.
 */
export const decodeCommandText: Gt06Handler = (r) => {
  const length = r.readU8('command length');
  const commandSerial = r.readU32('server flag');
  // Some firmwares send length 0 and pad the text with zeros up to the language word.
  const size = length > 4 ? Math.min(length - 4, r.remaining) : Math.max(0, r.remaining - 2);
  const result = textOrHex(trimZeros(r.readBytes(size, 'response')));
  return { messages: [info({ result, commandSerial })], ack: false };
};

function trimZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  let end = bytes.length;
  while (start < end && bytes[start] === 0) start++;
  while (end > start && bytes[end - 1] === 0) end--;
  return bytes.subarray(start, end);
}

/** 0x21 command response (GT06N protocol): server flag, encoding (1 ASCII, 2 UTF-16BE), text. */
export const decodeCommandResponse: Gt06Handler = (r) => {
  const commandSerial = r.readU32('server flag');
  const encoding = r.readU8('encoding');
  const data = r.readRest();
  return { messages: [info({ result: encoding === 2 ? utf16be(data) : textOrHex(data), commandSerial })], ack: false };
};

function utf16be(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return out;
}

/**
 * 0x8C OBD report and 0x66 PID report (layouts inferred from captures): date-time, one byte,
 * "PID=value,…" text, binary tail.
 */
export const decodeObd: Gt06Handler = (r) => {
  const time = readDateTime(r);
  r.skip(1);
  const rest = r.readRest();
  let end = 0;
  while (end < rest.length && isPrintable(rest.subarray(end, end + 1))) end++;
  const obd = asciiText(rest.subarray(0, end)).replace(/^,+/, '');
  return { messages: [info({ obd }, time)], ack: false };
};

/**
 * 0x70 tag-length-value report (layout inferred from captures): a run of u16 tag, u16 length,
 * value. Tag 0x33 is the fix: unix time, satellites, altitude, latitude,
 * longitude, speed, course word; tag 0x03 the ICCID.
 */
export const decodeTlv: Gt06Handler = (r) => {
  const attributes: Attributes = {};
  let message: NormalizedMessage | null = null;
  while (r.remaining >= 4) {
    const tag = r.readU16('tag');
    const value = r.readBytes(r.readU16('length'), `tag 0x${tag.toString(16)}`);
    if (tag === 0x33 && value.length >= 18 && readU32(value, 0) > 0) message = tlvFix(value);
    if (tag === 0x03) attributes.iccid = bcdToDigits(value);
  }
  if (message) return { messages: [{ ...message, attributes: { ...message.attributes, ...attributes } }], ack: false };
  return { messages: [info(attributes)], ack: false };
};

function readU32(v: Uint8Array, at: number): number {
  return new DataView(v.buffer, v.byteOffset, v.byteLength).getUint32(at);
}

function tlvFix(v: Uint8Array): NormalizedMessage {
  const view = new DataView(v.buffer, v.byteOffset, v.byteLength);
  const status = courseStatus(view.getUint16(16));
  const fix = {
    satellites: view.getUint8(4),
    latitude: (status.north ? 1 : -1) * (view.getUint32(7) / COORDINATE_SCALE),
    longitude: (status.west ? -1 : 1) * (view.getUint32(11) / COORDINATE_SCALE),
    speedKmh: view.getUint8(15),
    course: status.course,
    valid: status.valid,
    ignition: undefined,
  };
  const message = positionMessage(view.getUint32(0) * 1000, fix);
  message.altitude = view.getInt16(5);
  return message;
}

/**
 * 0x8A time request (GT06N protocol, "time check"): the answer is the same type carrying the
 * server's UTC date-time, six bytes YY MM DD hh mm ss. Without a receive time it is only acknowledged.
 */
export const decodeTimeRequest: Gt06Handler = (_r, ctx) => {
  if (ctx.receivedAtMs === undefined) return { messages: [], ack: true };
  const d = new Date(ctx.receivedAtMs);
  const replyContent = Uint8Array.of(
    d.getUTCFullYear() - 2000,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return { messages: [], ack: true, replyContent };
};
