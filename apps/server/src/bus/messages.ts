import { LiveNotifyMessageSchema, LiveTicketMessageSchema } from '@jejak/contract';
import type { BusTopic, WorkTopic } from './bus.ts';

/**
 * Structural checks of messages that arrive from other nodes (ADR 0056): enough that a handler
 * never reads a field of the wrong kind. The sender is our own code, so a failure means a node of
 * another version or a stray publisher on our subjects; the message is reported and dropped.
 */
type Check = (m: Record<string, unknown>) => boolean;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');
/** An event item as 'event.stored' carries it: the live channel sends it as it is. */
const EVENT_ITEM = LiveNotifyMessageSchema.shape.item;
const isEventItem = (v: unknown): boolean => EVENT_ITEM.safeParse(v).success;
const isEventBatch: Check = (m) => typeof m.dvid === 'string' && Array.isArray(m.items) && m.items.every(isEventItem);

const BROADCAST: { [T in BusTopic]: Check } = {
  'fleet.update': (m) =>
    isRecord(m.device) && typeof m.device.dvid === 'string' && (m.vehicle === null || isRecord(m.vehicle)),
  'geofence.update': (m) => typeof m.dvid === 'string' && isRecord(m.crossing),
  'geofence.changed': (m) => isStrings(m.vids),
  'vehicle.changed': (m) => isStrings(m.dvids),
  'rules.changed': (m) => isStrings(m.rtids),
  'access.changed': (m) => m.uids === 'all' || isStrings(m.uids),
  'event.stored': isEventBatch,
  'notify.push': (m) =>
    (m.pushId === undefined || typeof m.pushId === 'string') &&
    isStrings(m.uids) &&
    typeof m.dvid === 'string' &&
    isEventItem(m.item),
  'ticket.resolved': (m) =>
    Array.isArray(m.items) &&
    m.items.every(
      (i) => isRecord(i) && typeof i.dvid === 'string' && LiveTicketMessageSchema.shape.item.safeParse(i.item).success,
    ),
  'notify.pushed': (m) => typeof m.pushId === 'string' && Number.isSafeInteger(m.consoles),
  'notifications.changed': (m) => isStrings(m.nfids),
  'sessions.ended': (m) => isStrings(m.tokenHashes),
  'device.claimed': (m) => typeof m.dvid === 'string' && typeof m.node === 'string' && Number.isSafeInteger(m.epoch),
  'device.command': (m) => typeof m.dvid === 'string',
  'bus.resumed': (m) => typeof m.afterMs === 'number' && Number.isFinite(m.afterMs),
};

const WORK: { [T in WorkTopic]: Check } = {
  'event.notify': isEventBatch,
  'escalation.step': (m) => isStrings(m.evids),
  'device.recompute': (m) => typeof m.dvid === 'string',
  'device.clone': (m) =>
    ['dvid', 'imei', 'address', 'refused'].every((k) => typeof m[k] === 'string') && Number.isSafeInteger(m.atMs),
};

/** Whether `message` has the shape of `topic`'s messages. */
export function wellFormed(kind: 'broadcast', topic: BusTopic, message: unknown): boolean;
export function wellFormed(kind: 'work', topic: WorkTopic, message: unknown): boolean;
export function wellFormed(kind: 'broadcast' | 'work', topic: string, message: unknown): boolean {
  const check = kind === 'broadcast' ? BROADCAST[topic as BusTopic] : WORK[topic as WorkTopic];
  return isRecord(message) && check(message);
}

/** Topics a node announces to itself only (bus.ts): never sent to, nor taken from, NATS. */
export const LOCAL_TOPICS: ReadonlySet<BusTopic> = new Set<BusTopic>(['bus.resumed']);

/** Every topic of each kind (the NATS adapter makes their subjects and streams at start). */
export const BROADCAST_TOPICS = Object.keys(BROADCAST) as BusTopic[];
export const WORK_TOPICS = Object.keys(WORK) as WorkTopic[];
