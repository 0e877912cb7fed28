import type { GeofenceDto, GeofenceTemplateDto, RuleTemplate } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import {
  geofencesFromKeys,
  geofenceTree,
  keysFromGeofences,
  keysFromRules,
  ruleTree,
  rulesFromKeys,
} from './notification-trees.ts';

const rule = (ruid: string, ruleName: string) => ({
  ruid,
  ruleName,
  ruleCompliedName: '',
  ruleViolatedName: `${ruleName} V`,
});
const templates = [
  { rtid: 'b', templateName: 'Zeta', rules: [rule('r2', 'Slow')] },
  { rtid: 'a', templateName: 'DEFAULT', rules: [rule('builtin.sos', 'SOS')] },
  { rtid: 'c', templateName: 'Empty', rules: [] },
] as unknown as RuleTemplate[];

describe('Rule Engine tree (spec 2 §2): templates → rules → complied / violated', () => {
  it('lists templates by name with their rules, leaves named by the rule', () => {
    const tree = ruleTree(templates, { complied: 'Complied', violated: 'Violated' });
    expect(tree.map((t) => t.title)).toEqual(['DEFAULT', 'Zeta']);
    expect(tree[1]?.children?.[0]?.children?.map((l) => l.title)).toEqual(['Complied', 'Slow V']);
  });
  it('round-trips the notification rules through checked keys', () => {
    const rules = {
      b: { r2: { c: 1 as const, v: 1 as const } },
      a: { 'builtin.sos': { c: 0 as const, v: 1 as const } },
    };
    expect(rulesFromKeys(keysFromRules(rules))).toEqual(rules);
  });
  it('ignores parent keys', () => {
    expect(rulesFromKeys(['["t","b"]', '["r","b","r2"]'])).toEqual({});
  });
});

describe('Geofences tree (spec 2 §2): UNGROUP first', () => {
  const geofences = [
    { geoid: 'g1', geofenceName: 'Port' },
    { geoid: 'g2', geofenceName: 'Depot' },
  ] as GeofenceDto[];
  const gts = [
    { gtid: 't2', templateName: 'Areas', geofences: ['g1'] },
    { gtid: 't1', templateName: 'UNGROUP', geofences: ['g1', 'g2'] },
  ] as GeofenceTemplateDto[];
  it('orders templates UNGROUP first, geofences by name', () => {
    const tree = geofenceTree(gts, geofences);
    expect(tree.map((t) => t.title)).toEqual(['UNGROUP', 'Areas']);
    expect(tree[0]?.children?.map((g) => g.title)).toEqual(['Depot', 'Port']);
  });
  it('round-trips the notification geofences', () => {
    const chosen = { t1: ['g2', 'g1'], t2: ['g1'] };
    expect(geofencesFromKeys(keysFromGeofences(chosen))).toEqual(chosen);
  });
});
