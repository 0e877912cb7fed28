import type { GeofenceInside, GeofenceStep } from './geofence-state.ts';

/** A vehicle's geofence result by geoid as the console reads it (spec 1 §3): 1 inside, 0 left. */
export type GeofenceProfile = Record<string, 0 | 1>;

/** The stored form: also since when (entry or exit time), so a restart keeps a stay's start. */
export type StoredGeofenceProfile = Record<string, { inside: 0 | 1; since: number }>;

/** The geofences the stored profile has the vehicle inside, with their entry times. */
export function insideOf(profile: StoredGeofenceProfile): GeofenceInside {
  const inside: GeofenceInside = {};
  for (const [geoid, e] of Object.entries(profile)) if (e.inside === 1) inside[geoid] = e.since;
  return inside;
}

export function profileFlags(profile: StoredGeofenceProfile): GeofenceProfile {
  const flags: GeofenceProfile = {};
  for (const [geoid, e] of Object.entries(profile)) flags[geoid] = e.inside;
  return flags;
}

/** The profile after a step at `timeMs`: entries set to 1, exits to 0, removed geofences dropped. */
export function profileAfter(
  profile: StoredGeofenceProfile,
  step: GeofenceStep,
  timeMs: number,
): StoredGeofenceProfile {
  const next = { ...profile };
  for (const e of step.entered) next[e.geoid] = { inside: 1, since: timeMs };
  for (const e of step.exited) {
    if (e.fence) next[e.geoid] = { inside: 0, since: timeMs };
    else delete next[e.geoid];
  }
  return next;
}

/** Reads a stored profile leniently: entries of another shape are left out. */
export function readStoredProfile(value: unknown): StoredGeofenceProfile {
  const out: StoredGeofenceProfile = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [geoid, e] of Object.entries(value as Record<string, unknown>)) {
    if (typeof e !== 'object' || e === null) continue;
    const { inside, since } = e as { inside?: unknown; since?: unknown };
    if ((inside === 0 || inside === 1) && typeof since === 'number' && Number.isFinite(since))
      out[geoid] = { inside, since };
  }
  return out;
}

/**
 * The inside-set from the stays open at an instant (entered before it, not yet left): geoid → its
 * entry time. Of two stays in one geofence (never expected) the later entry counts.
 */
export function insideFromStays(stays: readonly { geoid: string; enterTime: number }[]): GeofenceInside {
  const inside: GeofenceInside = {};
  for (const s of stays) if ((inside[s.geoid] ?? -Infinity) < s.enterTime) inside[s.geoid] = s.enterTime;
  return inside;
}

/**
 * The profile to replay from (ADR 0029, late data): the stays in `inside` are 1 since their
 * entry; any other geofence `profile` has the vehicle inside is 0, keeping its time; results of
 * 0 stay as they are.
 */
export function profileAt(profile: StoredGeofenceProfile, inside: GeofenceInside): StoredGeofenceProfile {
  const next: StoredGeofenceProfile = {};
  for (const [geoid, e] of Object.entries(profile)) next[geoid] = { inside: 0, since: e.since };
  for (const [geoid, since] of Object.entries(inside)) next[geoid] = { inside: 1, since };
  return next;
}
