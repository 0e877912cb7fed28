import type { PermissionRole } from '../roles.ts';
import { canRead } from './ability.ts';
import type { PermissionSubject } from './subjects.ts';

/** The sidebar menu keys, in the order spec 1 §2 lists them. */
export const MENU_KEYS = [
  'Dev',
  'POI',
  'Users',
  'About',
  'Cases',
  'Report',
  'Profile',
  'Geofence',
  'Management',
  'Preferences',
  'EventRecord',
  'TripRecord',
  'CalledReport',
  'Notifications',
  'FleetTracking',
  'UserManagement',
  'GeofenceRecord',
  'VehicleActivity',
  'OperatorAccount',
  'DeviceManagement',
  'VehicleManagement',
  'Configuration',
  'FuelAnalysis',
  'DeviceInspector',
  'Migration',
  'SOSAlerts',
  'VehicleReport',
  'InformationTable',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** "The route path is the key with a leading slash" (spec 1 §2). */
export type MenuPath = `/${MenuKey}`;

/**
 * The permission resource guarding each menu key. 26 keys name their resource directly.
 * The two keys without a same-named resource take the two resources without a same-named
 * key: SOSAlerts → escalation (the SOS Alerts screen lists escalation states, spec 3 §2)
 * and Dev → inspector (developer tooling; like the inspector resource, only SUPER and
 * SUPPORT hold it).
 */
export const MENU_KEY_SUBJECTS: Readonly<Record<MenuKey, PermissionSubject>> = {
  Dev: 'inspector',
  POI: 'poi',
  Users: 'users',
  About: 'about',
  Cases: 'cases',
  Report: 'report',
  Profile: 'profile',
  Geofence: 'geofence',
  Management: 'management',
  Preferences: 'preferences',
  EventRecord: 'eventRecord',
  TripRecord: 'tripRecord',
  CalledReport: 'calledReport',
  Notifications: 'notifications',
  FleetTracking: 'fleetTracking',
  UserManagement: 'userManagement',
  GeofenceRecord: 'geofenceRecord',
  VehicleActivity: 'vehicleActivity',
  OperatorAccount: 'operatorAccount',
  DeviceManagement: 'deviceManagement',
  VehicleManagement: 'vehicleManagement',
  Configuration: 'configuration',
  FuelAnalysis: 'fuelAnalysis',
  DeviceInspector: 'deviceInspector',
  Migration: 'migration',
  SOSAlerts: 'escalation',
  VehicleReport: 'vehicleReport',
  InformationTable: 'informationTable',
};

export interface SidebarEntry {
  readonly key: MenuKey;
  readonly label: string;
  readonly path: MenuPath;
  readonly subject: PermissionSubject;
}

function sidebarEntry(key: MenuKey, label: string): SidebarEntry {
  return { key, label, path: `/${key}`, subject: MENU_KEY_SUBJECTS[key] };
}

/** The sidebar entries shown to users, in the order of spec 1 §2. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  sidebarEntry('InformationTable', 'Information Table'),
  sidebarEntry('TripRecord', 'Trip Record'),
  sidebarEntry('Geofence', 'Geofence Management'),
  sidebarEntry('UserManagement', 'User Management'),
  sidebarEntry('Management', 'Management'),
  sidebarEntry('EventRecord', 'Event Record'),
  sidebarEntry('FuelAnalysis', 'Fuel Analysis'),
  sidebarEntry('Migration', 'Migration'),
  sidebarEntry('SOSAlerts', 'SOS Alerts'),
  sidebarEntry('VehicleReport', 'Vehicle Reports'),
  sidebarEntry('Profile', 'Profile'),
];

/** "An entry shows only if the role has read access to it" (read or manage grant). */
export function sidebarEntriesFor(role: PermissionRole): SidebarEntry[] {
  return SIDEBAR_ENTRIES.filter((entry) => canRead(role, entry.subject));
}
