import { API_TOKEN_PATHS } from '../accounts/api-tokens.ts';
import { ALERT_PATHS } from '../alerts/alerts.ts';
import { RULE_COVERAGE_PATHS } from '../alerts/rule-coverage.ts';
import { FUEL_PATHS } from '../reports/fuel-analysis.ts';
import { MANAGEMENT_PATHS } from '../fleet/management.ts';
import { MAP_CONFIG_PATH } from '../fleet/map-config.ts';
import { TRACKER_SETUP_PATH } from '../fleet/tracker-setup.ts';
import { NOTIFICATION_PATHS } from '../alerts/notifications.ts';
import { WEBHOOK_PATHS } from '../alerts/webhooks.ts';
import { COMMAND_PATHS } from '../fleet/commands.ts';
import { MAINTENANCE_PATHS } from '../fleet/maintenance.ts';
import { SHARE_PATHS } from '../fleet/share-links.ts';
import { PLAYBACK_PATHS } from '../reports/playback.ts';
import { DETAIL_EXPORT_PATHS, LEGACY_REPORT_PATHS, NEXT_REPORT_PATHS } from '../reports/report-kinds.ts';
import { REPORT_PATHS } from '../reports/reports.ts';
import { REPORT_EXPORT_PATH } from '../reports/report-kinds.ts';

/** API paths under the main base /api (DESIGN §3). */
export const API_BASE = '/api';
export const API_PATHS = {
  login: '/auth/login',
  logout: '/auth/logout',
  session: '/auth/session',
  userGetInfo: '/user/getInfo',
  userGetHierarchy: '/user/gethierarchy',
  userGetChildren: '/user/getchildren',
  userSearch: '/user/search',
  userGetVehicles: '/user/getvehicles',
  userGetDevices: '/user/getdevices',
  userAdd: '/user/add',
  userUpdate: '/user/update',
  userProfileUpdate: '/user/profile/update',
  userConfigure: '/user/configure',
  userResetPassword: '/user/resetpassword',
  userRelationGet: '/userrelation/get',
  userRelationAdd: '/userrelation/add',
  userRelationUpdate: '/userrelation/update',
  userGetStages: '/user/getstages',
  userMigrate: '/user/migrate',
  resetPassword: '/auth/resetpassword',
  changePassword: '/auth/changepassword',
  // A user's API tokens (issue 28, ADR 0087).
  ...API_TOKEN_PATHS,
  vehiclePackageGet: '/vehiclepackage/get',
  vehiclePackageAdd: '/vehiclepackage/add',
  vehiclePackageUpdate: '/vehiclepackage/update',
  vehiclePackageRenew: '/vehiclepackage/renew',
  vehiclePackageSuspend: '/vehiclepackage/suspend',
  vehiclePackageUnsuspend: '/vehiclepackage/unsuspend',
  vehiclePackageTerminate: '/vehiclepackage/terminate',
  vehiclePackageLogGet: '/vehiclepackagelog/get',
  auditGet: '/audit/get',
  unknownDevices: '/device/unknown/get',
  trackerSetup: TRACKER_SETUP_PATH,
  deviceConflicts: '/device/conflicts/get',
  transitRecords: '/transitRecord/timeFrame',
  transitRecordPdf: '/transitRecord/timeFrame/pdf',
  transitRecordExport: '/transitRecord/export',
  tripRecords: '/tripRecord/timeFrame',
  deviceLogs: '/deviceLog/getdvidtimeframe',
  // The two debug log calls of spec 3 §7, written as the spec writes them.
  deviceDebugLogs: '/deviceLog/debug/getdvidtimeframe',
  deviceTypeDebugLogs: '/deviceLog/debug/devicegetdvidtimeframe',
  vehicleLogs: '/vehicleLog/getvidtimeframe',
  // Device and Vehicle Inspector exports (spec 3 §2).
  deviceLogExport: '/deviceLog/export',
  vehicleLogExport: '/vehicleLog/export',
  geofenceGet: '/geofence/get',
  geofenceAdd: '/geofence/add',
  geofenceUpdate: '/geofence/update',
  geofenceDelete: '/geofence/delete',
  geofenceTemplateGet: '/geofence/template/get',
  geofenceTemplateAdd: '/geofence/template/add',
  geofenceTemplateUpdate: '/geofence/template/update',
  geofenceTemplateAssign: '/geofence/template/assign/geofence',
  geofenceTemplateUnassign: '/geofence/template/unassign/geofence',
  geofenceTemplateReassign: '/geofence/template/reassign/geofence',
  deviceAdd: MANAGEMENT_PATHS.deviceAdd,
  deviceUpdate: MANAGEMENT_PATHS.deviceUpdate,
  deviceVgidGet: MANAGEMENT_PATHS.deviceVgidGet,
  deviceGroupGet: MANAGEMENT_PATHS.deviceGroupGet,
  vehicleGet: MANAGEMENT_PATHS.vehicleGet,
  vehicleAdd: MANAGEMENT_PATHS.vehicleAdd,
  vehicleUpdate: MANAGEMENT_PATHS.vehicleUpdate,
  vehicleGroupGet: MANAGEMENT_PATHS.vehicleGroupGet,
  vehicleGroupAdd: MANAGEMENT_PATHS.vehicleGroupAdd,
  vehicleGroupEdit: MANAGEMENT_PATHS.vehicleGroupEdit,
  vehicleGroupAssign: MANAGEMENT_PATHS.vehicleGroupAssign,
  vehicleGroupReassign: MANAGEMENT_PATHS.vehicleGroupReassign,
  vehicleGroupUpdateVehicles: MANAGEMENT_PATHS.vehicleGroupUpdateVehicles,
  // Notifications and their log (issue 12); the SOS Alerts calls join with their routes.
  notificationGet: NOTIFICATION_PATHS.notificationGet,
  notificationAdd: NOTIFICATION_PATHS.notificationAdd,
  notificationUpdate: NOTIFICATION_PATHS.notificationUpdate,
  notificationDelete: NOTIFICATION_PATHS.notificationDelete,
  confirmationResend: NOTIFICATION_PATHS.confirmationResend,
  recipientConfirm: NOTIFICATION_PATHS.recipientConfirm,
  notificationLogGet: NOTIFICATION_PATHS.notificationLogGet,
  notificationLogExport: NOTIFICATION_PATHS.notificationLogExport,
  ...ALERT_PATHS,
  // Webhooks (issue 28 item 2, ADR 0089).
  ...WEBHOOK_PATHS,
  // Commands to trackers (issue 29 item 4, ADR 0090).
  ...COMMAND_PATHS,
  // Maintenance reminders (issue 28 item 8, ADR 0092).
  ...MAINTENANCE_PATHS,
  ...SHARE_PATHS,
  ...RULE_COVERAGE_PATHS,
  // The synchronous reports of the 'next' base (spec 3 §7), under /api/next (DESIGN §3).
  ...REPORT_PATHS,
  // Fuel Analysis and the fuel report (spec 3 §2, §7).
  ...FUEL_PATHS,
  reportExport: REPORT_EXPORT_PATH,
  // Trip Record's playback, on the same 'next' base (spec 3 §7 /routePlayback/timeframe/get/sync).
  ...PLAYBACK_PATHS,
  // Vehicle Reports' older windowed calls (spec 3 §7) and the further ones; /report/fuel joins with its route.
  reportMileageWindow: LEGACY_REPORT_PATHS.reportMileageWindow,
  reportDetail: LEGACY_REPORT_PATHS.reportDetail,
  reportDisconnect: LEGACY_REPORT_PATHS.reportDisconnect,
  reportGeofence: LEGACY_REPORT_PATHS.reportGeofence,
  reportEvent: LEGACY_REPORT_PATHS.reportEvent,
  ...NEXT_REPORT_PATHS,
  ...DETAIL_EXPORT_PATHS,
  escalationStateGet: NOTIFICATION_PATHS.escalationStateGet,
  escalationStateUpdate: NOTIFICATION_PATHS.escalationStateUpdate,
  escalationRecordGet: NOTIFICATION_PATHS.escalationRecordGet,
  geocode: '/geocode',
  placeSearch: '/place/search',
  bulkTemplate: '/bulk/template',
  version: '/version',
  mapConfig: MAP_CONFIG_PATH,
  openapi: '/openapi.json',
} as const;

/**
 * The API's documentation, under the main base beside /openapi.json and outside the route table
 * (ADR 0088): the docs page (Swagger UI, its assets under /docs/static) and the live channel's
 * AsyncAPI document.
 */
export const DOC_PATHS = { docs: '/docs', asyncapi: '/asyncapi.json' } as const;
