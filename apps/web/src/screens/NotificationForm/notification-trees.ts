import type { GeofenceDto, GeofenceTemplateDto, RuleTemplate } from '@jejak/contract';
import type { GeofenceChoice, RuleFlags } from './notification-form.ts';

/** The built-in geofence template, listed first (spec 2 §2). */
export const UNGROUP_TEMPLATE = 'UNGROUP';

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

// Keys carry the ids as JSON, so no id can be confused with a separator.
const key = (...parts: string[]) => JSON.stringify(parts);
function parse(k: string): string[] {
  try {
    const parts: unknown = JSON.parse(k);
    return Array.isArray(parts) ? parts.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** Rule Engine: templates, then their rules, then the complied and violated variants (spec 2 §2). */
export function ruleTree(
  templates: readonly RuleTemplate[],
  words: { complied: string; violated: string },
): TreeNode[] {
  return [...templates]
    .sort((a, b) => a.templateName.localeCompare(b.templateName))
    .filter((t) => t.rules.length > 0)
    .map((t) => ({
      key: key('t', t.rtid),
      title: t.templateName,
      children: t.rules.map((r) => ({
        key: key('r', t.rtid, r.ruid),
        title: r.ruleName,
        children: [
          { key: key('c', t.rtid, r.ruid), title: r.ruleCompliedName || words.complied },
          { key: key('v', t.rtid, r.ruid), title: r.ruleViolatedName || words.violated },
        ],
      })),
    }));
}

/** The notification's rules from the checked leaves: rtid → ruid → {c, v}. */
export function rulesFromKeys(checked: readonly string[]): RuleFlags {
  const rules: RuleFlags = {};
  for (const k of checked) {
    const [kind, rtid, ruid] = parse(k);
    if ((kind !== 'c' && kind !== 'v') || !rtid || !ruid) continue;
    const byRule = (rules[rtid] ??= {});
    const flags = (byRule[ruid] ??= { c: 0, v: 0 });
    flags[kind] = 1;
  }
  return rules;
}

/** The checked leaves of stored rules. */
export function keysFromRules(rules: RuleFlags): string[] {
  const keys: string[] = [];
  for (const [rtid, byRule] of Object.entries(rules))
    for (const [ruid, flags] of Object.entries(byRule)) {
      if (flags.c === 1) keys.push(key('c', rtid, ruid));
      if (flags.v === 1) keys.push(key('v', rtid, ruid));
    }
  return keys;
}

/** Geofences: templates (UNGROUP first, then by name), then their geofences by name (spec 2 §2). */
export function geofenceTree(templates: readonly GeofenceTemplateDto[], geofences: readonly GeofenceDto[]): TreeNode[] {
  const names = new Map(geofences.map((g) => [g.geoid, g.geofenceName]));
  const rank = (t: GeofenceTemplateDto) => (t.templateName === UNGROUP_TEMPLATE ? 0 : 1);
  return [...templates]
    .sort((a, b) => rank(a) - rank(b) || a.templateName.localeCompare(b.templateName))
    .map((t) => ({
      key: key('gt', t.gtid),
      title: t.templateName,
      children: t.geofences
        .filter((geoid) => names.has(geoid))
        .map((geoid) => ({ key: key('g', t.gtid, geoid), title: names.get(geoid) ?? geoid }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    }))
    .filter((t) => t.children.length > 0);
}

/** The notification's geofences from the checked leaves: gtid → geoids. */
export function geofencesFromKeys(checked: readonly string[]): GeofenceChoice {
  const out: GeofenceChoice = {};
  for (const k of checked) {
    const [kind, gtid, geoid] = parse(k);
    if (kind !== 'g' || !gtid || !geoid) continue;
    (out[gtid] ??= []).push(geoid);
  }
  return out;
}

export function keysFromGeofences(geofences: GeofenceChoice): string[] {
  return Object.entries(geofences).flatMap(([gtid, geoids]) => geoids.map((geoid) => key('g', gtid, geoid)));
}
