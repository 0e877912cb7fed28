import { randomUUID } from 'node:crypto';
import { type API_PATHS } from '@jejak/contract';
import type { AccountCall } from '@jejak/domain';
import type { Db } from '../src/storage/db/database.ts';
import { insertUser, insertVehicle, insertVehicleGroup, signIn, type Client, type Me } from './accounts-fixture.ts';
import { insertTicket } from './alerts-fixture.ts';

/** A user as the calls name it. */
export interface Ref {
  uid: string;
  userHierarchy: string;
  userRole: string;
  userName: string;
  userEmail: string;
  userContact: string;
  userAddress: string;
}

/** The objects one request of the matrix names. */
export interface Objects {
  me: Me;
  variant: 'own' | 'foreign' | 'missing';
  user: Ref;
  operator: Ref;
  /** A distributor of the tree: the target of a new device. */
  distributor: Ref;
  vid: string;
  dvid: string;
  packageId: string;
  /** A vehicle group of `user`, to hand on (keeps the demo operator's group in place). */
  vgid: string;
  /** The owner of `vgid` (and of `vid`), its name and the vehicle's plate. */
  groupOwner: string;
  groupName: string;
  plate: string;
  /** A geofence, a geofence template (not UNGROUP) and its owner, of the tree; a geofence to delete. */
  geoid: string;
  gtid: string;
  templateOwner: string;
  spareGeoid: string;
  /** A notification, its creator, and a rule template (DEFAULT) that creator reaches. */
  nfid: string;
  nfOwner: string;
  nfRtid: string;
  /** A rule template (not DEFAULT) with one rule, of the tree; an open ticket on `vid`. */
  rtid: string;
  ruid: string;
  ticketId: string;
  /** An escalation chain on `vid` and its call notification, of a user the caller reaches (or not). */
  ecid: string;
  ecNfid: string;
}

export type Gate = AccountCall | 'any' | 'global';
export type RouteSpec = { gate: Gate; body: (o: Objects) => unknown } | { skip: string };

const WINDOW = { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 2) };
let serial = 0;
const profile = (r: Ref) => ({
  uid: r.uid,
  userName: r.userName,
  userEmail: r.userEmail,
  userRole: r.userRole,
  userContact: r.userContact,
  userAddress: r.userAddress,
});

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
  unknownDevices: { gate: 'global', body: () => ({}) },
  deviceConflicts: { gate: 'global', body: () => ({}) },
  transitRecords: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  transitRecordPdf: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  transitRecordExport: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  tripRecords: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  geocode: { gate: 'any', body: (o) => ({ lat: 3.07, lon: 101.52, vid: o.vid }) },
  deviceLogs: { gate: 'any', body: (o) => ({ dvid: o.dvid, ...WINDOW }) },
  vehicleLogs: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
  routePlayback: { gate: 'any', body: (o) => ({ vid: o.vid, ...WINDOW }) },
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

/** A notification as the form sends it, watching the SOS rule of `o.nfRtid`. */
function notificationFields(o: Objects) {
  return {
    createdBy: o.nfOwner,
    notificationName: 'Matrix notice',
    serviceType: 0,
    rules: { [o.nfRtid]: { 'builtin.sos': { c: 0, v: 1 } } },
    geofences: {},
    recipient: [{ name: 'Matrix', email: 'matrix@demo.jejak.my', isKeypadAuthorized: false }],
    isKeypadEnabled: false,
  };
}

function ruleFields(o: Objects) {
  return {
    createdBy: o.me.uid,
    ruleName: 'Had laju matrix',
    ruleType: 'warning',
    conditions: [{ parameter: 'speed', operator: 'more', value: 90 }],
  };
}

/** A rule template of `uid` holding one speed rule. */
async function ruleObjects(db: Db, uid: string) {
  const rtid = randomUUID();
  const ruid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('rule_templates')
    .values({ rtid, uid, template_name: 'Aturan Matrix', created_at: now })
    .execute();
  await db
    .insertInto('rules')
    .values({
      ruid,
      rtid,
      rule_name: 'Had laju matrix',
      rule_type: 'warning',
      rule_complied_name: 'Rule "Had laju matrix" Complied',
      rule_violated_name: 'Rule "Had laju matrix" Violated',
      conditions: JSON.stringify([{ parameter: 'speed', operator: 'more', value: 90 }]),
      trigger_type: null,
      template_type: null,
      created_by: uid,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { rtid, ruid };
}

/** The vehicle `o.vid` as a form sends it, for `o.groupOwner` (its owner). */
function vehicleFields(o: Objects, withVid: boolean) {
  return {
    ...(withVid ? { vid: o.vid } : {}),
    dvid: o.dvid,
    vehicleDisplayName: 'Matrix lorry',
    vehiclePlate: o.plate,
    vehicleModel: 'Hino 300',
    vehicleType: 'Truck',
  };
}
function vehicleBody(o: Objects) {
  return { vehicle: vehicleFields(o, false), user: { uid: o.groupOwner }, vgids: [], gtids: [], rtids: [] };
}

const ZONE = {
  geoType: 'Polygon',
  geofenceName: 'Matrix zone',
  coordinates: [
    { lat: 3.1, lng: 101.6 },
    { lat: 3.1, lng: 101.61 },
    { lat: 3.11, lng: 101.61 },
  ],
};

function relation(o: Objects) {
  return {
    srcUser: { uid: o.user.uid, userRole: o.user.userRole },
    destUser: { uid: o.operator.uid, userRole: o.operator.userRole },
    ids: { vgids: [o.vgid], gtids: [], rtids: [] },
  };
}

/** The set-up beside the demo fleet: support, a fleet manager, and a second distributor's tree. */
export interface World {
  callers: {
    name: string;
    role: string;
    c: Client;
    me: Me;
    own: Objects;
    foreign: Objects | null;
    foreignIds: string[];
  }[];
  /** uids, vids and package ids whose stored rows a caller's foreign calls must leave alone. */
  foreignRows: Record<string, { uids: string[]; vids: string[] }>;
}

/** A finished call chain (an SOS on `vid`) of a call notification created by `uid`. */
async function insertChain(db: Db, uid: string, vid: string, dvid: string): Promise<{ ecid: string; ecNfid: string }> {
  const now = Date.now();
  const [nfid, evid, ecid] = [randomUUID(), randomUUID(), randomUUID()];
  await db
    .insertInto('notifications')
    .values({
      nfid,
      created_by: uid,
      notification_name: 'Matrix calls',
      service_type: 3,
      rules: '{}',
      geofences: '{}',
      recipients: '[]',
      keypad_enabled: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('events')
    .values({
      evid,
      vid,
      dvid,
      event_name: 'help me',
      event_type: 'CRITICAL',
      lat: null,
      lon: null,
      address: null,
      speed: null,
      event_result: 1,
      ruid: null,
      rtid: null,
      geoid: null,
      alarm: 'sos',
      event_time: now,
      created_at: now,
      notified_at: now,
    })
    .execute();
  await db
    .insertInto('escalation_states')
    .values({
      ecid,
      nfid,
      evid,
      vid,
      status: 1,
      step: 0,
      round: 0,
      next_at: now,
      call_ref: null,
      created_at: now,
      updated_at: now,
      is_acknowledged: false,
      acknowledged_by: null,
      acknowledged_at: null,
      acknowledged_remark: null,
    })
    .execute();
  return { ecid, ecNfid: nfid };
}

/** A zone owned by `uid`, in the template `gtid` when given. */
async function insertGeofence(db: Db, uid: string, gtid?: string): Promise<string> {
  const geoid = randomUUID();
  const now = Date.now();
  await db
    .insertInto('geofences')
    .values({
      geoid,
      uid,
      geo_type: 'Polygon',
      geofence_name: `Zon ${geoid.slice(0, 4)}`,
      geofence_comment: '',
      coordinates: JSON.stringify(ZONE.coordinates),
      geofence_radius: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  if (gtid) await db.insertInto('geofence_template_members').values({ gtid, geoid }).execute();
  return geoid;
}

async function geofenceObjects(db: Db, uid: string) {
  const gtid = randomUUID();
  await db
    .insertInto('geofence_templates')
    .values({ gtid, uid, template_name: 'Zon Matrix', color_hex: 'FF00FF', created_at: Date.now() })
    .execute();
  return { gtid, templateOwner: uid, geoid: await insertGeofence(db, uid, gtid) };
}

/** The user's DEFAULT rule template and a notification it created watching SOS. */
async function notificationObjects(db: Db, uid: string) {
  const now = Date.now();
  const existing = await db
    .selectFrom('rule_templates')
    .select('rtid')
    .where('uid', '=', uid)
    .where('template_name', '=', 'DEFAULT')
    .executeTakeFirst();
  const rtid = existing?.rtid ?? randomUUID();
  if (!existing)
    await db.insertInto('rule_templates').values({ rtid, uid, template_name: 'DEFAULT', created_at: now }).execute();
  const nfid = randomUUID();
  const o = { nfOwner: uid, nfRtid: rtid } as Objects;
  const n = notificationFields(o);
  await db
    .insertInto('notifications')
    .values({
      nfid,
      created_by: uid,
      notification_name: n.notificationName,
      service_type: n.serviceType,
      rules: JSON.stringify(n.rules),
      geofences: JSON.stringify(n.geofences),
      recipients: JSON.stringify(n.recipient),
      keypad_enabled: false,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { nfid, nfOwner: uid, nfRtid: rtid };
}

async function ref(db: Db, uid: string): Promise<Ref> {
  const r = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
  return {
    uid: r.uid,
    userHierarchy: r.user_hierarchy,
    userRole: r.user_role,
    userName: r.user_name,
    userEmail: r.user_email,
    userContact: r.user_contact,
    userAddress: r.user_address,
  };
}

async function vehicleByPlate(db: Db, plate: string) {
  const v = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid'])
    .where('vehicle_plate', '=', plate)
    .executeTakeFirstOrThrow();
  const p = await db
    .selectFrom('vehicle_packages')
    .select('vehicle_package_id')
    .where('vid', '=', v.vid)
    .executeTakeFirstOrThrow();
  return { vid: v.vid, dvid: v.dvid, packageId: p.vehicle_package_id, plate };
}

/** Every identifier of a user's rows and fleet, to search responses for. */
async function idsOf(db: Db, uids: string[]): Promise<string[]> {
  const users = await db.selectFrom('users').select(['uid', 'user_email']).where('uid', 'in', uids).execute();
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid', 'vehicle_plate'])
    .where('uid', 'in', uids)
    .execute();
  return [...users.flatMap((u) => [u.uid, u.user_email]), ...vehicles.flatMap((v) => [v.vid, v.dvid, v.vehicle_plate])];
}

export async function buildWorld(db: Db, baseUrl: string, superClient: Client): Promise<World> {
  const me = async (who: string) => (await signIn(baseUrl, who)).me;
  const [S, D, O, P, O2, L] = await Promise.all(
    ['super', 'distributor', 'owner', 'operator', 'owner2', 'legacy'].map(me),
  );
  if (!S || !D || !O || !P || !O2 || !L) throw new Error('demo users');
  await insertUser(db, { role: 'support', parent: S, email: 'support@demo.jejak.my' });
  const M = await insertUser(db, { role: 'fleetManager', parent: O, email: 'manager@demo.jejak.my' });
  const puchong = await db
    .selectFrom('vehicle_groups')
    .select('vgid')
    .where('group_name', '=', 'Kumpulan Puchong')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_vehicle_groups').values({ uid: M.uid, vgid: puchong.vgid }).execute();
  const D2 = await insertUser(db, { role: 'distributor', parent: S, email: 'distributor2@demo.jejak.my' });
  const O3 = await insertUser(db, { role: 'fleetOwner', parent: D2, email: 'owner3@demo.jejak.my' });
  const P3 = await insertUser(db, { role: 'fleetOperator', parent: O3, email: 'operator3@demo.jejak.my' });
  const V3 = await insertVehicle(db, O3.uid, 'JHR 3333', '359710049999001');
  const G3 = await insertVehicleGroup(db, O3.uid, 'Kumpulan Johor', [V3.vid]);
  await db.insertInto('user_vehicle_groups').values({ uid: P3.uid, vgid: G3 }).execute();
  const added = await superClient.post('/vehiclepackage/add', {
    vid: V3.vid,
    uid: O3.uid,
    startAt: Date.now(),
    contractType: 'TWELVE',
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));

  const bmk = await vehicleByPlate(db, 'BMK 5521');
  const bkt = await vehicleByPlate(db, 'BKT 3321');
  const wvc = await vehicleByPlate(db, 'WVC 3308');
  const v3 = await vehicleByPlate(db, 'JHR 3333');
  const ownGeo = await geofenceObjects(db, O.uid);
  const foreignGeo = await geofenceObjects(db, O3.uid);
  const foreignNotice = await notificationObjects(db, O3.uid);
  const ownRules = await ruleObjects(db, O.uid);
  const foreignRules = await ruleObjects(db, O3.uid);
  let ticketTime = Date.UTC(2026, 0, 1, 6);
  const objects = async (
    meRef: Me,
    variant: Objects['variant'],
    user: string,
    operator: string,
    v: typeof bmk,
    vgid = puchong.vgid,
  ): Promise<Objects> => ({
    me: meRef,
    variant,
    vgid,
    groupOwner: variant === 'own' ? O.uid : O3.uid,
    groupName: variant === 'own' ? 'Kumpulan Puchong' : 'Kumpulan Johor',
    user: await ref(db, user),
    operator: await ref(db, operator),
    distributor: await ref(db, variant === 'own' ? D.uid : D2.uid),
    ...v,
    ...(variant === 'own'
      ? { ...ownGeo, spareGeoid: await insertGeofence(db, O.uid) }
      : { ...foreignGeo, spareGeoid: foreignGeo.geoid }),
    ...(variant === 'own' ? await notificationObjects(db, meRef.uid) : foreignNotice),
    // The manager and the operator reach no template of the owner's (the relation calls of the
    // walk take given ones away again): they work on their own.
    ...(variant === 'foreign'
      ? foreignRules
      : meRef.uid === M.uid || meRef.uid === P.uid
        ? await ruleObjects(db, meRef.uid)
        : ownRules),
    // Each caller resolves its own ticket (a resolved one is gone for the next).
    ticketId: (await insertTicket(db, { vid: v.vid, eventTime: (ticketTime += 1_000) })).ticketId,
    // Each caller's chains are made when it signs in (below).
    ecid: '',
    ecNfid: '',
  });
  const tree2 = [D2.uid, O3.uid, P3.uid];
  const ownerFleet = await db
    .selectFrom('vehicles')
    .select(['vid', 'dvid', 'vehicle_plate'])
    .where('uid', '=', O.uid)
    .execute();
  const groupVids = new Set(
    (await db.selectFrom('vehicle_group_members').select('vid').where('vgid', '=', puchong.vgid).execute()).map(
      (r) => r.vid,
    ),
  );
  const outsideGroup = ownerFleet.filter((v) => !groupVids.has(v.vid)).flatMap((v) => [v.vid, v.dvid, v.vehicle_plate]);

  const callers: World['callers'] = [];
  const add = async (
    name: string,
    role: string,
    who: string,
    own: Objects,
    foreign: Objects | null,
    foreignIds: string[],
  ) => {
    const s = await signIn(baseUrl, who);
    const ownerOf = async (vid: string) =>
      (await db.selectFrom('vehicles').select('uid').where('vid', '=', vid).executeTakeFirstOrThrow()).uid;
    callers.push({
      name,
      role,
      c: s.c,
      me: s.me,
      own: { ...own, me: s.me, ...(await insertChain(db, s.me.uid, own.vid, own.dvid)) },
      foreign: foreign
        ? { ...foreign, me: s.me, ...(await insertChain(db, await ownerOf(foreign.vid), foreign.vid, foreign.dvid)) }
        : null,
      foreignIds,
    });
  };
  await add('super', 'SUPER', 'super', await objects(S, 'own', O.uid, P.uid, bmk), null, []);
  await add('support', 'SUPPORT', 'support@demo.jejak.my', await objects(S, 'own', O.uid, P.uid, bmk), null, []);
  await add(
    'distributor',
    'DISTRIBUTOR',
    'distributor',
    await objects(D, 'own', O.uid, P.uid, bmk),
    await objects(D, 'foreign', O3.uid, P3.uid, v3, G3),
    await idsOf(db, tree2),
  );
  await add(
    'fleetOwner',
    'FLEET_OWNER',
    'owner',
    await objects(O, 'own', P.uid, P.uid, bmk),
    await objects(O, 'foreign', O2.uid, P3.uid, bkt, G3),
    await idsOf(db, [O2.uid, L.uid, ...tree2]),
  );
  await add(
    'fleetManager',
    'FLEET_MANAGER',
    'manager@demo.jejak.my',
    await objects(M, 'own', M.uid, M.uid, bmk),
    await objects(M, 'foreign', O2.uid, P3.uid, bkt, G3),
    [...(await idsOf(db, [O2.uid, L.uid, P.uid, ...tree2])), ...outsideGroup],
  );
  await add(
    'fleetOperator',
    'FLEET_OPERATOR',
    'operator',
    await objects(P, 'own', P.uid, P.uid, bmk),
    await objects(P, 'foreign', O.uid, P3.uid, wvc, G3),
    [...(await idsOf(db, [O2.uid, L.uid, M.uid, ...tree2])), ...outsideGroup],
  );

  return {
    callers,
    foreignRows: {
      distributor: { uids: tree2, vids: [v3.vid] },
      fleetOwner: { uids: [O2.uid, P3.uid], vids: [bkt.vid] },
      fleetManager: { uids: [O2.uid, P3.uid], vids: [bkt.vid] },
      fleetOperator: { uids: [O.uid, P3.uid], vids: [wvc.vid] },
    },
  };
}

/** The same objects with every id replaced by one that does not exist. */
export function missing(o: Objects): Objects {
  return {
    ...o,
    variant: 'missing',
    user: { ...o.user, uid: 'no-such-user' },
    operator: { ...o.operator, uid: 'no-such-operator' },
    distributor: { ...o.distributor, uid: 'no-such-distributor' },
    vid: 'no-such-vehicle',
    dvid: 'GPS100#000000000000000',
    packageId: 'no-such-package',
    vgid: 'no-such-group',
    geoid: 'no-such-geofence',
    gtid: 'no-such-template',
    templateOwner: 'no-such-user',
    groupOwner: 'no-such-user',
    spareGeoid: 'no-such-geofence',
    nfid: 'no-such-notification',
    nfOwner: 'no-such-user',
    nfRtid: 'no-such-template',
    rtid: 'no-such-rule-template',
    ruid: 'no-such-rule',
    ticketId: 'no-such-ticket',
    ecid: 'no-such-escalation',
    ecNfid: 'no-such-notification',
  };
}
