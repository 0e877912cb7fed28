import { UidRequestSchema } from '../../accounts/user.ts';
import {
  AddGeofenceRequestSchema,
  AddGeofenceTemplateRequestSchema,
  AssignGeofencesRequestSchema,
  GeofenceResponseSchema,
  GeofencesResponseSchema,
  GeofenceTemplateResponseSchema,
  GeofenceTemplatesResponseSchema,
  GeoidRequestSchema,
  GeoidResponseSchema,
  GetGeofenceTemplatesRequestSchema,
  ReassignGeofenceRequestSchema,
  UpdateGeofenceRequestSchema,
  UpdateGeofenceTemplateRequestSchema,
} from '../../fleet/geofences.ts';
import { grant, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const readGeofences = grant('readGeofences');
const manageGeofences = grant('manageGeofences');

/** Geofences and geofence templates (spec 2 §7); the service checks the hierarchy. */
export const GEOFENCE_OPERATIONS = {
  geofenceGet: post(
    API_PATHS.geofenceGet,
    readGeofences,
    'Geofences a user sees',
    UidRequestSchema,
    GeofencesResponseSchema,
  ),
  geofenceAdd: post(
    API_PATHS.geofenceAdd,
    manageGeofences,
    'Add a POI or zone',
    AddGeofenceRequestSchema,
    GeofenceResponseSchema,
  ),
  geofenceUpdate: post(
    API_PATHS.geofenceUpdate,
    manageGeofences,
    'Edit a POI or zone',
    UpdateGeofenceRequestSchema,
    GeofenceResponseSchema,
  ),
  geofenceDelete: post(
    API_PATHS.geofenceDelete,
    manageGeofences,
    'Delete a POI or zone',
    GeoidRequestSchema,
    GeoidResponseSchema,
  ),
  geofenceTemplateGet: post(
    API_PATHS.geofenceTemplateGet,
    readGeofences,
    'Geofence templates',
    GetGeofenceTemplatesRequestSchema,
    GeofenceTemplatesResponseSchema,
  ),
  geofenceTemplateAdd: post(
    API_PATHS.geofenceTemplateAdd,
    manageGeofences,
    'Add a geofence template',
    AddGeofenceTemplateRequestSchema,
    GeofenceTemplateResponseSchema,
  ),
  geofenceTemplateUpdate: post(
    API_PATHS.geofenceTemplateUpdate,
    manageGeofences,
    'Rename or recolour a template',
    UpdateGeofenceTemplateRequestSchema,
    GeofenceTemplateResponseSchema,
  ),
  geofenceTemplateAssign: post(
    API_PATHS.geofenceTemplateAssign,
    manageGeofences,
    'Add geofences to a template',
    AssignGeofencesRequestSchema,
    GeofenceTemplateResponseSchema,
  ),
  geofenceTemplateUnassign: post(
    API_PATHS.geofenceTemplateUnassign,
    manageGeofences,
    'Remove geofences from a template',
    AssignGeofencesRequestSchema,
    GeofenceTemplateResponseSchema,
  ),
  geofenceTemplateReassign: post(
    API_PATHS.geofenceTemplateReassign,
    manageGeofences,
    "Set a geofence's templates",
    ReassignGeofenceRequestSchema,
    GeofenceResponseSchema,
  ),
};
