import { crc16Kermit } from './crc.ts';
import { CMD_EXTENDED_RECORDS, CMD_RECORDS } from './records.ts';

/** A record as the simulator describes it. */
export interface RuptelaRecordInput {
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude?: number;
  satellites?: number;
  hdop?: number;
  priority?: number;
  eventId?: number;
  /** IO elements: id → value, written in the narrowest of 1, 2, 4 or 8 bytes that holds it. */
  io?: Readonly<Record<number, number>>;
}

export interface RuptelaRecordsOptions {
  /** 0x44 extended records (2-byte ids, a record extension byte); default 0x01. */
  extended?: boolean;
  recordsLeft?: number;
}

/**
 * One packet (Ruptela protocol, "Packet structure"): 2-byte payload length, the payload, then
 * the CRC-16/KERMIT of the payload. Server packets carry no IMEI: `command` then `data`.
 */
export function encodeRuptelaPacket(command: number, data: ArrayLike<number>, imei?: string): Uint8Array {
  const head = imei === undefined ? [] : imeiBytes(imei);
  const payload = [...head, command & 0xff, ...Array.from(data, (b) => b & 0xff)];
  const crc = crc16Kermit(Uint8Array.from(payload));
  return Uint8Array.from([payload.length >> 8, payload.length & 0xff, ...payload, crc >> 8, crc & 0xff]);
}

/** A records packet (0x01, or 0x44 with `extended`) as a device sends it. */
export function encodeRuptelaRecords(
  imei: string,
  records: readonly RuptelaRecordInput[],
  options: RuptelaRecordsOptions = {},
): Uint8Array {
  const extended = options.extended ?? false;
  if (records.length > 255) throw new RangeError('at most 255 records a packet');
  const data: number[] = [options.recordsLeft ?? 0, records.length];
  for (const rec of records) data.push(...record(rec, extended));
  return encodeRuptelaPacket(extended ? CMD_EXTENDED_RECORDS : CMD_RECORDS, data, imei);
}

function record(rec: RuptelaRecordInput, extended: boolean): number[] {
  const out = [...be(Math.floor(rec.timeMs / 1000), 4), 0];
  if (extended) out.push(0);
  out.push(rec.priority ?? 0);
  out.push(...be(Math.round(rec.lon * 1e7), 4), ...be(Math.round(rec.lat * 1e7), 4));
  out.push(
    ...be(Math.round((rec.altitude ?? 0) * 10), 2),
    ...be(Math.round((((rec.course % 360) + 360) % 360) * 100), 2),
  );
  out.push(rec.satellites ?? 9, ...be(Math.round(Math.max(0, rec.speedKmh)), 2), Math.round((rec.hdop ?? 1) * 10));
  out.push(...be(rec.eventId ?? 0, extended ? 2 : 1));
  const groups = new Map<number, [number, number][]>([
    [1, []],
    [2, []],
    [4, []],
    [8, []],
  ]);
  for (const [id, value] of Object.entries(rec.io ?? {})) {
    const width = value < 0x100 ? 1 : value < 0x10000 ? 2 : value < 0x100000000 ? 4 : 8;
    groups.get(width)?.push([Number(id), value]);
  }
  for (const [width, items] of groups) {
    out.push(items.length);
    for (const [id, value] of items) out.push(...be(id, extended ? 2 : 1), ...be(value, width));
  }
  return out;
}

/** `value` as `width` big-endian bytes (two's complement for negatives). */
function be(value: number | bigint, width: number): number[] {
  let v = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
  if (v < 0n) v += 1n << BigInt(width * 8);
  return Array.from({ length: width }, (_, i) => Number((v >> BigInt((width - 1 - i) * 8)) & 0xffn));
}

function imeiBytes(imei: string): number[] {
  if (!/^\d{15,17}$/.test(imei)) throw new RangeError('Ruptela IMEI must be 15–17 digits');
  return be(BigInt(imei), 8);
}
