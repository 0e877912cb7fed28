/** One live connection's claim on a device. */
export interface Claim {
  peer: string;
  /** Ends the connection: a newer one claims the same device. */
  replace(by: string): void;
}

/**
 * Which live TCP connection speaks for each device, over every gateway of the process
 * (ADR 0034). A second connection that identifies as a device with a live connection takes it
 * over: the older one is closed and the takeover recorded. One Map lookup per identification.
 *
 * UDP remotes and HTTP requests do not claim: a UDP tracker's NAT may change its port at any
 * moment, leaving the old remote behind, and every OsmAnd request is a connection of its own.
 */
export function createImeiClaims() {
  const live = new Map<string, Claim>();
  return {
    /** `claim` now speaks for `dvid`; returns the claim it took over, if another was live. */
    claim(dvid: string, claim: Claim): Claim | undefined {
      const previous = live.get(dvid);
      live.set(dvid, claim);
      return previous === claim ? undefined : previous;
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
