import type { Attributes } from './events.ts';

/**
 * CCE parameters beyond position and power (Meitrack CCE protocol, "parameter ID list"; the
 * 0xFE73 and 0xFEA8 layouts follow the captures): 0x47 lock state (1 unlocked, 2 locked,
 * 0 none), 0x9D fuel %, 0x25 driver id (RFID card number), 0xFE69 battery level %, 0xFE73 a
 * temperature/humidity BLE tag (version, name length and name, MAC, battery %, temperature
 * and humidity in 1/256 units, little-endian), 0xFEA8 up to three batteries (presence flag and
 * level % each). Integers are little-endian, as the CCE body.
 */
export function applyCceExtras(p: ReadonlyMap<number, number | Uint8Array>, attributes: Attributes): void {
  const num = (id: number): number | undefined => {
    const v = p.get(id);
    return typeof v === 'number' ? v : undefined;
  };
  const lock = num(0x47);
  if (lock !== undefined && lock > 0) attributes.lock = lock === 2;
  const fuel = num(0x9d);
  if (fuel !== undefined) attributes.fuel = fuel;
  const driver = num(0x25);
  if (driver !== undefined && driver > 0) attributes.driverUniqueId = String(driver);
  const level = num(0xfe69);
  if (level !== undefined) attributes.batteryLevel = level;
  const tag = p.get(0xfe73);
  if (tag instanceof Uint8Array) readTag(tag, attributes);
  const batteries = p.get(0xfea8);
  if (batteries instanceof Uint8Array) readBatteries(batteries, attributes);
}

function readTag(b: Uint8Array, attributes: Attributes): void {
  const nameLength = b[1] ?? 0;
  const at = 2 + nameLength + 6;
  if (b.length < at + 5) return;
  attributes.tag1Name = String.fromCharCode(...b.subarray(2, 2 + nameLength));
  attributes.tag1Battery = b[at] ?? 0;
  attributes.tag1Temp = i16le(b, at + 1) / 256;
  attributes.tag1Humidity = i16le(b, at + 3) / 256;
}

function readBatteries(b: Uint8Array, attributes: Attributes): void {
  for (let k = 0; k < 3 && 2 * k + 1 < b.length; k++) {
    if ((b[2 * k] ?? 0) === 0) continue;
    attributes[k === 0 ? 'batteryLevel' : `battery${k + 1}Level`] = b[2 * k + 1] ?? 0;
  }
}

function i16le(b: Uint8Array, at: number): number {
  const v = (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
  return v >= 0x8000 ? v - 0x10000 : v;
}
