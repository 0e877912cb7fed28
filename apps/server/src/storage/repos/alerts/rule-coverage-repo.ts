import { DEFAULT_RULE_TEMPLATE, type CoveredGroup, type CoveredVehicle, type RuleCoverage } from '@jejak/contract';
import type { Db } from '../../db/database.ts';

export interface OwnerGroup extends CoveredGroup {
  vids: string[];
}

/**
 * Which of an owner's vehicles each rule template is linked to (vehicle_rule_templates, the
 * links the pipeline evaluates: ADR 0074), and linking one template to many vehicles at once.
 */
export function createRuleCoverageRepo(db: Db) {
  return {
    /** The owner's vehicles, by display name. */
    async vehiclesOf(uid: string): Promise<CoveredVehicle[]> {
      const rows = await db
        .selectFrom('vehicles')
        .select(['vid', 'vehicle_display_name', 'vehicle_plate'])
        .where('uid', '=', uid)
        .orderBy('vehicle_display_name')
        .orderBy('vid')
        .execute();
      return rows.map((r) => ({
        vid: r.vid,
        vehicleDisplayName: r.vehicle_display_name,
        vehiclePlate: r.vehicle_plate,
      }));
    },

    /** The owner's vehicle groups with those of their members the owner holds. */
    async groupsOf(uid: string): Promise<OwnerGroup[]> {
      const rows = await db
        .selectFrom('vehicle_groups as g')
        .leftJoin('vehicle_group_members as m', 'm.vgid', 'g.vgid')
        .leftJoin('vehicles as v', (j) => j.onRef('v.vid', '=', 'm.vid').on('v.uid', '=', uid))
        .select(['g.vgid', 'g.group_name', 'v.vid'])
        .where('g.uid', '=', uid)
        .orderBy('g.group_name')
        .orderBy('g.vgid')
        .execute();
      const groups = new Map<string, OwnerGroup>();
      for (const r of rows) {
        const g = groups.get(r.vgid) ?? { vgid: r.vgid, groupName: r.group_name, vids: [] };
        if (r.vid !== null) g.vids.push(r.vid);
        groups.set(r.vgid, g);
      }
      return [...groups.values()];
    },

    /** Of these templates, the vehicles linked to each. */
    async links(rtids: readonly string[]): Promise<Map<string, Set<string>>> {
      const out = new Map<string, Set<string>>(rtids.map((r) => [r, new Set()]));
      if (rtids.length === 0) return out;
      const rows = await db
        .selectFrom('vehicle_rule_templates')
        .select(['rtid', 'vid'])
        .where('rtid', 'in', [...rtids])
        .execute();
      for (const r of rows) out.get(r.rtid)?.add(r.vid);
      return out;
    },

    /**
     * Every template these vehicles are evaluated against now (what the pipeline holds for
     * them): those linked, and their owner's DEFAULT, which watches every vehicle of its owner.
     */
    async rtidsOf(vids: readonly string[]): Promise<string[]> {
      if (vids.length === 0) return [];
      const linked = db
        .selectFrom('vehicle_rule_templates')
        .select('rtid')
        .where('vid', 'in', [...vids]);
      const defaults = db
        .selectFrom('vehicles as v')
        .innerJoin('rule_templates as t', (j) =>
          j.onRef('t.uid', '=', 'v.uid').on('t.template_name', '=', DEFAULT_RULE_TEMPLATE),
        )
        .select('t.rtid')
        .where('v.vid', 'in', [...vids]);
      const rows = await linked.union(defaults).execute();
      return rows.map((r) => r.rtid);
    },

    /** Links `rtid` to these vehicles; those already linked stay. How many links were added. */
    async link(rtid: string, vids: readonly string[]): Promise<number> {
      if (vids.length === 0) return 0;
      const r = await db
        .insertInto('vehicle_rule_templates')
        .values([...new Set(vids)].map((vid) => ({ vid, rtid })))
        .onConflict((oc) => oc.columns(['vid', 'rtid']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n);
    },
  };
}
export type RuleCoverageRepo = ReturnType<typeof createRuleCoverageRepo>;

/** A template's coverage: its vehicles among the owner's, and the groups whose every vehicle it watches. */
export function coverageOf(
  rtid: string,
  linked: ReadonlySet<string>,
  vehicles: readonly CoveredVehicle[],
  groups: readonly OwnerGroup[],
): RuleCoverage {
  return {
    rtid,
    vehicles: vehicles.filter((v) => linked.has(v.vid)),
    groups: groups
      .filter((g) => g.vids.length > 0 && g.vids.every((vid) => linked.has(vid)))
      .map(({ vgid, groupName }) => ({ vgid, groupName })),
  };
}
