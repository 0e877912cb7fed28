import { ALARMS, isAlarm, type Alarm } from '@jejak/domain';
import type { NormalizedMessage } from '../message.ts';

/**
 * The `alarm` parameter (OsmAnd protocol as extended by Traccar Client: `alarm=sos`) in the one
 * alarm vocabulary. Phone apps send Traccar's alarm names; the ones that are ours under another
 * name are mapped, matched without regard to case. A value outside the vocabulary is not an
 * alarm: it is kept as the raw `event` (unless the request named an event itself).
 */
const SYNONYMS: ReadonlyMap<string, Alarm> = new Map<string, Alarm>([
  ['panic', 'sos'],
  ['geofenceenter', 'geofence'],
  ['geofenceexit', 'geofence'],
  ['tow', 'towing'],
  ['shock', 'vibration'],
  ['lowpower', 'lowBattery'],
  ['acceleration', 'hardAcceleration'],
  ['braking', 'hardBraking'],
  ['cornering', 'hardCornering'],
]);

const BY_LOWER_NAME: ReadonlyMap<string, Alarm> = new Map<string, Alarm>([
  ...ALARMS.map((a): [string, Alarm] => [a.toLowerCase(), a]),
  ...SYNONYMS,
]);

export function alarmOf(value: string): Alarm | null {
  if (isAlarm(value)) return value;
  return BY_LOWER_NAME.get(value.trim().toLowerCase()) ?? null;
}

/** The message with its `alarm` attribute mapped to the vocabulary (or moved to `event`). */
export function withMappedAlarm(message: NormalizedMessage): NormalizedMessage {
  const raw = message.attributes.alarm;
  if (raw === undefined) return message;
  const attributes = { ...message.attributes };
  delete attributes.alarm;
  const alarm = alarmOf(String(raw));
  if (alarm)
    return {
      ...message,
      kind: message.kind === 'heartbeat' ? 'alarm' : message.kind,
      attributes: { ...attributes, alarm },
    };
  return { ...message, attributes: 'event' in attributes ? attributes : { ...attributes, event: String(raw) } };
}
