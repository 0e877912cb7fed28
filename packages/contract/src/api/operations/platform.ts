import { VersionResponseSchema } from '../../fleet/fleet.ts';
import {
  GeocodeRequestSchema,
  GeocodeResponseSchema,
  PlaceSearchRequestSchema,
  PlaceSearchResponseSchema,
} from '../../fleet/geocode.ts';
import { MapConfigResponseSchema } from '../../fleet/map-config.ts';
import { get, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

/** What the console asks of the server itself: its version, the basemap, addresses of points. */
export const PLATFORM_OPERATIONS = {
  version: get(API_PATHS.version, 'public', 'Server version and region', VersionResponseSchema),
  mapConfig: get(
    API_PATHS.mapConfig,
    'public',
    "The console's basemap (a style URL, raster tiles or the offline map) and the live-traffic tiles",
    MapConfigResponseSchema,
  ),
  geocode: post(
    API_PATHS.geocode,
    'session',
    'The address of a point (with vid: a vehicle the caller may see)',
    GeocodeRequestSchema,
    GeocodeResponseSchema,
  ),
  placeSearch: post(
    API_PATHS.placeSearch,
    'session',
    'Places whose name matches the query: the gazetteer, and the street geocoder when configured',
    PlaceSearchRequestSchema,
    PlaceSearchResponseSchema,
  ),
};
