import { GEOFENCE_PALETTE } from '@jejak/contract';
import { destinationPoint, geofenceShapeProblem, type Geofence, type GeofenceType } from '@jejak/domain';

/** What a geofence needs to be drawn: its shape, its name and its template's colour. */
export type DrawableGeofence = Pick<Geofence, 'geoid' | 'geoType' | 'geofenceName' | 'coordinates' | 'geofenceRadius'>;

/** How the console names a geofence type (spec 1 §3: a Polygon is shown as Zone). */
export const geofenceKind = (geoType: GeofenceType): 'POI' | 'Zone' => (geoType === 'POI' ? 'POI' : 'Zone');

interface GeofenceFeatureProperties {
  geoid: string;
  name: string;
  /** '#RRGGBB' */
  colour: string;
  kind: 'POI' | 'Zone';
}

type GeofenceFeature = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.Point, GeofenceFeatureProperties>;

/** Segments of a drawn POI circle: smooth at street zoom, still cheap for thousands of POIs. */
const CIRCLE_STEPS = 64;

/** A POI's circle as a closed ring of [lon, lat] points, `radiusM` metres from its centre. */
export function circleRing(centre: { lat: number; lng: number }, radiusM: number, steps = CIRCLE_STEPS): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < steps; i += 1) {
    const p = destinationPoint({ lat: centre.lat, lon: centre.lng }, (360 * i) / steps, radiusM / 1000);
    ring.push([p.lon, p.lat]);
  }
  ring.push(ring[0] ?? [centre.lng, centre.lat]);
  return ring;
}

function zoneRing(points: DrawableGeofence['coordinates']): number[][] {
  const ring = points.map((p) => [p.lng, p.lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push(first);
  return ring;
}

/**
 * The features of the geofence layers: per geofence its area (a POI's circle, a zone's polygon)
 * and a label point (a POI's centre; a zone's first point is no centre, so the mean of its
 * corners). A geofence without coordinates draws nothing (spec 1 §8: it has no location).
 */
export function geofenceFeatures(
  geofences: readonly DrawableGeofence[],
  colourOf: (geoid: string) => string,
): { areas: GeofenceFeature[]; labels: GeofenceFeature[] } {
  const areas: GeofenceFeature[] = [];
  const labels: GeofenceFeature[] = [];
  for (const g of geofences) {
    const first = g.coordinates[0];
    if (!first || geofenceShapeProblem(g) !== null) continue;
    const properties: GeofenceFeatureProperties = {
      geoid: g.geoid,
      name: g.geofenceName,
      colour: colourOf(g.geoid),
      kind: geofenceKind(g.geoType),
    };
    const isCircle = g.geoType === 'POI';
    const ring = isCircle ? circleRing(first, g.geofenceRadius ?? 0) : zoneRing(g.coordinates);
    areas.push({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] }, properties });
    const at = isCircle
      ? [first.lng, first.lat]
      : [
          g.coordinates.reduce((s, p) => s + p.lng, 0) / g.coordinates.length,
          g.coordinates.reduce((s, p) => s + p.lat, 0) / g.coordinates.length,
        ];
    labels.push({ type: 'Feature', geometry: { type: 'Point', coordinates: at }, properties });
  }
  return { areas, labels };
}

/** Spec 1 §3: a geofence takes the colour of the newest template holding it, else the default. */
export function geofenceColours(
  templates: readonly { geofences: readonly string[]; colorHexCode: string; createdAt: number }[],
): (geoid: string) => string {
  const newest = new Map<string, { colour: string; at: number }>();
  for (const t of templates) {
    for (const geoid of t.geofences) {
      const held = newest.get(geoid);
      if (!held || t.createdAt > held.at) newest.set(geoid, { colour: t.colorHexCode, at: t.createdAt });
    }
  }
  return (geoid) => `#${newest.get(geoid)?.colour ?? GEOFENCE_PALETTE[0]}`;
}
