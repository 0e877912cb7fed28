import type { ByteReader } from '../../codec/byte-reader.ts';
import type { Attributes } from './attributes.ts';

const ascii = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/**
 * The OBD block of item 0x80 (a content byte, then id/length items to the end of the body), as
 * OBD-dongle JT808 terminals send it: speed, RPM, voltage, load, coolant, VIN, odometer, fuel and
 * the trouble codes (0xA0, comma separated, stored space separated in `dtcs`).
 */
export function readObdExtension(r: ByteReader, a: Attributes): void {
  r.readU8('OBD content');
  while (r.remaining >= 2) {
    const id = r.readU8('OBD item id');
    const length = r.readU8('OBD item length');
    if (length > r.remaining) return;
    const v = r.readBytes(length, 'OBD item');
    const u = (n: number): number => v.subarray(0, n).reduce((acc, b) => acc * 256 + b, 0);
    if (v.length < Math.min(length, 4)) return;
    switch (id) {
      case 0x80:
        a.obdSpeed = u(1);
        break;
      case 0x81:
        a.rpm = u(2);
        break;
      case 0x82:
        a.power = u(2) / 10;
        break;
      case 0x83:
        a.engineLoad = u(1);
        break;
      case 0x84:
        a.coolantTemp = u(1) - 40;
        break;
      case 0x85:
        a.fuelConsumption = u(2);
        break;
      case 0x89:
        a.throttle = u(1);
        break;
      case 0x8b:
        a.vin = ascii(v.subarray(0, 17));
        break;
      case 0x8c:
        a.obdOdometer = u(4) * 100;
        break;
      case 0x8d:
        a.tripOdometer = u(2) * 1000;
        break;
      case 0x8e:
        a.fuel = u(1);
        break;
      case 0xa0:
        a.dtcs = ascii(v).replace(/,/g, ' ');
        break;
      default:
    }
  }
}

const OBD_RT_KEYS = [
  'power',
  'rpm',
  'obdSpeed',
  'throttle',
  'engineLoad',
  'coolantTemp',
  'fuelConsumption',
  'fuelConsumptionAverage',
  'tripOdometer',
  'obdOdometer',
  'tripFuelUsed',
  'fuelUsed',
] as const;

/** `$OBD-RT,power,rpm,speed,throttle,load,coolant,instant,average,trip,odometer,trip fuel,fuel used`. */
export function readObdRt(text: string, a: Attributes): void {
  const values = text.trim().split(',').slice(1);
  OBD_RT_KEYS.forEach((key, i) => {
    const raw = values[i];
    const n = raw === undefined || raw === '' ? NaN : Number(raw);
    if (Number.isFinite(n)) a[key] = n;
  });
}
