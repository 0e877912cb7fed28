import {
  API_PATHS,
  GeofenceResponseSchema,
  GeofencesResponseSchema,
  GeofenceTemplatesResponseSchema,
  GeoidResponseSchema,
  type AddGeofenceRequest,
  type GeofenceDto,
  type GeofenceTemplateDto,
  type ReassignGeofenceRequest,
  type UpdateGeofenceRequest,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

export const geofencesQueryKey = (uid: string) => ['geofences', uid] as const;

export interface UserGeofences {
  geofences: GeofenceDto[];
  templates: GeofenceTemplateDto[];
}

/** The geofences the user sees, with its templates (their colours colour the map). */
export async function fetchGeofences(uid: string): Promise<UserGeofences> {
  const [geofences, templates] = await Promise.all([
    apiPost(API_PATHS.geofenceGet, { uid }, GeofencesResponseSchema),
    apiPost(API_PATHS.geofenceTemplateGet, { uid, gtids: [] }, GeofenceTemplatesResponseSchema),
  ]);
  return { geofences: geofences.geofences, templates: templates.geofenceTemplates };
}

/** POST /geofence/add: a new POI or zone, in the chosen templates (none: its owner's UNGROUP). */
export async function addGeofence(request: AddGeofenceRequest): Promise<GeofenceDto> {
  return (await apiPost(API_PATHS.geofenceAdd, request, GeofenceResponseSchema)).geofence;
}

/** POST /geofence/update: name, comment, shape and radius (templates go through reassign). */
export async function updateGeofence(request: UpdateGeofenceRequest): Promise<GeofenceDto> {
  return (await apiPost(API_PATHS.geofenceUpdate, request, GeofenceResponseSchema)).geofence;
}

/** POST /geofence/delete {geoid}. */
export async function deleteGeofence(geoid: string): Promise<string> {
  return (await apiPost(API_PATHS.geofenceDelete, { geoid }, GeoidResponseSchema)).geoid;
}

/** POST /geofence/template/reassign/geofence: the geofence's templates become exactly `gtids`. */
export async function reassignGeofence(request: ReassignGeofenceRequest): Promise<GeofenceDto> {
  return (await apiPost(API_PATHS.geofenceTemplateReassign, request, GeofenceResponseSchema)).geofence;
}
