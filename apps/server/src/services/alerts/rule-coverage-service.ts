import {
  ALERT_TEXTS,
  DEFAULT_RULE_TEMPLATE,
  RULE_COVERAGE_TEXTS,
  type ApplyRuleTemplateRequest,
  type RuleCoverage,
  type RuleCoverageResponse,
  type RuleTemplate,
} from '@jejak/contract';
import type { User } from '@jejak/domain';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../errors.ts';
import { coverageOf } from '../../storage/repos/alerts/rule-coverage-repo.ts';
import type { UnitOfWork } from '../../storage/repos/unit-of-work.ts';
import { auditActor, reachableUser, requireCall, viewerOf, type Actor } from '../access.ts';

export interface RuleCoverageServiceDeps {
  data: UnitOfWork<'rules' | 'ruleCoverage' | 'audit' | 'users'>;
  bus: Bus;
  now: () => number;
}

/**
 * What each rule template watches, and applying one to many vehicles (issue 26 item 3, ADR 0074):
 * the manageAlerts grant, then reach — the template's owner must be in the caller's subtree
 * (a template merely given to the caller is not applied to its owner's fleet). DEFAULT is on
 * every vehicle already and, as on the rule form, is not chosen.
 */
export function createRuleCoverageService(deps: RuleCoverageServiceDeps) {
  const { bus, now } = deps;
  const { repos, transaction } = deps.data;

  /** Of `ownerUid`'s vehicles and groups; the owner's DEFAULT watches every one (the rule loader's reading). */
  async function coverageFor(
    ownerUid: string,
    templates: readonly Pick<RuleTemplate, 'rtid' | 'uid' | 'templateName'>[],
  ) {
    const [vehicles, groups, links] = await Promise.all([
      repos.ruleCoverage.vehiclesOf(ownerUid),
      repos.ruleCoverage.groupsOf(ownerUid),
      repos.ruleCoverage.links(templates.map((t) => t.rtid)),
    ]);
    const all = new Set(vehicles.map((v) => v.vid));
    const coverage = templates.map((t) =>
      coverageOf(
        t.rtid,
        t.templateName === DEFAULT_RULE_TEMPLATE && t.uid === ownerUid ? all : (links.get(t.rtid) ?? new Set()),
        vehicles,
        groups,
      ),
    );
    return { coverage, vehicles, groups };
  }

  return {
    /** Every template `uid` owns or was given, with the vehicles and groups of `uid` it watches. */
    async coverage(caller: User, uid: string): Promise<Omit<RuleCoverageResponse, 'status'>> {
      requireCall(caller, 'manageAlerts');
      const target = (await reachableUser(repos.users, caller, uid)).user;
      const templates = await repos.rules.ofUser(target.uid);
      const { coverage, vehicles, groups } = await coverageFor(target.uid, templates);
      return {
        coverage,
        vehicleCount: vehicles.length,
        groups: groups.map((g) => ({ vgid: g.vgid, groupName: g.groupName, vehicleCount: g.vids.length })),
      };
    },

    /** Links the template to all of its owner's vehicles, or to the owner's vehicles in one group. */
    async apply(actor: Actor, req: ApplyRuleTemplateRequest): Promise<{ added: number; coverage: RuleCoverage }> {
      const caller = actor.user;
      requireCall(caller, 'manageAlerts');
      const [t] = await repos.rules.reachable(viewerOf(caller), [req.rtid]);
      if (!t) throw AppError.notFound(ALERT_TEXTS.ruleTemplateNotFound);
      await reachableUser(repos.users, caller, t.uid).catch(() => {
        throw AppError.notFound(ALERT_TEXTS.ruleTemplateNotFound);
      });
      if (t.templateName === DEFAULT_RULE_TEMPLATE)
        throw AppError.validation(RULE_COVERAGE_TEXTS.defaultOnEveryVehicle);
      const at = now();
      const { added, before } = await transaction(async (tx) => {
        let vids: string[];
        if (req.vgid === null) vids = (await tx.ruleCoverage.vehiclesOf(t.uid)).map((v) => v.vid);
        else {
          const group = (await tx.ruleCoverage.groupsOf(t.uid)).find((g) => g.vgid === req.vgid);
          if (!group) throw AppError.notFound(RULE_COVERAGE_TEXTS.groupNotFound);
          vids = group.vids;
        }
        const held = await tx.ruleCoverage.rtidsOf(vids);
        const n = await tx.ruleCoverage.link(t.rtid, vids);
        await tx.audit(
          auditActor(actor),
          {
            action: 'ruletemplate.apply',
            targetType: 'ruletemplate',
            targetId: t.rtid,
            details: { uid: t.uid, vgid: req.vgid, vehicles: vids.length, added: n },
          },
          at,
        );
        return { added: n, before: held };
      });
      // The vehicles reload their rules: they all hold their owner's DEFAULT (in `before`).
      bus.publish('rules.changed', { rtids: [...new Set([t.rtid, ...before])] });
      const { coverage } = await coverageFor(t.uid, [t]);
      return { added, coverage: coverage[0] ?? { rtid: t.rtid, vehicles: [], groups: [] } };
    },
  };
}
export type RuleCoverageService = ReturnType<typeof createRuleCoverageService>;
