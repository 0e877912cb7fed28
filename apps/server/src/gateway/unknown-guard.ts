import { addressGroup } from '../lib/address-group.ts';
import { createLogThrottle } from './log-throttle.ts';

const UDP = 'udp:';

export interface UnknownLimits {
  /** Unknown IMEIs one address may present in a window before it is refused without lookups. */
  perAddress: number;
  windowMs: number;
}

/** Log lines of refused unknown devices: at most one per this, with the count left out. */
const LOG_EVERY_MS = 10_000;
/** Addresses remembered at most; past it the first remembered is dropped (a forged-UDP flood). */
const MAX_ADDRESSES = 10_000;

/**
 * Unknown IMEIs per source address (ADR 0034). Each one costs a store lookup and an upsert of
 * the unknown-device list; a host that walks through IMEIs would make thousands. After
 * `perAddress` unknown IMEIs in `windowMs`, every identification from that address is refused
 * without a lookup until the window ends: a registered tracker behind the same address (a
 * carrier NAT) is refused too, and connects again later, which is why the default is generous.
 *
 * UDP addresses can be forged, so they are counted apart (`udp:` keys): a forged flood can
 * then refuse UDP trackers of the address it names for a window, never its TCP ones.
 */
export function createUnknownGuard(limits: UnknownLimits, now: () => number) {
  const seen = new Map<string, { count: number; sinceMs: number }>();
  /** An IPv6 /64 is one address here too (address-group.ts); a `udp:` key keeps its prefix. */
  const groupOf = (key: string) =>
    key.startsWith(UDP) ? UDP + addressGroup(key.slice(UDP.length)) : addressGroup(key);
  const log = createLogThrottle(LOG_EVERY_MS, now);
  return {
    /** True when identifications from `key` are refused without a lookup for now. */
    blocked(source: string): boolean {
      const key = groupOf(source);
      const s = seen.get(key);
      if (!s) return false;
      if (now() - s.sinceMs >= limits.windowMs) {
        seen.delete(key);
        return false;
      }
      return s.count >= limits.perAddress;
    },
    /** An unknown IMEI came from `key`. */
    unknown(source: string): void {
      const key = groupOf(source);
      const nowMs = now();
      const s = seen.get(key);
      if (s && nowMs - s.sinceMs < limits.windowMs) {
        s.count++;
        return;
      }
      seen.delete(key);
      seen.set(key, { count: 1, sinceMs: nowMs });
      if (seen.size > MAX_ADDRESSES) {
        const [first] = seen.keys();
        if (first !== undefined) seen.delete(first);
      }
    },
    /** Whether to log this refusal, and with how many left unlogged (log-throttle.ts). */
    log,
  };
}
export type UnknownGuard = ReturnType<typeof createUnknownGuard>;
