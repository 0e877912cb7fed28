import { bcdToDigits } from './bcd.ts';
import { DecodeError } from './decode-error.ts';

/**
 * Big-endian reader over a window `[start, end)` of a byte array. Every read is bounds
 * checked and throws a DecodeError naming the field, so a short or lying frame ends in a
 * clear reason rather than `undefined` arithmetic.
 */
export class ByteReader {
  private pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    if (start < 0 || end > bytes.length || start > end) throw new RangeError(`bad window [${start}, ${end})`);
    this.pos = start;
  }

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Throws unless `n` more bytes are available. */
  need(n: number, field = 'data'): void {
    if (n < 0 || this.pos + n > this.end) {
      throw new DecodeError(`truncated ${field}: need ${n} byte(s), ${this.remaining} left`, this.pos);
    }
  }

  readU8(field = 'u8'): number {
    this.need(1, field);
    return this.bytes[this.pos++] ?? 0;
  }

  peekU8(ahead = 0, field = 'u8'): number {
    if (this.pos + ahead >= this.end) throw new DecodeError(`truncated ${field}`, this.pos + ahead);
    return this.bytes[this.pos + ahead] ?? 0;
  }

  readU16(field = 'u16'): number {
    this.need(2, field);
    const v = ((this.bytes[this.pos] ?? 0) << 8) | (this.bytes[this.pos + 1] ?? 0);
    this.pos += 2;
    return v;
  }

  readI16(field = 'i16'): number {
    const v = this.readU16(field);
    return v >= 0x8000 ? v - 0x10000 : v;
  }

  readU32(field = 'u32'): number {
    const hi = this.readU16(field);
    const lo = this.readU16(field);
    return hi * 0x10000 + lo;
  }

  readI32(field = 'i32'): number {
    const v = this.readU32(field);
    return v >= 0x80000000 ? v - 0x100000000 : v;
  }

  /** Unsigned big-endian integer of 1–6 bytes (GT06 packs cell ids in 3 bytes). */
  readUInt(length: number, field = 'uint'): number {
    if (length < 1 || length > 6) throw new RangeError(`readUInt supports 1–6 bytes, got ${length}`);
    this.need(length, field);
    let v = 0;
    for (let i = 0; i < length; i++) v = v * 256 + (this.bytes[this.pos + i] ?? 0);
    this.pos += length;
    return v;
  }

  /** A view (not a copy) of the next `length` bytes. */
  readBytes(length: number, field = 'bytes'): Uint8Array {
    this.need(length, field);
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  /** A view of `length` bytes starting `ahead` bytes from the current offset, without consuming them. */
  peekBytes(length: number, ahead = 0, field = 'bytes'): Uint8Array {
    this.need(ahead + length, field);
    return this.bytes.subarray(this.pos + ahead, this.pos + ahead + length);
  }

  /** Everything left in the window. */
  readRest(): Uint8Array {
    return this.readBytes(this.remaining);
  }

  /** `length` bytes of packed BCD as a digit string. */
  readBcd(length: number, field = 'bcd'): string {
    const at = this.pos;
    const bytes = this.readBytes(length, field);
    try {
      return bcdToDigits(bytes);
    } catch (err) {
      throw new DecodeError(`${field}: ${err instanceof Error ? err.message : String(err)}`, at);
    }
  }

  skip(length: number, field = 'skipped bytes'): void {
    this.need(length, field);
    this.pos += length;
  }
}
