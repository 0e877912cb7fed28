import { DecodeError } from '../codec/decode-error.ts';

/**
 * Little-endian reader for the Meitrack binary reports (CCC, CCE), whose integers are all
 * least significant byte first. Every read is bounds checked and names the field it reads.
 */
export class LeReader {
  private pos: number;

  constructor(
    private readonly bytes: Uint8Array,
    start = 0,
    private readonly end = bytes.length,
  ) {
    this.pos = start;
  }

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  /** Unsigned integer of 1–6 bytes. */
  uint(length: number, field: string): number {
    this.need(length, field);
    let v = 0;
    for (let i = length - 1; i >= 0; i--) v = v * 256 + (this.bytes[this.pos + i] ?? 0);
    this.pos += length;
    return v;
  }

  /** Two's-complement integer of 1–4 bytes. */
  int(length: number, field: string): number {
    const v = this.uint(length, field);
    const bits = 8 * length;
    return v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
  }

  u8(field: string): number {
    return this.uint(1, field);
  }

  bytesOf(length: number, field: string): Uint8Array {
    this.need(length, field);
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }

  /** A reader over the next `length` bytes, which this reader skips. */
  window(length: number, field: string): LeReader {
    this.need(length, field);
    const sub = new LeReader(this.bytes, this.pos, this.pos + length);
    this.pos += length;
    return sub;
  }

  private need(n: number, field: string): void {
    if (this.pos + n > this.end) {
      throw new DecodeError(`truncated ${field}: need ${n} byte(s), ${this.remaining} left`, this.pos);
    }
  }
}
