import { randomUUID } from 'node:crypto';
import { childHierarchy, makeDvid, type RoleValue } from '@jejak/domain';
import type { Db } from '../src/storage/db/database.ts';
import { DEFAULT_PREFERENCE } from '../src/storage/repos/mappers.ts';
import { apiClient } from './harness.ts';
import { createGeofenceTemplateRepo } from '../src/storage/repos/fleet/geofence-template-repo.ts';

export type Client = ReturnType<typeof apiClient>;
export interface Me {
  uid: string;
  userRole: string;
  userHierarchy: string;
  userEmail?: string;
}

/** A signed-in demo user (password demo1234). */
export async function signIn(baseUrl: string, who: string, password = 'demo1234'): Promise<{ c: Client; me: Me }> {
  const c = apiClient(baseUrl);
  const me = await c.login(who.includes('@') ? who : `${who}@demo.jejak.my`, password);
  return { c, me };
}

/** A valid new-user body for /user/add. */
export function newUserBody(parent: Me, role: RoleValue, email: string) {
  return {
    currentUser: { uid: parent.uid, userHierarchy: parent.userHierarchy },
    newUser: {
      userName: `Pengguna ${email.split('@')[0] ?? ''}`,
      userRole: role,
      userEmail: email,
      userAddress: 'Jalan Tun Razak, 50400 Kuala Lumpur',
      userPassword: 'rahsia-123',
      userContact: '+60123334444',
    },
  };
}

/**
 * Writes a user straight into the store: for roles no API call creates (support, fleet
 * manager) and for trees the tests need beside the demo fleet. Password: demo1234's hash
 * is copied from an existing demo user.
 */
export async function insertUser(
  db: Db,
  opts: { role: RoleValue; parent: Me | null; email: string; stages?: ('V1' | 'V2')[] },
): Promise<Me> {
  const uid = randomUUID();
  const hierarchy = childHierarchy(opts.parent?.userHierarchy ?? '', uid);
  const demo = await db.selectFrom('users').select('password_hash').limit(1).executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      uid,
      user_name: opts.email.split('@')[0] ?? 'user',
      user_email: opts.email,
      user_role: opts.role,
      user_contact: '+60129998888',
      user_address: 'Jalan Test',
      user_hierarchy: hierarchy,
      parent_id: opts.parent?.uid ?? null,
      password_hash: demo.password_hash,
      disabled: false,
      preference: JSON.stringify(DEFAULT_PREFERENCE),
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const stage of opts.stages ?? ['V2'])
    await db.insertInto('user_stages').values({ uid, stage, created_at: now }).execute();
  return { uid, userRole: opts.role, userHierarchy: hierarchy, userEmail: opts.email };
}

/** A vehicle with its device, owned by `ownerUid`. */
export async function insertVehicle(
  db: Db,
  ownerUid: string,
  plate: string,
  imei: string,
): Promise<{ vid: string; dvid: string }> {
  const vid = randomUUID();
  const dvid = makeDvid('GPS100', imei);
  const now = Date.now();
  await db
    .insertInto('devices')
    .values({
      dvid,
      model: 'GPS100',
      imei,
      uid: ownerUid,
      sim_card: `+6019${imei.slice(-7)}`,
      created_at: now,
      is_alive: false,
    })
    .execute();
  await db
    .insertInto('vehicles')
    .values({
      vid,
      dvid,
      uid: ownerUid,
      vehicle_plate: plate,
      vehicle_display_name: `Kenderaan ${plate}`,
      vehicle_type: 'Truck',
      vehicle_model: 'Hino 300',
      transit_status: null,
      transit_from: null,
      updated_at: null,
      stopped_since: null,
      created_at: now,
    })
    .execute();
  await createGeofenceTemplateRepo(db).linkToUngroup(vid, ownerUid, now);
  return { vid, dvid };
}

/** A vehicle group owned by `ownerUid` holding `vids`. */
export async function insertVehicleGroup(db: Db, ownerUid: string, name: string, vids: string[]): Promise<string> {
  const vgid = randomUUID();
  await db
    .insertInto('vehicle_groups')
    .values({ vgid, uid: ownerUid, group_name: name, color_hex: 'E6FFE6', created_at: Date.now() })
    .execute();
  if (vids.length > 0)
    await db
      .insertInto('vehicle_group_members')
      .values(vids.map((vid) => ({ vgid, vid })))
      .execute();
  return vgid;
}

/** Everything stored about some users, to show a refused call changed nothing. */
export async function snapshotUsers(db: Db, uids: string[]): Promise<string> {
  const [users, stages, groups] = await Promise.all([
    db.selectFrom('users').selectAll().where('uid', 'in', uids).orderBy('uid').execute(),
    db.selectFrom('user_stages').selectAll().where('uid', 'in', uids).orderBy('uid').orderBy('stage').execute(),
    db.selectFrom('user_vehicle_groups').selectAll().where('uid', 'in', uids).orderBy('uid').orderBy('vgid').execute(),
  ]);
  return JSON.stringify({ users, stages, groups });
}
