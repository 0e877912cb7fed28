import { DecodeError } from '../../codec/decode-error.ts';
import { bytesToHex } from '../../codec/hex.ts';
import type { Attributes, Fields } from '../fields.ts';

/**
 * The RS232 data of a UEX report (ST300 operation manual, "External serial device data": LEN;
 * DATA;CHK_SUM). DATA may itself contain `;`, so items are read until LEN characters are used up.
 * Known payloads: fuel sensors `CabAVL"…,fuel1,fuel2,…"`, driver logins `GTSL|…|id|…`, `key=hex`
 * pairs (t_n temperature, N_n fuel level, Q_D driving quality), anything else as `serial`.
 */
export function readSerialData(f: Fields, attributes: Attributes): void {
  let remaining = f.int('serial data length');
  if (remaining < 0 || remaining > 4096) throw new DecodeError(`bad serial data length ${remaining}`);
  let fuel = 0;
  while (remaining > 0) {
    // Captures that lost the CR LF ending the data are short by two: the checksum comes next.
    if (remaining <= 2 && /^[0-9A-Fa-f]{2}$/.test(f.peek() ?? '') && f.remaining > 1) break;
    const item = f.next('serial data');
    fuel += serialItem(item, attributes);
    remaining -= item.length + 1;
  }
  f.optional(); // CHK_SUM
  if (fuel > 0) attributes.fuel = fuel;
}

/** Reads one item into `attributes`; returns the fuel it adds to the total. */
function serialItem(item: string, attributes: Attributes): number {
  if (item.startsWith('CabAVL')) return cabAvl(item, attributes);
  if (item.startsWith('GTSL')) {
    const id = item.split('|')[4];
    if (id) attributes.driverUniqueId = id;
    return 0;
  }
  const pair = /^([A-Za-z])_([0-9A-Za-z])=\s*([0-9A-Fa-f]{1,8})(?:\.\d*)?\s*$/.exec(item);
  if (pair) {
    const [, kind, n, hex] = pair;
    const value = parseInt(hex ?? '0', 16);
    if (kind === 't') attributes[`temp${n}`] = value;
    else if (kind === 'N') {
      attributes[`fuel${n}`] = value;
      return value;
    } else if (kind === 'Q') attributes.drivingQuality = value;
    return 0;
  }
  const text = item.trim();
  if (text) attributes.serial = /^[\x20-\x7e]*$/.test(text) ? text : bytesToHex(unescape(text));
  return 0;
}

/** `CabAVL"CabMensaje,0,58.5,-1.0,,,FinMensaje"FinAVL`: fuel tanks 1 and 2 (a negative value: no tank). */
function cabAvl(item: string, attributes: Attributes): number {
  const parts = item.split(',');
  let total = 0;
  for (const [i, key] of [
    [2, 'fuel1'],
    [3, 'fuel2'],
  ] as const) {
    const v = Number(parts[i]);
    if (parts[i] && Number.isFinite(v) && v > 0) {
      attributes[key] = v;
      total += v;
    }
  }
  return total;
}

/** Binary serial data escapes 0x00 as 01 10 and 0x01 as 01 11 (ST300 manual, "DEX" command). */
function unescape(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) & 0xff;
    const n = text.charCodeAt(i + 1);
    if (c === 0x01 && (n === 0x10 || n === 0x11)) {
      out.push(n - 0x10);
      i++;
    } else out.push(c);
  }
  return Uint8Array.from(out);
}
