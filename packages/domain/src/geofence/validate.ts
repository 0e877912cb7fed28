import type { Geofence } from './geofence.ts';
import { polygonSelfCrosses } from './polygon-crossing.ts';

/** A POI's radius is capped: a larger circle is a region, not a point of interest. */
export const MAX_POI_RADIUS_M = 50_000;
export const MAX_ZONE_POINTS = 1_000;

/**
 * Texts of the geofence calls: the template ones are spec 2 §5's, the others the server's own
 * (the console shows "the server message").
 */
export const GEOFENCE_TEXTS = {
  templateNameEmpty: 'Please Enter A Geofence Template Name',
  templateColorEmpty: 'Please Enter A Geofence Color For The Geofence Template',
  nameEmpty: 'Please Enter A Geofence Name',
  latLngRange: 'Coordinates must have a latitude from -90 to 90 and a longitude from -180 to 180',
  poiOnePoint: 'A POI needs exactly one point',
  poiRadius: `A POI needs a radius above 0 and at most ${MAX_POI_RADIUS_M} metres`,
  zonePoints: 'A zone needs at least 3 distinct points',
  zoneSelfCrossing: "A zone's edges must not cross or touch each other: draw its corners in order around it",
  zoneTooManyPoints: `A zone may have at most ${MAX_ZONE_POINTS} points`,
  geofenceNotFound: 'Geofence does not exist',
  templateNotFound: 'Geofence template does not exist',
  builtInTemplate: 'UNGROUP is the built-in geofence template: it cannot be renamed, and no other may take its name',
} as const;

const validLatLng = (p: { lat: number; lng: number }) =>
  Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The first problem of a geofence's shape, as the text to show, or null when it is sound. */
export function geofenceShapeProblem(g: Pick<Geofence, 'geoType' | 'coordinates' | 'geofenceRadius'>): string | null {
  if (!g.coordinates.every(validLatLng)) return GEOFENCE_TEXTS.latLngRange;
  if (g.geoType === 'POI') {
    if (g.coordinates.length !== 1) return GEOFENCE_TEXTS.poiOnePoint;
    const r = g.geofenceRadius;
    if (r === null || !Number.isFinite(r) || r <= 0 || r > MAX_POI_RADIUS_M) return GEOFENCE_TEXTS.poiRadius;
    return null;
  }
  if (g.coordinates.length > MAX_ZONE_POINTS) return GEOFENCE_TEXTS.zoneTooManyPoints;
  const distinct = new Set(g.coordinates.map((p) => `${p.lat},${p.lng}`));
  if (distinct.size < 3) return GEOFENCE_TEXTS.zonePoints;
  return polygonSelfCrosses(g.coordinates) ? GEOFENCE_TEXTS.zoneSelfCrossing : null;
}

/** The built-in template every user has (spec 1 §3); a geofence in no other template sits in it. */
export const BUILT_IN_GEOFENCE_TEMPLATE = 'UNGROUP';
