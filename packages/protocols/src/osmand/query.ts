import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  coerce,
  coordinates,
  deviceIdOf,
  finite,
  KNOTS_TO_KMH,
  normaliseCourse,
  parseTimestamp,
  type Attributes,
  type Report,
} from './values.ts';

/*
 * The query format (OsmAnd protocol, query parameters): one fix as URL parameters, sent by
 * OsmAnd's online tracking and by Traccar Client, in a GET query or a POST form.
 *   id | deviceid      the device id (required)
 *   lat, lon           degrees; or location=lat,lon
 *   timestamp          Unix seconds or milliseconds, or an ISO date-time
 *   speed              knots (Traccar Client converts the phone's m/s to knots before sending)
 *   bearing | heading  degrees
 *   altitude           metres
 *   accuracy | hacc    metres → attribute `accuracy`; hdop → `hdop`
 *   batt               battery % → `batteryLevel`
 *   valid              true/false or 1/0; a fix is valid unless it says otherwise
 *   cell, wifi         repeated; MCC,MNC,LAC,cell id[,signal] and MAC,signal
 * Any other parameter becomes an attribute of the same name (true/false and numbers typed).
 */

/** Parameters read into the message's own fields rather than copied as attributes. */
const OWN = new Set(['id', 'deviceid', 'lat', 'lon', 'location', 'timestamp']);

export function decodeQuery(params: URLSearchParams): Report {
  const deviceId = deviceIdOf(params.get('id') ?? params.get('deviceid'));
  const warnings: string[] = [];
  const attributes: Attributes = {};
  const message: NormalizedMessage = { kind: 'position', attributes };
  const timestamp = params.get('timestamp');
  if (timestamp) message.deviceTimeMs = parseTimestamp(timestamp);
  const cells: string[] = [];
  let wifiCount = 0;
  for (const [key, value] of params) {
    if (value === '' || OWN.has(key)) continue;
    switch (key) {
      case 'speed': {
        const knots = finite(value, 'speed');
        if (knots >= 0) message.speedKmh = knots * KNOTS_TO_KMH;
        else warnings.push(`negative speed ${value} ignored`);
        break;
      }
      case 'bearing':
      case 'heading':
        message.course = normaliseCourse(finite(value, key));
        break;
      case 'altitude':
        message.altitude = finite(value, 'altitude');
        break;
      case 'valid':
        message.valid = value === 'true' || value === '1';
        break;
      case 'batt':
        attributes.batteryLevel = finite(value, 'batt');
        break;
      case 'accuracy':
      case 'hacc':
        attributes.accuracy = finite(value, key);
        break;
      case 'hdop':
        attributes.hdop = finite(value, 'hdop');
        break;
      case 'cell':
        cells.push(value);
        break;
      case 'wifi':
        wifiCount++;
        break;
      default:
        attributes[key] = coerce(value);
    }
  }
  Object.assign(attributes, cellAttributes(cells), wifiCount > 0 ? { wifiCount } : {});
  return { deviceId, messages: [located(params, message, cells.length + wifiCount > 0)], warnings };
}

/** Adds the coordinates; a request with only cells or Wi-Fi becomes a heartbeat. */
function located(params: URLSearchParams, message: NormalizedMessage, hasRadio: boolean): NormalizedMessage {
  const location = params.get('location');
  const [lat, lon] = location ? location.split(',') : [params.get('lat'), params.get('lon')];
  if ((lat === null || lat === undefined) && (lon === null || lon === undefined)) {
    if (!hasRadio) throw new DecodeError('no position: lat and lon (or location) missing');
    const heartbeat: NormalizedMessage = { kind: 'heartbeat', attributes: message.attributes };
    if (message.deviceTimeMs !== undefined) heartbeat.deviceTimeMs = message.deviceTimeMs;
    return heartbeat;
  }
  return { ...message, ...coordinates(lat ?? '', lon ?? ''), valid: message.valid ?? true };
}

/** The first cell as mcc, mnc, lac, cellId (the GT06 decoder's names) and the count. */
function cellAttributes(cells: readonly string[]): Attributes {
  const first = cells[0];
  if (first === undefined) return {};
  const parts = first.split(',').map((p) => Number(p));
  const [mcc, mnc, lac, cellId] = parts;
  if (parts.length < 4 || !parts.slice(0, 4).every(Number.isInteger) || cellId === undefined) {
    throw new DecodeError(`invalid cell "${first.slice(0, 40)}"`);
  }
  return { mcc: mcc ?? 0, mnc: mnc ?? 0, lac: lac ?? 0, cellId, cellCount: cells.length };
}
