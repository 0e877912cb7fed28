import { sql } from 'kysely';
import type { Device, Vehicle } from '@jejak/domain';
import type { Db } from '../db/database.ts';
import { disconnectSilentDevices } from './disconnect-sweep.ts';

/**
 * The nodes of a scaled-out cluster and what the nodes alive do not hold (ADR 0062). Liveness
 * is read on the database's clock (`now()`), the same for every node.
 */

export interface Membership {
  /** Stops the heartbeat and deletes the node's row: it leaves at once, not after the timeout. */
  leave(): Promise<void>;
}

/**
 * Writes this node's row and moves its `seen_at` on every `everyMs`. A heartbeat that finds its
 * row gone (deleted by hand, or after a long pause) writes it again.
 */
export async function joinCluster(
  db: Db,
  o: { node: string; role: string; everyMs: number; onError: (err: unknown, context: string) => void },
): Promise<Membership> {
  const beat = () =>
    sql`insert into cluster_nodes (node, role) values (${o.node}, ${o.role})
      on conflict (node) do update set seen_at = now()`.execute(db);
  await beat();
  let beating: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    beating = beat().catch((err: unknown) => o.onError(err, 'node heartbeat'));
  }, o.everyMs);
  return {
    async leave() {
      clearInterval(timer);
      await beating;
      await sql`delete from cluster_nodes where node = ${o.node}`.execute(db);
    },
  };
}

/** The nodes seen within `deadAfterMs`, with their role. */
export async function liveNodes(db: Db, deadAfterMs: number): Promise<{ node: string; role: string }[]> {
  const { rows } = await sql<{ node: string; role: string }>`
    select node, role from cluster_nodes where seen_at > now() - make_interval(secs => ${deadAfterMs / 1000})
    order by node`.execute(db);
  return rows;
}

/** A device is held when its owner row names a node seen within `deadAfterMs`. */
const heldByLiveNode = (dvid: string, deadAfterMs: number) => sql<boolean>`exists (
  select 1 from device_owners o join cluster_nodes n on n.node = o.node
  where o.dvid = ${sql.ref(dvid)} and n.seen_at > now() - make_interval(secs => ${deadAfterMs / 1000}))`;

/** Devices with late data not recomputed yet that no live node holds: their node died, or none ever did. */
export async function orphanedRecomputes(db: Db, deadAfterMs: number): Promise<string[]> {
  const { rows } = await sql<{ dvid: string }>`
    select p.dvid from pipeline_states p
    where p.late_since is not null and not ${heldByLiveNode('p.dvid', deadAfterMs)}
    order by p.dvid`.execute(db);
  return rows.map((r) => r.dvid);
}

/**
 * The store-wide disconnect sweep of a cluster: marks DISCONNECTED the vehicles whose devices
 * have been silent since before `cutoffMs` and that no live node holds (a node sweeps the devices
 * it holds itself, in memory). Returns what changed, for the live channel.
 */
export function disconnectOrphans(
  db: Db,
  cutoffMs: number,
  deadAfterMs: number,
): Promise<{ vehicle: Vehicle; device: Device }[]> {
  return disconnectSilentDevices(db, cutoffMs, heldByLiveNode('d.dvid', deadAfterMs));
}
