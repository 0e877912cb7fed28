import { contains, holds, type CompiledGeofence, type GeofenceType } from './geofence.ts';

/** The geofences a vehicle is inside: geoid → when it entered (device time, ms). */
export type GeofenceInside = Record<string, number>;

export interface GeofenceConfig {
  /** A vehicle inside leaves only once it is this far beyond the boundary (JEJAK_GEOFENCE_EXIT_MARGIN_M). */
  exitMarginM: number;
}

export const DEFAULT_GEOFENCE_CONFIG: GeofenceConfig = { exitMarginM: 15 };

export interface GeofenceEntry {
  geoid: string;
  fence: CompiledGeofence;
}

export interface GeofenceExit {
  geoid: string;
  enteredAtMs: number;
  /** Null when the geofence was removed (or unlinked) while the vehicle was inside. */
  fence: CompiledGeofence | null;
}

export interface GeofenceStep {
  inside: GeofenceInside;
  entered: GeofenceEntry[];
  exited: GeofenceExit[];
}

/**
 * A vehicle entered (inside 1) or left (inside 0) one of its geofences at `time` (device time):
 * what the pipeline announces once the fix is stored, and the live channel's 'geofence' item.
 */
export interface GeofenceCrossing {
  vid: string;
  geoid: string;
  geofenceName: string;
  geoType: GeofenceType;
  inside: 0 | 1;
  time: number;
}

export interface GeofencePosition {
  lat: number;
  lon: number;
  timeMs: number;
}

function isEmpty(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}

const NOTHING: Omit<GeofenceStep, 'inside'> = { entered: [], exited: [] };

/**
 * The geofences a vehicle is inside after a position, and which it entered and left. Entering
 * needs the point inside; leaving needs it beyond the boundary by the exit margin. A geofence no
 * longer among `fences` (deleted, or its template unlinked) is left at this position. Returns
 * `state` itself when nothing changed, so a vehicle without geofences costs one length check.
 */
export function nextGeofenceState(
  state: GeofenceInside,
  fences: readonly CompiledGeofence[],
  at: GeofencePosition,
): GeofenceStep {
  if (fences.length === 0 && isEmpty(state)) return { inside: state, ...NOTHING };
  let inside: GeofenceInside | null = null;
  const entered: GeofenceEntry[] = [];
  const exited: GeofenceExit[] = [];
  const known = new Set<string>();
  for (const fence of fences) {
    const geoid = fence.fence.geoid;
    known.add(geoid);
    const since = state[geoid];
    if (since === undefined) {
      if (!contains(fence, at.lat, at.lon)) continue;
      inside ??= { ...state };
      inside[geoid] = at.timeMs;
      entered.push({ geoid, fence });
    } else if (!holds(fence, at.lat, at.lon)) {
      inside ??= { ...state };
      delete inside[geoid];
      exited.push({ geoid, enteredAtMs: since, fence });
    }
  }
  for (const [geoid, since] of Object.entries(state)) {
    if (known.has(geoid)) continue;
    inside ??= { ...state };
    delete inside[geoid];
    exited.push({ geoid, enteredAtMs: since, fence: null });
  }
  return { inside: inside ?? state, entered, exited };
}
