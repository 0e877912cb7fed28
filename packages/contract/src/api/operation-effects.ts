import type { ApiTokenScope } from '../accounts/api-tokens.ts';
import type { Operation } from './operation.ts';
import { OPERATIONS, type OperationName } from './operation-table.ts';

/**
 * What each operation does to the platform's data, for API tokens (ADR 0087):
 * - `read`: changes nothing anyone can see (reads, searches, exports, geocoding); a read-only
 *   token may call it;
 * - `change`: adds, edits, deletes, sends mail or moves something; a full-access token only;
 * - `password`: only a password sign-in may call it (the token calls and Change Password), so a
 *   stolen token cannot make itself new tokens or lock its owner out.
 * Nearly every call is a POST, so the method says nothing: the table names each one. It is
 * typed by the operation names, so a new operation without an entry does not compile.
 * Public operations take no token (the gate reads none for them); they are listed for completeness.
 */
export type OperationEffect = 'read' | 'change' | 'password';

export const OPERATION_EFFECTS: Readonly<Record<OperationName, OperationEffect>> = {
  login: 'password',
  session: 'read',
  logout: 'password',
  userGetInfo: 'read',
  userGetHierarchy: 'read',
  userGetChildren: 'read',
  userSearch: 'read',
  userGetVehicles: 'read',
  userGetDevices: 'read',
  userAdd: 'change',
  userUpdate: 'change',
  userProfileUpdate: 'change',
  userConfigure: 'change',
  userResetPassword: 'change',
  userRelationGet: 'read',
  userRelationAdd: 'change',
  userRelationUpdate: 'change',
  resetPassword: 'password',
  changePassword: 'password',
  apiTokenGet: 'password',
  apiTokenAdd: 'password',
  apiTokenRevoke: 'password',
  userGetStages: 'read',
  userMigrate: 'change',
  vehiclePackageGet: 'read',
  vehiclePackageAdd: 'change',
  vehiclePackageUpdate: 'change',
  vehiclePackageRenew: 'change',
  vehiclePackageSuspend: 'change',
  vehiclePackageUnsuspend: 'change',
  vehiclePackageTerminate: 'change',
  vehiclePackageLogGet: 'read',
  auditGet: 'read',
  unknownDevices: 'read',
  trackerSetup: 'read',
  deviceConflicts: 'read',
  deviceAdd: 'change',
  deviceUpdate: 'change',
  deviceVgidGet: 'read',
  deviceGroupGet: 'read',
  bulkTemplate: 'read',
  vehicleGet: 'read',
  vehicleAdd: 'change',
  vehicleUpdate: 'change',
  vehicleGroupGet: 'read',
  vehicleGroupAdd: 'change',
  vehicleGroupEdit: 'change',
  vehicleGroupAssign: 'change',
  vehicleGroupReassign: 'change',
  vehicleGroupUpdateVehicles: 'change',
  geofenceGet: 'read',
  geofenceAdd: 'change',
  geofenceUpdate: 'change',
  geofenceDelete: 'change',
  geofenceTemplateGet: 'read',
  geofenceTemplateAdd: 'change',
  geofenceTemplateUpdate: 'change',
  geofenceTemplateAssign: 'change',
  geofenceTemplateUnassign: 'change',
  geofenceTemplateReassign: 'change',
  version: 'read',
  mapConfig: 'read',
  geocode: 'read',
  placeSearch: 'read',
  ruleTemplateGet: 'read',
  ruleTemplateAdd: 'change',
  ruleTemplateUpdate: 'change',
  ruleTemplateCoverage: 'read',
  ruleTemplateApply: 'change',
  ruleAdd: 'change',
  ruleUpdate: 'change',
  events: 'read',
  eventExport: 'read',
  ticketGet: 'read',
  ticketAcknowledge: 'change',
  notificationGet: 'read',
  notificationAdd: 'change',
  notificationUpdate: 'change',
  notificationDelete: 'change',
  confirmationResend: 'change',
  maintenanceGet: 'read',
  maintenanceDone: 'change',
  commandSend: 'change',
  commandGet: 'read',
  shareAdd: 'change',
  shareGet: 'read',
  shareRevoke: 'change',
  shareView: 'read',
  webhookGet: 'read',
  webhookAdd: 'change',
  webhookDelete: 'change',
  webhookResume: 'change',
  webhookDeliveries: 'read',
  recipientConfirm: 'change',
  notificationLogGet: 'read',
  notificationLogExport: 'read',
  escalationStateGet: 'read',
  escalationStateUpdate: 'change',
  escalationRecordGet: 'read',
  transitRecords: 'read',
  transitRecordPdf: 'read',
  transitRecordExport: 'read',
  routeExport: 'read',
  tripRecords: 'read',
  deviceLogs: 'read',
  deviceDebugLogs: 'read',
  deviceTypeDebugLogs: 'read',
  vehicleLogs: 'read',
  deviceLogExport: 'read',
  vehicleLogExport: 'read',
  routePlayback: 'read',
  reportMileage: 'read',
  reportDailyMileage: 'read',
  reportTransit: 'read',
  reportTrip: 'read',
  reportFuel: 'read',
  vehicleFuelAnalysis: 'read',
  reportMileageWindow: 'read',
  reportDetail: 'read',
  reportDisconnect: 'read',
  reportGeofence: 'read',
  reportEvent: 'read',
  reportOverspeed: 'read',
  reportDetailExport: 'read',
  reportExport: 'read',
};

const EFFECT_OF = new Map<Operation, OperationEffect>(
  Object.entries(OPERATIONS).map(([name, op]) => [op, OPERATION_EFFECTS[name as OperationName]]),
);

/** What an operation of the table does (an operation outside it counts as a change). */
export function operationEffect(op: Operation): OperationEffect {
  return EFFECT_OF.get(op) ?? 'change';
}

/** Whether a token of `scope` may call an operation of `effect`. */
export function tokenScopeAllows(scope: ApiTokenScope, effect: OperationEffect): boolean {
  if (effect === 'password') return false;
  return scope === 'full' || effect === 'read';
}
