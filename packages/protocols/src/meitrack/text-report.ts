import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import { eventAttributes, type Attributes } from './events.ts';

/** RFID swipe: the assisted event information field carries the card number. */
const EVENT_RFID = 37;

/**
 * AAA, the automatic report (Meitrack GPRS protocol, "AAA – GPRS data report"). Fields after
 * the command, in order: event code, latitude, longitude, date-time yymmddhhmmss (UTC), A/V,
 * satellites, GSM signal (0–31), speed km/h, course, HDOP, altitude m, mileage m, run time s,
 * base station MCC|MNC|LAC|CI, I/O port status, analog inputs AD1|…|AD5, assisted event
 * information, then model-specific fields (customised data, protocol version, fuel, sensors…)
 * that we do not read. `leading` skips fields some replies put before the AAA layout (AFF
 * carries one, inferred from the captures).
 */
export function decodeAaa(params: string, leading = 0): NormalizedMessage {
  const f = params.split(',').slice(leading);
  const field = (i: number): string => f[i] ?? '';
  const event = integer(field(0), 'event code');
  const latitude = decimal(field(1), 'latitude');
  const longitude = decimal(field(2), 'longitude');
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new DecodeError(`coordinates out of range (${latitude}, ${longitude})`);
  const validity = field(4);
  if (validity !== 'A' && validity !== 'V') throw new DecodeError(`bad positioning status ${JSON.stringify(validity)}`);

  const message: NormalizedMessage = {
    kind: 'position',
    deviceTimeMs: shortDateTime(field(3)),
    valid: validity === 'A',
    latitude,
    longitude,
    attributes: eventAttributes(event),
  };
  const attributes = message.attributes;
  setNumber(field(5), (v) => (message.satellites = v));
  setNumber(field(6), (v) => (attributes.gsm = v));
  setNumber(field(7), (v) => (message.speedKmh = v));
  setNumber(field(8), (v) => (message.course = v));
  setNumber(field(9), (v) => (attributes.hdop = v));
  setNumber(field(10), (v) => (message.altitude = v));
  setNumber(field(11), (v) => (attributes.odometer = v));
  Object.assign(attributes, baseStation(field(13)), analogInputs(field(15)));
  if (/^[0-9A-Fa-f]{4}$/.test(field(14))) attributes.io = field(14).toUpperCase();
  if (event === EVENT_RFID && field(16) !== '') attributes.driverUniqueId = field(16);
  return message;
}

/** A reply to a command (D03, D82, AAC, …): kept as `result` = "<command>,<parameters>". */
export function decodeCommandResult(command: string, params: string, deviceTimeMs?: number): NormalizedMessage {
  const attributes: Attributes = { result: params === '' ? command : `${command},${params}` };
  return deviceTimeMs === undefined
    ? { kind: 'heartbeat', attributes }
    : { kind: 'heartbeat', deviceTimeMs, attributes };
}

/** MCC and MNC in decimal, LAC and cell id in hex; any part missing → no cell attributes. */
function baseStation(text: string): Attributes {
  const [mcc = '', mnc = '', lac = '', cell = ''] = text.split('|');
  if (!/^\d+$/.test(mcc) || !/^\d+$/.test(mnc) || !/^[0-9A-Fa-f]+$/.test(lac) || !/^[0-9A-Fa-f]+$/.test(cell))
    return {};
  if (Number(mcc) === 0) return {};
  return { mcc: Number(mcc), mnc: Number(mnc), lac: parseInt(lac, 16), cellId: parseInt(cell, 16) };
}

/**
 * Analog inputs AD1|AD2|AD3|AD4|AD5, kept as adc1…adc5. The protocol's table names AD4 the backup
 * battery and AD5 the external power, but the captures show two scales for the same hex field
 * (12-bit ADC counts on some firmwares, hundredths of a volt on others) and newer firmwares send
 * volts with a decimal point, so no voltage is derived from them here.
 */
function analogInputs(text: string): Attributes {
  const out: Attributes = {};
  const decimal = text.includes('.');
  text.split('|').forEach((p, i) => {
    if (decimal) setNumber(p, (v) => (out[`adc${i + 1}`] = v));
    else if (/^[0-9A-Fa-f]{1,4}$/.test(p)) out[`adc${i + 1}`] = parseInt(p, 16);
  });
  return out;
}

/** yymmddhhmmss, UTC (the protocol's date-time field). */
export function shortDateTime(text: string): number {
  const m = /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!m) throw new DecodeError(`bad date-time ${JSON.stringify(text)}`);
  const [yy, mo, dd, hh, mi, ss] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || dd < 1 || dd > 31 || hh > 23 || mi > 59 || ss > 59) {
    throw new DecodeError(`invalid date-time ${text}`);
  }
  return Date.UTC(2000 + yy, mo - 1, dd, hh, mi, ss);
}

function integer(text: string, name: string): number {
  if (!/^\d+$/.test(text)) throw new DecodeError(`bad ${name} ${JSON.stringify(text)}`);
  return Number(text);
}

function decimal(text: string, name: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new DecodeError(`bad ${name} ${JSON.stringify(text)}`);
  return Number(text);
}

/** Optional numeric fields: empty or malformed ones are left out rather than failing the report. */
function setNumber(text: string, set: (v: number) => void): void {
  if (/^-?\d+(\.\d+)?$/.test(text)) set(Number(text));
}
