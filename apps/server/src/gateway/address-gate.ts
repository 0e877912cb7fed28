import { addressGroup } from '../lib/address-group.ts';
import { fullBucket, refill, take, type Bucket } from '../lib/token-bucket.ts';

/** Limits per source address, shared by every gateway of the process (ADR 0034). */
export interface AddressLimits {
  /** TCP connections (HTTP ones included) open at once from one address. */
  maxConnections: number;
  /** New TCP connections from one address: as many at once, then `connectsPerMinute`. */
  connectBurst: number;
  connectsPerMinute: number;
  /** UDP datagrams and HTTP requests from one address: as many at once, then `messagesPerMinute`. */
  messageBurst: number;
  messagesPerMinute: number;
}

/** What the gate keeps of one address while it is in use (and a while after, see `forgettable`). */
export interface AddressEntry {
  readonly address: string;
  /** Open connections and remembered UDP remotes of the address. */
  users: number;
  /** Open TCP connections of the address. */
  open: number;
  connect: Bucket;
  message: Bucket;
}

/** Why a new connection of an address is closed before anything is read from it. */
export type AddressRefusal = 'address-full' | 'address-rate';

/** Addresses nobody uses any more are dropped this often, once their connect bucket is full again. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Per-address limits, so that one host cannot take the whole process's share (the global
 * connection cap, the UDP backlog) and lock every other tracker out: open connections, a
 * connect rate and a datagram/request rate, each a token bucket. Looked up once per connection
 * or UDP remote; a datagram or request only counts down a bucket it already holds.
 *
 * An entry lives while a connection or remote of its address does, and after that until its
 * connect bucket has refilled: otherwise closing each connection before opening the next would
 * hand out a fresh bucket every time. The map is therefore bounded by the addresses that
 * connected within about `connectBurst / connectsPerMinute` minutes (TCP addresses cannot be
 * forged) plus the UDP remotes (bounded by ADR 0022).
 */
export function createAddressGate(limits: AddressLimits, now: () => number) {
  const entries = new Map<string, AddressEntry>();
  let sweptAt = now();

  const forgettable = (e: AddressEntry, nowMs: number) =>
    e.users === 0 && refill(e.connect, limits.connectsPerMinute, limits.connectBurst, nowMs) >= limits.connectBurst;

  /** The entry of the address's group: an IPv6 /64 counts as one address (address-group.ts). */
  function entryOf(source: string, nowMs: number): AddressEntry {
    const address = addressGroup(source);
    let e = entries.get(address);
    if (!e) {
      e = {
        address,
        users: 0,
        open: 0,
        connect: fullBucket(limits.connectBurst, nowMs),
        message: fullBucket(limits.messageBurst, nowMs),
      };
      entries.set(address, e);
    }
    return e;
  }

  function sweep(nowMs: number): void {
    if (nowMs - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = nowMs;
    for (const e of entries.values()) if (forgettable(e, nowMs)) entries.delete(e.address);
  }

  function leave(e: AddressEntry): void {
    e.users--;
    if (forgettable(e, now()) && entries.get(e.address) === e) entries.delete(e.address);
  }

  return {
    /** A new TCP connection from `address`: its entry, or why it must be closed unread. */
    connect(address: string): AddressEntry | AddressRefusal {
      const nowMs = now();
      sweep(nowMs);
      const e = entryOf(address, nowMs);
      if (e.open >= limits.maxConnections) return 'address-full';
      if (!take(e.connect, limits.connectsPerMinute, limits.connectBurst, nowMs)) return 'address-rate';
      e.open++;
      e.users++;
      return e;
    },
    /** A connection `connect` admitted has closed. */
    disconnect(e: AddressEntry): void {
      e.open--;
      leave(e);
    },
    /** A UDP remote of `address` is remembered: its entry, for `message`. */
    attach(address: string): AddressEntry {
      const e = entryOf(address, now());
      e.users++;
      return e;
    },
    /** A UDP remote `attach` gave is forgotten. */
    detach(e: AddressEntry): void {
      leave(e);
    },
    /** A datagram or request of the address: false when it comes faster than allowed. */
    message(e: AddressEntry): boolean {
      return take(e.message, limits.messagesPerMinute, limits.messageBurst, now());
    },
    /** Addresses held (a gauge for tests and the benchmark). */
    get size(): number {
      return entries.size;
    },
  };
}
export type AddressGate = ReturnType<typeof createAddressGate>;
