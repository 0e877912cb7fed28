import { DecodeError } from '../codec/decode-error.ts';
import type { NormalizedMessage } from '../message.ts';
import {
  coordinates,
  deviceIdOf,
  MPS_TO_KMH,
  normaliseCourse,
  parseTimestamp,
  type Attributes,
  type Report,
} from './values.ts';

/*
 * The JSON format (OsmAnd protocol, JSON body), posted by the newer Traccar Client apps, which
 * use a background-geolocation library and send its location object as it is:
 *   { "device_id": "…", "location": { "timestamp": ISO, "coords": { "latitude", "longitude",
 *     "speed" (m/s), "heading", "altitude", "accuracy" }, "is_moving", "odometer" (metres),
 *     "event", "battery": { "level" (0–1), "is_charging" }, "activity": { "type" },
 *     "extras": { … } } }
 * `location` may also be an array of such objects (a batch). Negative speed, heading and
 * battery level mean "unknown". Extras with plain values become attributes of the same name.
 */

type Json = Record<string, unknown>;

const object = (v: unknown): Json | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined;
const number = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const known = (v: unknown): number | undefined => {
  const n = number(v);
  return n !== undefined && n >= 0 ? n : undefined;
};

export function decodeJson(body: string): Report {
  let root: Json | undefined;
  try {
    root = object(JSON.parse(body));
  } catch {
    throw new DecodeError('body is not valid JSON');
  }
  if (!root) throw new DecodeError('JSON body is not an object');
  const raw = root.location;
  const locations = Array.isArray(raw) ? raw.map(object) : [object(raw)];
  if (locations.length === 0 || locations.some((l) => !l)) throw new DecodeError('JSON body has no location object');
  const deviceId = deviceIdOf(root.device_id ?? root.deviceId ?? root.id);
  const warnings: string[] = [];
  const messages = locations.map((l) => position(l ?? {}, warnings));
  return { deviceId, messages, warnings };
}

function position(location: Json, warnings: string[]): NormalizedMessage {
  const coords = object(location.coords);
  if (!coords) throw new DecodeError('location without coords');
  const lat = coords.latitude;
  const lon = coords.longitude;
  if (typeof lat !== 'number' || typeof lon !== 'number') {
    throw new DecodeError(`bad coordinates: latitude=${String(lat)}, longitude=${String(lon)}`);
  }
  const message: NormalizedMessage = { kind: 'position', valid: true, ...coordinates(lat, lon), attributes: {} };
  const timestamp = location.timestamp;
  if (typeof timestamp === 'string' || typeof timestamp === 'number') message.deviceTimeMs = parseTimestamp(timestamp);
  else if (timestamp !== undefined) warnings.push('timestamp is neither text nor a number: ignored');
  const speed = known(coords.speed);
  if (speed !== undefined) message.speedKmh = speed * MPS_TO_KMH;
  const heading = known(coords.heading);
  if (heading !== undefined) message.course = normaliseCourse(heading);
  const altitude = number(coords.altitude);
  if (altitude !== undefined) message.altitude = altitude;
  message.attributes = attributesOf(location, coords);
  return message;
}

function attributesOf(location: Json, coords: Json): Attributes {
  const attributes: Attributes = {};
  const accuracy = known(coords.accuracy);
  if (accuracy !== undefined) attributes.accuracy = accuracy;
  const battery = object(location.battery);
  const level = known(battery?.level);
  if (level !== undefined) attributes.batteryLevel = Math.round(Math.min(1, level) * 100);
  if (typeof battery?.is_charging === 'boolean') attributes.charge = battery.is_charging;
  if (typeof location.is_moving === 'boolean') attributes.motion = location.is_moving;
  const odometer = known(location.odometer);
  if (odometer !== undefined) attributes.odometer = odometer;
  if (typeof location.event === 'string') attributes.event = location.event;
  const activity = object(location.activity)?.type;
  if (typeof activity === 'string') attributes.activity = activity;
  for (const [key, value] of Object.entries(object(location.extras) ?? {})) {
    const plain = typeof value === 'string' || typeof value === 'boolean' || number(value) !== undefined;
    if (plain && !(key in attributes)) attributes[key] = value as string | number | boolean;
  }
  return attributes;
}
