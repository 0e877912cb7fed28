import { compileGeofence, type GeofenceConfig } from '@jejak/domain';
import { coalesceReads } from '../../lib/coalesce.ts';
import type { GeofenceSource } from '../ports.ts';
import type { DeviceState } from '../types.ts';

/**
 * Loads devices' geofences lazily (ADR 0029): after a state load, and again after the API
 * changed a geofence or a template link of the vehicle (`invalidate`). Vehicles asked for
 * together are read together.
 */
export function createFenceLoader(source: GeofenceSource, cfg: GeofenceConfig) {
  const read = coalesceReads((vids: string[]) => source.fencesByVid(vids));
  /** Grows with every invalidation: a read that started before one is not kept. */
  let epoch = 0;
  return {
    async ensure(s: DeviceState): Promise<void> {
      while (s.geofences.fences === null) {
        if (!s.vehicle) {
          s.geofences.fences = [];
          return;
        }
        const started = epoch;
        const fences = (await read(s.vehicle.vid)) ?? [];
        if (started === epoch) s.geofences.fences = fences.map((f) => compileGeofence(f, cfg.exitMarginM));
      }
    },

    invalidate(states: Iterable<DeviceState>, vids: ReadonlySet<string>): void {
      epoch++;
      for (const s of states) if (s.vehicle && vids.has(s.vehicle.vid)) s.geofences.fences = null;
    },
  };
}
