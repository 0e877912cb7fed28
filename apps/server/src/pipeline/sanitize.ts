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
      if (Array.isArray(value)) return value.map((v) => storableValue(v, depth + 1) ?? null);
      return storableRecord(value as Record<string, unknown>, depth + 1);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
}

function storableRecord(record: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const v = storableValue(value, depth);
    if (v !== undefined) out[storableText(key)] = v;
  }
  return out;
}

/** True when `value` would pass `storableValue` unchanged (so no copy is needed). */
function isStorableValue(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      return !SUSPECT.test(value);
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object':
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) return value.every((v) => v !== undefined && isStorableValue(v, depth + 1));
      return isStorableRecord(value as Record<string, unknown>, depth + 1);
    case 'bigint':
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
  }
}

function isStorableRecord(record: Record<string, unknown>, depth: number): boolean {
  if (Object.getPrototypeOf(record) !== Object.prototype) return false;
  for (const key in record) {
    if (!Object.hasOwn(record, key) || SUSPECT.test(key) || !isStorableValue(record[key], depth)) return false;
  }
  return true;
}

const finiteOrAbsent = (n: number | undefined): boolean => n === undefined || Number.isFinite(n);

/** True when every value of the message is one the store can hold as it is (the usual case). */
function isStorable(msg: NormalizedMessage): boolean {
  const t = msg.deviceTimeMs;
  const lat = msg.latitude;
  const lon = msg.longitude;
  return (
    (t === undefined || storableTime(t) === t) &&
    (lat === undefined ? lon === undefined : lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) &&
    finiteOrAbsent(msg.speedKmh) &&
    finiteOrAbsent(msg.course) &&
    finiteOrAbsent(msg.altitude) &&
    finiteOrAbsent(msg.satellites) &&
    isStorableRecord(msg.attributes, 0)
  );
}

/**
 * The message with every value the store cannot hold cleaned or, failing that, left out. A
 * message that is storable already (nearly all) is returned as it is, without a copy.
 */
export function storableMessage(msg: NormalizedMessage): NormalizedMessage {
  return isStorable(msg) ? msg : cleanedMessage(msg);
}

/** A copy of the message with every value cleaned (exported for the test of the fast path). */
export function cleanedMessage(msg: NormalizedMessage): NormalizedMessage {
  const lat = finiteOrUndefined(msg.latitude);
  const lon = finiteOrUndefined(msg.longitude);
  const coordinatesOk = lat !== undefined && lon !== undefined && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return {
    ...msg,
    deviceTimeMs: storableTime(msg.deviceTimeMs),
    latitude: coordinatesOk ? lat : undefined,
    longitude: coordinatesOk ? lon : undefined,
    speedKmh: finiteOrUndefined(msg.speedKmh),
    course: finiteOrUndefined(msg.course),
    altitude: finiteOrUndefined(msg.altitude),
    satellites: finiteOrUndefined(msg.satellites),
    attributes: storableRecord(msg.attributes, 0) as NormalizedMessage['attributes'],
  };
}
