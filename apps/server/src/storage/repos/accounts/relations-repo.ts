import { randomUUID } from 'node:crypto';
import type { UserRelationsResponse } from '@jejak/contract';
import type { Db } from '../../db/database.ts';

/** Ids of vehicle groups, geofence templates and rule templates. */
export interface RelationIds {
  vgids: string[];
  gtids: string[];
  rtids: string[];
}

type Owned = Omit<UserRelationsResponse, 'status' | 'linked'>;

/** The built-in group and templates every fleet holder has (spec 2 §3, §5). */
export const BUILT_IN_NAMES = { vehicleGroup: 'ALL', geofenceTemplate: 'UNGROUP', ruleTemplate: 'DEFAULT' } as const;

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export function createRelationsRepo(db: Db) {
  return {
    /** The groups (with their vehicles) and templates a user owns. */
    async owned(uid: string): Promise<Owned> {
      const [groups, members, geofenceTemplates, ruleTemplates] = await Promise.all([
        db.selectFrom('vehicle_groups').selectAll().where('uid', '=', uid).orderBy('group_name').execute(),
        db
          .selectFrom('vehicle_group_members as m')
          .innerJoin('vehicle_groups as g', 'g.vgid', 'm.vgid')
          .innerJoin('vehicles as v', 'v.vid', 'm.vid')
          .select(['m.vgid', 'v.vid', 'v.vehicle_plate', 'v.vehicle_display_name'])
          .where('g.uid', '=', uid)
          .orderBy('v.vehicle_display_name')
          .execute(),
        db.selectFrom('geofence_templates').selectAll().where('uid', '=', uid).orderBy('template_name').execute(),
        db.selectFrom('rule_templates').selectAll().where('uid', '=', uid).orderBy('template_name').execute(),
      ]);
      return {
        vehicleGroups: groups.map((g) => ({
          vgid: g.vgid,
          groupName: g.group_name,
          colorHexCode: g.color_hex.toUpperCase(),
          vehicles: members
            .filter((m) => m.vgid === g.vgid)
            .map((m) => ({ vid: m.vid, vehiclePlate: m.vehicle_plate, vehicleDisplayName: m.vehicle_display_name })),
        })),
        geofenceTemplates: geofenceTemplates.map((t) => ({ id: t.gtid, templateName: t.template_name })),
        ruleTemplates: ruleTemplates.map((t) => ({ id: t.rtid, templateName: t.template_name })),
      };
    },

    /** Ids of what a user owns. */
    async ownedIds(uid: string): Promise<RelationIds> {
      const [vg, gt, rt] = await Promise.all([
        db.selectFrom('vehicle_groups').select('vgid').where('uid', '=', uid).execute(),
        db.selectFrom('geofence_templates').select('gtid').where('uid', '=', uid).execute(),
        db.selectFrom('rule_templates').select('rtid').where('uid', '=', uid).execute(),
      ]);
      return { vgids: vg.map((r) => r.vgid), gtids: gt.map((r) => r.gtid), rtids: rt.map((r) => r.rtid) };
    },

    /** Ids a user was given. */
    async linkedIds(uid: string): Promise<RelationIds> {
      const [vg, gt, rt] = await Promise.all([
        db.selectFrom('user_vehicle_groups').select('vgid').where('uid', '=', uid).orderBy('vgid').execute(),
        db.selectFrom('user_geofence_templates').select('gtid').where('uid', '=', uid).orderBy('gtid').execute(),
        db.selectFrom('user_rule_templates').select('rtid').where('uid', '=', uid).orderBy('rtid').execute(),
      ]);
      return { vgids: vg.map((r) => r.vgid), gtids: gt.map((r) => r.gtid), rtids: rt.map((r) => r.rtid) };
    },

    /** Gives `uid` these ids; ids it already has are kept once. */
    async link(uid: string, ids: RelationIds): Promise<void> {
      const vgids = unique(ids.vgids);
      const gtids = unique(ids.gtids);
      const rtids = unique(ids.rtids);
      if (vgids.length > 0)
        await db
          .insertInto('user_vehicle_groups')
          .values(vgids.map((vgid) => ({ uid, vgid })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      if (gtids.length > 0)
        await db
          .insertInto('user_geofence_templates')
          .values(gtids.map((gtid) => ({ uid, gtid })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      if (rtids.length > 0)
        await db
          .insertInto('user_rule_templates')
          .values(rtids.map((rtid) => ({ uid, rtid })))
          .onConflict((oc) => oc.doNothing())
          .execute();
    },

    /** Removes from `uid` every link to something `ownerUid` owns. */
    async unlinkOwnedBy(uid: string, ownerUid: string): Promise<void> {
      await db
        .deleteFrom('user_vehicle_groups')
        .where('uid', '=', uid)
        .where('vgid', 'in', db.selectFrom('vehicle_groups').select('vgid').where('uid', '=', ownerUid))
        .execute();
      await db
        .deleteFrom('user_geofence_templates')
        .where('uid', '=', uid)
        .where('gtid', 'in', db.selectFrom('geofence_templates').select('gtid').where('uid', '=', ownerUid))
        .execute();
      await db
        .deleteFrom('user_rule_templates')
        .where('uid', '=', uid)
        .where('rtid', 'in', db.selectFrom('rule_templates').select('rtid').where('uid', '=', ownerUid))
        .execute();
    },

    /**
     * The 'ALL' vehicle group, 'UNGROUP' geofence template, 'DEFAULT' rule template and 'ALL'
     * device group of a new fleet holder.
     */
    async createBuiltIns(
      uid: string,
      nowMs: number,
    ): Promise<{ vgid: string; gtid: string; rtid: string; dgid: string }> {
      const vgid = randomUUID();
      const gtid = randomUUID();
      const rtid = randomUUID();
      const dgid = randomUUID();
      await db
        .insertInto('device_groups')
        .values({ dgid, uid, group_name: BUILT_IN_NAMES.vehicleGroup, created_at: nowMs })
        .execute();
      await db
        .insertInto('vehicle_groups')
        .values({ vgid, uid, group_name: BUILT_IN_NAMES.vehicleGroup, color_hex: 'FFFFFF', created_at: nowMs })
        .execute();
      await db
        .insertInto('geofence_templates')
        .values({ gtid, uid, template_name: BUILT_IN_NAMES.geofenceTemplate, created_at: nowMs })
        .execute();
      await db
        .insertInto('rule_templates')
        .values({ rtid, uid, template_name: BUILT_IN_NAMES.ruleTemplate, created_at: nowMs })
        .execute();
      return { vgid, gtid, rtid, dgid };
    },
  };
}
export type RelationsRepo = ReturnType<typeof createRelationsRepo>;
