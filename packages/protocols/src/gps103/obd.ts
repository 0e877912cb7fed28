import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { num, percent, put, utcMs, type Attributes, type Decoded } from './fields.ts';

/**
 * The OBD report of the GPS103 OBD models (layout inferred from the captures, as no document we
 * had covers it): `imei:NNN,OBD,yymmddhhmmss,odometer,instant fuel consumption,average fuel
 * consumption,engine hours,speed (km/h),engine load %,coolant temperature,throttle %,rpm,battery
 * (V),DTC,DTC,…`. It has no location: a heartbeat carrying the engine's values.
 */
export function decodeObd(imei: string, fields: readonly string[]): Decoded {
  const time = dateTime(fields[2] ?? '');
  const out: Attributes = {};
  put(out, 'odometer', num(fields[3], 'odometer'));
  put(out, 'fuelConsumption', num(fields[5], 'fuel consumption'));
  const hours = num(fields[6], 'engine hours');
  if (hours !== undefined) out.hours = hours * 3_600_000;
  put(out, 'obdSpeed', num(fields[7], 'OBD speed'));
  put(out, 'engineLoad', percent(fields[8], 'engine load'));
  // A bare sign is sent when the sensor has no value.
  const coolant = fields[9] === '+' || fields[9] === '-' ? undefined : fields[9];
  put(out, 'coolantTemp', num(coolant, 'coolant temperature'));
  put(out, 'throttle', percent(fields[10], 'throttle'));
  put(out, 'rpm', num(fields[11], 'rpm'));
  put(out, 'battery', num(fields[12], 'battery'));
  const dtcs = fields.slice(13).filter((f) => f !== '');
  if (dtcs.length > 0) out.dtcs = dtcs.join(' ');
  const message: NormalizedMessage = { kind: 'heartbeat', attributes: out };
  if (time !== null) message.deviceTimeMs = time;
  return { imei, messages: [message], warnings: time === null ? ['OBD report without a valid time'] : [] };
}

/** `yymmddhhmmss`. */
function dateTime(text: string): number | null {
  const p = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!p) return null;
  const [y, mo, d, h, m, s] = p.slice(1).map(Number);
  return utcMs(2000 + (y ?? 0), mo ?? 0, d ?? 0, h ?? 0, m ?? 0, s ?? 0);
}

/**
 * The alternative report some firmwares send, ending in `*` (layout inferred from the captures):
 * `imei:NNN,device name,event,sensor id,sensor voltage,hhmmss,ddmmyy (UTC),signal,GPS status
 * (1 = fix),latitude,longitude (signed degrees),speed (km/h),course,altitude,hdop,satellites,
 * ignition,charging,error,*`. Dashes mean "no value".
 */
export function decodeAlternative(imei: string, fields: readonly string[]): Decoded {
  const v = fields.map((f) => (/^-+$/.test(f) ? '' : f));
  const t = /^(\d\d)(\d\d)(\d\d)$/.exec(v[5] ?? '');
  const d = /^(\d\d)(\d\d)(\d\d)$/.exec(v[6] ?? '');
  if (!t || !d) throw new DecodeError('alternative report: time or date is not hhmmss / ddmmyy');
  const time = utcMs(2000 + Number(d[3]), Number(d[2]), Number(d[1]), Number(t[1]), Number(t[2]), Number(t[3]));
  if (time === null) throw new DecodeError('alternative report: time out of range');
  const latitude = num(v[9], 'latitude');
  const longitude = num(v[10], 'longitude');
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new DecodeError('alternative report: latitude or longitude missing or out of range');
  }
  const attributes: Attributes = {};
  put(attributes, 'event', v[2] || undefined);
  put(attributes, 'gsm', num(v[7], 'signal'));
  put(attributes, 'hdop', num(v[14], 'hdop'));
  if (v[16] === '0' || v[16] === '1') attributes.ignition = v[16] === '1';
  if (v[17] === '0' || v[17] === '1') attributes.charge = v[17] === '1';
  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs: time,
    valid: v[8] === '1',
    latitude,
    longitude,
    attributes,
  };
  const speed = num(v[11], 'speed');
  if (speed !== undefined) message.speedKmh = speed;
  const course = num(v[12], 'course');
  if (course !== undefined && course <= 360) message.course = course % 360;
  const altitude = num(v[13], 'altitude');
  if (altitude !== undefined) message.altitude = altitude;
  const satellites = num(v[15], 'satellites');
  if (satellites !== undefined) message.satellites = satellites;
  return { imei, messages: [message], warnings: [] };
}
