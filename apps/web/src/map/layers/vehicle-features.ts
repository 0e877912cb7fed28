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

/** One arrow per vehicle whose device has a known position. */
export function vehicleFeatures(
  vehicles: Iterable<Vehicle>,
  deviceOf: (dvid: string) => Device | undefined,
): VehicleFeature[] {
  const features: VehicleFeature[] = [];
  for (const vehicle of vehicles) {
    if (vehicle.dvid === NO_DEVICE) continue;
    const device = deviceOf(vehicle.dvid);
    if (!validPosition(device)) continue;
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [device.location.lon, device.location.lat] },
      properties: {
        vid: vehicle.vid,
        status: displayStatus(vehicle.transitStatus),
        heading: typeof device.heading === 'number' && Number.isFinite(device.heading) ? device.heading : 0,
      },
    });
  }
  return features;
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
