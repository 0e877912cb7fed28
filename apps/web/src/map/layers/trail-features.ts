import { NO_DEVICE, displayStatus, type TransitStatus, type Vehicle } from '@jejak/domain';
import type { Trail } from '../../store/trails.ts';

export interface TrailFeatureProperties {
  /** The feature id of the trails source (its `promoteId`): one trail per vehicle. */
  vid: string;
  /** Colours the trail like the vehicle's arrow. */
  status: TransitStatus;
}

export type TrailFeature = GeoJSON.Feature<GeoJSON.LineString, TrailFeatureProperties>;

/** What the trails source holds: per vehicle, the store's trail object and the status drawn. */
export type DrawnTrails = Map<string, { trail: Trail; status: TransitStatus }>;

/** The changes for `GeoJSONSource.updateData`: an added feature replaces one with its id. */
export interface TrailsDiff {
  add: TrailFeature[];
  remove: string[];
}

function trailFeature(vid: string, status: TransitStatus, trail: Trail): TrailFeature {
  return {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: trail.positions.map(([lon, lat]) => [lon, lat]) },
    properties: { vid, status },
  };
}

/**
 * Compares the live vehicles with what the trails source holds and records the new state in
 * `drawn`. A trail is a line through a vehicle's recent positions, oldest first, ending where
 * its arrow stands; vehicles that have not moved yet have none. Store trails are immutable, so
 * an unchanged trail is the same object and costs nothing: with 10k vehicles only the few
 * hundred that reported since the last redraw travel to the map's worker.
 */
export function diffTrails(
  drawn: DrawnTrails,
  vehicles: Iterable<Vehicle>,
  trailOf: (dvid: string) => Trail | undefined,
): TrailsDiff {
  const diff: TrailsDiff = { add: [], remove: [] };
  const seen = new Set<string>();
  for (const vehicle of vehicles) {
    const trail = vehicle.dvid === NO_DEVICE ? undefined : trailOf(vehicle.dvid);
    if (!trail || trail.positions.length < 2) continue;
    seen.add(vehicle.vid);
    const status = displayStatus(vehicle.transitStatus);
    const before = drawn.get(vehicle.vid);
    if (before?.trail === trail && before.status === status) continue;
    drawn.set(vehicle.vid, { trail, status });
    diff.add.push(trailFeature(vehicle.vid, status, trail));
  }
  for (const vid of drawn.keys()) {
    if (seen.has(vid)) continue;
    drawn.delete(vid);
    diff.remove.push(vid);
  }
  return diff;
}
