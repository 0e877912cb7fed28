import borderJson from './border-places.json' with { type: 'json' };
import myJson from './my-places.json' with { type: 'json' };
import { createPlaceIndex, type PlaceIndex, type PlaceRow } from './place-index.ts';
import { parsePlaceRows } from './place-rows.ts';

/** Malaysia's towns with their state (GeoNames, CC-BY-4.0): the console's town dots. */
export const MY_PLACES: readonly PlaceRow[] = parsePlaceRows(myJson);
/** Towns of the neighbouring countries near Malaysia, with their country. */
export const BORDER_PLACES: readonly PlaceRow[] = parsePlaceRows(borderJson);

/**
 * Within this distance of a town's point the address is the town itself. GeoNames gives a town
 * one point at its centre and no extent; 2 km covers a small town's centre and a city's core
 * (Kuching's waterfront is 1.7 km from its point). Where towns are dense the nearest one wins:
 * KLCC, 1.3 km from Kampung Baru's point, reads "Kampung Baru, Kuala Lumpur".
 */
export const AT_PLACE_KM = 2;
/**
 * Beyond this distance from every town no town describes the spot (the open sea, the interior
 * of Borneo, deep inside a neighbouring country): the address is the coordinates. Malaysian
 * towns are rarely more than 30 km apart except in the Bornean interior.
 */
export const NEAR_PLACE_KM = 50;

/** What the address of a point near a town (not at it) begins with: "near Kuah, Kedah". */
export const NEAR_PLACE_PREFIX = 'near ';

let index: PlaceIndex | null = null;

/** Coordinates as text, 5 decimals (about 1 m): "3.14780, 101.69530". */
export function formatCoordinates(lat: number, lon: number): string {
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

/**
 * The offline address of a point (DESIGN §6): "Kuah, Kedah" within AT_PLACE_KM of a town's
 * point, "near Kuah, Kedah" within NEAR_PLACE_KM, else the coordinates. A town named like its
 * region says it once ("near Kuala Lumpur"). A town across the border names its country
 * ("near Woodlands, Singapore"). Coordinates that are not a place on Earth give ''.
 */
export function describePlace(lat: number, lon: number): string {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return '';
  index ??= createPlaceIndex([...MY_PLACES, ...BORDER_PLACES]);
  const hit = index.nearest(lat, lon, NEAR_PLACE_KM);
  if (!hit) return formatCoordinates(lat, lon);
  const [name, , , region] = hit.place;
  const label = region && region !== name ? `${name}, ${region}` : name;
  return hit.km <= AT_PLACE_KM ? label : `${NEAR_PLACE_PREFIX}${label}`;
}

/** A stored address: the offline address of a point, or null for a point not on Earth. */
export function addressOf(p: { lat: number; lon: number }): string | null {
  return describePlace(p.lat, p.lon) || null;
}
