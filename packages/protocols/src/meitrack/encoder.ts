import { meitrackChecksum } from './envelope.ts';

export interface MeitrackAaaInput {
  imei: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  /** Event code; default 35 (track by time interval). */
  event?: number;
  /** The data identifier after `$$` (devices rotate it through 0x41–0x7A); default 'A'. */
  flag?: string;
  altitude?: number;
  hdop?: number;
  /** Mileage in metres. */
  odometer?: number;
  /** GSM signal 0–31; default 20. */
  gsm?: number;
}

/** Wraps `,IMEI,command,params*` in `$$`, the flag, the length and the checksum (Meitrack GPRS protocol, "command format"). */
export function encodeMeitrackFrame(flag: string, imei: string, command: string, params: string): Uint8Array {
  if (flag.length !== 1) throw new RangeError(`flag must be one character, got ${JSON.stringify(flag)}`);
  const tail = `,${imei},${command}${params === '' ? '' : `,${params}`}*`;
  const length = tail.length + 4; // two checksum digits and CR LF
  const head = bytes(`$$${flag}${length}${tail}`);
  return bytes(`$$${flag}${length}${tail}${meitrackChecksum(head)}\r\n`);
}

/**
 * An AAA report as an MT90 sends it (Meitrack GPRS protocol, "AAA"): event, position, UTC time,
 * fix, satellites, GSM signal, speed, course, HDOP, altitude, mileage, run time, a Malaysian base
 * station derived from the position, I/O status and the five analog inputs (all zero).
 */
export function encodeMeitrackAAA(fix: MeitrackAaaInput): Uint8Array {
  const d = new Date(fix.timeMs);
  const yy = d.getUTCFullYear() - 2000;
  if (yy < 0 || yy > 99) throw new RangeError(`year ${d.getUTCFullYear()} cannot be sent`);
  const time = [yy, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    .map((v) => String(v).padStart(2, '0'))
    .join('');
  const lac = 0x2000 + (Math.floor(Math.abs(fix.lat) * 20) % 0x1000);
  const cellId = (Math.floor(Math.abs(fix.lat) * 100) * 1000 + Math.floor(Math.abs(fix.lon) * 100)) % 0xffff;
  const params = [
    fix.event ?? 35,
    fix.lat.toFixed(6),
    fix.lon.toFixed(6),
    time,
    fix.valid ? 'A' : 'V',
    Math.round(fix.satellites),
    fix.gsm ?? 20,
    Math.round(fix.speedKmh),
    Math.round(fix.course) % 360,
    (fix.hdop ?? 0.9).toFixed(1),
    Math.round(fix.altitude ?? 30),
    Math.round(fix.odometer ?? 0),
    0,
    `502|12|${hex4(lac)}|${hex4(cellId)}`,
    '0000',
    '0000|0000|0000|0000|0000',
  ].join(',');
  return encodeMeitrackFrame(fix.flag ?? 'A', fix.imei, 'AAA', params);
}

const hex4 = (v: number): string => v.toString(16).toUpperCase().padStart(4, '0');

function bytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
