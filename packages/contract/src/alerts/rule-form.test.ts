import { describe, expect, it } from 'vitest';
import { ALERT_TEXTS } from './alerts.ts';
import { AddRuleRequestSchema, isCompleteCondition, ruleFormError, UpdateRuleRequestSchema } from './rule-form.ts';
import { validationMessage } from '../core/validation.ts';

const SPEED = { parameter: 'speed', operator: 'more', value: 90 };
const FORM = { createdBy: 'u1', ruleName: 'Laju', ruleType: 'warning', rtid: 't1', conditions: [SPEED] };

describe('rule form checks, in the order of spec 2 §5', () => {
  it.each([
    ['no user', { ...FORM, createdBy: '' }, ALERT_TEXTS.ruleUserMissing],
    [
      'no user and no name: the user comes first',
      { ...FORM, createdBy: null, ruleName: '' },
      ALERT_TEXTS.ruleUserMissing,
    ],
    ['blank name', { ...FORM, ruleName: '   ' }, ALERT_TEXTS.ruleNameEmpty],
    ['no type', { ...FORM, ruleType: null }, ALERT_TEXTS.ruleTypeEmpty],
    ['unknown type', { ...FORM, ruleType: 'urgent' }, ALERT_TEXTS.ruleTypeEmpty],
    ['no template, before the conditions', { ...FORM, rtid: '', conditions: [] }, ALERT_TEXTS.ruleTemplateEmpty],
    ['no condition', { ...FORM, conditions: [] }, ALERT_TEXTS.ruleNoCondition],
    [
      'one incomplete',
      { ...FORM, conditions: [SPEED, { parameter: 'speed', operator: 'more' }] },
      '1 Condition(s) Are/Is Not Complete',
    ],
    [
      'two incomplete',
      { ...FORM, conditions: [{ parameter: 'speed' }, SPEED, { operator: 'is', value: 1 }] },
      '2 Condition(s) Are/Is Not Complete',
    ],
    ['complete', FORM, null],
  ])('%s', (_name, form, expected) => {
    expect(ruleFormError(form)).toBe(expected);
  });
});

describe('a complete condition follows RULE_PARAMETERS', () => {
  it.each([
    [SPEED, true],
    [{ parameter: 'speed', operator: 'inside', value: 90 }, false],
    [{ parameter: 'speed', operator: 'more', value: -1 }, false],
    [{ parameter: 'speed', operator: 'more', value: '90' }, false],
    [{ parameter: 'geofence', operator: 'outside', value: 'geo-1' }, true],
    [{ parameter: 'geofence', operator: 'outside', value: ' ' }, false],
    [{ parameter: 'parkingTime', operator: 'more', value: 600_000 }, true],
    [{ parameter: 'idlingTime', operator: 'less', value: 60_000 }, true],
    [{ parameter: 'activeDay', operator: 'include', value: [0, 6] }, true],
    [{ parameter: 'activeDay', operator: 'exclude', value: [7] }, false],
    [{ parameter: 'activeDay', operator: 'exclude', value: [] }, false],
    [{ parameter: 'activeTime', operator: 'before', value: '0000' }, true],
    [{ parameter: 'activeTime', operator: 'after', value: '2359' }, true],
    [{ parameter: 'activeTime', operator: 'after', value: '2400' }, false],
    [{ parameter: 'activeTime', operator: 'after', value: '1260' }, false],
    [{ parameter: 'activeTime', operator: 'after', value: 930 }, false],
    [{ parameter: 'deviceMessage', operator: 'is', value: 'help me' }, true],
    [{ parameter: 'deviceMessage', operator: 'isNot', value: 'hello' }, false],
    [{ parameter: 'cellularStatus', operator: 'is', value: 1 }, true],
    [{ parameter: 'engineStatus', operator: 'isNot', value: 0 }, true],
    [{ parameter: 'gpsStatus', operator: 'is', value: 2 }, false],
    [{ parameter: 'accelerate', operator: 'more', value: 12.5 }, true],
    [{ parameter: 'toString', operator: 'is', value: 1 }, false],
  ])('%j: %s', (condition, complete) => {
    expect(isCompleteCondition(condition)).toBe(complete);
  });
});

describe('the rule requests', () => {
  const fail = (schema: typeof AddRuleRequestSchema | typeof UpdateRuleRequestSchema, body: unknown) => {
    const r = schema.safeParse(body);
    return r.success ? null : validationMessage(r.error);
  };

  it('answer the first check in the spec order, as the text alone', () => {
    const { rtid, ...rule } = FORM;
    expect(fail(AddRuleRequestSchema, { rtid: '', rule: { ...rule, conditions: [] } })).toBe(
      ALERT_TEXTS.ruleTemplateEmpty,
    );
    expect(fail(AddRuleRequestSchema, { rtid, rule: { ...rule, ruleType: undefined, ruleName: '' } })).toBe(
      ALERT_TEXTS.ruleNameEmpty,
    );
    expect(fail(AddRuleRequestSchema, { rtid, rule: { ...rule, conditions: [{ parameter: 'speed' }, {}] } })).toBe(
      '2 Condition(s) Are/Is Not Complete',
    );
    expect(fail(UpdateRuleRequestSchema, { rule: { ...rule, ruid: 'r1', rtid: null } })).toBe(
      ALERT_TEXTS.ruleTemplateEmpty,
    );
  });

  it('fill the complied and violated names when left empty', () => {
    const { rtid, ...rule } = FORM;
    const parsed = AddRuleRequestSchema.parse({
      rtid,
      rule: { ...rule, ruleCompliedName: '', ruleViolatedName: 'Terlalu laju' },
    });
    expect(parsed.rule.ruleCompliedName).toBe('Rule "Laju" Complied');
    expect(parsed.rule.ruleViolatedName).toBe('Terlalu laju');
    expect(parsed.rule.conditions).toEqual([SPEED]);
    expect(parsed.rule.triggerType).toBeNull();
  });
});
