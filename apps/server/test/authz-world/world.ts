import { insertUser, insertVehicle, insertVehicleGroup, signIn, type Client, type Me } from '../accounts-fixture.ts';
import { insertTicket } from '../alerts-fixture.ts';
import type { Db } from '../../src/storage/db/database.ts';
import type { Objects } from './objects.ts';
import {
  geofenceObjects,
  idsOf,
  insertApiToken,
  insertShareLink,
  insertChain,
  insertGeofence,
  notificationObjects,
  ref,
  ruleObjects,
  vehicleByPlate,
  webhookObjects,
} from './rows.ts';

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

export async function buildWorld(db: Db, baseUrl: string, superClient: Client): Promise<World> {
  const me = async (who: string) => (await signIn(baseUrl, who)).me;
  // The demo seeds support under super and a fleet manager under the owner, given the operator's group.
  const [S, D, O, P, O2, L, M] = await Promise.all(
    ['super', 'distributor', 'owner', 'operator', 'owner2', 'legacy', 'manager'].map(me),
  );
  if (!S || !D || !O || !P || !O2 || !L || !M) throw new Error('demo users');
  const puchong = await db
    .selectFrom('vehicle_groups')
    .select('vgid')
    .where('group_name', '=', 'Kumpulan Puchong')
    .executeTakeFirstOrThrow();
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
    ...(variant === 'own'
      ? { ...(await notificationObjects(db, meRef.uid)), spareNfid: (await notificationObjects(db, meRef.uid)).nfid }
      : { ...foreignNotice, spareNfid: foreignNotice.nfid }),
    // The manager and the operator reach no template of the owner's (the relation calls of the
    // walk take given ones away again): they work on their own.
    ...(variant === 'foreign'
      ? foreignRules
      : meRef.uid === M.uid || meRef.uid === P.uid
        ? await ruleObjects(db, meRef.uid)
        : ownRules),
    // Each caller resolves its own ticket (a resolved one is gone for the next); one kind of
    // alarm per caller, as one vehicle holds one open ticket per kind (ADR 0073).
    ticketId: (await insertTicket(db, { vid: v.vid, eventName: `SOS ${(ticketTime += 1_000)}`, eventTime: ticketTime }))
      .ticketId,
    // Each caller's chains and API token are made when it signs in (below).
    ecid: '',
    ecNfid: '',
    tokenId: '',
    slid: '',
    // Each caller's webhooks are made when it signs in (below).
    whid: '',
    spareWhid: '',
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
    const token = await s.c.post('/apitoken/add', { name: `matrix ${name}`, scope: 'full', expiresInDays: 30 });
    const ownToken = (token.body.apiToken as { tokenId: string } | undefined)?.tokenId ?? '';
    callers.push({
      name,
      role,
      c: s.c,
      me: s.me,
      own: {
        ...own,
        me: s.me,
        tokenId: ownToken,
        slid: await insertShareLink(db, s.me.uid, own.vid),
        ...(await insertChain(db, s.me.uid, own.vid, own.dvid)),
        ...(await webhookObjects(db, s.me.uid)),
      },
      foreign: foreign
        ? {
            ...foreign,
            me: s.me,
            tokenId: await insertApiToken(db, foreign.user.uid),
            slid: await insertShareLink(db, await ownerOf(foreign.vid), foreign.vid),
            ...(await insertChain(db, await ownerOf(foreign.vid), foreign.vid, foreign.dvid)),
            ...(await webhookObjects(db, await ownerOf(foreign.vid))),
          }
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
