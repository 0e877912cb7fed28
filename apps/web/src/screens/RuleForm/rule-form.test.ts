import { ALERT_TEXTS, type RuleTemplate } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import {
  findRule,
  ruidCandidates,
  ruleFields,
  ruleFormProblem,
  toCondition,
  toDraft,
  trimForDefault,
  withParameter,
  type RuleFormValues,
} from './rule-form.ts';

const complete: RuleFormValues = {
  ruleName: 'Fast',
  ruleType: 'info',
  rtid: 'rt1',
  conditions: [{ parameter: 'speed', operator: 'more', value: 90 }],
};

describe('ruleFormProblem: the checks of spec 2 §5, in order', () => {
  it.each<[string, string | undefined, RuleFormValues, string | null]>([
    ['no user', undefined, {}, ALERT_TEXTS.ruleUserMissing],
    ['no name', 'u1', { ...complete, ruleName: '  ' }, ALERT_TEXTS.ruleNameEmpty],
    ['no type', 'u1', { ...complete, ruleType: undefined }, ALERT_TEXTS.ruleTypeEmpty],
    ['no template', 'u1', { ...complete, rtid: undefined }, ALERT_TEXTS.ruleTemplateEmpty],
    ['no condition', 'u1', { ...complete, conditions: [] }, ALERT_TEXTS.ruleNoCondition],
    [
      'two incomplete',
      'u1',
      {
        ...complete,
        conditions: [{ parameter: 'speed' }, ...complete.conditions!, { parameter: 'geofence', operator: 'inside' }],
      },
      '2 Condition(s) Are/Is Not Complete',
    ],
    ['complete', 'u1', complete, null],
    [
      'minutes and a device message',
      'u1',
      {
        ...complete,
        conditions: [
          { parameter: 'parkingTime', operator: 'more', value: 15 },
          { parameter: 'deviceMessage', operator: 'is', value: 'help me' },
        ],
      },
      null,
    ],
    [
      'a time past 2359',
      'u1',
      { ...complete, conditions: [{ parameter: 'activeTime', operator: 'before', value: '2400' }] },
      '1 Condition(s) Are/Is Not Complete',
    ],
  ])('%s', (_, uid, values, problem) => {
    expect(ruleFormProblem(uid, values)).toBe(problem);
  });
});

describe('durations: minutes entered, ms stored (spec 2 §5)', () => {
  it('stores 15 minutes as 900000 ms and shows it back as 15', () => {
    const stored = toCondition({ parameter: 'parkingTime', operator: 'more', value: 15 });
    expect(stored.value).toBe(900_000);
    expect(toDraft(stored).value).toBe(15);
  });
  it('keeps km/h as entered', () => {
    expect(toCondition({ parameter: 'speed', operator: 'more', value: 80 }).value).toBe(80);
  });
  it('a new parameter starts with its first operator and no value', () => {
    expect(withParameter('activeDay')).toEqual({ parameter: 'activeDay', operator: 'include', value: undefined });
  });
});

describe('DEFAULT and the edit route', () => {
  it('selecting DEFAULT keeps the first condition only (spec 2 §4)', () => {
    expect(trimForDefault([{ parameter: 'speed' }, { parameter: 'gpsStatus' }])).toEqual([{ parameter: 'speed' }]);
  });
  it('reads the rule id from the hash (prefixed ru) or the path', () => {
    expect(ruidCandidates('abc', '')).toEqual(['abc']);
    expect(ruidCandidates(undefined, '#ruabc')).toEqual(['ruabc', 'abc']);
    expect(ruidCandidates('x', '#abc')).toEqual(['abc', 'x']);
  });
  it('finds the first candidate that exists', () => {
    const rule = { ruid: 'abc' } as RuleTemplate['rules'][number];
    const templates = [{ rtid: 'rt', rules: [rule] }] as unknown as RuleTemplate[];
    expect(findRule(templates, ['ruabc', 'abc'])).toBe(rule);
    expect(findRule(templates, ['zzz'])).toBeUndefined();
  });
  it('sends trimmed names; empty complied and violated names are left to the server default', () => {
    const fields = ruleFields('u1', { ...complete, ruleName: ' Fast ', ruleCompliedName: ' ' });
    expect(fields).toMatchObject({ createdBy: 'u1', ruleName: 'Fast', ruleCompliedName: '', ruleViolatedName: '' });
  });
});
