import { randomUUID } from 'node:crypto';
import { childHierarchy, FLEET_HOLDER_ROLES, makeDvid } from '@jejak/domain';
import type { Db } from '../storage/db/database.ts';
import { DEFAULT_PREFERENCE } from '../storage/repos/mappers.ts';
import type { UsersRepo } from '../storage/repos/accounts/users-repo.ts';
import { reposOn } from '../storage/repos/unit-of-work.ts';
import { hashPassword } from '../services/accounts/passwords.ts';
import { seedDemoGeofences } from './demo-geofences.ts';
import { seedDemoPackages } from './demo-packages.ts';
import { DEMO_SPEEDER_VEHICLE, seedDemoRules } from './demo-rules.ts';
import {
  DEMO_FUEL_MODEL,
  DEMO_USERS,
  DEMO_VEHICLES,
  demoFuelProfile,
  demoImei,
  demoSimCard,
  type DemoUser,
} from './demo-fleet.ts';

/** The model of the demo's GT06 trackers: every vehicle's but those with a fuel sensor (DEMO_FUEL_MODEL). */
export const DEMO_MODEL = 'GPS100';

/** Seeds the demo fleet once, into an empty database; false when there was data already. */
export async function seedDemoFleet(
  db: Db,
  users: UsersRepo,
  password: string,
  nowMs: number,
  timeZone = 'Asia/Kuala_Lumpur',
): Promise<boolean> {
  if ((await users.count()) > 0) return false;
  const hash = await hashPassword(password);
  const uids = new Map<DemoUser['key'], { uid: string; hierarchy: string }>();
  for (const u of DEMO_USERS) {
    const uid = randomUUID();
    const parent = u.parent ? uids.get(u.parent) : undefined;
    const hierarchy = childHierarchy(parent?.hierarchy ?? '', uid);
    uids.set(u.key, { uid, hierarchy });
    await users.insert(
      {
        uid,
        user_name: u.name,
        user_email: u.email,
        user_role: u.role,
        user_contact: u.contact,
        user_address: u.address,
        user_hierarchy: hierarchy,
        parent_id: parent?.uid ?? null,
        password_hash: hash,
        disabled: false,
        preference: DEFAULT_PREFERENCE,
        created_at: nowMs,
        updated_at: nowMs,
      },
      u.stages.map((stage, i) => ({ stage, createdAt: nowMs - (u.stages.length - i) * 86_400_000 })),
    );
  }
  const owner = uids.get('owner');
  const operator = uids.get('operator');
  const manager = uids.get('manager');
  if (!owner || !operator || !manager) throw new Error('demo users incomplete');
  const vgid = randomUUID();
  await db.transaction().execute(async (trx) => {
    const seeded: { vid: string; uid: string }[] = [];
    await trx
      .insertInto('vehicle_groups')
      .values({ vgid, uid: owner.uid, group_name: 'Kumpulan Puchong', color_hex: 'E6ECFF', created_at: nowMs })
      .execute();
    for (const [i, v] of DEMO_VEHICLES.entries()) {
      const ownerUid = uids.get(v.owner)?.uid;
      if (!ownerUid) throw new Error('demo owner missing');
      const imei = demoImei(i);
      const model = demoModel(i);
      const dvid = makeDvid(model, imei);
      const vid = randomUUID();
      await trx
        .insertInto('devices')
        .values({
          dvid,
          model,
          imei,
          uid: ownerUid,
          sim_card: demoSimCard(i),
          created_at: nowMs,
          is_alive: false,
        })
        .execute();
      await trx
        .insertInto('vehicles')
        .values({
          vid,
          dvid,
          uid: ownerUid,
          vehicle_plate: v.plate,
          vehicle_display_name: v.name,
          vehicle_type: v.type,
          vehicle_model: v.model,
          transit_status: null,
          transit_from: null,
          updated_at: null,
          stopped_since: null,
          created_at: nowMs,
          fuel_profile: JSON.stringify(demoFuelProfile(v.type)),
        })
        .execute();
      if (v.operatorGroup) await trx.insertInto('vehicle_group_members').values({ vgid, vid }).execute();
      seeded.push({ vid, uid: ownerUid });
    }
    await trx
      .insertInto('user_vehicle_groups')
      .values([operator.uid, manager.uid].map((uid) => ({ uid, vgid })))
      .execute();
    const repos = reposOn(trx);
    const ungroupOf = new Map<string, string>();
    // Fleet holders get their built-in 'ALL' groups (holding their vehicles and devices), 'UNGROUP' and 'DEFAULT'.
    for (const u of DEMO_USERS.filter((d) => FLEET_HOLDER_ROLES.includes(d.role))) {
      const holder = uids.get(u.key);
      if (!holder) continue;
      const { vgid: all, gtid, dgid } = await repos.relations.createBuiltIns(holder.uid, nowMs);
      ungroupOf.set(holder.uid, gtid);
      const own = seeded.filter((s) => s.uid === holder.uid).map((s) => ({ vgid: all, vid: s.vid }));
      if (own.length > 0) await trx.insertInto('vehicle_group_members').values(own).execute();
      await trx
        .insertInto('device_group_members')
        .columns(['dgid', 'dvid'])
        .expression((eb) =>
          eb
            .selectFrom('devices')
            .select([eb.val(dgid).as('dgid'), 'dvid'])
            .where('uid', '=', holder.uid),
        )
        .execute();
    }
    await seedDemoGeofences(trx, ungroupOf, seeded, owner.uid, nowMs);
    await seedDemoPackages(repos, seeded, timeZone, nowMs);
    const speeder = seeded[DEMO_SPEEDER_VEHICLE];
    if (speeder) await seedDemoRules(trx, speeder.uid, speeder.vid, nowMs);
  });
  return true;
}

/** The tracker model of the demo's vehicle at this index of DEMO_VEHICLES. */
export function demoModel(index: number): string {
  return DEMO_VEHICLES[index]?.fuelSensor ? DEMO_FUEL_MODEL : DEMO_MODEL;
}

/** The dvid of the demo's tracker at this index of DEMO_VEHICLES. */
export function demoDvid(index: number): string {
  return makeDvid(demoModel(index), demoImei(index));
}

/** The IMEIs of the demo's GT06 trackers (DEMO_MODEL), which a GT06 simulator drives. */
export function demoImeis(): string[] {
  return DEMO_VEHICLES.flatMap((v, i) => (v.fuelSensor ? [] : [demoImei(i)]));
}
