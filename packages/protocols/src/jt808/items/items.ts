import { ByteReader } from '../../codec/byte-reader.ts';
import { DecodeError } from '../../codec/decode-error.ts';
import { readJimiItem } from './items-jimi.ts';
import { readVendorItem } from './items-vendor.ts';
import { readObdExtension } from './obd.ts';
import type { Attributes } from './attributes.ts';
import type { ItemContext, ItemReader } from './item-context.ts';

export type { ItemContext, ItemReader } from './item-context.ts';

/**
 * Additional information items of JT/T 808-2013 §8.18 (Table 27): 0x01 mileage (1/10 km),
 * 0x02 fuel (1/10 L), 0x03 tachograph speed (1/10 km/h), 0x25 extended vehicle signal status,
 * 0x2A IO status, 0x2B analog inputs, 0x30 wireless signal strength, 0x31 GNSS satellites.
 * Vendors (Jimi/Concox, Howen, Meitrack and others) fill 0x50–0xFF with their own; see
 * items-vendor.ts and items-jimi.ts.
 */
const STANDARD: ReadonlyMap<number, ItemReader> = new Map<number, ItemReader>([
  [0x01, (r, c) => (c.attributes.odometer = r.readU32('mileage') * 100)],
  [0x02, (r, c) => (c.attributes.fuel = fuelOf(r.readU16('fuel')))],
  [0x03, (r, c) => (c.attributes.obdSpeed = r.readU16('tachograph speed') / 10)],
  [0x06, (r, c) => (c.attributes.batteryLevel = r.readU8('battery level'))],
  [0x25, (r, c) => (c.attributes.input = r.readU32('extended signal status'))],
  [0x2a, (r, c) => (c.attributes.io = r.readU16('IO status'))],
  [0x2b, readAnalog],
  [0xa7, readAnalog],
  [0x30, (r, c) => (c.attributes.gsm = r.readU8('signal strength'))],
  [0x31, (r, c) => (c.attributes.sat = r.readU8('satellites'))],
]);

/** 0x02: 1/10 L, or with bit 15 set a percentage (vendor use). */
function fuelOf(raw: number): number {
  return raw & 0x8000 ? raw & 0x7fff : raw / 10;
}

function readAnalog(r: ByteReader, c: ItemContext): void {
  c.attributes.adc1 = r.readU16('AD0') / 100;
  c.attributes.adc2 = r.readU16('AD1') / 100;
}

/**
 * Reads the additional items that follow a location's basic information into `attributes`.
 * An item that does not fit its length or its reader is skipped with a warning; the report stays.
 * Some terminals send instead a fixed 18-byte block (battery, mileage in km, voltage, area, signal)
 * that is no valid item chain: it is read as such.
 */
export function readItems(r: ByteReader, attributes: Attributes, model: string | undefined): string[] {
  const warnings: string[] = [];
  if (r.remaining === 18 && !isItemChain(r.peekBytes(18))) {
    readFixedBlock(r, attributes);
    return warnings;
  }
  while (r.remaining >= 2) {
    const id = r.readU8('item id');
    const length = r.readU8('item length');
    if (id === 0x80) {
      // The OBD block's length byte is unreliable: it runs to the end of the body.
      const rest = new ByteReader(r.readRest());
      guarded(warnings, id, () => readObdExtension(rest, attributes));
      break;
    }
    if (length > r.remaining) {
      warnings.push(`item 0x${hex(id)} of ${length} bytes overruns the body (${r.remaining} left)`);
      r.readRest();
      break;
    }
    const item = new ByteReader(r.readBytes(length));
    const ctx: ItemContext = { id, length, attributes, model };
    const reader = STANDARD.get(id) ?? (id >= 0xd0 ? readJimiItem : readVendorItem);
    guarded(warnings, id, () => reader(item, ctx));
  }
  return warnings;
}

function guarded(warnings: string[], id: number, read: () => void): void {
  try {
    read();
  } catch (err) {
    if (!(err instanceof DecodeError)) throw err;
    warnings.push(`item 0x${hex(id)} skipped: ${err.message}`);
  }
}

/** True when `bytes` is a chain of id/length items that ends exactly at its end. */
export function isItemChain(bytes: Uint8Array): boolean {
  let pos = 0;
  while (pos + 2 <= bytes.length) pos += 2 + (bytes[pos + 1] ?? 0);
  return pos === bytes.length;
}

function readFixedBlock(r: ByteReader, attributes: Attributes): void {
  r.skip(4, 'battery and mileage');
  attributes.odometer = r.readU32('mileage') * 1000;
  attributes.battery = r.readU16('battery voltage') / 10;
  r.skip(4, 'area id');
  attributes.gsm = r.readU8('signal strength');
  r.skip(3, 'reserved');
}

const hex = (v: number): string => v.toString(16).padStart(2, '0');
