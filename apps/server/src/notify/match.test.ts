import { describe, expect, it } from 'vitest';
import { indexByRule, ruleKey, watches } from './match.ts';

const n = (rules: Record<string, Record<string, { c: 0 | 1; v: 0 | 1 }>>, geofences: Record<string, string[]> = {}) => ({
  rules,
  geofences,
});
const ev = (eventResult: 0 | 1, geoid: string | null = null) => ({ rtid: 'T', ruid: 'R', eventResult, geoid });

describe('which notifications watch an event', () => {
  it.each([
    ['violated ticked, violated event', n({ T: { R: { c: 0, v: 1 } } }), ev(1), true],
    ['violated ticked, complied event', n({ T: { R: { c: 0, v: 1 } } }), ev(0), false],
    ['complied ticked, complied event', n({ T: { R: { c: 1, v: 0 } } }), ev(0), true],
    ['other rule', n({ T: { X: { c: 1, v: 1 } } }), ev(1), false],
    ['other template', n({ U: { R: { c: 1, v: 1 } } }), ev(1), false],
    ['geofence event, none listed', n({ T: { R: { c: 1, v: 1 } } }), ev(1, 'G1'), true],
    ['geofence event, listed', n({ T: { R: { c: 1, v: 1 } } }, { GT: ['G1'] }), ev(1, 'G1'), true],
    ['geofence event, not listed', n({ T: { R: { c: 1, v: 1 } } }, { GT: ['G2'] }), ev(1, 'G1'), false],
    ['no geofence, geofences listed', n({ T: { R: { c: 1, v: 1 } } }, { GT: ['G2'] }), ev(1), true],
  ])('%s', (_name, notification, event, expected) => {
    expect(watches(notification, event)).toBe(expected);
  });

  it('an event without a rule is watched by none', () => {
    expect(watches(n({ T: { R: { c: 1, v: 1 } } }), { rtid: null, ruid: null, eventResult: 1, geoid: null })).toBe(
      false,
    );
  });

  it('indexes notifications only under the rules they tick', () => {
    const a = n({ T: { R: { c: 0, v: 1 }, S: { c: 0, v: 0 } } });
    const index = indexByRule([a]);
    expect(index.get(ruleKey('T', 'R'))).toEqual([a]);
    expect(index.has(ruleKey('T', 'S'))).toBe(false);
  });
});
