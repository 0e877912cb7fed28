import type { AlertEvent, Notification } from '@jejak/contract';

/** What of an event decides which notifications watch it. */
export type EventKey = Pick<AlertEvent, 'rtid' | 'ruid' | 'eventResult' | 'geoid'>;

/**
 * Whether notification N watches this event (shared model): N ticks the event's rule for its
 * result (v for violated, c for complied) and, when the event concerns a geofence and N lists
 * geofences, lists that one. Whether N's creator reaches the vehicle is checked apart (storage).
 */
export function watches(n: Pick<Notification, 'rules' | 'geofences'>, e: EventKey): boolean {
  if (e.rtid === null || e.ruid === null) return false;
  const flags = n.rules[e.rtid]?.[e.ruid];
  if (!flags || (e.eventResult === 1 ? flags.v : flags.c) !== 1) return false;
  if (e.geoid === null) return true;
  const listed = Object.values(n.geofences).flat();
  return listed.length === 0 || listed.includes(e.geoid);
}

/** The key a notification is indexed under for each rule it ticks. */
export const ruleKey = (rtid: string, ruid: string): string => `${rtid}\u0000${ruid}`;

/** Indexes notifications by the rules they tick, so an event looks up only its rule's watchers. */
export function indexByRule<N extends Pick<Notification, 'rules'>>(notifications: readonly N[]): Map<string, N[]> {
  const index = new Map<string, N[]>();
  for (const n of notifications)
    for (const [rtid, rules] of Object.entries(n.rules))
      for (const [ruid, flags] of Object.entries(rules)) {
        if (flags.c !== 1 && flags.v !== 1) continue;
        const key = ruleKey(rtid, ruid);
        const list = index.get(key);
        if (list) list.push(n);
        else index.set(key, [n]);
      }
  return index;
}
