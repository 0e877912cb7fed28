import {
  API_PATHS,
  GeofenceTemplateResponseSchema,
  type AddGeofenceTemplateRequest,
  type AssignGeofencesRequest,
  type GeofenceTemplateDto,
  type UpdateGeofenceTemplateRequest,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

async function templateCall(path: string, body: unknown): Promise<GeofenceTemplateDto> {
  return (await apiPost(path, body, GeofenceTemplateResponseSchema)).geofenceTemplate;
}

/** POST /geofence/template/add; spec 2 §7: it is followed by assigning the chosen geofences. */
export const addGeofenceTemplate = (request: AddGeofenceTemplateRequest) =>
  templateCall(API_PATHS.geofenceTemplateAdd, request);
export const updateGeofenceTemplate = (request: UpdateGeofenceTemplateRequest) =>
  templateCall(API_PATHS.geofenceTemplateUpdate, request);
export const assignGeofences = (request: AssignGeofencesRequest) =>
  templateCall(API_PATHS.geofenceTemplateAssign, request);
export const unassignGeofences = (request: AssignGeofencesRequest) =>
  templateCall(API_PATHS.geofenceTemplateUnassign, request);
