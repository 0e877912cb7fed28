import { z } from 'zod';
import { ID, text } from '../core/fields.ts';

/** POST /api/geocode {lat, lon} — the address refresh also sends the vehicle's vid. */
export const GeocodeRequestSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  vid: ID.optional(),
});
export type GeocodeRequest = z.infer<typeof GeocodeRequestSchema>;

/** Where an address came from: the offline gazetteer, or the optional online geocoder. */
export const ADDRESS_SOURCES = ['gazetteer', 'geocoder'] as const;

/**
 * The address of the point: "Kuah, Kedah", "near Kuah, Kedah", or its coordinates
 * "4.50000, 106.00000" far from every town. `msg` says which source answered.
 */
export const GeocodeResponseSchema = z.object({
  status: z.literal(200),
  address: z.string(),
  msg: z.enum(ADDRESS_SOURCES),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponseSchema>;

/** A place search's query: what a town or street name may hold, 2 to 80 characters. */
export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 80;
/** Letters (any script), digits, spaces and the punctuation of addresses: . , ' - / ( ) & # */
export const PLACE_QUERY_PATTERN = /^[\p{L}\p{M}\p{N} .,'’\-/()&#]+$/u;
export const PLACE_SEARCH_TEXTS = {
  queryShort: `Type at least ${PLACE_QUERY_MIN} characters of a place`,
  queryLong: `A place search is at most ${PLACE_QUERY_MAX} characters`,
  queryCharacters: "A place search may hold letters, digits, spaces and . , ' - / ( ) & #",
} as const;
/** At most this many places answer a search. */
export const PLACE_SEARCH_LIMIT = 8;

/** POST /api/place/search {q}: places whose name matches, from the gazetteer and the street geocoder. */
export const PlaceSearchRequestSchema = z.object({
  q: text()
    .trim()
    .min(PLACE_QUERY_MIN, PLACE_SEARCH_TEXTS.queryShort)
    .max(PLACE_QUERY_MAX, PLACE_SEARCH_TEXTS.queryLong)
    .regex(PLACE_QUERY_PATTERN, PLACE_SEARCH_TEXTS.queryCharacters),
});
export type PlaceSearchRequest = z.infer<typeof PlaceSearchRequestSchema>;

export const PlaceResultSchema = z.object({
  /** The town's name, or the street geocoder's display name. */
  name: z.string(),
  /** The town's state (or country across the border); '' for a geocoder answer. */
  region: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  source: z.enum(ADDRESS_SOURCES),
});
export type PlaceResult = z.infer<typeof PlaceResultSchema>;

export const PlaceSearchResponseSchema = z.object({
  status: z.literal(200),
  places: z.array(PlaceResultSchema).max(PLACE_SEARCH_LIMIT),
});
export type PlaceSearchResponse = z.infer<typeof PlaceSearchResponseSchema>;
