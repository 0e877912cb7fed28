import type { Alarm } from '@jejak/domain';
import type { ByteReader } from '../codec/byte-reader.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  COORDINATE_SCALE,
  courseStatus,
  positionMessage,
  readCell,
  readDateTime,
  readGps,
  type Attributes,
} from './fields.ts';
import { decodeDatedCell } from './cell-packets.ts';
import type { Gt06Context, Gt06Handler } from './handler.ts';
import { applyAlarmCode, batteryPercent, readStatusBlock, terminalInfoAttributes } from './status.ts';

/**
 * Status after the cell of an alarm packet. Normally the five-byte block (GT06 protocol
 * §5.3); 0x26/0x27 add a fence number. One 0x16 firmware sends the battery as a
 * 2-byte percentage (six bytes in all); VL103 appends an 8-byte driver card id.
 */
function readAlarmStatus(r: ByteReader, { type, variant }: Gt06Context): Attributes {
  if (type === 0x16 && r.remaining === 6) {
    const attributes = terminalInfoAttributes(r.readU8('terminal information'));
    const battery = batteryPercent(r.readU16('battery'));
    if (battery !== undefined) attributes.batteryLevel = battery;
    attributes.gsm = r.readU8('GSM signal strength');
    applyAlarmCode(attributes, r.readU8('alarm'), variant);
    return attributes;
  }
  const attributes = readStatusBlock(r, variant);
  if (r.remaining === 8) {
    const card = r.readBytes(8, 'driver id');
    if (card.some((b) => b !== 0)) attributes.driverUniqueId = bytesToHex(card);
  }
  return attributes;
}

/**
 * 0x16 alarm packet (GT06 protocol §5.3), 0x26/0x27 (GT06N, with a fence number): date-time,
 * GPS block, LBS length, serving cell, status. The LBS length byte is not trusted (some
 * firmwares send 8 for the 9-byte block); the cell is read by its own layout. A 31-byte 0x16
 * (VXT01, inferred from captures) has no LBS length byte and a status we cannot read with
 * confidence: only the terminal information's flags and the voltage level are kept — never an
 * alarm, since a false SOS costs more than a missed one here.
 */
export const decodeAlarm: Gt06Handler = (r, ctx) => {
  const short = ctx.type === 0x16 && r.remaining === 31;
  const time = readDateTime(r);
  const fix = readGps(r);
  if (!short) r.skip(1, 'LBS length');
  readCell(r);
  const attributes = short ? readShortStatus(r) : readAlarmStatus(r, ctx);
  return { messages: [positionMessage(time, fix, attributes)], ack: true };
};

function readShortStatus(r: ByteReader): Attributes {
  const attributes = terminalInfoAttributes(r.readU8('terminal information'));
  delete attributes.alarm;
  const battery = batteryPercent(r.readU8('voltage level'));
  if (battery !== undefined) attributes.batteryLevel = battery;
  return attributes;
}

/** 0xA4 4G alarm packet (Concox 4G protocol): as 0x16 with a 4-byte LAC and 8-byte cell id. */
export const decodeAlarm4g: Gt06Handler = (r, ctx) => {
  const time = readDateTime(r);
  const fix = readGps(r);
  r.skip(1, 'LBS length');
  readCell(r, 4, 8);
  return { messages: [positionMessage(time, fix, readStatusBlock(r, ctx.variant))], ack: true };
};

function statusMessage(attributes: Attributes): NormalizedMessage {
  return { kind: typeof attributes.alarm === 'string' ? 'alarm' : 'heartbeat', attributes };
}

/** 0x19 LBS + status (GT03 protocol §5.8): serving cell and the five-byte status block; see decodeDatedCell. */
export const decodeLbsStatus: Gt06Handler = (r, ctx) => {
  if (r.remaining !== 13) return { messages: [decodeDatedCell(r)], ack: true };
  readCell(r);
  return { messages: [statusMessage(readStatusBlock(r, ctx.variant))], ack: true };
};

/** 0xA5 4G LBS alarm (Concox 4G protocol): serving cell (4-byte LAC, 8-byte id) and status. */
export const decodeLbsAlarm4g: Gt06Handler = (r, ctx) => {
  readCell(r, 4, 8);
  return { messages: [statusMessage(readStatusBlock(r, ctx.variant))], ack: true };
};

/**
 * Dash-camera event codes of 0x95 (inferred from captures and the JC100 manual's alarm list:
 * 0x01 is the SOS button, 0x90–0x93 the driving-behaviour events in order acceleration,
 * braking, cornering, collision).
 */
const CAMERA_ALARMS: ReadonlyMap<number, Alarm> = new Map<number, Alarm>([
  [0x01, 'sos'],
  [0x0e, 'lowBattery'],
  [0x80, 'vibration'],
  [0x87, 'overspeed'],
  [0x88, 'powerCut'],
  [0x90, 'hardAcceleration'],
  [0x91, 'hardBraking'],
  [0x92, 'hardCornering'],
  [0x93, 'accident'],
]);

function cameraAttributes(code: number): Attributes {
  const attributes: Attributes = { event: code };
  const alarm = CAMERA_ALARMS.get(code);
  if (alarm) attributes.alarm = alarm;
  return attributes;
}

/**
 * 0x95 dash-camera event (layout inferred from captures), three forms:
 * - date-time, event code;
 * - date-time, latitude, longitude, course word, event code, 2 bytes, video file names;
 * - FF FF 01, date-time, GPS info, latitude, longitude, course word, 4 bytes, event code, …
 */
export const decodeCameraEvent: Gt06Handler = (r) => {
  if (r.remaining === 7) {
    const deviceTimeMs = readDateTime(r);
    const attributes = cameraAttributes(r.readU8('event'));
    return { messages: [{ ...statusMessage(attributes), deviceTimeMs }], ack: false };
  }
  const extended = r.peekU8() === 0xff && r.peekU8(1) === 0xff;
  if (extended) r.skip(3);
  const time = readDateTime(r);
  if (extended) r.skip(1, 'GPS info');
  const latRaw = r.readU32('latitude');
  const lonRaw = r.readU32('longitude');
  const status = courseStatus(r.readU16('course/status'));
  if (extended) r.skip(4);
  const fix = {
    satellites: undefined,
    latitude: (status.north ? 1 : -1) * (latRaw / COORDINATE_SCALE),
    longitude: (status.west ? -1 : 1) * (lonRaw / COORDINATE_SCALE),
    speedKmh: undefined,
    course: status.course,
    valid: status.valid,
    ignition: undefined,
  };
  return { messages: [positionMessage(time, fix, cameraAttributes(r.readU8('event')))], ack: false };
};
