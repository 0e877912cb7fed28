import { OPERATIONS } from '@jejak/contract';
import type { GeofenceService } from '../../../services/fleet/geofence-service.ts';
import type { Route } from '../../route-table.ts';

/** Geofences and geofence templates (spec 2 §7); thin: the service checks reach. */
export function registerGeofenceRoutes(route: Route, geo: GeofenceService): void {
  route(OPERATIONS.geofenceGet, async ({ user, body }) => ({ status: 200, geofences: await geo.list(user, body.uid) }));

  route(OPERATIONS.geofenceAdd, async ({ user, body }) => ({ status: 200, geofence: await geo.add(user, body) }));

  route(OPERATIONS.geofenceUpdate, async ({ user, body }) => ({ status: 200, geofence: await geo.update(user, body) }));

  route(OPERATIONS.geofenceDelete, async ({ user, body }) => ({
    status: 200,
    geoid: await geo.remove(user, body.geoid),
  }));

  route(OPERATIONS.geofenceTemplateGet, async ({ user, body: { uid, gtids } }) => ({
    status: 200,
    geofenceTemplates: await geo.templates(user, uid, gtids),
  }));

  route(OPERATIONS.geofenceTemplateAdd, async ({ user, body }) => ({
    status: 200,
    geofenceTemplate: await geo.addTemplate(user, body),
  }));

  route(OPERATIONS.geofenceTemplateUpdate, async ({ user, body }) => ({
    status: 200,
    geofenceTemplate: await geo.updateTemplate(user, body),
  }));

  route(OPERATIONS.geofenceTemplateAssign, async ({ user, body }) => ({
    status: 200,
    geofenceTemplate: await geo.assign(user, body, true),
  }));

  route(OPERATIONS.geofenceTemplateUnassign, async ({ user, body }) => ({
    status: 200,
    geofenceTemplate: await geo.assign(user, body, false),
  }));

  route(OPERATIONS.geofenceTemplateReassign, async ({ user, body }) => ({
    status: 200,
    geofence: await geo.reassign(user, body),
  }));
}
