import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  coordinate,
  fixTime,
  KNOTS_TO_KMH,
  localTime,
  num,
  percent,
  put,
  type Attributes,
  type Decoded,
} from './fields.ts';
import { keywordAttributes, wantsCancel } from './keywords.ts';

/**
 * The regular report (GPS102/GPS103/GPS104 GPRS data protocol, "GPRS command sent by tracker"):
 * `imei:NNN,keyword,local time,phone or card,F|L,…`. `fields` are the report's comma-separated
 * fields, the `imei:NNN` first and the terminator removed.
 *
 * F (GPS fix): `hhmmss.sss (UTC),A|V,ddmm.mmmm,N|S,dddmm.mmmm,E|W,speed (knots),course` and, on
 * later firmwares, `altitude,ignition (0/1),door (0/1),fuel 1 %,fuel 2,temperature`. One firmware
 * puts the hemisphere letters before the numbers; some leave the longitude's empty.
 * L (no fix): `,,lac,,cell id,,,` in hex, or nothing. Its only time is the local one: it is
 * dated with `zoneMinutes`, the device clock's offset an earlier F report showed, when known.
 */
export function decodeRegular(imei: string, fields: readonly string[], zoneMinutes: number | null): Decoded {
  const keyword = fields[1] ?? '';
  const attributes = keywordAttributes(keyword);
  if (keyword === 'rfid') put(attributes, 'driverUniqueId', fields[3] || undefined);
  const reply = wantsCancel(keyword) ? `**,imei:${imei},E;` : undefined;
  const fix = fields[4];
  if (fix === 'F') return { imei, ...gpsReport(fields, attributes), ...(reply ? { reply } : {}) };
  if (fix !== 'L' && fix !== undefined) throw new DecodeError(`expected F or L after the time, got ${fix.slice(0, 8)}`);
  const lac = hex(fields[7]);
  const cellId = hex(fields[9]);
  if (lac !== undefined && cellId !== undefined) Object.assign(attributes, { lac, cellId });
  const message: NormalizedMessage = { kind: attributes.alarm === undefined ? 'heartbeat' : 'alarm', attributes };
  const local = localTime(fields[2] ?? '');
  if (local && zoneMinutes !== null) message.deviceTimeMs = local.ms - zoneMinutes * 60_000;
  return { imei, messages: [message], warnings: [], ...(reply ? { reply } : {}) };
}

function gpsReport(fields: readonly string[], attributes: Attributes): Omit<Decoded, 'imei'> {
  const warnings: string[] = [];
  const status = fields[6];
  if (status !== 'A' && status !== 'V') throw new DecodeError(`validity is not A or V: ${status?.slice(0, 8) ?? ''}`);
  // Hemisphere first ("A,N,5306.64155,E,00700.77848") or after each number.
  const lettersFirst = fields[7] === 'N' || fields[7] === 'S';
  const [lat, latH, lon, lonH] = lettersFirst
    ? [fields[8], fields[7], fields[10], fields[9]]
    : [fields[7], fields[8], fields[9], fields[10]];
  const rest = fields.slice(11);
  const time = fixTime(fields[2] ?? '', fields[5] ?? '');
  if (time?.warning) warnings.push(time.warning);
  const message: NormalizedMessage = {
    kind: attributes.alarm === undefined ? 'position' : 'alarm',
    valid: status === 'A',
    latitude: coordinate(lat, latH, 90),
    longitude: coordinate(lon, lonH, 180),
    attributes,
  };
  if (time) message.deviceTimeMs = time.ms;
  else warnings.push('no date in the report: left to be dated on receipt');
  const knots = num(rest[0], 'speed');
  if (knots !== undefined) message.speedKmh = Math.round(knots * KNOTS_TO_KMH * 100) / 100;
  const course = num(rest[1], 'course');
  if (course !== undefined && course >= 0 && course <= 360) message.course = course % 360;
  const altitude = num(rest[2], 'altitude');
  if (altitude !== undefined) message.altitude = altitude;
  if (!trailer(rest.slice(3), attributes)) warnings.push('trailer of an unknown layout: not read');
  return {
    messages: [message],
    warnings,
    ...(time?.zoneMinutes === undefined ? {} : { zoneMinutes: time.zoneMinutes }),
  };
}

/**
 * ignition, door, fuel 1 (%), fuel 2 (% or a count), temperature; DTC reports put the code in
 * fuel 2's place. False (nothing read) when ignition or door is not 0, 1 or empty: the fuel
 * alarms (`oil1`, `oil2`) put other values there.
 */
function trailer(t: readonly string[], out: Attributes): boolean {
  if (!/^[01]?$/.test(t[0] ?? '') || !/^[01]?$/.test(t[1] ?? '')) return false;
  if (t[0]) out.ignition ??= t[0] === '1';
  if (t[1]) out.door ??= t[1] === '1';
  const fuel1 = lenient(() => percent(t[2], 'fuel 1'));
  put(out, 'fuel1', fuel1);
  const second = t[3] ?? '';
  const fuel2 = lenient(() => percent(second, 'fuel 2'));
  if (/^[PCBU][0-9A-F]{4}$/.test(second)) out.dtcs = second;
  else put(out, 'fuel2', fuel2);
  const temp = lenient(() => num(t[4], 'temperature'));
  if (out.temp1 === undefined) put(out, 'temp1', temp);
  return true;
}

/** Trailer fields differ between firmwares: one that is not a number is left out, not fatal. */
function lenient(read: () => number | undefined): number | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function hex(text: string | undefined): number | undefined {
  return text && /^[0-9a-fA-F]{1,8}$/.test(text) ? parseInt(text, 16) : undefined;
}
