import type { NormalizedMessage } from '@jejak/protocols';

/*
 * Decoders pass on whatever a device sent, and a device can send anything. PostgreSQL text and
 * jsonb refuse NUL characters and lone UTF-16 surrogates, bigint refuses fractions and values
 * beyond ±9.2e18. One such value would fail the whole batch it is committed in, so every message
 * is made storable here, before it touches any state.
 */

/** Latest instant a device time may name: 9999-12-31T23:59:59.999Z. */
const MAX_TIME_MS = 253_402_300_799_999;
/** Nested attribute values deeper than this are dropped (no decoder nests that deep). */
const MAX_DEPTH = 4;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Any character that may need cleaning: one scan, so the usual clean text costs no copy. */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** Text without NUL characters and with lone surrogates replaced by U+FFFD. */
export function storableText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** An epoch-millisecond instant the store can hold, or undefined. */
export function storableTime(ms: number | undefined): number | undefined {
  return ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= MAX_TIME_MS ? Math.trunc(ms) : undefined;
}

const finiteOrUndefined = (n: number | undefined): number | undefined =>
  n !== undefined && Number.isFinite(n) ? n : undefined;

/**
 * The value as the store can hold it — the value itself when it needs no cleaning (objects and
 * arrays are copied only when something inside them changes) — or undefined to leave it out.
 */
function storableValue(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return storableText(value);
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'boolean':
      return value;
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
    case 'object':
      if (value === null) return null;
      if (depth >= MAX_DEPTH) return undefined;
      if (Array.isArray(value)) return storableArray(value, depth + 1);
      return storableRecord(value as Record<string, unknown>, depth + 1);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
}

function storableArray(array: unknown[], depth: number): unknown[] {
  for (let i = 0; i < array.length; i++) {
    const v = i in array ? storableValue(array[i], depth) : undefined;
    if (v === array[i] && v !== undefined) continue;
    // Something changes (a hole or a left-out value becomes null): copy.
    return array.map((x) => storableValue(x, depth) ?? null);
  }
  return array;
}

function storableRecord(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  if (Object.getPrototypeOf(record) === Object.prototype) {
    let clean = true;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const value = record[key];
      if (storableText(key) !== key || storableValue(value, depth) !== value || value === undefined) {
        clean = false;
        break;
      }
    }
    if (clean) return record;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const v = storableValue(value, depth);
    if (v !== undefined) out[storableText(key)] = v;
  }
  return out;
}

/**
 * The message with every value the store cannot hold cleaned or, failing that, left out. A
 * message that is storable already (nearly all) is returned as it is, without a copy.
 */
export function storableMessage(msg: NormalizedMessage): NormalizedMessage {
  const lat = finiteOrUndefined(msg.latitude);
  const lon = finiteOrUndefined(msg.longitude);
  const coordinatesOk = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  const deviceTimeMs = storableTime(msg.deviceTimeMs);
  const latitude = coordinatesOk ? lat : undefined;
  const longitude = coordinatesOk ? lon : undefined;
  const speedKmh = finiteOrUndefined(msg.speedKmh);
  const course = finiteOrUndefined(msg.course);
  const altitude = finiteOrUndefined(msg.altitude);
  const satellites = finiteOrUndefined(msg.satellites);
  const attributes = storableRecord(msg.attributes, 0) as NormalizedMessage['attributes'];
  if (
    deviceTimeMs === msg.deviceTimeMs &&
    latitude === msg.latitude &&
    longitude === msg.longitude &&
    speedKmh === msg.speedKmh &&
    course === msg.course &&
    altitude === msg.altitude &&
    satellites === msg.satellites &&
    attributes === msg.attributes
  )
    return msg;
  return { ...msg, deviceTimeMs, latitude, longitude, speedKmh, course, altitude, satellites, attributes };
}
