import type { Device } from '@jejak/domain';
import type { DeviceConflictRow } from '../storage/ingest/rows.ts';

/**
 * What the gateways ask of the store (storage/repos/fleet/fleet-repo.ts): who are these IMEIs,
 * who was refused, who was claimed twice.
 */
export interface GatewayFleet {
  /** The devices of these IMEIs among the given models, by IMEI. */
  devicesByImei(imeis: readonly string[], models: readonly string[]): Promise<Map<string, Device>>;
  recordUnknownDevice(protocol: string, imei: string, remote: string | null, nowMs: number): Promise<void>;
  /** Keeps the `maxRows` most recent unknown devices. */
  pruneUnknownDevices(maxRows: number): Promise<void>;
  recordDeviceConflict(conflict: DeviceConflictRow): Promise<void>;
}

/**
 * The gateways' store queries, `maxInFlight` at a time over all of them; the others wait their
 * turn here, in order. Without a limit, a crowd of trackers connecting at once (or a flood of
 * unknown IMEIs) queues thousands of queries in the database's own queue (PGlite has one
 * connection, PostgreSQL a pool) ahead of the pipeline's commits, and every acknowledgement
 * waits behind them (ADR 0026). Lookups of many IMEIs at once are already read together, one
 * query per protocol at a time (lib/coalesce.ts, ADR 0027).
 *
 * The unknown-device list keeps its `unknownMaxRows` most recent rows: every tenth of that many
 * records, the older ones are deleted (ADR 0034), so it holds at most about 10 % more.
 */
export function limitGatewayFleet(
  fleet: GatewayFleet,
  maxInFlight: number,
  unknownMaxRows = Number.POSITIVE_INFINITY,
): GatewayFleet {
  const pruneEvery = Number.isFinite(unknownMaxRows) ? Math.max(1, Math.ceil(unknownMaxRows / 10)) : 0;
  let recorded = 0;
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

  return {
    devicesByImei: (imeis, models) => limited(() => fleet.devicesByImei(imeis, models)),
    recordUnknownDevice: async (protocol, imei, remote, nowMs) => {
      await limited(() => fleet.recordUnknownDevice(protocol, imei, remote, nowMs));
      if (pruneEvery > 0 && ++recorded % pruneEvery === 0)
        await limited(() => fleet.pruneUnknownDevices(unknownMaxRows));
    },
    pruneUnknownDevices: (maxRows) => limited(() => fleet.pruneUnknownDevices(maxRows)),
    recordDeviceConflict: (conflict) => limited(() => fleet.recordDeviceConflict(conflict)),
  };
}
