import type { GeofencePoint } from '@jejak/domain';
import { circleRing } from '../layers/geofence-features.ts';

/** What the drawing tool draws: a POI's marker or a zone's polygon (terra-draw's mode names). */
export type DrawShape = 'point' | 'polygon';

/** A feature as terra-draw's store takes it: its mode names the kind of shape. */
export interface DrawFeature {
  id: string;
  type: 'Feature';
  geometry: GeoJSON.Point | GeoJSON.Polygon;
  properties: { mode: DrawShape };
}

/** terra-draw ids are 36-character UUID-shaped strings; the one shape of a form keeps one. */
export const SHAPE_ID = '00000000-0000-4000-8000-00000000fe0c';

/** The feature to start editing from: a POI's centre, or a zone's corners closed into a ring. */
export function shapeFeature(shape: DrawShape, points: readonly GeofencePoint[]): DrawFeature | null {
  const first = points[0];
  if (!first) return null;
  if (shape === 'point')
    return {
      id: SHAPE_ID,
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [first.lng, first.lat] },
      properties: { mode: 'point' },
    };
  if (points.length < 3) return null;
  const ring = points.map((p) => [p.lng, p.lat]);
  const last = points[points.length - 1];
  if (last && (last.lat !== first.lat || last.lng !== first.lng)) ring.push([first.lng, first.lat]);
  return {
    id: SHAPE_ID,
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: { mode: 'polygon' },
  };
}

/**
 * The geofence coordinates of a drawn shape: a point's one, or a polygon's corners without the
 * ring's closing repeat (spec 1 §3 stores corners; the last joins the first). Anything else: none.
 */
export function pointsOfGeometry(geometry: GeoJSON.Geometry): GeofencePoint[] | null {
  if (geometry.type === 'Point') {
    const [lng, lat] = geometry.coordinates;
    return lng === undefined || lat === undefined ? null : [{ lat, lng }];
  }
  if (geometry.type !== 'Polygon') return null;
  const ring = geometry.coordinates[0] ?? [];
  const points = ring.flatMap(([lng, lat]) => (lng === undefined || lat === undefined ? [] : [{ lat, lng }]));
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first.lat === last.lat && first.lng === last.lng) points.pop();
  return points;
}

/** The [[west, south], [east, north]] box of a zone's corners, or of a POI's circle of `radiusM`. */
export function shapeBounds(
  points: readonly GeofencePoint[],
  radiusM: number | null,
): [[number, number], [number, number]] | null {
  const first = points[0];
  if (!first) return null;
  const lngLats =
    points.length === 1 && radiusM !== null && radiusM > 0
      ? circleRing(first, radiusM, 32)
      : points.map((p) => [p.lng, p.lat]);
  const lngs = lngLats.map((c) => c[0] ?? first.lng);
  const lats = lngLats.map((c) => c[1] ?? first.lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
