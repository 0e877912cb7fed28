/** Great-circle distance with the spec's earth radius of 6371 km (spec 1 §7). */
export const EARTH_RADIUS_KM = 6371;

export interface LatLon {
  lat: number;
  lon: number;
}

const toRad = (deg: number): number => (deg * Math.PI) / 180;

export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees [0, 360). */
export function bearingDeg(a: LatLon, b: LatLon): number {
  const y = Math.sin(toRad(b.lon - a.lon)) * Math.cos(toRad(b.lat));
  const x =
    Math.cos(toRad(a.lat)) * Math.sin(toRad(b.lat)) -
    Math.sin(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.cos(toRad(b.lon - a.lon));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Point reached from `from` going `distanceKm` along `bearing` degrees. */
export function destinationPoint(from: LatLon, bearing: number, distanceKm: number): LatLon {
  const d = distanceKm / EARTH_RADIUS_KM;
  const br = toRad(bearing);
  const lat1 = toRad(from.lat);
  const lon1 = toRad(from.lon);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(br));
  const lon2 =
    lon1 + Math.atan2(Math.sin(br) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: (lat2 * 180) / Math.PI, lon: (((lon2 * 180) / Math.PI + 540) % 360) - 180 };
}

/** The trip path's jump limit (spec 1 §5): a squared distance of 1 degree. */
export const PATH_JUMP_LIMIT_SQ_DEG = 1;

/**
 * The points a trip path draws (spec 1 §5): a point more than one unit (squared degrees) from the
 * previous kept point is a stray fix and dropped, so one bad fix does not draw a spike across the map.
 */
export function dropPathJumps<T extends { location: LatLon }>(points: readonly T[]): T[] {
  const kept: T[] = [];
  for (const point of points) {
    const last = kept.at(-1);
    const squared = last
      ? (point.location.lat - last.location.lat) ** 2 + (point.location.lon - last.location.lon) ** 2
      : 0;
    if (squared <= PATH_JUMP_LIMIT_SQ_DEG) kept.push(point);
  }
  return kept;
}
