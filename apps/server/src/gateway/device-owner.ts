import type { Bus, BusTopics } from '../bus/bus.ts';

/** Where the claims are made (storage/ingest/owner-store.ts). */
export interface OwnerClaims {
  /** Makes `node` the device's owner; resolves to the epoch of this claim. */
  claim(dvid: string, node: string): Promise<number>;
}

export interface DeviceOwnersOptions {
  store: OwnerClaims;
  bus: Bus;
  /** This node's name: unique among the nodes, never reused (a restart is a new node). */
  node: string;
  /**
   * Makes the pipeline forget the device's state once its work under way has settled, so the
   * next message reads it from the store.
   */
  release: (dvid: string) => Promise<void>;
  /** Closes this node's live connection of the device, if any: another node took it over. */
  evict: (dvid: string, by: string) => void;
  onError: (err: unknown, context: string) => void;
}

/**
 * One owner per device across gateway nodes (ADR 0061). A TCP connection that identifies a
 * device claims it in `device_owners`, moving its epoch on; the node then holds that epoch, and
 * its commits of the device's rows carry it (storage/ingest/ingest-store.ts refuses them once another
 * node claimed since). The other nodes hear of the claim on the bus and let go at once: the
 * connection closes, the pipeline forgets. The bus only makes that prompt; the epoch check in
 * the commit is what keeps two nodes from writing one device.
 */
export function createDeviceOwners(opts: DeviceOwnersOptions) {
  const { store, bus, node } = opts;
  /** The epoch of this node's latest claim of each device, kept after it is lost (it fences). */
  const held = new Map<string, number>();
  /** Devices another node claimed since this node's last claim: already let go of. */
  const lost = new Set<string>();

  function letGo(dvid: string, by: string): void {
    lost.add(dvid);
    opts.evict(dvid, by);
    opts.release(dvid).catch((err: unknown) => opts.onError(err, `release ${dvid}`));
  }
  function onClaimed({ dvid, node: by, epoch }: BusTopics['device.claimed']): void {
    const mine = held.get(dvid);
    if (by === node || mine === undefined || mine >= epoch || lost.has(dvid)) return;
    letGo(dvid, `node ${by}`);
  }
  const unsubscribe = bus.subscribe('device.claimed', onClaimed);
  /** Claims under way of `hold`: datagrams or requests arriving together claim once. */
  const claiming = new Map<string, Promise<number>>();

  const owners = {
    /**
     * Takes `dvid` over for this node; resolves once its messages may be processed here. When
     * another node held it since this node's last claim, the state this node remembers of it
     * is behind the store: it is forgotten first.
     */
    async claim(dvid: string): Promise<number> {
      const epoch = await store.claim(dvid, node);
      // A claim by another node from here on is let go of again.
      lost.delete(dvid);
      // The epoch is held only after: the commits the release flushes carry the old one (refused).
      if (held.get(dvid) !== epoch - 1) await opts.release(dvid);
      held.set(dvid, Math.max(held.get(dvid) ?? 0, epoch));
      bus.publish('device.claimed', { dvid, node, epoch });
      return epoch;
    },
    /** The epoch this node last claimed `dvid` at; undefined if it never did (not fenced). */
    epochOf(dvid: string): number | undefined {
      return held.get(dvid);
    },
    /** Whether this node holds `dvid`: it claimed it, and no other node claimed it since. */
    holds(dvid: string): boolean {
      return held.has(dvid) && !lost.has(dvid);
    },
    /**
     * Claims `dvid` unless this node holds it (ADR 0062): UDP and HTTP trackers, which have no
     * connection to pin them, claim on their first message and again only once they were lost,
     * not on every message.
     */
    async hold(dvid: string): Promise<void> {
      if (owners.holds(dvid)) return;
      let p = claiming.get(dvid);
      if (!p) {
        p = owners.claim(dvid).finally(() => claiming.delete(dvid));
        claiming.set(dvid, p);
      }
      await p;
    },
    /**
     * The store refused a commit of these devices: another node claimed them, and its message
     * may never arrive. They are let go of as on that message; their next message claims again.
     */
    refused(dvids: readonly string[]): void {
      for (const dvid of dvids) if (held.has(dvid) && !lost.has(dvid)) letGo(dvid, 'another node');
    },
    stop: unsubscribe,
  };
  return owners;
}
export type DeviceOwners = ReturnType<typeof createDeviceOwners>;
