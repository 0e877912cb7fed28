import {
  NO_DEVICE,
  STATUS_COLOURS,
  TRANSIT_STATUSES,
  displayStatus,
  type Device,
  type TransitStatus,
  type Vehicle,
} from '@jejak/domain';
import type { ExpressionSpecification, LngLatBoundsLike } from 'maplibre-gl';

export interface VehicleFeatureProperties {
  vid: string;
  /** Shown under the arrow at street zooms. */
  plate: string;
  status: TransitStatus;
  /** Degrees clockwise from north; the arrow icon points north at 0. */
  heading: number;
}

export type VehicleFeature = GeoJSON.Feature<GeoJSON.Point, VehicleFeatureProperties>;

/** Arrow colour of a transit status (spec 1 §9); unknown values show as DISCONNECTED. */
export function statusColour(status: unknown): string {
  return `#${STATUS_COLOURS[displayStatus(status)]}`;
}

/** The same mapping as a MapLibre expression over the feature's `status` property. */
export function statusColourExpression(): ExpressionSpecification {
  const [first, ...rest] = TRANSIT_STATUSES;
  return [
    'match',
    ['get', 'status'],
    first,
    statusColour(first),
    ...rest.flatMap((status) => [status, statusColour(status)]),
    statusColour('DISCONNECTED'),
  ];
}

function validPosition(device: Device | undefined): device is Device & { location: { lat: number; lon: number } } {
  const location = device?.location;
  return (
    location != null &&
    Number.isFinite(location.lat) &&
    Number.isFinite(location.lon) &&
    Math.abs(location.lat) <= 90 &&
    Math.abs(location.lon) <= 180
  );
}

/** The vehicle's arrow (its id is the vid), or null when its device has no valid position. */
export function vehicleFeature(vehicle: Vehicle, device: Device | undefined): VehicleFeature | null {
  if (vehicle.dvid === NO_DEVICE || !validPosition(device)) return null;
  return {
    type: 'Feature',
    id: vehicle.vid,
    geometry: { type: 'Point', coordinates: [device.location.lon, device.location.lat] },
    properties: {
      vid: vehicle.vid,
      plate: vehicle.vehiclePlate,
      status: displayStatus(vehicle.transitStatus),
      heading: typeof device.heading === 'number' && Number.isFinite(device.heading) ? device.heading : 0,
    },
  };
}

/** One arrow per vehicle whose device has a known position. */
export function vehicleFeatures(
  vehicles: Iterable<Vehicle>,
  deviceOf: (dvid: string) => Device | undefined,
): VehicleFeature[] {
  const features: VehicleFeature[] = [];
  for (const vehicle of vehicles) {
    const feature = vehicleFeature(vehicle, deviceOf(vehicle.dvid));
    if (feature) features.push(feature);
  }
  return features;
}

/** Whether a vehicle is drawn at all (the fleet list's state filter); every one when absent. */
export type VehicleShown = (vehicle: Vehicle, device: Device | undefined) => boolean;

/** The records an arrow was drawn from, by vid: the store replaces a record when it changes. */
export type DrawnVehicles = Map<string, { vehicle: Vehicle; device: Device | undefined; drawn: boolean }>;

export interface VehicleFeaturesDiff {
  add: VehicleFeature[];
  update: VehicleFeature[];
  remove: string[];
}

/**
 * What changed since `drawn` (which it brings up to date): arrows to add, to redraw (their
 * vehicle or device record was replaced) and to remove. Unchanged records are skipped by
 * identity, so a tick with a tenth of a big fleet moving redraws only that tenth.
 */
export function diffVehicleFeatures(
  drawn: DrawnVehicles,
  vehicles: Iterable<Vehicle>,
  deviceOf: (dvid: string) => Device | undefined,
  shown: VehicleShown = () => true,
): VehicleFeaturesDiff {
  const diff: VehicleFeaturesDiff = { add: [], update: [], remove: [] };
  const seen = new Set<string>();
  for (const vehicle of vehicles) {
    seen.add(vehicle.vid);
    const device = deviceOf(vehicle.dvid);
    const before = drawn.get(vehicle.vid);
    if (before && before.vehicle === vehicle && before.device === device) continue;
    const feature = shown(vehicle, device) ? vehicleFeature(vehicle, device) : null;
    drawn.set(vehicle.vid, { vehicle, device, drawn: feature !== null });
    if (feature === null) {
      if (before?.drawn) diff.remove.push(vehicle.vid);
    } else if (before?.drawn) diff.update.push(feature);
    else diff.add.push(feature);
  }
  for (const [vid, before] of drawn) {
    if (seen.has(vid)) continue;
    drawn.delete(vid);
    if (before.drawn) diff.remove.push(vid);
  }
  return diff;
}

/** The south-west and north-east corners around the features, or null when there are none. */
export function featuresBounds(features: readonly VehicleFeature[]): LngLatBoundsLike | null {
  if (features.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { geometry } of features) {
    const [lon = 0, lat = 0] = geometry.coordinates;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}
