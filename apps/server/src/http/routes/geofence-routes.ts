import type { FastifyInstance } from 'fastify';
import {
  AddGeofenceRequestSchema,
  AddGeofenceTemplateRequestSchema,
  API_PATHS,
  AssignGeofencesRequestSchema,
  GeoidRequestSchema,
  GetGeofenceTemplatesRequestSchema,
  ReassignGeofenceRequestSchema,
  UidRequestSchema,
  UpdateGeofenceRequestSchema,
  UpdateGeofenceTemplateRequestSchema,
  type GeofenceResponse,
  type GeofencesResponse,
  type GeofenceTemplateResponse,
  type GeofenceTemplatesResponse,
  type GeoidResponse,
} from '@jejak/contract';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { GeofenceService } from '../../services/fleet/geofence-service.ts';
import { requireUser } from '../session.ts';

/** Geofences and geofence templates (spec 2 §7); thin: the service checks grant and reach. */
export function registerGeofenceRoutes(app: FastifyInstance, auth: AuthService, geo: GeofenceService): void {
  app.post(API_PATHS.geofenceGet, async (request): Promise<GeofencesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid } = UidRequestSchema.parse(request.body);
    return { status: 200, geofences: await geo.list(caller, uid) };
  });

  app.post(API_PATHS.geofenceAdd, async (request): Promise<GeofenceResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, geofence: await geo.add(caller, AddGeofenceRequestSchema.parse(request.body)) };
  });

  app.post(API_PATHS.geofenceUpdate, async (request): Promise<GeofenceResponse> => {
    const caller = await requireUser(auth, request);
    return { status: 200, geofence: await geo.update(caller, UpdateGeofenceRequestSchema.parse(request.body)) };
  });

  app.post(API_PATHS.geofenceDelete, async (request): Promise<GeoidResponse> => {
    const caller = await requireUser(auth, request);
    const { geoid } = GeoidRequestSchema.parse(request.body);
    return { status: 200, geoid: await geo.remove(caller, geoid) };
  });

  app.post(API_PATHS.geofenceTemplateGet, async (request): Promise<GeofenceTemplatesResponse> => {
    const caller = await requireUser(auth, request);
    const { uid, gtids } = GetGeofenceTemplatesRequestSchema.parse(request.body);
    return { status: 200, geofenceTemplates: await geo.templates(caller, uid, gtids) };
  });

  app.post(API_PATHS.geofenceTemplateAdd, async (request): Promise<GeofenceTemplateResponse> => {
    const caller = await requireUser(auth, request);
    const body = AddGeofenceTemplateRequestSchema.parse(request.body);
    return { status: 200, geofenceTemplate: await geo.addTemplate(caller, body) };
  });

  app.post(API_PATHS.geofenceTemplateUpdate, async (request): Promise<GeofenceTemplateResponse> => {
    const caller = await requireUser(auth, request);
    const body = UpdateGeofenceTemplateRequestSchema.parse(request.body);
    return { status: 200, geofenceTemplate: await geo.updateTemplate(caller, body) };
  });

  for (const [path, add] of [
    [API_PATHS.geofenceTemplateAssign, true],
    [API_PATHS.geofenceTemplateUnassign, false],
  ] as const) {
    app.post(path, async (request): Promise<GeofenceTemplateResponse> => {
      const caller = await requireUser(auth, request);
      const body = AssignGeofencesRequestSchema.parse(request.body);
      return { status: 200, geofenceTemplate: await geo.assign(caller, body, add) };
    });
  }

  app.post(API_PATHS.geofenceTemplateReassign, async (request): Promise<GeofenceResponse> => {
    const caller = await requireUser(auth, request);
    const body = ReassignGeofenceRequestSchema.parse(request.body);
    return { status: 200, geofence: await geo.reassign(caller, body) };
  });
}
