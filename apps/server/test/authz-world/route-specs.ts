import type { API_PATHS } from '@jejak/contract';
import {
  notificationFields,
  profile,
  relation,
  ruleFields,
  vehicleBody,
  vehicleFields,
  WINDOW,
  ZONE,
} from './bodies.ts';
import type { RouteSpec } from './objects.ts';

/** Makes e-mails, IMEIs and template names of added rows unique. */
let serial = 0;

/**
 * What every API call is sent, keyed by API_PATHS: a route added to API_PATHS without an
 * entry here fails to compile and fails the matrix, so new calls are always walked.
 */
export const ROUTE_SPECS: Record<keyof typeof API_PATHS, RouteSpec> = {
  login: { skip: 'no session; covered by api.test.ts (texts, rate limit)' },
  logout: { skip: "ends the caller's own session; covered by api.test.ts" },
  version: { skip: 'GET, public, no data' },
  mapConfig: { skip: 'GET, public, the basemap settings the console shows every user' },
  openapi: { skip: 'GET, public, no data' },
  session: { gate: 'any', body: () => ({}) },
  userGetInfo: { gate: 'any', body: (o) => ({ uid: o.user.uid }) },
  userGetHierarchy: { gate: 'any', body: (o) => ({ uid: o.user.uid }) },
  userGetChildren: { gate: 'any', body: (o) => ({ uid: o.user.uid }) },
  userSearch: { gate: 'any', body: () => ({ query: '@demo' }) },
  userGetVehicles: { gate: 'any', body: (o) => ({ uid: o.user.uid }) },
  userGetDevices: { gate: 'readDevices', body: (o) => ({ uid: o.user.uid }) },
  userAdd: {
    gate: 'manageUsers',
    body: (o) => ({
      currentUser: { uid: o.user.uid, userHierarchy: o.user.userHierarchy },
      newUser: {
        userName: 'Matrix',
        userRole: o.user.userRole === 'fleetOwner' ? 'fleetOperator' : 'fleetOwner',
        userEmail: `matrix-${++serial}@demo.jejak.my`,
        userAddress: 'Jalan Matrix',
        userPassword: 'kunci-rahsia-7',
        userContact: '+60123000000',
      },
    }),
  },
  userUpdate: {
    gate: 'manageUsers',
    body: (o) => ({ user: { ...profile(o.user), userHierarchy: o.user.userHierarchy } }),
  },
  userProfileUpdate: {
    gate: 'any',
    body: (o) => ({
      user: { uid: o.variant === 'own' ? o.me.uid : o.user.uid, preference: { in_app_notification_info: true } },
    }),
  },
  userConfigure: { gate: 'manageUsers', body: (o) => ({ user: profile(o.operator), vgid: null }) },
  userResetPassword: { gate: 'any', body: (o) => ({ uid: o.variant === 'own' ? o.me.uid : o.user.uid }) },
  userRelationGet: { gate: 'manageUsers', body: (o) => ({ uid: o.user.uid }) },
  userRelationAdd: { gate: 'manageUsers', body: (o) => relation(o) },
  userRelationUpdate: { gate: 'manageUsers', body: (o) => relation(o) },
  userGetStages: { gate: 'migrate', body: () => ({}) },
  userMigrate: { gate: 'migrate', body: (o) => ({ uid: o.user.uid, sourceStage: 'V1', targetStage: 'V2' }) },
  resetPassword: { gate: 'any', body: () => ({ token: 'x'.repeat(43), newPassword: 'kunci-rahsia-7' }) },
  changePassword: {
    gate: 'any',
    body: (o) => ({
      email: o.me.userEmail ?? '',
      currentPassword: 'wrong-123',
      newPassword: 'kunci-rahsia-7',
    }),
  },
  apiTokenGet: { gate: 'any', body: () => ({}) },
  // Names no object: a valid body answers a new secret each time, so the foreign and missing
  // walks send one refused alike (a lifetime of 0 days) and the own walk makes a token.
  apiTokenAdd: {
    gate: 'any',
    body: (o) => ({ name: 'Matrix token', scope: 'read', expiresInDays: o.variant === 'own' ? 30 : 0 }),
  },
  apiTokenRevoke: { gate: 'any', body: (o) => ({ tokenId: o.tokenId }) },
  vehiclePackageGet: { gate: 'any', body: (o) => ({ vids: [o.vid] }) },
  vehiclePackageLogGet: { gate: 'any', body: (o) => ({ vids: [o.vid] }) },
  vehiclePackageAdd: {
    gate: 'managePackages',
    body: (o) => ({ vid: o.vid, uid: o.user.uid, startAt: Date.UTC(2026, 0, 1), contractType: 'TWELVE' }),
  },
  vehiclePackageUpdate: {
    gate: 'managePackages',
    body: (o) => ({ vehiclePackageId: o.packageId, startAt: Date.UTC(2026, 0, 1), contractType: 'TWELVE' }),
  },
  vehiclePackageRenew: {
    gate: 'managePackages',
    body: (o) => ({ vid: o.vid, startAt: Date.UTC(2026, 0, 1), contractType: 'TWENTY_FOUR' }),
  },
  vehiclePackageSuspend: { gate: 'managePackages', body: (o) => ({ vid: o.vid }) },
  vehiclePackageUnsuspend: { gate: 'managePackages', body: (o) => ({ vid: o.vid }) },
  vehiclePackageTerminate: { gate: 'managePackages', body: (o) => ({ vid: o.vid }) },
  auditGet: { gate: 'readAudit', body: () => ({ limit: 1000 }) },
  unknownDevices: { gate: 'manageDevices', body: () => ({}) },
  trackerSetup: { gate: 'manageDevices', body: () => ({}) },
  deviceConflicts: { gate: 'global', body: () => ({}) },
  transitRecords: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  transitRecordPdf: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  transitRecordExport: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  tripRecords: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  geocode: { gate: 'any', body: (o) => ({ lat: 3.07, lon: 101.52, vid: o.vid }) },
  placeSearch: { gate: 'any', body: () => ({ q: 'Kuah' }) },
  deviceLogs: { gate: 'any', body: (o) => ({ dvid: o.dvid, ...WINDOW }) },
  deviceDebugLogs: { gate: 'any', body: (o) => ({ dvid: o.dvid, ...WINDOW }) },
  deviceTypeDebugLogs: {
    gate: 'any',
    // The device's own model: the part of its dvid before '#'.
    body: (o) => ({ dvid: o.dvid, ...WINDOW, deviceType: o.dvid.split('#')[0] }),
  },
  vehicleLogs: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  routePlayback: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  routeExport: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW, format: 'gpx' }) },
  deviceLogExport: { gate: 'any', body: (o) => ({ dvid: o.dvid, ...WINDOW, packages: ['gps#latest'] }) },
  vehicleLogExport: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  bulkTemplate: { gate: 'any', body: () => ({ kind: 'device' }) },
  geofenceGet: { gate: 'readGeofences', body: (o) => ({ uid: o.user.uid }) },
  geofenceAdd: { gate: 'manageGeofences', body: (o) => ({ geofence: { ...ZONE, uid: o.user.uid } }) },
  geofenceUpdate: { gate: 'manageGeofences', body: (o) => ({ geofence: { ...ZONE, geoid: o.geoid } }) },
  geofenceDelete: { gate: 'manageGeofences', body: (o) => ({ geoid: o.spareGeoid }) },
  geofenceTemplateGet: { gate: 'readGeofences', body: (o) => ({ uid: o.user.uid, gtids: [] }) },
  geofenceTemplateAdd: {
    gate: 'manageGeofences',
    body: (o) => ({ uid: o.user.uid, colorHexCode: 'ff0000', geofenceTemplateName: 'Matrix' }),
  },
  geofenceTemplateUpdate: {
    gate: 'manageGeofences',
    body: (o) => ({ geofenceTemplate: { gtid: o.gtid, templateName: 'Matrix zones', colorHexCode: '00FF00' } }),
  },
  geofenceTemplateAssign: {
    gate: 'manageGeofences',
    body: (o) => ({ uid: o.templateOwner, gtid: o.gtid, geoids: [o.geoid] }),
  },
  geofenceTemplateUnassign: {
    gate: 'manageGeofences',
    body: (o) => ({ uid: o.templateOwner, gtid: o.gtid, geoids: [o.geoid] }),
  },
  geofenceTemplateReassign: {
    gate: 'manageGeofences',
    body: (o) => ({ uid: o.templateOwner, geoid: o.geoid, gtids: [o.gtid] }),
  },
  deviceAdd: {
    gate: 'manageDevices',
    body: (o) => ({
      dgid: null,
      device: {
        imei: String(359_000_000_000_000 + ++serial),
        model: 'GPS100',
        simCard: '',
        brand: 'Matrix',
        uid: o.distributor.uid,
      },
    }),
  },
  deviceUpdate: {
    gate: 'manageDevices',
    body: (o) => {
      const [model, imei] = o.dvid.split('#');
      return { device: { dvid: o.dvid, model, imei, simCard: '', brand: 'Matrix', uid: o.user.uid } };
    },
  },
  deviceVgidGet: { gate: 'readDevices', body: (o) => ({ uid: o.user.uid, vgids: [o.vgid] }) },
  deviceGroupGet: { gate: 'readDevices', body: (o) => ({ uid: o.user.uid, dgids: [] }) },
  vehicleGet: { gate: 'any', body: (o) => ({ uid: o.user.uid }) },
  // The vehicle's own device is taken (by itself), so a permitted add is refused with a 400.
  vehicleAdd: { gate: 'addVehicles', body: (o) => vehicleBody(o) },
  // Keeps the vehicle in its group (the operator's), which the other callers' calls name.
  vehicleUpdate: {
    gate: 'manageVehicles',
    body: (o) => ({ ...vehicleBody(o), vehicle: vehicleFields(o, true), vgids: [o.vgid] }),
  },
  vehicleGroupGet: { gate: 'any', body: (o) => ({ uid: o.user.uid, vgids: [] }) },
  vehicleGroupAdd: {
    gate: 'manageVehicles',
    body: (o) => ({ uid: o.groupOwner, vehicleGroupName: 'Kumpulan Matrix', colorHexCode: 'E6FFE6' }),
  },
  vehicleGroupEdit: {
    gate: 'manageVehicles',
    body: (o) => ({ vehicleGroup: { vgid: o.vgid, groupName: o.groupName, colorHexCode: 'E6FFE6' } }),
  },
  vehicleGroupAssign: { gate: 'manageVehicles', body: (o) => ({ uid: o.groupOwner, vgid: o.vgid, vids: [o.vid] }) },
  vehicleGroupReassign: {
    gate: 'manageVehicles',
    body: (o) => ({ uid: o.groupOwner, vid: o.vid, vgids: [o.vgid] }),
  },
  escalationStateGet: {
    gate: 'readEscalations',
    body: (o) => ({ nfids: [o.ecNfid], startTime: 0, endTime: Date.now() + 86_400_000 }),
  },
  escalationStateUpdate: {
    gate: 'acknowledgeEscalations',
    body: (o) => ({ escalationCallState: { ecid: o.ecid, isAcknowledged: true, acknowledgedRemark: 'Matrix' } }),
  },
  escalationRecordGet: {
    gate: 'readEscalations',
    body: (o) => ({ ecids: [o.ecid], startTime: 0, endTime: Date.now() + 86_400_000 }),
  },
  vehicleGroupUpdateVehicles: {
    gate: 'manageVehicles',
    body: (o) => ({ vid: o.vid, srcUid: o.groupOwner, srcVgid: o.vgid, destUid: o.groupOwner, destVgid: o.vgid }),
  },
  notificationGet: { gate: 'manageAlerts', body: (o) => ({ nfids: [o.nfid], uid: o.nfOwner }) },
  notificationAdd: { gate: 'manageAlerts', body: (o) => ({ notification: notificationFields(o) }) },
  notificationUpdate: {
    gate: 'manageAlerts',
    body: (o) => ({ notification: { ...notificationFields(o), nfid: o.nfid } }),
  },
  notificationDelete: { gate: 'manageAlerts', body: (o) => ({ nfid: o.spareNfid }) },
  // The matrix's recipient awaits no confirmation: allowed callers hear so, others are refused.
  confirmationResend: {
    gate: 'manageAlerts',
    body: (o) => ({ nfid: o.nfid, email: 'matrix@demo.jejak.my' }),
  },
  recipientConfirm: { skip: 'no session; the token is the proof (notification-abuse.test.ts)' },
  maintenanceGet: { gate: 'any', body: () => ({}) },
  maintenanceDone: {
    gate: 'manageVehicles',
    body: (o) => ({ vid: o.vid, item: 'service', interval: { km: 5000, hours: null, days: 180 } }),
  },
  commandGet: { gate: 'sendCommands', body: (o) => ({ vid: o.vid }) },
  commandSend: { gate: 'sendCommands', body: (o) => ({ vid: o.vid, type: 'requestPosition' }) },
  shareAdd: { gate: 'shareVehicles', body: (o) => ({ vid: o.vid, label: 'Matrix delivery', expiresInHours: 1 }) },
  shareGet: { gate: 'shareVehicles', body: (o) => ({ vid: o.vid }) },
  shareRevoke: { gate: 'shareVehicles', body: (o) => ({ slid: o.slid }) },
  shareView: { skip: 'GET, public: the token is the proof (share-links.test.ts)' },
  webhookGet: { gate: 'manageAlerts', body: () => ({}) },
  // Naming no object, an add would answer new ids each time: foreign and missing send an address
  // the service refuses, so both answer alike.
  webhookAdd: {
    gate: 'manageAlerts',
    body: (o) => ({
      url: o.variant === 'own' ? 'https://hooks.example.com/jejak' : 'ftp://hooks.example.com',
      kinds: ['sos'],
    }),
  },
  webhookDelete: { gate: 'manageAlerts', body: (o) => ({ whid: o.spareWhid }) },
  webhookResume: { gate: 'manageAlerts', body: (o) => ({ whid: o.whid }) },
  webhookDeliveries: { gate: 'manageAlerts', body: (o) => ({ whid: o.whid }) },
  notificationLogGet: { gate: 'manageAlerts', body: (o) => ({ nfid: o.nfid, ...WINDOW }) },
  notificationLogExport: { gate: 'manageAlerts', body: (o) => ({ nfid: o.nfid, ...WINDOW }) },
  ruleTemplateGet: { gate: 'manageAlerts', body: (o) => ({ uid: o.user.uid, rtids: [] }) },
  ruleTemplateAdd: {
    gate: 'manageAlerts',
    body: (o) => ({ createdBy: o.user.uid, ruleTemplateName: `Aturan ${++serial}` }),
  },
  ruleTemplateUpdate: {
    gate: 'manageAlerts',
    body: (o) => ({ uid: o.me.uid, ruleTemplate: { rtid: o.rtid, templateName: 'Aturan Matrix' } }),
  },
  ruleTemplateCoverage: { gate: 'manageAlerts', body: (o) => ({ uid: o.user.uid }) },
  ruleTemplateApply: { gate: 'manageAlerts', body: (o) => ({ rtid: o.rtid, vgid: null }) },
  ruleAdd: { gate: 'manageAlerts', body: (o) => ({ rtid: o.rtid, rule: ruleFields(o) }) },
  ruleUpdate: { gate: 'manageAlerts', body: (o) => ({ rule: { ...ruleFields(o), ruid: o.ruid, rtid: o.rtid } }) },
  events: { gate: 'readEvents', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  eventExport: { gate: 'readEvents', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  reportMileage: { gate: 'readReports', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  reportDailyMileage: { gate: 'readReports', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  reportTransit: { gate: 'readReports', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  reportTrip: { gate: 'readReports', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  reportFuel: { gate: 'readReports', body: (o) => ({ vidList: [o.vid], ...WINDOW }) },
  vehicleFuelAnalysis: { gate: 'readFuelAnalysis', body: (o) => ({ vid: o.vid, ...WINDOW, isReturnDeviceLog: true }) },
  reportExport: { gate: 'readReports', body: (o) => ({ kind: 'mileage', vids: [o.vid], ...WINDOW }) },
  reportMileageWindow: { gate: 'readReports', body: (o) => ({ vidList: [o.vid], ...WINDOW }) },
  reportDetail: { gate: 'readReports', body: (o) => ({ dvidList: [o.dvid], ...WINDOW }) },
  reportDisconnect: { gate: 'readReports', body: (o) => ({ vidList: [o.vid], ...WINDOW }) },
  reportGeofence: { gate: 'readReports', body: (o) => ({ vidList: [o.vid], geoidList: [o.geoid], ...WINDOW }) },
  reportEvent: { gate: 'readReports', body: (o) => ({ vidList: [o.vid], ...WINDOW }) },
  reportOverspeed: { gate: 'readReports', body: (o) => ({ vids: [o.vid], ...WINDOW }) },
  reportDetailExport: { gate: 'readReports', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  ticketGet: { gate: 'readTickets', body: (o) => ({ vids: [o.vid] }) },
  ticketAcknowledge: {
    gate: 'resolveTickets',
    body: (o) => ({ ticketStates: [{ ticketId: o.ticketId, vid: o.vid }], remark: 'Matrix', uid: o.me.uid }),
  },
};
