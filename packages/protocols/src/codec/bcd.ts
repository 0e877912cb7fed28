import { DecodeError } from './decode-error.ts';

/**
 * Digits of packed BCD (two decimal digits a byte, high nibble first). A nibble of 0xF is
 * filler (ICCIDs with an odd digit count end with it) and is dropped; any other nibble
 * above 9 is an error.
 */
export function bcdToDigits(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    for (const nibble of [b >> 4, b & 0x0f]) {
      if (nibble === 0x0f) continue;
      if (nibble > 9) throw new DecodeError(`invalid BCD nibble ${nibble.toString(16)}`);
      out += String(nibble);
    }
  }
  return out;
}

/** True when every nibble is a decimal digit (a quick test for "this looks like an IMEI"). */
export function isBcd(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b >> 4 > 9 || (b & 0x0f) > 9) return false;
  return bytes.length > 0;
}

/** Packs decimal `digits` into `byteLength` bytes of BCD, left-padded with zeros. */
export function digitsToBcd(digits: string, byteLength: number): Uint8Array {
  if (!/^\d*$/.test(digits)) throw new RangeError(`not decimal digits: ${digits}`);
  if (digits.length > byteLength * 2) throw new RangeError(`${digits.length} digits do not fit ${byteLength} bytes`);
  const padded = digits.padStart(byteLength * 2, '0');
  const out = new Uint8Array(byteLength);
  for (let i = 0; i < byteLength; i++) out[i] = (Number(padded[i * 2]) << 4) | Number(padded[i * 2 + 1]);
  return out;
}
