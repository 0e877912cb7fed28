import type { Device } from '@jejak/domain';

/** Positions kept per device for the dashboard's vehicle trail (spec 1 §9: trail on by default). */
export const TRAIL_POINTS = 20;
/**
 * A device silent for longer than this starts a new trail: joining the old and new positions
 * would draw a straight line over ground the vehicle may never have crossed.
 */
export const TRAIL_GAP_MS = 5 * 60_000;

export type LonLat = readonly [lon: number, lat: number];

/** The latest positions of one device, oldest first; never mutated, replaced on change. */
export interface Trail {
  readonly positions: readonly LonLat[];
  /** Device time of the newest report merged in, or null when the device sent none. */
  readonly lastTimeMs: number | null;
}

function validLonLat(device: Device): LonLat | null {
  const location = device.location;
  if (!location || !Number.isFinite(location.lat) || !Number.isFinite(location.lon)) return null;
  if (Math.abs(location.lat) > 90 || Math.abs(location.lon) > 180) return null;
  return [location.lon, location.lat];
}

function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

/**
 * Merges one device report into its trail and returns the new trail, or the same object when
 * the report adds nothing (no valid position, or older than the newest report merged).
 * A report at the same position only advances the time, so a parked vehicle keeps its trail.
 */
export function extendTrail(trail: Trail | undefined, device: Device, limit = TRAIL_POINTS): Trail | undefined {
  const position = validLonLat(device);
  if (!position) return trail;
  const timeMs = finiteOrNull(device.deviceTime);
  const lastTimeMs = trail?.lastTimeMs ?? null;
  if (trail && timeMs !== null && lastTimeMs !== null) {
    if (timeMs < lastTimeMs) return trail;
    if (timeMs - lastTimeMs > TRAIL_GAP_MS) return { positions: [position], lastTimeMs: timeMs };
  }
  const last = trail?.positions.at(-1);
  if (trail && last && last[0] === position[0] && last[1] === position[1]) {
    return timeMs === null || timeMs === lastTimeMs ? trail : { positions: trail.positions, lastTimeMs: timeMs };
  }
  const kept = trail ? trail.positions.slice(Math.max(0, trail.positions.length - limit + 1)) : [];
  return { positions: [...kept, position], lastTimeMs: timeMs ?? lastTimeMs };
}

/**
 * The trails after a fresh hierarchy load: devices no longer listed lose theirs (the user may
 * no longer see them), the others keep theirs and merge the loaded position.
 */
export function trailsAfterReset(
  trails: ReadonlyMap<string, Trail>,
  devices: readonly Device[],
  limit = TRAIL_POINTS,
): Map<string, Trail> {
  const next = new Map<string, Trail>();
  for (const device of devices) {
    const trail = extendTrail(trails.get(device.dvid), device, limit);
    if (trail) next.set(device.dvid, trail);
  }
  return next;
}
