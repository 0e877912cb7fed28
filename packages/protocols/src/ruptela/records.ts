import type { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { applyIo } from './io-map.ts';

/** Command ids of the two record packets (Ruptela protocol, "Records" and "Extended records"). */
export const CMD_RECORDS = 0x01;
export const CMD_EXTENDED_RECORDS = 0x44;

/** A coordinate the device sends when it has no fix (the smallest 32-bit integer). */
const NO_FIX = -0x80000000;
const IO_WIDTHS = [1, 2, 4, 8] as const;

/**
 * The records of a 0x01 or 0x44 packet, after the command id (Ruptela protocol, "Record
 * structure"): records left (1), count (1), then each record: time (u32 s), time extension (1),
 * [0x44: record extension (1)], priority (1), longitude and latitude (i32, 1e-7°), altitude (u16,
 * 0.1 m), angle (u16, 0.01°), satellites (1), speed (u16, km/h), HDOP (1, 0.1), event id (0x01:
 * 1 byte, 0x44: 2), then four IO groups of 1-, 2-, 4- and 8-byte values, each a count (1) and
 * that many id (0x01: 1 byte, 0x44: 2) + value pairs.
 *
 * Extended records: one record too big for a packet is split in parts; the record extension's
 * low nibble numbers the part and the high nibble is the last part's number (capture #1: 20, 21,
 * 22). Parts 1… repeat the GPS of part 0 and carry more IO values, which join its message.
 */
export function readRecords(r: ByteReader, command: number): NormalizedMessage[] {
  const extended = command === CMD_EXTENDED_RECORDS;
  r.readU8('records left');
  const count = r.readU8('record count');
  const messages: NormalizedMessage[] = [];
  for (let i = 0; i < count; i++) {
    const timeMs = r.readU32('timestamp') * 1000;
    r.readU8('timestamp extension');
    const ext = extended ? r.readU8('record extension') : 0;
    const message = readRecord(r, extended, timeMs);
    const part = ext & 0x0f;
    const previous = messages.at(-1);
    if (part > 0 && part <= ext >> 4 && previous) {
      Object.assign(previous.attributes, message.attributes);
      if (previous.attributes.alarm !== undefined && previous.kind === 'position') previous.kind = 'alarm';
      continue;
    }
    messages.push(message);
  }
  if (r.remaining !== 0) throw new DecodeError(`${r.remaining} byte(s) after the last of ${count} records`, r.offset);
  return messages;
}

function readRecord(r: ByteReader, extended: boolean, timeMs: number): NormalizedMessage {
  const priority = r.readU8('priority');
  const lon = r.readI32('longitude');
  const lat = r.readI32('latitude');
  const altitude = r.readU16('altitude') / 10;
  const course = r.readU16('angle') / 100;
  const satellites = r.readU8('satellites');
  const speedKmh = r.readU16('speed');
  const hdop = r.readU8('hdop') / 10;
  const event = extended ? r.readU16('event id') : r.readU8('event id');
  const attributes: NormalizedMessage['attributes'] = { priority };
  if (event !== 0) attributes.event = event;
  for (const width of IO_WIDTHS) {
    const n = r.readU8(`${width}-byte IO count`);
    for (let j = 0; j < n; j++) {
      const id = extended ? r.readU16('IO id') : r.readU8('IO id');
      applyIo({ id, bytes: r.readBytes(width, `IO ${id} value`) }, attributes);
    }
  }
  if (lon === NO_FIX || lat === NO_FIX) return { kind: 'heartbeat', deviceTimeMs: timeMs, attributes };
  const latitude = lat / 1e7;
  const longitude = lon / 1e7;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new DecodeError(`coordinates out of range: ${latitude}, ${longitude}`);
  }
  attributes.hdop = hdop;
  return {
    kind: attributes.alarm === undefined ? 'position' : 'alarm',
    deviceTimeMs: timeMs,
    // The record has no fix flag: a fix needs satellites.
    valid: satellites > 0,
    latitude,
    longitude,
    altitude,
    course: course >= 360 ? course % 360 : course,
    speedKmh,
    satellites,
    attributes,
  };
}
