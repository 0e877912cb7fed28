import {
  API_PATHS,
  PlaceSearchResponseSchema,
  type PlaceSearchRequest,
  type PlaceSearchResponse,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

/** POST /place/search: towns from the gazetteer and, when configured, streets from the geocoder. */
export function searchPlaces(request: PlaceSearchRequest): Promise<PlaceSearchResponse> {
  return apiPost(API_PATHS.placeSearch, request, PlaceSearchResponseSchema);
}
