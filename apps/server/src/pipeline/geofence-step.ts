import {
  insideOf,
  nextGeofenceState,
  profileAfter,
  profileFlags,
  type AcceptedFix,
  type CompiledGeofence,
  type GeofenceCrossing,
  type GeofenceInside,
  type StoredGeofenceProfile,
} from '@jejak/domain';
import type { GeofenceRecordRow } from '../storage/ingest/rows.ts';

/** A device's geofence part of the pipeline state (ADR 0029). */
export interface DeviceGeofences {
  /** The geofences of the vehicle's templates; null until (re)loaded, after a change through the API. */
  fences: readonly CompiledGeofence[] | null;
  inside: GeofenceInside;
  /** As stored in vehicles.geofence_profile. */
  profile: StoredGeofenceProfile;
}

export interface GeofenceStepResult {
  records: GeofenceRecordRow[];
  crossings: GeofenceCrossing[];
}

export function geofencesFrom(profile: StoredGeofenceProfile | undefined): DeviceGeofences {
  const p = profile ?? {};
  return { fences: null, inside: insideOf(p), profile: p };
}

/**
 * Runs the geofence step for an accepted fix of a vehicle (DESIGN §1: after transit, before
 * rules), live and in a recompute's replay (which stores the records and drops the crossings:
 * ADR 0029). Null when nothing crossed, or when the fences are not loaded.
 */
export function applyGeofences(
  g: DeviceGeofences,
  vehicle: { vid: string; geofenceProfile?: Record<string, 0 | 1> },
  at: AcceptedFix,
  createdAt: number,
): GeofenceStepResult | null {
  if (g.fences === null) return null;
  const time = at.deviceTimeMs;
  const step = nextGeofenceState(g.inside, g.fences, { lat: at.lat, lon: at.lon, timeMs: time });
  if (step.entered.length === 0 && step.exited.length === 0) return null;
  g.inside = step.inside;
  g.profile = profileAfter(g.profile, step, time);
  vehicle.geofenceProfile = profileFlags(g.profile);
  const vid = vehicle.vid;
  const records: GeofenceRecordRow[] = [];
  const crossings: GeofenceCrossing[] = [];
  const base = { vid, createdAt, enterLat: at.lat, enterLon: at.lon };
  for (const e of step.exited) {
    records.push({
      ...base,
      geoid: e.geoid,
      enterTime: e.enteredAtMs,
      exitTime: time,
      exitLat: at.lat,
      exitLon: at.lon,
    });
    if (e.fence) crossings.push(crossing(vid, e.fence, 0, time));
  }
  for (const e of step.entered) {
    records.push({ ...base, geoid: e.geoid, enterTime: time, exitTime: null, exitLat: null, exitLon: null });
    crossings.push(crossing(vid, e.fence, 1, time));
  }
  return { records, crossings };
}

function crossing(vid: string, c: CompiledGeofence, inside: 0 | 1, time: number): GeofenceCrossing {
  const { geoid, geofenceName, geoType } = c.fence;
  return { vid, geoid, geofenceName, geoType, inside, time };
}
