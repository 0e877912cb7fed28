import type { Objects, Ref } from './objects.ts';

/* What the requests of the matrix send, as the console's forms send it. */

export const WINDOW = { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 2) };
export const profile = (r: Ref) => ({
  uid: r.uid,
  userName: r.userName,
  userEmail: r.userEmail,
  userRole: r.userRole,
  userContact: r.userContact,
  userAddress: r.userAddress,
});

/** A notification as the form sends it, watching the SOS rule of `o.nfRtid`. */
export function notificationFields(o: Objects) {
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

export function ruleFields(o: Objects) {
  return {
    createdBy: o.me.uid,
    ruleName: 'Had laju matrix',
    ruleType: 'warning',
    conditions: [{ parameter: 'speed', operator: 'more', value: 90 }],
  };
}

/** The vehicle `o.vid` as a form sends it, for `o.groupOwner` (its owner). */
export function vehicleFields(o: Objects, withVid: boolean) {
  return {
    ...(withVid ? { vid: o.vid } : {}),
    dvid: o.dvid,
    vehicleDisplayName: 'Matrix lorry',
    vehiclePlate: o.plate,
    vehicleModel: 'Hino 300',
    vehicleType: 'Truck',
  };
}
export function vehicleBody(o: Objects) {
  return { vehicle: vehicleFields(o, false), user: { uid: o.groupOwner }, vgids: [], gtids: [], rtids: [] };
}

export const ZONE = {
  geoType: 'Polygon',
  geofenceName: 'Matrix zone',
  coordinates: [
    { lat: 3.1, lng: 101.6 },
    { lat: 3.1, lng: 101.61 },
    { lat: 3.11, lng: 101.61 },
  ],
};

export function relation(o: Objects) {
  return {
    srcUser: { uid: o.user.uid, userRole: o.user.userRole },
    destUser: { uid: o.operator.uid, userRole: o.operator.userRole },
    ids: { vgids: [o.vgid], gtids: [], rtids: [] },
  };
}
