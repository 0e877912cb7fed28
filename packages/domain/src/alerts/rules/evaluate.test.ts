import { describe, expect, it } from 'vitest';
import { conditionHolds } from './conditions.ts';
import { evaluateRules, isLiveForRules } from './evaluate.ts';
import { localClock } from './local-clock.ts';
import {
  DEFAULT_RULE_CONFIG as CFG,
  emptyDeviceRuleState,
  type DeviceRuleState,
  type EvaluableRule,
  type RuleCondition,
  type RuleContext,
  type RuleFiring,
} from './types.ts';

const T0 = Date.UTC(2026, 10, 26, 2, 0, 0); // Thursday 10:00 in Kuala Lumpur

function ctx(over: Partial<RuleContext> = {}): RuleContext {
  return {
    timeMs: T0,
    speedKmh: 0,
    inside: {},
    transitStatus: 'MOVING',
    transitSinceMs: T0,
    localDay: 4,
    localHhmm: 1000,
    deviceMessage: null,
    gpsStatus: true,
    engineStatus: true,
    cellularStatus: true,
    accelerateKmhPerS: null,
    ...over,
  };
}

const overspeed: EvaluableRule = {
  ruid: 'r1',
  rtid: 't1',
  conditions: [{ parameter: 'speed', operator: 'more', value: 80 }],
};
const sos: EvaluableRule = {
  ruid: 'builtin.sos',
  rtid: 'd1',
  conditions: [{ parameter: 'deviceMessage', operator: 'is', value: 'help me' }],
};

/** Drives the rules over speeds one fix a second; returns every firing with its fix index. */
function drive(rules: EvaluableRule[], speeds: number[], start: DeviceRuleState = emptyDeviceRuleState()) {
  let state = start;
  const fired: { ruid: string; eventResult: number; at: number }[] = [];
  speeds.forEach((speedKmh, i) => {
    const step = evaluateRules(rules, state, ctx({ timeMs: T0 + i * 1000, speedKmh }), true, CFG);
    state = step.state;
    for (const f of step.fired) fired.push({ ruid: f.rule.ruid, eventResult: f.eventResult, at: i });
  });
  return { state, fired };
}

describe('stateful rules with hysteresis and minimum hold', () => {
  it('a speed hovering at the limit gives ONE violation and one compliance', () => {
    const speeds = [60, 70, 85, 86, 84, 79, 81, 78, 82, 80, 77, 83, 79, 60, 50, 40, 40];
    const { fired } = drive([overspeed], speeds);
    expect(fired.map((f) => [f.eventResult, f.at])).toEqual([
      [1, 4],
      [0, 15],
    ]);
  });

  it('a single spike over the limit does not fire', () => {
    expect(drive([overspeed], [60, 95, 60, 60, 60]).fired).toEqual([]);
  });

  it('sparse fixes flip once the new verdict has lasted the minimum time', () => {
    let state = emptyDeviceRuleState();
    const fired: Pick<RuleFiring, 'eventResult' | 'geoid'>[] = [];
    for (const [i, speedKmh] of [90, 90].entries()) {
      const step = evaluateRules([overspeed], state, ctx({ timeMs: T0 + i * 30_000, speedKmh }), true, CFG);
      state = step.state;
      fired.push(...step.fired.map(({ eventResult, geoid }) => ({ eventResult, geoid })));
    }
    expect(fired).toEqual([{ eventResult: 1, geoid: null }]);
  });

  it('resumes from its state without firing again', () => {
    const first = drive([overspeed], [90, 90, 90]);
    expect(first.fired).toHaveLength(1);
    const restored = JSON.parse(JSON.stringify(first.state)) as DeviceRuleState;
    restored.last = null;
    expect(drive([overspeed], [90, 90, 90, 90], restored).fired).toEqual([]);
  });

  it('forgets the state of rules no longer given', () => {
    const { state } = drive([overspeed], [90, 90, 90]);
    expect(evaluateRules([], state, ctx(), true, CFG).state.rules).toEqual({});
  });

  it('names the geofence of a geofence condition', () => {
    const rule: EvaluableRule = {
      ruid: 'g',
      rtid: 't',
      conditions: [{ parameter: 'geofence', operator: 'inside', value: 'geo1' }],
    };
    let state = emptyDeviceRuleState();
    const fired: Pick<RuleFiring, 'eventResult' | 'geoid'>[] = [];
    for (let i = 0; i < 3; i++) {
      const step = evaluateRules([rule], state, ctx({ timeMs: T0 + i, inside: { geo1: 1 } }), true, CFG);
      state = step.state;
      fired.push(...step.fired.map(({ eventResult, geoid }) => ({ eventResult, geoid })));
    }
    expect(fired).toEqual([{ eventResult: 1, geoid: 'geo1' }]);
  });
});

describe('momentary rules (device message)', () => {
  it('each matching message is one violated event, never a complied one', () => {
    let state = emptyDeviceRuleState();
    const results: number[] = [];
    for (const m of ['help me', null, 'help me', 'vibration']) {
      const step = evaluateRules([sos], state, ctx({ deviceMessage: m }), m === null, CFG);
      state = step.state;
      results.push(...step.fired.map((f) => f.eventResult));
    }
    expect(results).toEqual([1, 1]);
  });

  it('fires on an alarm without a usable fix; stateful rules wait for a fix', () => {
    const step = evaluateRules(
      [sos, overspeed],
      emptyDeviceRuleState(),
      ctx({ deviceMessage: 'help me', speedKmh: 99 }),
      false,
      CFG,
    );
    expect(step.fired.map((f) => f.rule.ruid)).toEqual(['builtin.sos']);
    expect(step.state.last).toBeNull();
  });
});

describe('what counts as live', () => {
  it('nothing older than the last live fix is evaluated', () => {
    const state: DeviceRuleState = { rules: {}, last: { timeMs: T0, speedKmh: 10 } };
    expect(isLiveForRules(state, T0 - 1)).toBe(false);
    expect(isLiveForRules(state, T0)).toBe(true);
    expect(isLiveForRules(emptyDeviceRuleState(), 0)).toBe(true);
  });
});

describe('conditions (spec 2 §9)', () => {
  const c = (parameter: string, operator: string, value: RuleCondition['value']): RuleCondition => ({
    parameter,
    operator,
    value,
  });
  const cases: [RuleCondition, Partial<RuleContext>, boolean][] = [
    [c('speed', 'more', 80), { speedKmh: 81 }, true],
    [c('speed', 'more', 80), { speedKmh: 80 }, false],
    [c('speed', 'less', 10), { speedKmh: 5 }, true],
    [c('speed', 'less', 10), { speedKmh: null }, false],
    [c('geofence', 'inside', 'g1'), { inside: { g1: 1 } }, true],
    [c('geofence', 'outside', 'g1'), { inside: { g1: 1 } }, false],
    [c('geofence', 'outside', 'g1'), {}, true],
    [c('parkingTime', 'more', 60_000), { transitStatus: 'PARKING', transitSinceMs: T0 - 120_000 }, true],
    [c('parkingTime', 'more', 60_000), { transitStatus: 'MOVING', transitSinceMs: T0 - 120_000 }, false],
    [c('parkingTime', 'less', 60_000), { transitStatus: 'PARKING', transitSinceMs: T0 - 1_000 }, true],
    [c('idlingTime', 'more', 60_000), { transitStatus: 'IDLING', transitSinceMs: T0 - 120_000 }, true],
    [c('activeDay', 'include', [4, 5]), {}, true],
    [c('activeDay', 'exclude', [4]), {}, false],
    [c('activeTime', 'before', '1030'), {}, true],
    [c('activeTime', 'after', '1030'), {}, false],
    [c('activeTime', 'after', '1000'), {}, true],
    [c('deviceMessage', 'is', 'help me'), { deviceMessage: 'help me' }, true],
    [c('deviceMessage', 'isNot', 'help me'), { deviceMessage: null }, true],
    [c('deviceMessage', 'isNot', 'help me'), { deviceMessage: 'help me' }, false],
    [c('cellularStatus', 'is', 0), { cellularStatus: false }, true],
    [c('cellularStatus', 'is', 1), { cellularStatus: null }, false],
    [c('cellularStatus', 'isNot', 1), { cellularStatus: null }, false],
    [c('engineStatus', 'is', 1), { engineStatus: true }, true],
    [c('engineStatus', 'isNot', 1), { engineStatus: false }, true],
    [c('gpsStatus', 'is', 0), { gpsStatus: false }, true],
    [c('accelerate', 'more', 10), { accelerateKmhPerS: 12 }, true],
    [c('accelerate', 'more', 10), { accelerateKmhPerS: null }, false],
    [c('accelerate', 'less', -10), { accelerateKmhPerS: -15 }, true],
    [c('unknown', 'is', 1), {}, false],
  ];
  it.each(cases)('%o with %o → %s', (cond, over, expected) => {
    expect(conditionHolds(cond, ctx(over), false, CFG)).toBe(expected);
  });

  it('a holding speed rule releases only below value − margin', () => {
    const cond = c('speed', 'more', 80);
    expect(conditionHolds(cond, ctx({ speedKmh: 76 }), true, CFG)).toBe(true);
    expect(conditionHolds(cond, ctx({ speedKmh: 74 }), true, CFG)).toBe(false);
    const less = c('speed', 'less', 10);
    expect(conditionHolds(less, ctx({ speedKmh: 14 }), true, CFG)).toBe(true);
    expect(conditionHolds(less, ctx({ speedKmh: 16 }), true, CFG)).toBe(false);
  });
});

describe('local clock', () => {
  it('gives the day and hhmm in the zone', () => {
    expect(localClock(T0, 'Asia/Kuala_Lumpur')).toEqual({ day: 4, hhmm: 1000 });
    expect(localClock(Date.UTC(2026, 10, 26, 17, 5), 'Asia/Kuala_Lumpur')).toEqual({ day: 5, hhmm: 105 });
  });
});
