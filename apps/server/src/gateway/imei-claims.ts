import type { ProtocolDefinition } from '@jejak/protocols';
import { addressGroup } from '../lib/address-group.ts';

/** One live connection's claim on a device. */
export interface Claim {
  peer: string;
  /** The connection's source address. */
  address: string;
  /** When the connection last sent a frame (epoch ms). */
  lastHeardMs: number;
  /** Ends the connection: a newer one claims the same device. */
  replace(by: string): void;
  /** The protocol the connection speaks and the identifier its device gave, for commands (ADR 0090). */
  protocol?: ProtocolDefinition;
  imei?: () => string | null;
  /** The device's own settings (a command's layout may depend on them). */
  settings?: Readonly<Record<string, string | number | boolean>> | undefined;
  /** Writes bytes to the connection (a command); nothing once it has closed. */
  send?: (bytes: Uint8Array) => void;
}

/**
 * Whether a newcomer from `address` must be refused the device `live` speaks for (ADR 0082): a
 * clone from another address cannot take over a connection that is still talking; once it has
 * been silent `silenceMs` (a tracker that lost its connection without a close) it can. From the
 * same address (an IPv6 /64 counting as one) a reconnecting tracker takes over at once, as before.
 */
export function takeoverRefused(live: Claim, address: string, nowMs: number, silenceMs: number): boolean {
  return addressGroup(live.address) !== addressGroup(address) && nowMs - live.lastHeardMs < silenceMs;
}

/**
 * Which live TCP connection speaks for each device, over every gateway of the process
 * (ADR 0034). A second connection that identifies as a device with a live connection takes it
 * over: the older one is closed and the takeover recorded; unless the older one still talks
 * from another address (ADR 0082), then the newcomer is closed. One Map lookup per identification.
 *
 * UDP remotes and HTTP requests do not claim: a UDP tracker's NAT may change its port at any
 * moment, leaving the old remote behind, and every OsmAnd request is a connection of its own.
 */
export function createImeiClaims() {
  const live = new Map<string, Claim>();
  /**
   * When each device's clone event was last raised, and its owners last told (at most one entry
   * of each per registered device).
   */
  const raised = { event: new Map<string, number>(), notice: new Map<string, number>() };
  return {
    /**
     * Whether a conflict of `dvid` raises its clone event (or asks for its owners' e-mail) now:
     * at most one every `everyMs`, since a pair of clones can conflict every few seconds (ADR 0082).
     */
    cloneDue(kind: keyof typeof raised, dvid: string, nowMs: number, everyMs: number): boolean {
      const last = raised[kind].get(dvid);
      if (last !== undefined && nowMs - last < everyMs) return false;
      raised[kind].set(dvid, nowMs);
      return true;
    },
    /**
     * `claim` now speaks for `dvid`, and `previous` is the claim it took over, if another was
     * live; or, when that one is still talking from another address, `claim` is `refused`.
     */
    claim(dvid: string, claim: Claim, nowMs: number, silenceMs: number): { previous?: Claim; refused?: Claim } {
      const previous = live.get(dvid);
      if (previous === claim) return {};
      if (previous && takeoverRefused(previous, claim.address, nowMs, silenceMs)) return { refused: previous };
      live.set(dvid, claim);
      return previous ? { previous } : {};
    },
    /** The live connection speaking for `dvid` on this node, if any. */
    get(dvid: string): Claim | undefined {
      return live.get(dvid);
    },
    /** The connection of `claim` ended. */
    release(dvid: string, claim: Claim): void {
      if (live.get(dvid) === claim) live.delete(dvid);
    },
    /** Another node took `dvid` over (ADR 0061): the connection that spoke for it here ends. */
    evict(dvid: string, by: string): void {
      const current = live.get(dvid);
      if (!current) return;
      live.delete(dvid);
      current.replace(by);
    },
    get size(): number {
      return live.size;
    },
  };
}
export type ImeiClaims = ReturnType<typeof createImeiClaims>;
