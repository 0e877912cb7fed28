import type { FleetRepo } from '../storage/fleet-repo.ts';

/** What the gateways ask of the store: who is this IMEI, and who was refused. */
export type GatewayFleet = Pick<FleetRepo, 'deviceByImei' | 'recordUnknownDevice'>;

/**
 * The gateways' store queries, `maxInFlight` at a time over all of them; the others wait their
 * turn here, in order. Without a limit, a crowd of trackers connecting at once queues thousands
 * of lookups in the database's own queue (PGlite has one connection, PostgreSQL a pool) ahead of
 * the pipeline's commits, and every acknowledgement waits behind them (ADR 0026).
 *
 * Lookups of one IMEI made while one is pending share its query (the Device is shared: read it,
 * do not change it). One that has not started yet is as fresh as a new one would be; one that
 * has is what a tracker a moment earlier would have got.
 */
export function limitGatewayFleet(fleet: GatewayFleet, maxInFlight: number): GatewayFleet {
  let running = 0;
  // A Set keeps insertion order and takes its first entry off in constant time.
  const waiting = new Set<() => void>();
  async function limited<T>(job: () => Promise<T>): Promise<T> {
    if (running < maxInFlight) running++;
    else await new Promise<void>((resolve) => waiting.add(resolve));
    try {
      return await job();
    } finally {
      // The slot passes to the first waiting, or is given back.
      const [next] = waiting;
      if (next) {
        waiting.delete(next);
        next();
      } else running--;
    }
  }

  const pending = new Map<string, ReturnType<GatewayFleet['deviceByImei']>>();
  return {
    deviceByImei(imei, models) {
      const key = `${imei}\u0000${models.join(',')}`;
      let lookup = pending.get(key);
      if (!lookup) {
        lookup = limited(() => fleet.deviceByImei(imei, models)).finally(() => pending.delete(key));
        pending.set(key, lookup);
      }
      return lookup;
    },
    recordUnknownDevice(protocol, imei, remote, nowMs) {
      return limited(() => fleet.recordUnknownDevice(protocol, imei, remote, nowMs));
    },
  };
}
