import type { PermissionRole } from '../roles.ts';
import { canManage, canRead } from './ability.ts';

/**
 * Account operations and the permission-table grant each needs (ADR accounts-decisions).
 * Reads of users, vehicles and packages need no grant beyond the hierarchy; these do. One's
 * own Profile notification switches need none: every signed-in user sets them (ADR 0024).
 */
export const ACCOUNT_CALLS = [
  'manageUsers',
  'readDevices',
  'managePackages',
  'migrate',
  'readAudit',
  'readGeofences',
  'manageGeofences',
  'manageDevices',
  'addVehicles',
  'manageVehicles',
  'manageAlerts',
  'readEvents',
  'readTickets',
  'resolveTickets',
  'readEscalations',
  'acknowledgeEscalations',
  'readReports',
  'readFuelAnalysis',
  'sendCommands',
  'immobilise',
  'shareVehicles',
] as const;
export type AccountCall = (typeof ACCOUNT_CALLS)[number];

export function mayCall(role: PermissionRole, call: AccountCall): boolean {
  switch (call) {
    // Add, edit and configure users, hand out groups and templates: the User Management grant.
    case 'manageUsers':
      return canManage(role, 'userManagement');
    // "Fleet owners and operators cannot see the device tab" (spec 1 §6).
    case 'readDevices':
      return canRead(role, 'deviceManagement');
    // Subscriptions go with provisioning devices: super, support and distributors.
    case 'managePackages':
      return canManage(role, 'deviceManagement');
    case 'migrate':
      return canManage(role, 'migration');
    // The audit log is for the platform's administrators only.
    case 'readAudit':
      return role === 'SUPER';
    // Geofences and their templates: the Geofence Management grant (POIs share it, spec 1 §6).
    case 'readGeofences':
      return canRead(role, 'geofence');
    case 'manageGeofences':
      return canManage(role, 'geofence') && canManage(role, 'poi');
    // Register and edit trackers (spec 2 §2: the Device tab's Add and Edit).
    case 'manageDevices':
      return canManage(role, 'deviceManagement');
    // A new vehicle is provisioning (it takes a tracker): super, support and distributors.
    case 'addVehicles':
      return canManage(role, 'deviceManagement');
    // Editing vehicles and their groups: the Vehicle Management grant (fleet owners included).
    case 'manageVehicles':
      return canManage(role, 'vehicleManagement');
    // Rules, rule templates and notifications live in Management's Rule and Notification tabs.
    case 'manageAlerts':
      return canManage(role, 'management');
    // Event Record and the events of Trip Record.
    case 'readEvents':
      return canRead(role, 'eventRecord');
    // SOS tickets are the "cases" resource: read shows them, manage resolves them.
    case 'readTickets':
      return canRead(role, 'cases');
    case 'resolveTickets':
      return canManage(role, 'cases');
    // SOS Alerts (spec 3): escalation states and call records; acknowledging needs manage.
    case 'readEscalations':
      return canRead(role, 'escalation');
    case 'acknowledgeEscalations':
      return canManage(role, 'escalation');
    // Vehicle Reports (spec 3 §2, §6): the fleet-wide mileage, trip and transit reports.
    case 'readReports':
      return canRead(role, 'vehicleReport');
    // Fuel Analysis (spec 3 §6): every role the spec lists has it.
    case 'readFuelAnalysis':
      return canRead(role, 'fuelAnalysis');
    // Commands to trackers (issue 29 item 4): whoever manages the vehicles may send them.
    case 'sendCommands':
      return canManage(role, 'vehicleManagement');
    // Engine stop and resume: "only for owners and distributors" (issue 29 item 4, ADR 0090).
    case 'immobilise':
      return role === 'FLEET_OWNER' || role === 'DISTRIBUTOR';
    // A public link to one vehicle's live position (issue 28 item 6, ADR 0093): whoever manages the vehicles.
    case 'shareVehicles':
      return canManage(role, 'vehicleManagement');
  }
}
