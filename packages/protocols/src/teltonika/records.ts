import type { ByteReader } from '../codec/byte-reader.ts';
import type { AttributeValue } from '../message.ts';

/** One IO element as sent: its id and raw big-endian value bytes. */
export interface IoValue {
  id: number;
  bytes: Uint8Array;
  /** From codec 8 Extended's NX group: a blob, never read as a number. */
  variable?: boolean;
}

/** One AVL record, before its IO elements are given names. */
export interface AvlRecord {
  timeMs: number;
  /** 0 low, 1 high, 2 panic ("Codec 8", AVL Data › Priority). */
  priority: number;
  /** Null when the record carries no coordinates (codec 7 may leave them out). */
  position: { latitude: number; longitude: number } | null;
  altitude?: number;
  course?: number;
  satellites?: number;
  speedKmh?: number;
  /** The IO element whose change generated the record; 0 for a periodic record. */
  eventId: number;
  io: IoValue[];
  /** Fields a codec carries outside the IO element (codec 7's cell data). */
  extra: Record<string, AttributeValue>;
}

/** How a codec lays out a record's IO element. */
export interface IoLayout {
  /** Width of the event IO id, the total count, each group count and each IO id. */
  eventIdBytes: 1 | 2;
  countBytes: 1 | 2;
  idBytes: 1 | 2;
  /** Codec 16: a generation-type byte follows the event IO id. */
  generationType: boolean;
  /** Codec 8 Extended: a group of elements with their own 2-byte length. */
  variableGroup: boolean;
  /**
   * A group of 16-byte values after the 8-byte group. Not in the Teltonika document: some FMB
   * firmwares send it in codec 8 when "extended" IO is configured (inferred from captures).
   */
  sixteenByteGroup: boolean;
}

/** "Codec 8", IO Element: 1-byte ids and counts. */
export const CODEC_8: IoLayout = {
  eventIdBytes: 1,
  countBytes: 1,
  idBytes: 1,
  generationType: false,
  variableGroup: false,
  sixteenByteGroup: false,
};
/** "Codec 8 Extended", IO Element: 2-byte ids and counts, plus the NX group. */
export const CODEC_8E: IoLayout = { ...CODEC_8, eventIdBytes: 2, countBytes: 2, idBytes: 2, variableGroup: true };
/** "Codec 16", IO Element: 2-byte event id and ids, generation type, 1-byte counts. */
export const CODEC_16: IoLayout = { ...CODEC_8, eventIdBytes: 2, idBytes: 2, generationType: true };

const COORDINATE_SCALE = 1e7;
const FIXED_SIZES = [1, 2, 4, 8] as const;

/**
 * One record ("Codec 8", AVL Data): timestamp in ms (8 bytes), priority, GPS element
 * (longitude, latitude as signed 1e-7 degrees, altitude m, angle °, satellites, speed km/h),
 * then the IO element as `layout` says. IO count disagreements go to `warnings`.
 */
export function readAvlRecord(r: ByteReader, layout: IoLayout, warnings: string[]): AvlRecord {
  const timeMs = readU64(r, 'timestamp');
  const priority = r.readU8('priority');
  const longitude = (r.readU32('longitude') | 0) / COORDINATE_SCALE;
  const latitude = (r.readU32('latitude') | 0) / COORDINATE_SCALE;
  const altitude = r.readI16('altitude');
  const course = r.readU16('angle');
  const satellites = r.readU8('satellites');
  const speedKmh = r.readU16('speed');
  const eventId = r.readUInt(layout.eventIdBytes, 'event IO id');
  const extra: Record<string, AttributeValue> = {};
  if (layout.generationType) extra.generationType = r.readU8('generation type');
  const total = r.readUInt(layout.countBytes, 'IO count');
  const io: IoValue[] = [];
  for (const size of FIXED_SIZES) readGroup(r, layout, size, io);
  if (layout.variableGroup) {
    const count = r.readUInt(layout.countBytes, 'NX count');
    for (let i = 0; i < count; i++) {
      const id = r.readUInt(layout.idBytes, 'IO id');
      io.push({ id, bytes: r.readBytes(r.readU16('IO length'), `IO ${id} value`), variable: true });
    }
  }
  if (layout.sixteenByteGroup) readGroup(r, layout, 16, io);
  if (io.length !== total) warnings.push(`record at ${timeMs}: IO count says ${total}, found ${io.length}`);
  return {
    timeMs,
    priority,
    position: { latitude, longitude },
    altitude,
    course,
    satellites,
    speedKmh,
    eventId,
    io,
    extra,
  };
}

function readGroup(r: ByteReader, layout: IoLayout, size: number, io: IoValue[]): void {
  const count = r.readUInt(layout.countBytes, `N${size} count`);
  for (let i = 0; i < count; i++) {
    const id = r.readUInt(layout.idBytes, 'IO id');
    io.push({ id, bytes: r.readBytes(size, `IO ${id} value`) });
  }
}

/** An unsigned 8-byte big-endian integer; exact below 2^53, which covers ms timestamps. */
export function readU64(r: ByteReader, field: string): number {
  const hi = r.readU32(field);
  return hi * 0x1_0000_0000 + r.readU32(field);
}
