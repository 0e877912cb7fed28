import { KNOTS_TO_KMH } from './fields.ts';

/** A fix as the simulator describes it. */
export interface Gps103PositionInput {
  imei: string;
  timeMs: number;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  valid?: boolean;
  /** The report keyword; default `tracker` (the periodic report). `help me` is the SOS. */
  keyword?: string;
  /** The device clock's offset from UTC in minutes (its local time field); default 0. */
  utcOffsetMinutes?: number;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

function checkImei(imei: string): void {
  if (!/^\d{15}$/.test(imei)) throw new RangeError('GPS103 IMEI must be 15 digits');
}

/** Whole degrees and ten-thousandths of minutes, rounded once so 59.99995' cannot print as 60. */
function coordinate(value: number, degreeDigits: number): string {
  const total = Math.round(Math.abs(value) * 60 * 10000);
  const deg = Math.floor(total / 600000);
  const min = total % 600000;
  return `${pad(deg, degreeDigits)}${pad(Math.floor(min / 10000), 2)}.${pad(min % 10000, 4)}`;
}

/**
 * A regular F report as the GPS103 sends it (GPS102/GPS103/GPS104 GPRS data protocol, "GPRS
 * command sent by tracker"): `imei:NNN,tracker,yymmddhhmm (local),,F,hhmmss.sss (UTC),A,
 * ddmm.mmmm,N,dddmm.mmmm,E,speed (knots),course;`.
 */
export function encodeGps103Position(fix: Gps103PositionInput): Uint8Array {
  checkImei(fix.imei);
  const utc = new Date(fix.timeMs);
  const local = new Date(fix.timeMs + (fix.utcOffsetMinutes ?? 0) * 60_000);
  const year = local.getUTCFullYear();
  if (year < 2000 || year > 2099) throw new RangeError(`year ${year} cannot be sent`);
  const localField =
    pad(year - 2000, 2) +
    [local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes()]
      .map((v) => pad(v, 2))
      .join('');
  const utcField =
    [utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds()].map((v) => pad(v, 2)).join('') +
    `.${pad(utc.getUTCMilliseconds(), 3)}`;
  const fields = [
    `imei:${fix.imei}`,
    fix.keyword ?? 'tracker',
    localField,
    '',
    'F',
    utcField,
    fix.valid === false ? 'V' : 'A',
    coordinate(fix.lat, 2),
    fix.lat < 0 ? 'S' : 'N',
    coordinate(fix.lon, 3),
    fix.lon < 0 ? 'W' : 'E',
    (Math.max(0, fix.speedKmh) / KNOTS_TO_KMH).toFixed(2),
    (((fix.course % 360) + 360) % 360).toFixed(2),
  ];
  return ascii(`${fields.join(',')};`);
}

/** The login the device sends on connecting: `##,imei:NNN,A;`. */
export function encodeGps103Login(imei: string): Uint8Array {
  checkImei(imei);
  return ascii(`##,imei:${imei},A;`);
}

/** The heartbeat: the bare IMEI, with no terminator. */
export function encodeGps103Heartbeat(imei: string): Uint8Array {
  checkImei(imei);
  return ascii(imei);
}
