import { conditionHolds } from './conditions.ts';
import type { DeviceRuleState, EvaluableRule, RuleConfig, RuleContext, RuleFiring, RuleState } from './types.ts';

/**
 * A rule with a deviceMessage 'is' condition is momentary: each matching message is one violated
 * event and there is no complied one (ADR 0046). Every other rule is stateful.
 */
export function isMomentary(rule: EvaluableRule): boolean {
  return rule.conditions.some((c) => c.parameter === 'deviceMessage' && c.operator === 'is');
}

/** Whether a rule holds: ALL its conditions hold (a rule without conditions never does). */
export function ruleHolds(rule: EvaluableRule, ctx: RuleContext, holding: boolean, cfg: RuleConfig): boolean {
  return rule.conditions.length > 0 && rule.conditions.every((c) => conditionHolds(c, ctx, holding, cfg));
}

function geoidOf(rule: EvaluableRule): string | null {
  const c = rule.conditions.find((x) => x.parameter === 'geofence');
  return c && typeof c.value === 'string' ? c.value : null;
}

/**
 * Whether a message is live for the rules: not older than the last live fix they saw. Memory
 * and late data are never evaluated (the pipeline passes only `gps#latest` messages in order).
 */
export function isLiveForRules(state: DeviceRuleState, timeMs: number): boolean {
  return state.last === null || timeMs >= state.last.timeMs;
}

/** km/h gained per second between the previous live fix and this one; null if unknown. */
export function accelerationKmhPerS(state: DeviceRuleState, timeMs: number, speedKmh: number | null): number | null {
  const prev = state.last;
  if (!prev || prev.speedKmh === null || speedKmh === null || timeMs <= prev.timeMs) return null;
  return (speedKmh - prev.speedKmh) / ((timeMs - prev.timeMs) / 1000);
}

/**
 * One step of a stateful rule: the verdict opposite to where it stands must last `minHoldMs` or
 * `minHoldFixes` fixes before it flips (and fires); a verdict that goes back cancels it.
 */
function stepStateful(prev: RuleState, holdsNow: boolean, timeMs: number, cfg: RuleConfig): RuleState {
  if (holdsNow === prev.holding) return { holding: prev.holding, pendingSinceMs: null, pendingFixes: 0 };
  const since = prev.pendingSinceMs ?? timeMs;
  const fixes = prev.pendingFixes + 1;
  if (fixes >= cfg.minHoldFixes || timeMs - since >= cfg.minHoldMs)
    return { holding: holdsNow, pendingSinceMs: null, pendingFixes: 0 };
  return { holding: prev.holding, pendingSinceMs: since, pendingFixes: fixes };
}

export interface RulesStep<R extends EvaluableRule> {
  state: DeviceRuleState;
  fired: RuleFiring<R>[];
}

const FRESH: RuleState = { holding: false, pendingSinceMs: null, pendingFixes: 0 };

/**
 * Evaluates a vehicle's rules on one live message. `fix`: the message moved the vehicle (an
 * accepted fix): stateful rules step on it; otherwise only momentary rules are looked at (an
 * alarm without a usable position still raises its event). The state returned keeps only the
 * rules given, so a deleted rule's state goes with it.
 */
export function evaluateRules<R extends EvaluableRule>(
  rules: readonly R[],
  state: DeviceRuleState,
  ctx: RuleContext,
  fix: boolean,
  cfg: RuleConfig,
): RulesStep<R> {
  const fired: RuleFiring<R>[] = [];
  const next: Record<string, RuleState> = {};
  for (const rule of rules) {
    const prev = state.rules[rule.ruid];
    if (isMomentary(rule)) {
      if (ctx.deviceMessage !== null && ruleHolds(rule, ctx, false, cfg))
        fired.push({ rule, eventResult: 1, geoid: geoidOf(rule) });
      continue;
    }
    const current = prev ?? FRESH;
    if (!fix) {
      if (prev) next[rule.ruid] = prev;
      continue;
    }
    const stepped = stepStateful(current, ruleHolds(rule, ctx, current.holding, cfg), ctx.timeMs, cfg);
    if (stepped.holding !== current.holding)
      fired.push({ rule, eventResult: stepped.holding ? 1 : 0, geoid: geoidOf(rule) });
    // Rules at rest are not kept: the stored state stays small.
    if (stepped.holding || stepped.pendingFixes > 0) next[rule.ruid] = stepped;
  }
  const last = fix ? { timeMs: ctx.timeMs, speedKmh: ctx.speedKmh } : state.last;
  return { state: { rules: next, last }, fired };
}
