import {
  BUILT_IN_RULE_PREFIX,
  BUILT_IN_RULES,
  DEFAULT_RULE_TEMPLATE,
  RULE_TYPES,
  type RuleType,
} from '@jejak/contract';
import { DEVICE_MESSAGES, type LoadedRule, type RuleCondition, type VehicleRules } from '@jejak/domain';
import type { Db } from '../../db/database.ts';

/** The read-only built-in rules of a DEFAULT template (not rows: BUILT_IN_RULES). */
export function builtInRules(defaultRtid: string | null): LoadedRule[] {
  return BUILT_IN_RULES.map((b) => ({
    ruid: BUILT_IN_RULE_PREFIX + b.alarm,
    rtid: defaultRtid,
    ruleName: b.ruleName,
    ruleType: b.ruleType,
    // The event is named after the alarm (Event Record shows 'SOS', 'OVERSPEED').
    ruleCompliedName: b.ruleName,
    ruleViolatedName: b.ruleName,
    alarm: b.alarm,
    conditions: [{ parameter: 'deviceMessage', operator: 'is', value: DEVICE_MESSAGES[b.alarm] }],
  }));
}

const isCondition = (c: unknown): c is RuleCondition =>
  typeof c === 'object' && c !== null && typeof (c as RuleCondition).parameter === 'string';

const ruleTypeOf = (t: string): RuleType => ((RULE_TYPES as readonly string[]).includes(t) ? (t as RuleType) : 'info');

/**
 * Reads vehicles' rules (issue 12): the stored rules of the templates linked to each vehicle
 * (vehicle_rule_templates) and of its owner's DEFAULT, plus the built-in rules of that DEFAULT.
 * One entry per vid asked for; three queries however many.
 */
export function createRuleLoader(db: Db) {
  return {
    async rulesByVid(vids: readonly string[]): Promise<Map<string, VehicleRules>> {
      const byVid = new Map<string, VehicleRules>();
      if (vids.length === 0) return byVid;
      const defaults = await db
        .selectFrom('vehicles as v')
        .leftJoin('rule_templates as t', (j) =>
          j.onRef('t.uid', '=', 'v.uid').on('t.template_name', '=', DEFAULT_RULE_TEMPLATE),
        )
        .select(['v.vid', 't.rtid'])
        .where('v.vid', 'in', [...vids])
        .execute();
      const links = await db
        .selectFrom('vehicle_rule_templates')
        .select(['vid', 'rtid'])
        .where('vid', 'in', [...vids])
        .execute();
      const rtidsOf = new Map<string, Set<string>>();
      for (const { vid, rtid } of [...defaults, ...links]) {
        if (rtid === null) continue;
        let set = rtidsOf.get(vid);
        if (!set) rtidsOf.set(vid, (set = new Set()));
        set.add(rtid);
      }
      const rtids = [...new Set([...rtidsOf.values()].flatMap((s) => [...s]))];
      const rows =
        rtids.length === 0
          ? []
          : await db.selectFrom('rules').selectAll().where('rtid', 'in', rtids).orderBy('created_at').execute();
      const byRtid = new Map<string, LoadedRule[]>();
      for (const r of rows) {
        let list = byRtid.get(r.rtid);
        if (!list) byRtid.set(r.rtid, (list = []));
        list.push({
          ruid: r.ruid,
          rtid: r.rtid,
          ruleName: r.rule_name,
          ruleType: ruleTypeOf(r.rule_type),
          ruleCompliedName: r.rule_complied_name,
          ruleViolatedName: r.rule_violated_name,
          alarm: null,
          conditions: Array.isArray(r.conditions) ? r.conditions.filter(isCondition) : [],
        });
      }
      for (const d of defaults) {
        const own = rtidsOf.get(d.vid) ?? new Set<string>();
        const stored = [...own].flatMap((rtid) => byRtid.get(rtid) ?? []);
        byVid.set(d.vid, { rules: [...builtInRules(d.rtid), ...stored], rtids: own });
      }
      for (const vid of vids) if (!byVid.has(vid)) byVid.set(vid, { rules: [], rtids: new Set() });
      return byVid;
    },
  };
}
export type RuleLoader = ReturnType<typeof createRuleLoader>;
