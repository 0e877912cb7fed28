import { ByteReader } from '../codec/byte-reader.ts';
import { DecodeError } from '../codec/decode-error.ts';
import { bytesToHex } from '../codec/hex.ts';
import type { NormalizedMessage } from '../message.ts';
import type { Decoded } from './text-decoder.ts';

/*
 * The record-based binary frame of newer Queclink firmwares (layout inferred from the captured
 * packet; field names follow the @Track binary protocol's "data ID" scheme): `+`, identifier 0,
 * frame length (2), flags (bit 7: a frame count and number follow), the IMEI as 8 bytes of hex
 * digits after a leading 0, device type (2), protocol version (2), custom version, a reserved
 * field with its length, then records up to the count number (2), check and `$`. A record is a
 * variable length, generated time (Unix, 4), record number (2), record id, event code, then data
 * items of variable id and length. Item 0x52 is the GNSS fix: fix flags (bits 2–3 = 2 valid),
 * longitude and latitude (signed, millionths), Unix time, speed (0.1 km/h, 2), HDOP ×10,
 * heading (2), altitude (0.1 m, 3), satellites.
 */

const GNSS = 0x52;

/** One byte, or two when the first has its top bit set (a 15-bit value). */
function readVariable(r: ByteReader, field: string): number {
  const first = r.readU8(field);
  return first & 0x80 ? ((first & 0x7f) << 8) | r.readU8(field) : first;
}

export function decodeRecordFrame(frame: Uint8Array): Decoded {
  const length = ((frame[2] ?? 0) << 8) | (frame[3] ?? 0);
  if (length !== frame.length) throw new DecodeError(`record frame says ${length} bytes, holds ${frame.length}`);
  const r = new ByteReader(frame, 4, frame.length - 4);
  if (r.readU8('flags') & 0x80) r.skip(2, 'frame count and number');
  const imei = bytesToHex(r.readBytes(8, 'IMEI')).slice(1);
  if (!/^\d{15}$/.test(imei)) throw new DecodeError(`record frame IMEI ${imei} is not 15 digits`);
  r.skip(5, 'device type and versions');
  r.skip(r.readU8('reserved length'), 'reserved');
  const messages: NormalizedMessage[] = [];
  while (r.remaining > 0) {
    const recordEnd = r.offset + readVariable(r, 'record length');
    if (recordEnd > r.offset + r.remaining) throw new DecodeError('record runs past the frame', r.offset);
    const generatedMs = r.readU32('generated time') * 1000;
    r.skip(3, 'record number and id');
    const event = r.readU8('event code');
    const before = messages.length;
    while (r.offset < recordEnd) {
      const id = readVariable(r, 'data id');
      const size = readVariable(r, 'data length');
      const item = new ByteReader(r.readBytes(size, `data 0x${id.toString(16)}`));
      if (id === GNSS && size >= 22) messages.push(gnssFix(item, event));
    }
    if (messages.length === before)
      messages.push({ kind: 'heartbeat', deviceTimeMs: generatedMs, attributes: { event } });
  }
  return { imei, messages, reply: null, warnings: [] };
}

function gnssFix(r: ByteReader, event: number): NormalizedMessage {
  const valid = ((r.readU8('fix flags') >> 2) & 0x03) === 2;
  const longitude = r.readI32('longitude') / 1_000_000;
  const latitude = r.readI32('latitude') / 1_000_000;
  const deviceTimeMs = r.readU32('time') * 1000;
  const speedKmh = r.readU16('speed') / 10;
  const hdop = r.readU8('HDOP') / 10;
  const course = r.readU16('heading') % 360;
  const altitude = r.readUInt(3, 'altitude') / 10;
  const satellites = r.readU8('satellites');
  return {
    kind: 'position',
    deviceTimeMs,
    valid,
    latitude,
    longitude,
    speedKmh,
    course,
    altitude,
    satellites,
    attributes: { hdop, event },
  };
}
