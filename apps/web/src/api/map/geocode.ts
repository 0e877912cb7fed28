import { API_PATHS, GeocodeResponseSchema, type GeocodeRequest, type GeocodeResponse } from '@jejak/contract';
import { apiPost } from '../client.ts';

/** POST /geocode (spec 1 §7): the address of a point; the vehicle's address refresh also sends its vid. */
export function fetchAddress(request: GeocodeRequest): Promise<GeocodeResponse> {
  return apiPost(API_PATHS.geocode, request, GeocodeResponseSchema);
}
