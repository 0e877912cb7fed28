import { z } from 'zod';
import {
  ALERT_TEXTS,
  defaultRuleNames,
  DEVICE_MESSAGE_VALUES,
  RULE_PARAMETERS,
  RULE_TYPES,
  type Condition,
  type RuleParameter,
  type RuleType,
} from './alerts.ts';
import { InstantMs, nameText, RequiredId, SPEC_TEXT_PARAMS, text } from '../core/fields.ts';

/*
 * The rule form's checks (spec 2 §5), in the spec's order, shared by the console's form and the
 * server's request schema so both give the same first message.
 */

/** A condition as a form may hold it while it is being filled in. */
export interface ConditionDraft {
  parameter?: string | null;
  operator?: string | null;
  value?: number | string | readonly number[] | null;
}

/** The fields of the rule form the checks read; rtid is the chosen template. */
export interface RuleFormDraft {
  createdBy?: string | null;
  ruleName?: string | null;
  ruleType?: string | null;
  rtid?: string | null;
  conditions?: readonly ConditionDraft[] | null;
}

/** 24-hour 'HHmm', 0000 to 2359 (spec 2 §5 condition value forms). */
const HHMM = /^([01]\d|2[0-3])[0-5]\d$/;
const MAX_NUMBER = 1e9;

function isParameter(p: string | null | undefined): p is RuleParameter {
  return typeof p === 'string' && Object.hasOwn(RULE_PARAMETERS, p);
}

function valueFits(kind: (typeof RULE_PARAMETERS)[RuleParameter]['value'], value: ConditionDraft['value']): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_NUMBER;
    case 'geoid':
      return typeof value === 'string' && value.trim().length > 0;
    case 'days':
      return (
        Array.isArray(value) &&
        value.length > 0 &&
        value.every((d) => typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= 6)
      );
    case 'hhmm':
      return typeof value === 'string' && HHMM.test(value);
    case 'message':
      return typeof value === 'string' && DEVICE_MESSAGE_VALUES.includes(value);
    case 'flag':
      return value === 0 || value === 1;
  }
}

/**
 * A condition is complete when its parameter is one of spec 2 §9's, its operator is one that
 * parameter takes, and its value is of the parameter's kind (a number in range, a geofence id,
 * days 0–6, 'HHmm', a device message, or 0/1).
 */
export function isCompleteCondition(c: ConditionDraft): c is Condition {
  if (!isParameter(c.parameter)) return false;
  const spec = RULE_PARAMETERS[c.parameter];
  if (!(spec.operators as readonly string[]).includes(c.operator ?? '')) return false;
  return valueFits(spec.value, c.value ?? null);
}

/** '{n} Condition(s) Are/Is Not Complete' for n incomplete conditions. */
export function conditionsIncompleteText(n: number): string {
  return ALERT_TEXTS.ruleConditionsIncomplete.replace('{n}', String(n));
}

const blank = (v: string | null | undefined) => typeof v !== 'string' || v.trim().length === 0;

/** The first failed check of the rule form in the spec's order, or null when it passes. */
export function ruleFormError(f: RuleFormDraft): string | null {
  if (blank(f.createdBy)) return ALERT_TEXTS.ruleUserMissing;
  if (blank(f.ruleName)) return ALERT_TEXTS.ruleNameEmpty;
  if (!(RULE_TYPES as readonly (string | null | undefined)[]).includes(f.ruleType)) return ALERT_TEXTS.ruleTypeEmpty;
  if (blank(f.rtid)) return ALERT_TEXTS.ruleTemplateEmpty;
  const conditions = f.conditions ?? [];
  if (conditions.length === 0) return ALERT_TEXTS.ruleNoCondition;
  const incomplete = conditions.filter((c) => !isCompleteCondition(c)).length;
  return incomplete > 0 ? conditionsIncompleteText(incomplete) : null;
}

// ---------------------------------------------------------------- requests

/** Fields are loose here (a half-filled form parses) so the ordered check alone gives the message. */
const ConditionDraftSchema = z.object({
  parameter: text().max(40).nullish(),
  operator: text().max(40).nullish(),
  value: z.union([z.number(), text().max(64), z.array(z.number()).max(7)]).nullish(),
});

const RuleDraftSchema = z.object({
  createdAt: InstantMs.optional(),
  createdBy: text().max(64).nullish(),
  ruleName: nameText().trim().max(120).nullish(),
  ruleType: text().max(20).nullish(),
  /** Empty: 'Rule "{name}" Complied'. */
  ruleCompliedName: nameText().trim().max(120).nullish(),
  /** Empty: 'Rule "{name}" Violated'. */
  ruleViolatedName: nameText().trim().max(120).nullish(),
  conditions: z.array(ConditionDraftSchema).max(20).nullish(),
  triggerType: text().max(40).nullish(),
  templateType: text().max(40).nullish(),
});
type RuleDraft = z.infer<typeof RuleDraftSchema>;

/** A rule as a request carries it once the form's checks passed; empty names take the defaults. */
export interface RuleFields {
  createdAt?: number;
  createdBy: string;
  ruleName: string;
  ruleType: RuleType;
  ruleCompliedName: string;
  ruleViolatedName: string;
  conditions: Condition[];
  triggerType: string | null;
  templateType: string | null;
}

function checked(draft: RuleDraft, rtid: string | null | undefined, ctx: z.RefinementCtx): void {
  const message = ruleFormError({ ...draft, rtid });
  if (message) ctx.addIssue({ code: 'custom', message, path: [], params: SPEC_TEXT_PARAMS });
}

const orDefault = (v: string | null | undefined, fallback: string) => (v ? v : fallback);

/** Runs after `checked` passed, so every field it narrows is there. */
function fields(d: RuleDraft): RuleFields {
  const ruleName = d.ruleName ?? '';
  const names = defaultRuleNames(ruleName);
  return {
    ...(d.createdAt === undefined ? {} : { createdAt: d.createdAt }),
    createdBy: d.createdBy ?? '',
    ruleName,
    ruleType: RULE_TYPES.find((t) => t === d.ruleType) ?? 'info',
    ruleCompliedName: orDefault(d.ruleCompliedName, names.complied),
    ruleViolatedName: orDefault(d.ruleViolatedName, names.violated),
    conditions: (d.conditions ?? []).filter(isCompleteCondition),
    triggerType: d.triggerType ?? null,
    templateType: d.templateType ?? null,
  };
}

/** POST /rule/add {rtid, rule} (spec 2 §7), checked in the spec's order (§5). */
export const AddRuleRequestSchema = z
  .object({ rtid: text().max(64).nullish(), rule: RuleDraftSchema })
  .superRefine((r, ctx) => checked(r.rule, r.rtid, ctx))
  .transform((r) => ({ rtid: r.rtid ?? '', rule: fields(r.rule) }));
export type AddRuleRequest = z.infer<typeof AddRuleRequestSchema>;

/** POST /rule/update {rule}: rule.rtid moves it to another template (DEFAULT trims to one condition). */
export const UpdateRuleRequestSchema = z
  .object({ rule: RuleDraftSchema.extend({ ruid: RequiredId, rtid: text().max(64).nullish() }) })
  .superRefine((r, ctx) => checked(r.rule, r.rule.rtid, ctx))
  .transform((r) => ({ rule: { ...fields(r.rule), ruid: r.rule.ruid, rtid: r.rule.rtid ?? '' } }));
export type UpdateRuleRequest = z.infer<typeof UpdateRuleRequestSchema>;
