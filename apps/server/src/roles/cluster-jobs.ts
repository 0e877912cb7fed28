import type { ScheduledJob } from '../services/scheduler.ts';
import { disconnectOrphans, orphanedRecomputes } from '../storage/ingest/cluster-nodes.ts';
import type { Shared } from './shared.ts';

/** How often silent vehicles are marked DISCONNECTED: by each gateway node, and by the scheduler. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * The scheduler's jobs of a scaled-out cluster (ADR 0062), run by the elected scheduler only:
 * what the gateway nodes alive do not hold. A device whose node died (or that no node ever held)
 * with a recompute pending is handed out as `device.recompute` work, which a gateway node takes
 * over; and the silent vehicles no live node holds are marked DISCONNECTED here.
 */
export function clusterJobs(shared: Shared): ScheduledJob[] {
  if (!shared.scaledOut) return [];
  const { config, db, bus, now } = shared;
  const deadAfterMs = config.JEJAK_NODE_DEAD_AFTER_MS;
  /** When each device was last handed out: not again while a gateway node may still be taking it. */
  const handedOut = new Map<string, number>();
  return [
    {
      name: 'orphaned recomputes',
      everyMs: deadAfterMs / 3,
      async run() {
        const nowMs = now();
        for (const [dvid, at] of handedOut) if (at < nowMs - 2 * deadAfterMs) handedOut.delete(dvid);
        const dvids = (await orphanedRecomputes(db, deadAfterMs)).filter((dvid) => !handedOut.has(dvid));
        for (const dvid of dvids) {
          await bus.enqueue('device.recompute', { dvid });
          handedOut.set(dvid, nowMs);
        }
      },
    },
    {
      name: 'orphaned disconnect sweep',
      everyMs: SWEEP_INTERVAL_MS,
      async run() {
        const cutoffMs = now() - config.JEJAK_TRANSIT_DISCONNECT_AFTER_MS;
        for (const { device, vehicle } of await disconnectOrphans(db, cutoffMs, deadAfterMs))
          bus.publish('fleet.update', { device, vehicle });
      },
    },
  ];
}
