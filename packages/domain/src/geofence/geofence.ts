import { EARTH_RADIUS_KM, haversineKm } from '../geo.ts';

/** 'Polygon' is shown as Zone (spec 1 §3). */
export const GEOFENCE_TYPES = ['POI', 'Polygon'] as const;
export type GeofenceType = (typeof GEOFENCE_TYPES)[number];

export interface GeofencePoint {
  lat: number;
  lng: number;
}

/** A geofence as spec 1 §3 names its fields: a POI is a circle, a Polygon a zone. */
export interface Geofence {
  geoid: string;
  geoType: GeofenceType;
  geofenceName: string;
  geofenceComment: string;
  /** A POI's centre (one point), or the polygon's corners (not closed: the last joins the first). */
  coordinates: GeofencePoint[];
  /** Metres; a POI's radius (null for a Polygon). */
  geofenceRadius: number | null;
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * A geofence ready to test many points against: its bounding box (grown by the exit margin,
 * so the box rejects a point for both the enter and the stay test) and, for a polygon, its
 * corners in plain arrays.
 */
export interface CompiledGeofence {
  fence: Geofence;
  box: BoundingBox;
  lats: number[];
  lons: number[];
  /** How far outside a vehicle already inside is still held (`holds`); the box is grown by it. */
  marginM: number;
}

const M_PER_DEG_LAT = (Math.PI * EARTH_RADIUS_KM * 1000) / 180;
const mPerDegLon = (lat: number): number => M_PER_DEG_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180));

/** Compiles a geofence; `marginM` grows its box so the inside-or-near test is still a box reject. */
export function compileGeofence(fence: Geofence, marginM: number): CompiledGeofence {
  const lats = fence.coordinates.map((p) => p.lat);
  const lons = fence.coordinates.map((p) => p.lng);
  const reachM = (fence.geoType === 'POI' ? (fence.geofenceRadius ?? 0) : 0) + marginM;
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const dLat = reachM / M_PER_DEG_LAT;
  const dLon = reachM / mPerDegLon(Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat);
  return {
    fence,
    lats,
    lons,
    marginM,
    box: {
      minLat: minLat - dLat,
      maxLat: maxLat + dLat,
      minLon: Math.min(...lons) - dLon,
      maxLon: Math.max(...lons) + dLon,
    },
  };
}

function inBox(b: BoundingBox, lat: number, lon: number): boolean {
  return lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon;
}

/** Even-odd ray casting: right for concave shapes (no antimeridian: Malaysia's fences never cross it). */
function inPolygon(lats: readonly number[], lons: readonly number[], lat: number, lon: number): boolean {
  let inside = false;
  const n = lats.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const yi = lats[i] ?? 0;
    const yj = lats[j] ?? 0;
    if (yi > lat !== yj > lat) {
      const xi = lons[i] ?? 0;
      const xj = lons[j] ?? 0;
      if (lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Metres from a point to the polygon's outline, on a local flat projection (fences are small). */
function distanceToOutlineM(lats: readonly number[], lons: readonly number[], lat: number, lon: number): number {
  const kx = mPerDegLon(lat);
  let best = Infinity;
  const n = lats.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = ((lons[j] ?? 0) - lon) * kx;
    const ay = ((lats[j] ?? 0) - lat) * M_PER_DEG_LAT;
    const bx = ((lons[i] ?? 0) - lon) * kx;
    const by = ((lats[i] ?? 0) - lat) * M_PER_DEG_LAT;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

function poiDistanceM(c: CompiledGeofence, lat: number, lon: number): number {
  return haversineKm({ lat: c.lats[0] ?? 0, lon: c.lons[0] ?? 0 }, { lat, lon }) * 1000;
}

/** Whether the point lies in the geofence (a POI's edge counts as inside). */
export function contains(c: CompiledGeofence, lat: number, lon: number): boolean {
  if (!inBox(c.box, lat, lon)) return false;
  if (c.fence.geoType === 'POI') return poiDistanceM(c, lat, lon) <= (c.fence.geofenceRadius ?? 0);
  return inPolygon(c.lats, c.lons, lat, lon);
}

/**
 * Whether a vehicle already inside is still held: inside, or outside by no more than the margin
 * it was compiled with (GPS jitter on the boundary must not flap).
 */
export function holds(c: CompiledGeofence, lat: number, lon: number): boolean {
  if (!inBox(c.box, lat, lon)) return false;
  if (c.fence.geoType === 'POI') return poiDistanceM(c, lat, lon) <= (c.fence.geofenceRadius ?? 0) + c.marginM;
  return inPolygon(c.lats, c.lons, lat, lon) || distanceToOutlineM(c.lats, c.lons, lat, lon) <= c.marginM;
}
