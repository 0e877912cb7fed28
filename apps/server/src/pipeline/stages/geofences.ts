import {
  nextGeofenceState,
  profileAfter,
  profileFlags,
  type AcceptedFix,
  type CompiledGeofence,
  type GeofenceCrossing,
} from '@jejak/domain';
import type { GeofenceRecordRow } from '../../storage/ingest/rows.ts';
import type { DeviceGeofences, FittedState, GeofenceStepResult, Step, StepContext } from '../types.ts';

/**
 * The geofences an accepted position of a vehicle entered or left (DESIGN §1: after transit,
 * before rules), live and in a recompute's replay (which stores the records and drops the
 * crossings: ADR 0029). Nothing when nothing crossed, or when the fences are not loaded.
 */
export function geofences(state: FittedState, step: Step, at: AcceptedFix, ctx: StepContext): void {
  step.geofence = crossed(state.geofences, state.vehicle, at, ctx.receivedAtMs);
}

function crossed(
  g: DeviceGeofences,
  vehicle: { vid: string; geofenceProfile?: Record<string, 0 | 1> },
  at: AcceptedFix,
  createdAt: number,
): GeofenceStepResult | null {
  if (g.fences === null) return null;
  const time = at.deviceTimeMs;
  const next = nextGeofenceState(g.inside, g.fences, { lat: at.lat, lon: at.lon, timeMs: time });
  if (next.entered.length === 0 && next.exited.length === 0) return null;
  g.inside = next.inside;
  g.profile = profileAfter(g.profile, next, time);
  vehicle.geofenceProfile = profileFlags(g.profile);
  const vid = vehicle.vid;
  const records: GeofenceRecordRow[] = [];
  const crossings: GeofenceCrossing[] = [];
  const base = { vid, createdAt, enterLat: at.lat, enterLon: at.lon };
  for (const e of next.exited) {
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
  for (const e of next.entered) {
    records.push({ ...base, geoid: e.geoid, enterTime: time, exitTime: null, exitLat: null, exitLon: null });
    crossings.push(crossing(vid, e.fence, 1, time));
  }
  return { records, crossings };
}

function crossing(vid: string, c: CompiledGeofence, inside: 0 | 1, time: number): GeofenceCrossing {
  const { geoid, geofenceName, geoType } = c.fence;
  return { vid, geoid, geofenceName, geoType, inside, time };
}
