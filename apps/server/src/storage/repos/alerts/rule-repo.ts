import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  BUILT_IN_RULE_PREFIX,
  BUILT_IN_RULES,
  DEFAULT_RULE_TEMPLATE,
  defaultRuleNames,
  RULE_TYPES,
  type Condition,
  type Rule,
  type RuleFields,
  type RuleTemplate,
} from '@jejak/contract';
import { DEVICE_MESSAGES } from '@jejak/domain';
import type { Db } from '../../db/database.ts';
import { subtreeUids } from '../fleet/geofence-repo.ts';
import type { RulesTable, RuleTemplatesTable } from '../../db/schema.ts';
import type { Viewer } from '../scope.ts';

type TemplateRow = Selectable<RuleTemplatesTable>;

/** The read-only rules every DEFAULT template holds (BUILT_IN_RULES), as rules of template `t`. */
export function builtInRules(t: TemplateRow): Rule[] {
  return BUILT_IN_RULES.map((b) => {
    const names = defaultRuleNames(b.ruleName);
    return {
      ruid: `${BUILT_IN_RULE_PREFIX}${b.alarm}`,
      rtid: t.rtid,
      ruleName: b.ruleName,
      ruleType: b.ruleType,
      ruleCompliedName: names.complied,
      ruleViolatedName: names.violated,
      conditions: [{ parameter: 'deviceMessage', operator: 'is', value: DEVICE_MESSAGES[b.alarm] }],
      builtIn: true,
      triggerType: null,
      templateType: null,
      createdAt: t.created_at,
      createdBy: t.uid,
      updatedAt: t.created_at,
    };
  });
}

/** Rules are written only through the contract's schemas, so a bad row is a broken store. */
function toRule(r: Selectable<RulesTable>): Rule {
  const ruleType = RULE_TYPES.find((t) => t === r.rule_type);
  if (!ruleType) throw new Error(`rule ${r.ruid}: bad type`);
  return {
    ruid: r.ruid,
    rtid: r.rtid,
    ruleName: r.rule_name,
    ruleType,
    ruleCompliedName: r.rule_complied_name,
    ruleViolatedName: r.rule_violated_name,
    conditions: r.conditions as Condition[],
    builtIn: false,
    triggerType: r.trigger_type,
    templateType: r.template_type,
    createdAt: r.created_at,
    createdBy: r.created_by,
    updatedAt: r.updated_at,
  };
}

function ruleColumns(rule: RuleFields, rtid: string) {
  return {
    rtid,
    rule_name: rule.ruleName,
    rule_type: rule.ruleType,
    rule_complied_name: rule.ruleCompliedName,
    rule_violated_name: rule.ruleViolatedName,
    conditions: JSON.stringify(rule.conditions),
    trigger_type: rule.triggerType,
    template_type: rule.templateType,
  };
}

/**
 * Rule templates a caller reaches (ADR 0045): owned by a user of its subtree (everyone's, for
 * global scope), or given to the caller itself.
 */
export function reachableRtidsQuery(db: Db, viewer: Viewer) {
  const owned = db.selectFrom('rule_templates').select('rtid').where('uid', 'in', subtreeUids(db, viewer));
  const given = db.selectFrom('user_rule_templates').select('rtid').where('uid', '=', viewer.uid);
  return owned.union(given);
}

/** Rule templates and rules; create it on a transaction to write several rows together. */
export function createRuleRepo(db: Db) {
  const templates = () => db.selectFrom('rule_templates').selectAll();
  // DEFAULT first (the rule form's template select), then by name.
  const ordered = <Q extends ReturnType<typeof templates>>(q: Q) =>
    q
      .orderBy((eb) => eb('template_name', '<>', DEFAULT_RULE_TEMPLATE))
      .orderBy('template_name')
      .orderBy('rtid');

  async function withRules(rows: TemplateRow[]): Promise<RuleTemplate[]> {
    if (rows.length === 0) return [];
    const stored = await db
      .selectFrom('rules')
      .selectAll()
      .where(
        'rtid',
        'in',
        rows.map((r) => r.rtid),
      )
      .orderBy('rule_name')
      .orderBy('ruid')
      .execute();
    return rows.map((t) => ({
      rtid: t.rtid,
      uid: t.uid,
      templateName: t.template_name,
      rules: [
        ...(t.template_name === DEFAULT_RULE_TEMPLATE ? builtInRules(t) : []),
        ...stored.filter((r) => r.rtid === t.rtid).map(toRule),
      ],
      createdAt: t.created_at,
      updatedBy: t.updated_by ?? t.uid,
    }));
  }

  return {
    /** The user's DEFAULT template, created if it has none yet (one per user: a unique index). */
    async ensureDefault(uid: string, nowMs: number): Promise<void> {
      await db
        .insertInto('rule_templates')
        .values({ rtid: randomUUID(), uid, template_name: DEFAULT_RULE_TEMPLATE, created_at: nowMs })
        .onConflict((oc) => oc.column('uid').where('template_name', '=', DEFAULT_RULE_TEMPLATE).doNothing())
        .execute();
    },

    /** Templates a user owns or was given, with their rules. */
    async ofUser(uid: string): Promise<RuleTemplate[]> {
      const given = db.selectFrom('user_rule_templates').select('rtid').where('uid', '=', uid);
      const rows = await ordered(
        templates().where((eb) => eb.or([eb('uid', '=', uid), eb('rtid', 'in', given)])),
      ).execute();
      return withRules(rows);
    },

    /** Of these templates, those the viewer reaches, with their rules. */
    async reachable(viewer: Viewer, rtids: readonly string[]): Promise<RuleTemplate[]> {
      if (rtids.length === 0) return [];
      const rows = await ordered(
        templates()
          .where('rtid', 'in', [...new Set(rtids)])
          .where('rtid', 'in', reachableRtidsQuery(db, viewer)),
      ).execute();
      return withRules(rows);
    },

    /** Whether `uid` already has a template of this name (case-insensitive), other than `exceptRtid`. */
    async nameTaken(uid: string, name: string, exceptRtid: string | null): Promise<boolean> {
      let q = db
        .selectFrom('rule_templates')
        .select('rtid')
        .where('uid', '=', uid)
        .where((eb) => eb(eb.fn('lower', ['template_name']), '=', name.toLowerCase()));
      if (exceptRtid) q = q.where('rtid', '<>', exceptRtid);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async insertTemplate(uid: string, name: string, byUid: string, nowMs: number): Promise<string> {
      const rtid = randomUUID();
      await db
        .insertInto('rule_templates')
        .values({ rtid, uid, template_name: name, created_at: nowMs, updated_by: byUid, updated_at: nowMs })
        .execute();
      return rtid;
    },

    async renameTemplate(rtid: string, name: string, byUid: string, nowMs: number): Promise<void> {
      await db
        .updateTable('rule_templates')
        .set({ template_name: name, updated_by: byUid, updated_at: nowMs })
        .where('rtid', '=', rtid)
        .execute();
    },

    /** A stored rule whose template the viewer reaches, or undefined. */
    async reachableRule(viewer: Viewer, ruid: string): Promise<Rule | undefined> {
      const row = await db
        .selectFrom('rules')
        .selectAll()
        .where('ruid', '=', ruid)
        .where('rtid', 'in', reachableRtidsQuery(db, viewer))
        .executeTakeFirst();
      return row && toRule(row);
    },

    async insertRule(rtid: string, rule: RuleFields, byUid: string, nowMs: number): Promise<string> {
      const ruid = randomUUID();
      await db
        .insertInto('rules')
        .values({ ruid, ...ruleColumns(rule, rtid), created_by: byUid, created_at: nowMs, updated_at: nowMs })
        .execute();
      return ruid;
    },

    async updateRule(ruid: string, rtid: string, rule: RuleFields, nowMs: number): Promise<void> {
      await db
        .updateTable('rules')
        .set({ ...ruleColumns(rule, rtid), updated_at: nowMs })
        .where('ruid', '=', ruid)
        .execute();
    },
  };
}
export type RuleRepo = ReturnType<typeof createRuleRepo>;
