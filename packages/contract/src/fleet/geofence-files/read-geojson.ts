import { z } from 'zod';
import {
  COMMENT_KEYS,
  featureRow,
  GEOFENCE_FILE_HEADER,
  GEOFENCE_FILE_LIMITS,
  NAME_KEYS,
  propertyKey,
  propertyOf,
  RADIUS_KEYS,
  TEMPLATE_KEYS,
  type GeofenceFileLimits,
  type GeofenceFileResult,
  type ReadFeature,
} from './geofence-file.ts';

/*
 * GeoJSON (RFC 7946): a FeatureCollection, one Feature or one geometry. A Point is a POI (its
 * radius a property), a Polygon's outer ring (or a MultiPolygon of one polygon) a zone. Positions
 * are [lon, lat]; the rows hold lat before lon, as the template does.
 */

const Position = z.tuple([z.number(), z.number()]).rest(z.number());
const Ring = z.array(Position).min(1);
const GeometrySchema = z.object({ type: z.string(), coordinates: z.unknown().optional() });
const FeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: GeometrySchema.nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
});
const CollectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });
const GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
];

function shapeOf(geometry: z.infer<typeof GeometrySchema>): Pick<ReadFeature, 'shape' | 'problem'> {
  const flip = ([lon, lat]: number[]): [number, number] => [lat as number, lon as number];
  if (geometry.type === 'Point') {
    const at = Position.safeParse(geometry.coordinates);
    return at.success
      ? { shape: { kind: 'point', at: flip(at.data) }, problem: null }
      : { shape: null, problem: { code: 'coordinates' } };
  }
  let rings: unknown = geometry.coordinates;
  if (geometry.type === 'MultiPolygon') {
    if (!Array.isArray(rings) || rings.length !== 1)
      return { shape: null, problem: { code: 'geometry', geometry: 'MultiPolygon' } };
    rings = rings[0];
  } else if (geometry.type !== 'Polygon')
    return { shape: null, problem: { code: 'geometry', geometry: geometry.type } };
  const polygon = z.array(Ring).min(1).safeParse(rings);
  if (!polygon.success) return { shape: null, problem: { code: 'coordinates' } };
  if (polygon.data.length > 1) return { shape: null, problem: { code: 'holes' } };
  return { shape: { kind: 'polygon', ring: (polygon.data[0] ?? []).map(flip) }, problem: null };
}

const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function feature(raw: unknown): ReadFeature {
  const parsed = FeatureSchema.safeParse(raw);
  const props = new Map<string, string>();
  if (parsed.success)
    for (const [k, v] of Object.entries(parsed.data.properties ?? {})) props.set(propertyKey(k), asText(v));
  const texts = {
    name: propertyOf(props, NAME_KEYS),
    comment: propertyOf(props, COMMENT_KEYS),
    templates: propertyOf(props, TEMPLATE_KEYS),
    radius: propertyOf(props, RADIUS_KEYS),
  };
  const geometry = parsed.success ? parsed.data.geometry : null;
  if (!geometry) return { ...texts, shape: null, problem: { code: 'noGeometry' } };
  return { ...texts, ...shapeOf(geometry) };
}

/** A GeoJSON text's features as geofence template rows. */
export function readGeoJson(json: string, limits: GeofenceFileLimits = GEOFENCE_FILE_LIMITS): GeofenceFileResult {
  if (json.length > limits.chars) return { ok: false, error: 'fileTooLarge' };
  let doc: unknown;
  try {
    doc = JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, error: 'notJson' };
  }
  const collection = CollectionSchema.safeParse(doc);
  const single = FeatureSchema.safeParse(doc);
  const geometry = GeometrySchema.safeParse(doc);
  const features = collection.success
    ? collection.data.features
    : single.success
      ? [doc]
      : geometry.success && GEOMETRY_TYPES.includes(geometry.data.type)
        ? [{ type: 'Feature', geometry: doc, properties: {} }]
        : null;
  if (!features) return { ok: false, error: 'notGeoJson' };
  if (features.length > limits.features) return { ok: false, error: 'tooManyFeatures' };
  return { ok: true, header: [...GEOFENCE_FILE_HEADER], rows: features.map((f, i) => featureRow(i + 1, feature(f))) };
}
