import type { FastifyInstance } from 'fastify';
import { API_PATHS, GeocodeRequestSchema, type GeocodeResponse } from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { GeocodeService } from '../../services/fleet/geocode-service.ts';
import { requireUser } from '../session.ts';

export function registerGeocodeRoutes(app: FastifyInstance, auth: AuthService, geocoder: GeocodeService): void {
  app.post(API_PATHS.geocode, async (request): Promise<GeocodeResponse> => {
    const caller = await requireUser(auth, request);
    const body = GeocodeRequestSchema.parse(request.body);
    return { status: 200, ...(await geocoder.geocode(caller, body)) };
  });
}
