import { DecodeError } from './decode-error.ts';

const HEX_DIGITS = '0123456789abcdef';

/** Lower-case hex of `bytes`, no separators (the form the vector files and logs use). */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += (HEX_DIGITS[b >> 4] ?? '') + (HEX_DIGITS[b & 0x0f] ?? '');
  return out;
}

/** Bytes of a hex string; whitespace is ignored so test tables can group bytes. */
export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) {
    throw new DecodeError(`not a hex string: ${clean.slice(0, 16)}`);
  }
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}
