import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineKm } from '../geo.ts';
import {
  measureOverspeed,
  pairOverspeeds,
  speedLimitOf,
  type OverspeedSpan,
  type RuleEventOfVehicle,
  type SpeedFix,
} from './overspeed.ts';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 1, 16);
const SPEEDING = [{ parameter: 'speed', operator: 'more', value: 80 }];
const at = { lat: 3.0449, lon: 101.4456 };

const ev = (
  vid: string,
  ruid: string,
  minute: number,
  eventResult: 0 | 1,
  conditions: RuleEventOfVehicle['conditions'] = SPEEDING,
): RuleEventOfVehicle => ({
  vid,
  ruid,
  ruleName: `rule ${ruid}`,
  conditions,
  timeMs: T0 + minute * MIN,
  eventResult,
  location: at,
});
const times = (spans: OverspeedSpan[]) =>
  spans.map((s) => [s.vid, s.ruid, (s.startTime - T0) / MIN, s.endTime === null ? null : (s.endTime - T0) / MIN]);

describe('speedLimitOf', () => {
  it.each([
    ['a speed more-than condition', SPEEDING, 80],
    ['among others', [{ parameter: 'activeDay', operator: 'include', value: [1, 2] }, ...SPEEDING], 80],
    ['a limit that is no number', [{ parameter: 'speed', operator: 'more', value: 'fast' }], null],
    ['an under-speed rule is no speeding rule', [{ parameter: 'speed', operator: 'less', value: 10 }], undefined],
    ['no speed condition', [{ parameter: 'gpsStatus', operator: 'is', value: 0 }], undefined],
  ])('%s', (_, conditions, limit) => {
    expect(speedLimitOf(conditions)).toBe(limit);
  });
});

describe('pairOverspeeds', () => {
  it.each([
    ['one violation and its compliance', [ev('v', 'r', 1, 1), ev('v', 'r', 4, 0)], [['v', 'r', 1, 4]]],
    ['in any order given', [ev('v', 'r', 4, 0), ev('v', 'r', 1, 1)], [['v', 'r', 1, 4]]],
    ['no compliance yet: open', [ev('v', 'r', 1, 1)], [['v', 'r', 1, null]]],
    ['a compliance without its violation is left out', [ev('v', 'r', 1, 0), ev('v', 'r', 3, 1)], [['v', 'r', 3, null]]],
    [
      'a second violation belongs to the open one',
      [ev('v', 'r', 1, 1), ev('v', 'r', 2, 1), ev('v', 'r', 5, 0)],
      [['v', 'r', 1, 5]],
    ],
    [
      'rules and vehicles pair apart',
      [
        ev('v', 'a', 1, 1),
        ev('v', 'b', 2, 1),
        ev('w', 'a', 2, 1),
        ev('v', 'a', 3, 0),
        ev('w', 'a', 6, 0),
        ev('v', 'b', 7, 0),
      ],
      [
        ['v', 'a', 1, 3],
        ['v', 'b', 2, 7],
        ['w', 'a', 2, 6],
      ],
    ],
    [
      'other rules are ignored',
      [ev('v', 'g', 1, 1, [{ parameter: 'geofence', operator: 'inside', value: 'x' }]), ev('v', 'g', 2, 0)],
      [],
    ],
  ])('%s', (_, events, expected) => {
    expect(times(pairOverspeeds(events))).toEqual(expected);
  });

  it('carries the rule, its limit and where it began and ended', () => {
    const [span] = pairOverspeeds([ev('v', 'r', 1, 1), { ...ev('v', 'r', 4, 0), location: null }]);
    expect(span).toMatchObject({ ruleName: 'rule r', speedLimit: 80, startLocation: at, endLocation: null });
  });
});

describe('measureOverspeed', () => {
  // A fix a minute, 1.5 km apart eastwards, then one 0.5 km north.
  const points = [0, 1, 2, 3].map((i) => destinationPoint(at, 90, 1.5 * i));
  const last = destinationPoint(points[3] ?? at, 0, 0.5);
  const fixes: SpeedFix[] = [...points, last].map((p, i) => ({
    timeMs: T0 + i * MIN,
    ...p,
    speed: [85, 95, 90, 70, 60][i] ?? 0,
  }));
  const span = (from: number, to: number | null): OverspeedSpan => ({
    vid: 'v',
    ruid: 'r',
    ruleName: 'r',
    speedLimit: 80,
    startTime: T0 + from * MIN,
    endTime: to === null ? null : T0 + to * MIN,
    startLocation: null,
    endLocation: null,
  });

  it('top speed and great-circle distance of the fixes from start to end, both included', () => {
    const m = measureOverspeed(span(0, 3), [...fixes].reverse(), T0 + 60 * MIN);
    expect(m.speed).toBe(95);
    // By hand: three legs of 1.5 km each.
    expect(m.distance).toBeCloseTo(4.5, 9);
    expect(m.duration).toBe(3 * MIN);
  });

  it('an open span runs to the given end; the leg north counts by great circle', () => {
    const m = measureOverspeed(span(2, null), fixes, T0 + 4 * MIN);
    expect(m.distance).toBeCloseTo(1.5 + 0.5, 9);
    expect(m.distance).toBeCloseTo(
      haversineKm(points[2] ?? at, points[3] ?? at) + haversineKm(points[3] ?? at, last),
      12,
    );
    expect(m).toMatchObject({ speed: 90, duration: 2 * MIN });
  });

  it('without fixes: no distance, no speed', () => {
    expect(measureOverspeed(span(10, 12), fixes, T0)).toEqual({ speed: 0, distance: 0, duration: 2 * MIN });
  });
});
