import type { AccountCall } from '@jejak/domain';
import type { Me } from '../accounts-fixture.ts';

/*
 * The objects one request of the authorization matrix names, and what each call is checked
 * against (authz-matrix.test.ts).
 */

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
  /** A notification to delete. */
  spareNfid: string;
  /** A rule template (not DEFAULT) with one rule, of the tree; an open ticket on `vid`. */
  rtid: string;
  ruid: string;
  ticketId: string;
  /** An escalation chain on `vid` and its call notification, of a user the caller reaches (or not). */
  ecid: string;
  ecNfid: string;
  /** An API token of `me` (own), of a user it does not reach (foreign): only its user may revoke it. */
  tokenId: string;
  /** A share link (ADR 0093) of the caller (own) or of the foreign vehicle's owner. */
  slid: string;
  /** A webhook of the caller (or of the foreign owner), and one to delete. */
  whid: string;
  spareWhid: string;
}

export type Gate = AccountCall | 'any' | 'global';
export type RouteSpec = { gate: Gate; body: (o: Objects) => unknown } | { skip: string };

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
    spareNfid: 'no-such-notification',
    rtid: 'no-such-rule-template',
    ruid: 'no-such-rule',
    ticketId: 'no-such-ticket',
    ecid: 'no-such-escalation',
    ecNfid: 'no-such-notification',
    tokenId: 'no-such-token',
    slid: 'no-such-link',
    whid: 'no-such-webhook',
    spareWhid: 'no-such-webhook',
  };
}
