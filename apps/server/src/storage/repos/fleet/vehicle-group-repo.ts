import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { VehicleGroup } from '@jejak/contract';
import { hierarchySegments } from '@jejak/domain';
import { isAnyOf, type Db } from '../../db/database.ts';
import { BUILT_IN_NAMES } from '../accounts/relations-repo.ts';
import { hasGlobalScope, userInSubtree, type Viewer } from '../scope.ts';

/** The built-in group and templates of a fleet holder (spec 2 §5 merge). */
export interface BuiltIns {
  vgid: string;
  gtid: string;
  rtid: string;
}

type Owned = 'vehicle_groups' | 'geofence_templates' | 'rule_templates';
const ID_OF = { vehicle_groups: 'vgid', geofence_templates: 'gtid', rule_templates: 'rtid' } as const;
const NAME_OF = { vehicle_groups: 'group_name', geofence_templates: 'template_name', rule_templates: 'template_name' };
const BUILT_IN_OF = {
  vehicle_groups: BUILT_IN_NAMES.vehicleGroup,
  geofence_templates: BUILT_IN_NAMES.geofenceTemplate,
  rule_templates: BUILT_IN_NAMES.ruleTemplate,
};

/** Vehicle groups (spec 2 §3): members, owners, and the built-ins every fleet holder has. */
export function createVehicleGroupRepo(db: Db) {
  /** The built-in of `table` owned by `uid`, created when missing (users made before it existed). */
  async function builtIn(table: Owned, uid: string, nowMs: number): Promise<string> {
    const id = sql.ref(ID_OF[table]);
    const name = sql.ref(NAME_OF[table]);
    const find = async () =>
      (
        await sql<{ id: string }>`select ${id} as id from ${sql.table(table)}
          where uid = ${uid} and ${name} = ${BUILT_IN_OF[table]} order by ${id} limit 1`.execute(db)
      ).rows[0]?.id;
    const found = await find();
    if (found) return found;
    await sql`insert into ${sql.table(table)} (${id}, uid, ${name}, created_at)
      values (${randomUUID()}, ${uid}, ${BUILT_IN_OF[table]}, ${nowMs}) on conflict do nothing`.execute(db);
    const made = await find();
    if (!made) throw new Error(`no ${BUILT_IN_OF[table]} of ${uid}`);
    return made;
  }

  return {
    async builtIns(uid: string, nowMs: number): Promise<BuiltIns> {
      return {
        vgid: await builtIn('vehicle_groups', uid, nowMs),
        gtid: await builtIn('geofence_templates', uid, nowMs),
        rtid: await builtIn('rule_templates', uid, nowMs),
      };
    },

    /** Of these ids in `table`, those owned by `uid`. */
    async ownedBy(table: Owned, uid: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const id = sql.ref(ID_OF[table]);
      const { rows } = await sql<{ id: string }>`select ${id} as id from ${sql.table(table)}
        where uid = ${uid} and ${id} = any(${[...ids]}::text[])`.execute(db);
      return new Set(rows.map((r) => r.id));
    },

    /** Groups owned in the viewer's subtree (or given to it) among `vgids`, or all such when `vgids` is null. */
    async visible(
      viewer: Viewer,
      ownerOrGiven: string | null,
      vgids: readonly string[] | null,
    ): Promise<VehicleGroup[]> {
      let q = db
        .selectFrom('vehicle_groups as g')
        .innerJoin('users as u', 'u.uid', 'g.uid')
        .select(['g.vgid', 'g.uid', 'g.group_name', 'g.color_hex', 'g.created_at', 'u.user_name']);
      if (!hasGlobalScope(viewer)) {
        const given = db
          .selectFrom('user_vehicle_groups as ug')
          .innerJoin('users as gu', 'gu.uid', 'ug.uid')
          .select('ug.vgid')
          .where((eb) => userInSubtree(eb, 'gu.user_hierarchy', viewer));
        q = q.where((eb) => eb.or([userInSubtree(eb, 'u.user_hierarchy', viewer), eb('g.vgid', 'in', given)]));
      }
      if (vgids) {
        if (vgids.length === 0) return [];
        q = q.where(isAnyOf('g.vgid', vgids));
      }
      if (ownerOrGiven) {
        const givenTo = db.selectFrom('user_vehicle_groups').select('vgid').where('uid', '=', ownerOrGiven);
        q = q.where((eb) => eb.or([eb('g.uid', '=', ownerOrGiven), eb('g.vgid', 'in', givenTo)]));
      }
      const rows = await q
        .orderBy((eb) => eb('g.group_name', '<>', BUILT_IN_NAMES.vehicleGroup))
        .orderBy('g.group_name')
        .orderBy('g.vgid')
        .execute();
      const members = rows.length
        ? await db
            .selectFrom('vehicle_group_members')
            .selectAll()
            .where(
              isAnyOf(
                'vgid',
                rows.map((r) => r.vgid),
              ),
            )
            .orderBy('vid')
            .execute()
        : [];
      return rows.map((r) => ({
        vgid: r.vgid,
        uid: r.uid,
        groupName: r.group_name,
        subName: r.user_name,
        colorHexCode: r.color_hex.toUpperCase(),
        vehicles: members.filter((m) => m.vgid === r.vgid).map((m) => m.vid),
        createdAt: r.created_at,
      }));
    },

    /** A group owned in the viewer's subtree, with its owner's place; null otherwise. */
    async ownedWithin(
      viewer: Viewer,
      vgid: string,
    ): Promise<{ vgid: string; uid: string; groupName: string; ownerHierarchy: string } | null> {
      let q = db
        .selectFrom('vehicle_groups as g')
        .innerJoin('users as u', 'u.uid', 'g.uid')
        .select(['g.vgid', 'g.uid', 'g.group_name', 'u.user_hierarchy'])
        .where('g.vgid', '=', vgid);
      if (!hasGlobalScope(viewer)) q = q.where((eb) => userInSubtree(eb, 'u.user_hierarchy', viewer));
      const r = await q.executeTakeFirst();
      return r ? { vgid: r.vgid, uid: r.uid, groupName: r.group_name, ownerHierarchy: r.user_hierarchy } : null;
    },

    async insert(uid: string, groupName: string, colorHex: string, nowMs: number): Promise<string> {
      const vgid = randomUUID();
      await db
        .insertInto('vehicle_groups')
        .values({ vgid, uid, group_name: groupName, color_hex: colorHex, created_at: nowMs })
        .execute();
      return vgid;
    },

    async rename(vgid: string, groupName: string, colorHex: string): Promise<void> {
      await db
        .updateTable('vehicle_groups')
        .set({ group_name: groupName, color_hex: colorHex })
        .where('vgid', '=', vgid)
        .execute();
    },

    async members(vgid: string): Promise<string[]> {
      const rows = await db.selectFrom('vehicle_group_members').select('vid').where('vgid', '=', vgid).execute();
      return rows.map((r) => r.vid);
    },

    async addMembers(vgid: string, vids: readonly string[]): Promise<void> {
      if (vids.length === 0) return;
      await db
        .insertInto('vehicle_group_members')
        .values([...new Set(vids)].map((vid) => ({ vgid, vid })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async removeMembers(vgid: string, vids: readonly string[]): Promise<void> {
      if (vids.length === 0) return;
      await db.deleteFrom('vehicle_group_members').where('vgid', '=', vgid).where(isAnyOf('vid', vids)).execute();
    },

    /** The vehicle's groups owned by `uid`. */
    async groupsOfVehicleOwnedBy(vid: string, uid: string): Promise<string[]> {
      const rows = await db
        .selectFrom('vehicle_group_members as m')
        .innerJoin('vehicle_groups as g', 'g.vgid', 'm.vgid')
        .select('m.vgid')
        .where('m.vid', '=', vid)
        .where('g.uid', '=', uid)
        .execute();
      return rows.map((r) => r.vgid);
    },

    /**
     * Drops the vehicle from groups whose owner no longer reaches its new owner (`ownerHierarchy`):
     * a vehicle moved to another tree leaves the old tree's groups. Returns the groups left.
     */
    async leaveUnreachableGroups(vid: string, ownerHierarchy: string): Promise<string[]> {
      const rows = await db
        .selectFrom('vehicle_group_members as m')
        .innerJoin('vehicle_groups as g', 'g.vgid', 'm.vgid')
        .innerJoin('users as u', 'u.uid', 'g.uid')
        .select(['m.vgid', 'u.user_hierarchy'])
        .where('m.vid', '=', vid)
        .execute();
      const left = rows
        .filter((r) => !(ownerHierarchy === r.user_hierarchy || ownerHierarchy.startsWith(`${r.user_hierarchy}#`)))
        .map((r) => r.vgid);
      for (const vgid of left) await this.removeMembers(vgid, [vid]);
      return left;
    },

    /**
     * Users given any of these groups, and every ancestor of theirs: a user's groups reach its
     * ancestors too (ADR 0032), so all their views follow the groups' members.
     */
    async usersGiven(vgids: readonly string[]): Promise<string[]> {
      if (vgids.length === 0) return [];
      const rows = await db
        .selectFrom('user_vehicle_groups as ug')
        .innerJoin('users as u', 'u.uid', 'ug.uid')
        .select('u.user_hierarchy')
        .distinct()
        .where(isAnyOf('ug.vgid', vgids))
        .execute();
      return [...new Set(rows.flatMap((r) => hierarchySegments(r.user_hierarchy)))];
    },
  };
}
export type VehicleGroupRepo = ReturnType<typeof createVehicleGroupRepo>;
