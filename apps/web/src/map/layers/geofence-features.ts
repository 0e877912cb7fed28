import { destinationPoint } from '@jejak/domain';

/** What a geofence needs to be drawn: its shape, its name and its template's colour. */
export interface DrawableGeofence {
  geoid: string;
  geoType: 'POI' | 'Polygon';
  geofenceName: string;
  coordinates: readonly { lat: number; lng: number }[];
  geofenceRadius: number | null;
}

export interface GeofenceFeatureProperties {
  geoid: string;
  name: string;
  /** '#RRGGBB' */
  colour: string;
  kind: 'POI' | 'Zone';
}

export type GeofenceFeature = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.Point, GeofenceFeatureProperties>;

/** Segments of a drawn POI circle: smooth at street zoom, still cheap for thousands of POIs. */
export const CIRCLE_STEPS = 64;

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
    if (!first) continue;
    const properties: GeofenceFeatureProperties = {
      geoid: g.geoid,
      name: g.geofenceName,
      colour: colourOf(g.geoid),
      kind: g.geoType === 'POI' ? 'POI' : 'Zone',
    };
    const isCircle = g.geoType === 'POI';
    if (isCircle && !(g.geofenceRadius !== null && g.geofenceRadius > 0)) continue;
    if (!isCircle && g.coordinates.length < 3) continue;
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
export const DEFAULT_GEOFENCE_COLOUR = '5C1A8E';

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
  return (geoid) => `#${newest.get(geoid)?.colour ?? DEFAULT_GEOFENCE_COLOUR}`;
}
