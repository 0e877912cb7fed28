import { bytesToHex } from '../codec/hex.ts';
import type { AttributeValue, NormalizedMessage } from '../message.ts';
import type { AvlRecord, IoValue } from './records.ts';
import { RULES, type Rule } from './io-rules.ts';
import { BEACON_LIST_ID, BLE_SENSOR_LIST_IDS, readBeaconList, readBleSensorList } from './ble-tags.ts';

/** Dallas temperature values (0.1 °C) that report a sensor fault, not a temperature. */
const TEMPERATURE_FAULTS = new Set([850, 2000, 3000, 4000, 5000]);
const TEMPERATURE_IDS = new Set([72, 73, 74, 75]);
/**
 * BLE tag temperatures (0.01 °C) and humidities (0.1 %) that report a state instead: failed
 * parsing, sensor not found, abnormal state.
 */
const BLE_FAULTS = new Set([2000, 3000, 4000]);
const BLE_SENSOR_IDS = new Set([25, 26, 27, 28, 86, 104, 106, 108]);

const FIXED_SIZES = new Set([1, 2, 4, 8]);

/**
 * A position (or, without coordinates, a heartbeat) from one record. The fix is valid when
 * satellites were in view and the coordinates are not 0,0: the document sends speed 0 and the
 * last known or zero coordinates when the GPS data is invalid. `named` = false keeps every IO
 * element as `io<id>` (codec 7 ids follow a different list).
 */
export function recordToMessage(record: AvlRecord, named: boolean): NormalizedMessage {
  const attributes: Record<string, AttributeValue> = { priority: record.priority, ...record.extra };
  if (record.eventId !== 0) attributes.event = record.eventId;
  for (const value of record.io) applyIo(value, named ? RULES.get(value.id) : undefined, record, attributes);
  const { position, satellites } = record;
  const fields = {
    deviceTimeMs: record.timeMs,
    ...(record.altitude !== undefined && { altitude: record.altitude }),
    ...(record.course !== undefined && { course: record.course }),
    ...(satellites !== undefined && { satellites }),
    ...(record.speedKmh !== undefined && { speedKmh: record.speedKmh }),
  };
  if (!position) return { kind: 'heartbeat', ...fields, attributes };
  const valid = (satellites === undefined || satellites > 0) && (position.latitude !== 0 || position.longitude !== 0);
  return { kind: 'position', ...fields, valid, latitude: position.latitude, longitude: position.longitude, attributes };
}

function applyIo(
  value: IoValue,
  rule: Rule | undefined,
  record: AvlRecord,
  attributes: Record<string, AttributeValue>,
): void {
  const raw =
    value.variable || !FIXED_SIZES.has(value.bytes.length) ? bytesToHex(value.bytes) : unsignedOf(value.bytes);
  if (value.variable && readList(value, attributes)) return;
  if (rule?.as === 'decimal' && value.bytes.length === rule.size) {
    attributes[rule.key] = BigInt(`0x${bytesToHex(value.bytes)}`).toString();
    return;
  }
  if (rule?.as === 'hexId') {
    if (value.bytes.some((b) => b !== 0)) attributes[rule.key] = bytesToHex(value.bytes).toUpperCase();
    return;
  }
  if (rule?.as === 'text' && value.variable) {
    const text = String.fromCharCode(...value.bytes.filter((b) => b !== 0));
    attributes[rule.key] = rule.key === 'dtcs' ? text.replace(/,/g, ' ') : text;
    return;
  }
  if (typeof raw !== 'number' || !applies(rule, value, raw)) {
    attributes[`io${value.id}`] = raw;
    return;
  }
  switch (rule.as) {
    case 'bool':
      attributes[rule.key] = raw > 0;
      return;
    case 'int':
      attributes[rule.key] = raw;
      return;
    case 'scaled':
      attributes[rule.key] = (rule.signed ? signedOf(raw, value.bytes.length) : raw) / rule.divisor;
      return;
    case 'alarm': {
      attributes[`io${value.id}`] = raw;
      const alarm = record.eventId === value.id ? rule.alarm(raw) : null;
      if (alarm) attributes.alarm = alarm;
      return;
    }
  }
}

function applies(
  rule: Rule | undefined,
  value: IoValue,
  raw: number,
): rule is Exclude<Rule, { as: 'hexId' | 'text' | 'decimal' }> {
  if (!rule || rule.as === 'hexId' || rule.as === 'text' || rule.as === 'decimal') return false;
  if (rule.as !== 'alarm' && rule.size !== undefined && rule.size !== value.bytes.length) return false;
  if (BLE_SENSOR_IDS.has(value.id) && BLE_FAULTS.has(raw)) return false;
  return !(TEMPERATURE_IDS.has(value.id) && TEMPERATURE_FAULTS.has(raw));
}

/** Unsigned big-endian value; a hex string when it has no exact number (over 2^53). */
function unsignedOf(bytes: Uint8Array): number | string {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return Number.isSafeInteger(v) ? v : bytesToHex(bytes);
}

function signedOf(raw: number, size: number): number {
  const half = 2 ** (size * 8 - 1);
  return raw >= half ? raw - 2 * half : raw;
}

/** A BLE sensor or beacon list (ble-tags.ts); false, to keep it raw, when it does not parse. */
function readList(value: IoValue, attributes: Record<string, AttributeValue>): boolean {
  const read =
    value.id === BEACON_LIST_ID ? readBeaconList : BLE_SENSOR_LIST_IDS.has(value.id) ? readBleSensorList : null;
  if (!read) return false;
  const parsed: Record<string, AttributeValue> = {};
  try {
    read(value.bytes, parsed);
  } catch {
    return false;
  }
  Object.assign(attributes, parsed);
  return true;
}
