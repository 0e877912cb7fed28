import { describe, expect, it } from 'vitest';
import { destinationPoint, emptyDeviceRuleState, type LoadedRule, type RuleConfig } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { builtInRules } from '../../storage/repos/alerts/rule-loader.ts';
import { applyMessage } from '../path.ts';
import { readRuleState, resumableJson } from '../state/resume.ts';
import { rules } from './rules.ts';
import type { HeldState } from '../types.ts';
import { defaultStepContext, freshState } from '../test-state.ts';

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const SPOT = { lat: 3.0738, lon: 101.5183 };
/** No minimum hold: a single fix would fire, so what does not fire is kept out on purpose. */
const AT_ONCE: RuleConfig = { speedMarginKmh: 5, accelerateMarginKmhPerS: 2, minHoldMs: 0, minHoldFixes: 1 };
const OPTS = { config: AT_ONCE, timeZone: 'Asia/Kuala_Lumpur' };

const over100: LoadedRule = {
  ruid: 'r100',
  rtid: 't1',
  ruleName: 'Over 100',
  ruleType: 'warning',
  ruleCompliedName: 'Under 100',
  ruleViolatedName: 'Over 100',
  alarm: null,
  conditions: [{ parameter: 'speed', operator: 'more', value: 100 }],
};

function held(list: readonly LoadedRule[]): HeldState {
  return {
    ...freshState({ vid: 'v1', mileage: 0, vehiclePlate: 'WXY 1', vehicleDisplayName: 'Lorry 1' }),
    lateSinceMs: null,
    saved: { seq: 0, json: null, lateSinceMs: null },
    rules: { list, rtids: new Set(['t1']), state: emptyDeviceRuleState() },
  };
}

interface Rec {
  s: number;
  speed: number;
  km?: number;
  memory?: boolean;
  alarm?: string;
  valid?: boolean;
}

/** Feeds records (seconds after T0); returns the events raised as [name, result, alarm]. */
function feed(state: HeldState, recs: Rec[]) {
  const events: [string, number, string | null][] = [];
  for (const r of recs) {
    const p = destinationPoint(SPOT, 90, r.km ?? 0);
    const msg: NormalizedMessage = {
      kind: r.alarm ? 'alarm' : 'position',
      deviceTimeMs: T0 + r.s * 1000,
      valid: r.valid ?? true,
      latitude: p.lat,
      longitude: p.lon,
      speedKmh: r.speed,
      satellites: 9,
      attributes: { ignition: true, ...(r.alarm ? { alarm: r.alarm } : {}) },
      ...(r.memory ? { memory: true } : {}),
    };
    const received = T0 + r.s * 1000 + 500;
    const step = applyMessage(state, msg, defaultStepContext(received));
    for (const e of rules(state, msg, step, received, OPTS)) events.push([e.eventName, e.eventResult, e.alarm]);
  }
  return events;
}

describe('rule step', () => {
  it('memory and late fixes never fire, however fast', () => {
    const state = held([over100]);
    const events = feed(state, [
      { s: 0, speed: 0 },
      { s: 60, speed: 30, km: 0.5 },
      { s: -600, speed: 150, memory: true },
      { s: 30, speed: 150, km: 0.25 },
      { s: 120, speed: 40, km: 1 },
    ]);
    expect(events).toEqual([]);
    expect(feed(state, [{ s: 180, speed: 120, km: 3 }])).toEqual([['Over 100', 1, null]]);
  });

  it('a tracker alarm becomes its built-in DEFAULT rule event, with or without a usable fix', () => {
    const state = held(builtInRules('d1'));
    const events = feed(state, [
      { s: 0, speed: 0 },
      { s: 10, speed: 0, alarm: 'sos' },
      { s: 20, speed: 0, alarm: 'powerCut', valid: false },
      { s: 30, speed: 0, alarm: 'notAnAlarm' },
      { s: -100, speed: 0, alarm: 'sos', memory: true },
    ]);
    expect(events).toEqual([
      ['SOS', 1, 'sos'],
      ['POWER CUT', 1, 'powerCut'],
    ]);
  });

  it('where the rules stand goes into the resumable state and back', () => {
    const state = held([over100]);
    feed(state, [
      { s: 0, speed: 0 },
      { s: 60, speed: 120, km: 2 },
    ]);
    const back = readRuleState(resumableJson(state), 'v1');
    expect(back).toEqual(state.rules.state);
    expect(back.rules.r100?.holding).toBe(true);
    expect(readRuleState(resumableJson(state), 'v2')).toEqual(emptyDeviceRuleState());
    // A restart goes on holding: the next fast fix raises nothing.
    const restarted = { ...state, rules: { ...state.rules, state: back } };
    expect(feed(restarted, [{ s: 120, speed: 125, km: 4 }])).toEqual([]);
  });
});
