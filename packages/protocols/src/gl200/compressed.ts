import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';

/*
 * +RSP type 0x64: many fixes packed with delta compression (Queclink @Track binary protocol,
 * "compressed location report"; layout checked against the captured packet). After the common
 * header (tag, type, 4-byte mask, length, device type, protocol and firmware versions, 8-byte
 * unique id) come battery %, external power in mV (2), motion state, satellites, the point
 * count (2) and the points. Each point starts with a 2-bit kind:
 *   01 full point (3 bytes of bits: kind 2, fix 1, speed 12 in 0.1 km/h, heading 9), then
 *      longitude and latitude (signed 4 bytes, millionths of a degree) and — for the first
 *      full point only — the Unix time (4);
 *   10 delta point (5 bytes of bits: kind 2, fix 1, then signed deltas: speed 7, heading 7,
 *      longitude 12, latitude 11);
 *   anything else: one byte, no point (invalid or unchanged).
 * Points are one second apart.
 */

const HEADER = 31;
const TRAILER = 13;

/** Reads bits most significant first; signed fields are two's complement. */
class Bits {
  private bit = 0;
  constructor(private readonly bytes: Uint8Array) {}
  unsigned(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++, this.bit++)
      v = v * 2 + (((this.bytes[this.bit >> 3] ?? 0) >> (7 - (this.bit & 7))) & 1);
    return v;
  }
  signed(n: number): number {
    const v = this.unsigned(n);
    return v >= 2 ** (n - 1) ? v - 2 ** n : v;
  }
}

export interface CompressedReport {
  batteryLevel: number;
  power: number;
  satellites: number;
  messages: NormalizedMessage[];
}

export function decodeCompressed(frame: Uint8Array): CompressedReport {
  if (frame.length < HEADER + TRAILER) throw new DecodeError(`compressed +RSP of ${frame.length} bytes is too short`);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const end = frame.length - TRAILER;
  const count = view.getUint16(29);
  const messages: NormalizedMessage[] = [];
  let at = HEADER;
  let speed = 0;
  let heading = 0;
  let lon = 0;
  let lat = 0;
  let time = 0;
  for (let i = 0; i < count; i++) {
    if (time > 0) time += 1;
    if (at >= end) throw new DecodeError(`compressed +RSP: ${count} points announced, ${i} found`, at);
    const kind = (frame[at] ?? 0) >> 6;
    if (kind === 1) {
      if (at + 11 > end) throw new DecodeError('compressed +RSP: truncated full point', at);
      const bits = new Bits(frame.subarray(at, at + 3));
      bits.unsigned(3);
      speed = bits.unsigned(12);
      heading = bits.unsigned(9);
      lon = view.getInt32(at + 3);
      lat = view.getInt32(at + 7);
      at += 11;
      if (time === 0) {
        time = view.getUint32(at);
        at += 4;
      }
    } else if (kind === 2) {
      if (at + 5 > end) throw new DecodeError('compressed +RSP: truncated delta point', at);
      const bits = new Bits(frame.subarray(at, at + 5));
      bits.unsigned(3);
      speed += bits.signed(7);
      heading += bits.signed(7);
      lon += bits.signed(12);
      lat += bits.signed(11);
      at += 5;
    } else {
      at += 1;
      continue;
    }
    messages.push(point(time, speed, heading, lon, lat));
  }
  return {
    batteryLevel: view.getUint8(24),
    power: view.getUint16(25) / 1000,
    satellites: view.getUint8(28),
    messages,
  };
}

function point(time: number, speed: number, heading: number, lon: number, lat: number): NormalizedMessage {
  if (Math.abs(lat) > 90_000_000 || Math.abs(lon) > 180_000_000) {
    throw new DecodeError(`compressed +RSP: coordinates out of range (${lat}, ${lon})`);
  }
  return {
    kind: 'position',
    deviceTimeMs: time * 1000,
    valid: true,
    latitude: lat / 1_000_000,
    longitude: lon / 1_000_000,
    speedKmh: Math.max(0, speed) / 10,
    course: ((heading % 360) + 360) % 360,
    memory: true,
    attributes: {},
  };
}
