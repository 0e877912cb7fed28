/**
 * Permission resources (CASL subjects): the sidebar menu-key resources named in the
 * permission table of spec 1 §6, spelled in lower camel case. 'deviceInspector' is listed
 * separately in the table's Read column (SUPER, DISTRIBUTOR); the other 27 are SUPER's
 * manage list.
 */
export const PERMISSION_SUBJECTS = [
  'fleetTracking',
  'informationTable',
  'tripRecord',
  'vehicleActivity',
  'eventRecord',
  'inspector',
  'poi',
  'geofence',
  'geofenceRecord',
  'users',
  'operatorAccount',
  'userManagement',
  'deviceManagement',
  'report',
  'vehicleManagement',
  'calledReport',
  'notifications',
  'profile',
  'preferences',
  'about',
  'cases',
  'configuration',
  'management',
  'fuelAnalysis',
  'migration',
  'escalation',
  'vehicleReport',
  'deviceInspector',
] as const;
export type PermissionSubject = (typeof PERMISSION_SUBJECTS)[number];

/**
 * Actions on a subject. 'manage' is CASL's wildcard action, so a manage grant also answers
 * yes to read, update and delete ("manage implies update and delete", spec 1 §6); a read
 * grant answers yes to read only.
 */
export const PERMISSION_ACTIONS = ['read', 'update', 'delete', 'manage'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export function isPermissionSubject(value: unknown): value is PermissionSubject {
  return typeof value === 'string' && (PERMISSION_SUBJECTS as readonly string[]).includes(value);
}
