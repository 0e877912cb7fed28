import {
  API_PATHS,
  GeofencesResponseSchema,
  GeofenceTemplatesResponseSchema,
  GeoidResponseSchema,
  type GeofenceDto,
  type GeoidResponse,
  type GeofenceTemplateDto,
} from '@jejak/contract';
import { apiPost } from './client.ts';

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

/** POST /geofence/delete {geoid}: removes a POI or zone the user owns. */
export function deleteGeofence(geoid: string): Promise<GeoidResponse> {
  return apiPost(API_PATHS.geofenceDelete, { geoid }, GeoidResponseSchema);
}
