import { OPERATIONS } from '@jejak/contract';
import type { GeocodeService } from '../../../services/fleet/geocode-service.ts';
import type { Route } from '../../route-table.ts';

export function registerGeocodeRoutes(route: Route, geocoder: GeocodeService): void {
  route(OPERATIONS.geocode, async ({ user, body }) => ({ status: 200, ...(await geocoder.geocode(user, body)) }));
  route(OPERATIONS.placeSearch, async ({ body }) => ({ status: 200, places: await geocoder.search(body) }));
}
