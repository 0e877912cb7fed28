import type { PermissionRole } from '../roles.ts';
import type { PermissionSubject } from './subjects.ts';

export interface RoleGrants {
  /** Subjects granted read only (read is also implied by manage). */
  readonly read: readonly PermissionSubject[];
  /** Subjects granted manage: read, update and delete. */
  readonly manage: readonly PermissionSubject[];
}

/**
 * The role/permission table of spec 1 §6, reconciled with spec 2 §6 and spec 3 §6.
 * Rows keep the spec's wording where it is explicit (FLEET_MANAGER lists operator account
 * and cases under both read and manage; manage wins). Readings of the vague cells:
 *
 * - SUPER: manage the 27 listed resources; device inspector is read only (spec 3 §6).
 * - SUPPORT: "most of the same, without migration, user management or report; no device
 *   inspector" = SUPER's manage list minus migration, userManagement and report, and no
 *   deviceInspector at all. Nothing else is removed. No read-only grants.
 * - DISTRIBUTOR: "tracking" in its read cell = fleetTracking. No migration, report or
 *   inspector (not listed; spec 3 §6 confirms no migration).
 * - FLEET_MANAGER: "tracking" = fleetTracking.
 * - FLEET_OWNER: read "tracking and records" = fleetTracking, tripRecord, eventRecord
 *   ("records"; geofenceRecord is already managed) plus vehicleActivity, calledReport,
 *   notifications and about, which every other row granting tracking also grants read of.
 *   Without tripRecord an owner would lack the Trip Record entry its own operators get.
 * - FLEET_OPERATOR: manage "configuration management" is read as two resources with a
 *   missing comma: configuration and management. Spec 2 §2 names fleet operators among
 *   the users of the /Management page (only its Device tab is hidden from them), so they
 *   need the management resource.
 * - FLEET_OPERATOR escalation: spec 1 §6 / spec 3 §6 say its escalation read grant is
 *   written with a faulty argument and "may not take effect". It is deliberately NOT
 *   granted, so operators do not see SOS Alerts.
 * - DEFAULT (no or unknown role): read profile, preferences and about.
 */
export const PERMISSION_TABLE: Readonly<Record<PermissionRole, RoleGrants>> = {
  SUPER: {
    read: ['deviceInspector'],
    manage: [
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
    ],
  },
  SUPPORT: {
    read: [],
    manage: [
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
      'deviceManagement',
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
      'escalation',
      'vehicleReport',
    ],
  },
  DISTRIBUTOR: {
    read: [
      'fleetTracking',
      'vehicleActivity',
      'eventRecord',
      'calledReport',
      'notifications',
      'about',
      'deviceInspector',
    ],
    manage: [
      'tripRecord',
      'informationTable',
      'poi',
      'geofence',
      'geofenceRecord',
      'users',
      'operatorAccount',
      'userManagement',
      'deviceManagement',
      'vehicleManagement',
      'profile',
      'preferences',
      'cases',
      'configuration',
      'management',
      'fuelAnalysis',
      'escalation',
      'vehicleReport',
    ],
  },
  FLEET_MANAGER: {
    read: [
      'fleetTracking',
      'tripRecord',
      'vehicleActivity',
      'eventRecord',
      'poi',
      'geofence',
      'operatorAccount',
      'vehicleManagement',
      'calledReport',
      'notifications',
      'about',
      'cases',
    ],
    manage: [
      'informationTable',
      'geofenceRecord',
      'operatorAccount',
      'profile',
      'preferences',
      'cases',
      'configuration',
      'management',
      'fuelAnalysis',
    ],
  },
  FLEET_OWNER: {
    read: ['fleetTracking', 'tripRecord', 'vehicleActivity', 'eventRecord', 'calledReport', 'notifications', 'about'],
    manage: [
      'informationTable',
      'poi',
      'geofence',
      'geofenceRecord',
      'operatorAccount',
      'vehicleManagement',
      'profile',
      'preferences',
      'cases',
      'configuration',
      'management',
      'fuelAnalysis',
      'escalation',
      'vehicleReport',
      'users',
      'userManagement',
      'report',
    ],
  },
  FLEET_OPERATOR: {
    read: [
      'poi',
      'about',
      'cases',
      'profile',
      'geofence',
      'preferences',
      'eventRecord',
      'tripRecord',
      'calledReport',
      'notifications',
      'fleetTracking',
      'vehicleActivity',
      'vehicleManagement',
    ],
    manage: ['informationTable', 'geofenceRecord', 'configuration', 'management', 'fuelAnalysis'],
  },
  DEFAULT: {
    read: ['profile', 'preferences', 'about'],
    manage: [],
  },
};
