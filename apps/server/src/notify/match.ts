import { BUILT_IN_RULE_PREFIX, type AlertEvent, type Notification, type Recipient } from '@jejak/contract';

/** What of an event decides which notifications watch it. */
export type EventKey = Pick<AlertEvent, 'rtid' | 'ruid' | 'eventResult' | 'geoid'>;

/**
 * Whether notification N watches this event (shared model): N ticks the event's rule for its
 * result (v for violated, c for complied) and, when the event concerns a geofence and N lists
 * geofences, lists that one. Whether N's creator reaches the vehicle is checked apart (storage).
 */
export function watches(n: Pick<Notification, 'rules' | 'geofences'>, e: EventKey): boolean {
  if (e.ruid === null) return false;
  const ticked = isBuiltIn(e.ruid)
    ? Object.values(n.rules).some((rules) => tickedFor(rules[e.ruid ?? ''], e.eventResult))
    : e.rtid !== null && tickedFor(n.rules[e.rtid]?.[e.ruid], e.eventResult);
  if (!ticked) return false;
  if (e.geoid === null) return true;
  const listed = Object.values(n.geofences).flat();
  return listed.length === 0 || listed.includes(e.geoid);
}

/** The same person on the same channel: uid, e-mail (any case) and contact alike. */
const sameRecipient = (a: Recipient, b: Recipient): boolean =>
  (a.uid ?? '') === (b.uid ?? '') &&
  (a.email ?? '').toLowerCase() === (b.email ?? '').toLowerCase() &&
  (a.contact ?? '') === (b.contact ?? '');

/**
 * Whether a notification, as it is now, still sends a delivery written earlier: it still watches
 * the event and still lists the recipient. A rule unticked, a recipient removed or the type
 * changed after fan-out stops the deliveries already queued (issue 27: "one more round").
 */
export function stillCovers(
  n: Pick<Notification, 'rules' | 'geofences' | 'recipient'>,
  e: EventKey,
  r: Recipient,
): boolean {
  return watches(n, e) && n.recipient.some((listed) => sameRecipient(listed, r));
}

function tickedFor(flags: { c: 0 | 1; v: 0 | 1 } | undefined, eventResult: 0 | 1): boolean {
  return flags !== undefined && (eventResult === 1 ? flags.v : flags.c) === 1;
}

/**
 * Built-in rules (SOS, power cut, …) are the same in every DEFAULT template: ticking one in any
 * DEFAULT watches it on every vehicle the creator reaches, so a distributor's SOS notification
 * covers its customers' vehicles, whose events carry their owner's DEFAULT.
 */
const isBuiltIn = (ruid: string): boolean => ruid.startsWith(BUILT_IN_RULE_PREFIX);

/** The key a notification is indexed under for each rule it ticks (built-ins under their ruid alone). */
export const ruleKey = (rtid: string | null, ruid: string): string =>
  isBuiltIn(ruid) ? `*\u0000${ruid}` : `${rtid ?? ''}\u0000${ruid}`;

/** Indexes notifications by the rules they tick, so an event looks up only its rule's watchers. */
export function indexByRule<N extends Pick<Notification, 'rules'>>(notifications: readonly N[]): Map<string, N[]> {
  const index = new Map<string, N[]>();
  for (const n of notifications)
    for (const [rtid, rules] of Object.entries(n.rules))
      for (const [ruid, flags] of Object.entries(rules)) {
        if (flags.c !== 1 && flags.v !== 1) continue;
        const key = ruleKey(rtid, ruid);
        const list = index.get(key);
        if (!list) index.set(key, [n]);
        else if (!list.includes(n)) list.push(n);
      }
  return index;
}
