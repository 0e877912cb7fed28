import type { ByteReader } from '../codec/byte-reader.ts';
import type { AttributeValue } from '../message.ts';

const text = (bytes: Uint8Array): string => String.fromCharCode(...bytes.filter((b) => b >= 0x20 && b < 0x7f)).trim();

/**
 * Terminal registration 0x0100 (JT/T 808-2013 §8.5, Table 8; JT/T 808-2019 §8.5): province and
 * city ids, maker id (5 bytes, 11 in 2019), terminal model (20, 30 in 2019), terminal id (7, 30 in
 * 2019), plate colour and the plate (GBK; only its ASCII part is kept here). Terminals that send
 * shorter fields are read as far as they go: the registration is answered all the same.
 */
export function readRegistration(r: ByteReader, v2019: boolean): Record<string, AttributeValue> {
  const province = r.readU16('province');
  const city = r.readU16('city');
  const take = (n: number): string => text(r.readBytes(Math.min(n, r.remaining)));
  const maker = take(v2019 ? 11 : 5);
  const model = take(v2019 ? 30 : 20);
  const terminalId = take(v2019 ? 30 : 7);
  const attributes: Record<string, AttributeValue> = { province, city, maker, model, terminalId };
  if (r.remaining > 0) attributes.plateColor = r.readU8('plate colour');
  const plate = text(r.readRest());
  if (plate !== '') attributes.plate = plate;
  return attributes;
}
