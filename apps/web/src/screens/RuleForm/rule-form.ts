import {
  ALERT_TEXTS,
  DEFAULT_RULE_TEMPLATE,
  MINUTE_MS,
  RULE_PARAMETERS,
  ruleFormError,
  type Condition,
  type Rule,
  type RuleOperator,
  type RuleParameter,
  type RuleTemplate,
  type RuleType,
} from '@jejak/contract';
import { withValue, type FieldRule } from '../../ui/forms/field-errors.ts';

/** One condition as the form holds it: durations in minutes (spec 2 §5 "entered in minutes"). */
export interface ConditionDraft {
  parameter?: RuleParameter;
  operator?: RuleOperator;
  value?: number | string | number[];
}

export interface RuleFormValues {
  ruleName?: string;
  ruleType?: RuleType;
  rtid?: string;
  ruleCompliedName?: string;
  ruleViolatedName?: string;
  conditions?: ConditionDraft[];
}

/** Parameters whose value is entered in minutes and stored in ms (spec 2 §9). */
const IN_MINUTES: ReadonlySet<RuleParameter> = new Set(['parkingTime', 'idlingTime']);

export function isDefaultTemplate(template: Pick<RuleTemplate, 'templateName'> | undefined): boolean {
  return template?.templateName === DEFAULT_RULE_TEMPLATE;
}

/**
 * The first problem of the form, in the order of spec 2 §5, or null: the contract's check, the
 * one the server runs on the same fields.
 */
export function ruleFormProblem(uid: string | undefined, values: RuleFormValues): string | null {
  return ruleFormError({
    createdBy: uid,
    ruleName: values.ruleName,
    ruleType: values.ruleType,
    rtid: values.rtid,
    conditions: (values.conditions ?? []).map(toCondition),
  });
}

/** A draft as the server stores it (minutes → ms); only complete ones are sent. */
export function toCondition(c: ConditionDraft): Condition {
  const parameter = c.parameter as RuleParameter;
  const value = c.value as Condition['value'];
  return {
    parameter,
    operator: c.operator as RuleOperator,
    value: parameter && IN_MINUTES.has(parameter) && typeof value === 'number' ? value * MINUTE_MS : value,
  };
}

/** A stored condition as the form shows it (ms → minutes). */
export function toDraft(c: Condition): ConditionDraft {
  const value = IN_MINUTES.has(c.parameter) && typeof c.value === 'number' ? c.value / MINUTE_MS : c.value;
  return { parameter: c.parameter, operator: c.operator, value };
}

/** Selecting DEFAULT keeps only the first condition (spec 2 §4). */
export function trimForDefault(conditions: readonly ConditionDraft[]): ConditionDraft[] {
  return conditions.slice(0, 1);
}

/** A changed parameter starts with its first operator and no value. */
export function withParameter(parameter: RuleParameter): ConditionDraft {
  return { parameter, operator: RULE_PARAMETERS[parameter].operators[0], value: undefined };
}

/** The form's values for a stored rule. */
export function ruleToValues(rule: Rule): RuleFormValues {
  return {
    ruleName: rule.ruleName,
    ruleType: rule.ruleType,
    rtid: rule.rtid,
    ruleCompliedName: rule.ruleCompliedName,
    ruleViolatedName: rule.ruleViolatedName,
    conditions: rule.conditions.map(toDraft),
  };
}

/** The fields of /rule/add and /rule/update (spec 2 §7); empty names get the server's defaults. */
export function ruleFields(uid: string, values: RuleFormValues) {
  return {
    createdBy: uid,
    ruleName: values.ruleName?.trim() ?? '',
    ruleType: values.ruleType as RuleType,
    ruleCompliedName: values.ruleCompliedName?.trim() ?? '',
    ruleViolatedName: values.ruleViolatedName?.trim() ?? '',
    conditions: (values.conditions ?? []).map(toCondition),
    triggerType: null,
    templateType: null,
  };
}

/**
 * The ids an edit route may name, most specific first: the hash (spec 2 §2 "read from the URL
 * hash, prefixed 'ru'": '#ru{ruid}', or the id itself) and then the path's '/Edit/{ruid}'.
 */
export function ruidCandidates(param: string | undefined, hash: string): string[] {
  const raw = decodeURIComponent(hash.replace(/^#/, ''));
  const ids = [raw, raw.startsWith('ru') ? raw.slice(2) : '', param ?? ''];
  return ids.filter((id, i) => id !== '' && ids.indexOf(id) === i);
}

/** The rule in the navigation state ({rule}), when there is one. */
export function stateRule(state: unknown): Rule | undefined {
  if (typeof state !== 'object' || state === null || !('rule' in state)) return undefined;
  const rule = state.rule;
  return typeof rule === 'object' && rule !== null && 'ruid' in rule ? (rule as Rule) : undefined;
}

/** Finds a rule among the templates (the fresh copy wins over the state's). */
export function findRule(templates: readonly RuleTemplate[], ruids: readonly string[]): Rule | undefined {
  for (const ruid of ruids) {
    for (const t of templates) {
      const rule = t.rules.find((r) => r.ruid === ruid);
      if (rule) return rule;
    }
  }
  return undefined;
}

/** The field each of the form's messages (the console's checks and the server's answers) is shown at. */
export const RULE_FIELD_ERRORS: readonly FieldRule[] = [
  [ALERT_TEXTS.ruleNameEmpty, 'ruleName'],
  [ALERT_TEXTS.ruleTypeEmpty, 'ruleType'],
  [[ALERT_TEXTS.ruleTemplateEmpty, ALERT_TEXTS.ruleTemplateNotFound, ALERT_TEXTS.defaultNotSelectable], 'rtid'],
  [[ALERT_TEXTS.ruleNoCondition, withValue(ALERT_TEXTS.ruleConditionsIncomplete)], 'conditions'],
];
