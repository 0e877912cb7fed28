import {
  ALERT_TEXTS,
  BUILT_IN_RULE_PREFIX,
  conditionsIncompleteText,
  DEFAULT_RULE_TEMPLATE,
  type AddRuleRequest,
  type Rule,
  type RuleFields,
  type RuleTemplate,
  type UpdateRuleRequest,
} from '@jejak/contract';
import { FLEET_HOLDER_ROLES, type User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

export interface RuleServiceDeps {
  data: UnitOfWork<'rules' | 'geofences' | 'audit' | 'users'>;
  bus: Bus;
  now: () => number;
}

const templateNotFound = () => AppError.notFound(ALERT_TEXTS.ruleTemplateNotFound);
const ruleNotFound = () => AppError.notFound(ALERT_TEXTS.ruleNotFound);

/**
 * Rule templates and rules (spec 2 §2–§5, §7; ADR 0045): the manageAlerts grant, then reach — a
 * template owned in the caller's subtree or given to the caller; anything else answers like a
 * missing one. DEFAULT holds the built-in alarm rules (not rows): it is not renamed and takes no
 * new rule, but an edited rule may move into it (trimmed to its first condition). Every change
 * tells the pipeline (bus 'rules.changed'), which reloads those templates' vehicles' rules.
 */
export function createRuleService(deps: RuleServiceDeps) {
  const { bus, now } = deps;
  const { repos, transaction } = deps.data;
  const { users, rules } = repos;

  async function template(caller: User, rtid: string): Promise<RuleTemplate> {
    const [t] = await rules.reachable(viewerOf(caller), [rtid]);
    if (!t) throw templateNotFound();
    return t;
  }

  /** Geofence conditions must name geofences the caller reaches; those that do not are incomplete. */
  async function requireReachableGeofences(caller: User, rule: RuleFields): Promise<void> {
    const geoids = rule.conditions.flatMap((c) => (c.parameter === 'geofence' ? [String(c.value)] : []));
    if (geoids.length === 0) return;
    const visible = new Set((await repos.geofences.visible(viewerOf(caller))).map((g) => g.geoid));
    const missing = geoids.filter((g) => !visible.has(g)).length;
    if (missing > 0) throw AppError.validation(conditionsIncompleteText(missing));
  }

  async function storedRule(caller: User, ruid: string): Promise<Rule> {
    const r = await rules.reachableRule(viewerOf(caller), ruid);
    if (!r) throw ruleNotFound();
    return r;
  }

  const changed = (rtids: string[]) => bus.publish('rules.changed', { rtids: [...new Set(rtids)] });

  return {
    /** The templates named, or (none named) every template `uid` owns or was given. */
    async templates(caller: User, rtids: readonly string[], uid: string | undefined): Promise<RuleTemplate[]> {
      requireCall(caller, 'manageAlerts');
      if (rtids.length > 0) return rules.reachable(viewerOf(caller), rtids);
      const target = uid === undefined ? caller : (await reachableUser(users, caller, uid)).user;
      if (FLEET_HOLDER_ROLES.includes(target.userRole)) await rules.ensureDefault(target.uid, now());
      return rules.ofUser(target.uid);
    },

    async addTemplate(actor: Actor, ownerUid: string, name: string): Promise<RuleTemplate> {
      const caller = actor.user;
      requireCall(caller, 'manageAlerts');
      const owner = (await reachableUser(users, caller, ownerUid)).user;
      if (name.toUpperCase() === DEFAULT_RULE_TEMPLATE || (await rules.nameTaken(owner.uid, name, null)))
        throw AppError.validation(ALERT_TEXTS.ruleTemplateNameTaken);
      const at = now();
      const rtid = await transaction(async (tx) => {
        const id = await tx.rules.insertTemplate(owner.uid, name, caller.uid, at);
        await tx.audit(
          auditActor(actor),
          { action: 'ruletemplate.add', targetType: 'ruletemplate', targetId: id, details: { uid: owner.uid, name } },
          at,
        );
        return id;
      });
      changed([rtid]);
      return template(caller, rtid);
    },

    async renameTemplate(actor: Actor, uid: string, rtid: string, name: string): Promise<RuleTemplate> {
      const caller = actor.user;
      requireCall(caller, 'manageAlerts');
      await reachableUser(users, caller, uid);
      const t = await template(caller, rtid);
      if (t.templateName === DEFAULT_RULE_TEMPLATE) throw AppError.validation(ALERT_TEXTS.defaultTemplateReadOnly);
      if (name.toUpperCase() === DEFAULT_RULE_TEMPLATE || (await rules.nameTaken(t.uid, name, rtid)))
        throw AppError.validation(ALERT_TEXTS.ruleTemplateNameTaken);
      const at = now();
      await transaction(async (tx) => {
        await tx.rules.renameTemplate(rtid, name, caller.uid, at);
        await tx.audit(
          auditActor(actor),
          { action: 'ruletemplate.update', targetType: 'ruletemplate', targetId: rtid, details: { name } },
          at,
        );
      });
      changed([rtid]);
      return template(caller, rtid);
    },

    async addRule(actor: Actor, req: AddRuleRequest): Promise<Rule> {
      const caller = actor.user;
      requireCall(caller, 'manageAlerts');
      const t = await template(caller, req.rtid);
      if (t.templateName === DEFAULT_RULE_TEMPLATE) throw AppError.validation(ALERT_TEXTS.defaultNotSelectable);
      await requireReachableGeofences(caller, req.rule);
      const at = now();
      const ruid = await transaction(async (tx) => {
        const id = await tx.rules.insertRule(req.rtid, req.rule, caller.uid, at);
        await tx.audit(
          auditActor(actor),
          { action: 'rule.add', targetType: 'rule', targetId: id, details: { rtid: req.rtid, ...req.rule } },
          at,
        );
        return id;
      });
      changed([req.rtid]);
      return storedRule(caller, ruid);
    },

    async updateRule(actor: Actor, req: UpdateRuleRequest): Promise<Rule> {
      const caller = actor.user;
      requireCall(caller, 'manageAlerts');
      const { ruid, rtid, ...fields } = req.rule;
      if (ruid.startsWith(BUILT_IN_RULE_PREFIX)) throw AppError.validation(ALERT_TEXTS.builtInRuleReadOnly);
      const before = await storedRule(caller, ruid);
      const t = await template(caller, rtid);
      // Spec 2 §4: DEFAULT holds single-condition rules; a rule moved into it keeps its first.
      const rule =
        t.templateName === DEFAULT_RULE_TEMPLATE ? { ...fields, conditions: fields.conditions.slice(0, 1) } : fields;
      await requireReachableGeofences(caller, rule);
      const at = now();
      await transaction(async (tx) => {
        await tx.rules.updateRule(ruid, rtid, rule, at);
        await tx.audit(
          auditActor(actor),
          {
            action: 'rule.update',
            targetType: 'rule',
            targetId: ruid,
            details: { fromRtid: before.rtid, rtid, ...rule },
          },
          at,
        );
      });
      changed([before.rtid, rtid]);
      return storedRule(caller, ruid);
    },
  };
}
export type RuleService = ReturnType<typeof createRuleService>;
