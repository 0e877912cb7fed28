import type { ByteReader } from '../codec/byte-reader.ts';
import type { AttributeValue } from '../message.ts';
import type { AvlRecord, IoValue } from './records.ts';

/** Codec 7 counts seconds from 2007-01-01 00:00 UTC. */
const EPOCH_2007_MS = Date.UTC(2007, 0, 1);

/**
 * One codec 7 record (Teltonika GH3000 protocol, "AVL data"): a 4-byte word holding the
 * priority (top 2 bits) and seconds since 2007 (low 30 bits); a global mask saying which
 * elements follow (bit 0 GPS, bits 1–3 IO with 1-, 2- and 4-byte values); the GPS element
 * opens with its own mask (bit 0 latitude and longitude as 4-byte floats, 1 altitude,
 * 2 angle in 360/256 steps, 3 speed, 4 satellites, 5 area code and cell id, 6 signal quality,
 * 7 operator code). Codec 7 has no event IO id.
 */
export function readCodec7Record(r: ByteReader): AvlRecord {
  const word = r.readU32('timestamp');
  const record: AvlRecord = {
    timeMs: EPOCH_2007_MS + (word & 0x3fffffff) * 1000,
    priority: word >>> 30,
    position: null,
    eventId: 0,
    io: [],
    extra: {},
  };
  const globalMask = r.readU8('global mask');
  if (globalMask & 0x01) readGpsElement(r, record);
  [1, 2, 4].forEach((size, i) => {
    if (globalMask & (0x02 << i)) readGroup(r, size, record.io);
  });
  return record;
}

function readGpsElement(r: ByteReader, record: AvlRecord): void {
  const mask = r.readU8('GPS mask');
  const extra: Record<string, AttributeValue> = record.extra;
  if (mask & 0x01) {
    const latitude = readFloat(r, 'latitude');
    const longitude = readFloat(r, 'longitude');
    record.position = { latitude, longitude };
  }
  if (mask & 0x02) record.altitude = r.readI16('altitude');
  if (mask & 0x04) record.course = (r.readU8('angle') * 360) / 256;
  if (mask & 0x08) record.speedKmh = r.readU8('speed');
  if (mask & 0x10) record.satellites = r.readU8('satellites');
  if (mask & 0x20) {
    extra.lac = r.readU16('area code');
    extra.cellId = r.readU16('cell id');
  }
  if (mask & 0x40) extra.gsm = r.readU8('signal quality');
  if (mask & 0x80) extra.operator = r.readU32('operator code');
}

function readGroup(r: ByteReader, size: number, io: IoValue[]): void {
  const count = r.readU8(`${size}-byte IO count`);
  for (let i = 0; i < count; i++) {
    const id = r.readU8('IO id');
    io.push({ id, bytes: r.readBytes(size, `IO ${id} value`) });
  }
}

function readFloat(r: ByteReader, field: string): number {
  const bytes = r.readBytes(4, field);
  const value = new DataView(bytes.buffer, bytes.byteOffset, 4).getFloat32(0);
  return Math.round(value * 1e7) / 1e7;
}
