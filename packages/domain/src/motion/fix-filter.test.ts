import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineKm } from '../geo.ts';
import {
  DEFAULT_FIX_FILTER,
  EMPTY_FIX_FILTER_STATE,
  filterFix,
  type CandidateFix,
  type FilterVerdict,
  type FixFilterState,
} from './fix-filter.ts';
import { nextOdometer, type OdometerState } from './odometer.ts';

const NOW = Date.UTC(2026, 10, 21, 4, 0, 0);
const KL = { lat: 3.139, lon: 101.6869 };
const SEC = 1000;

function fix(t: number, lat: number, lon: number, extra: Partial<CandidateFix> = {}): CandidateFix {
  return {
    deviceTimeMs: t,
    latitude: lat,
    longitude: lon,
    valid: true,
    speedKmh: 40,
    satellites: 9,
    ignition: true,
    ...extra,
  };
}

function run(fixes: CandidateFix[]): FilterVerdict[] {
  let state: FixFilterState = EMPTY_FIX_FILTER_STATE;
  return fixes.map((f) => {
    const r = filterFix(state, f, DEFAULT_FIX_FILTER, NOW);
    state = r.state;
    return r.verdict;
  });
}

const reasons = (verdicts: FilterVerdict[]) =>
  verdicts.map((v) => (v.accepted ? (v.unconfirmed ? 'unconfirmed' : v.clamped ? 'clamped' : 'ok') : v.reason));

describe('filterFix', () => {
  it.each([
    ['invalid flag', fix(NOW, KL.lat, KL.lon, { valid: false }), 'invalid'],
    ['latitude out of range', fix(NOW, 91, KL.lon), 'invalid'],
    ['zero position', fix(NOW, 0, 0), 'zero'],
    ['far in the future', fix(NOW + 11 * 60 * SEC, KL.lat, KL.lon), 'future'],
    ['too few satellites', fix(NOW, KL.lat, KL.lon, { satellites: 2 }), 'satellites'],
    ['a good first fix', fix(NOW, KL.lat, KL.lon), 'ok'],
  ])('%s → %s', (_name, f, expected) => {
    expect(reasons(run([f]))).toEqual([expected]);
  });

  it('rejects older fixes and one-off jumps, keeps going from the last good fix', () => {
    const near = destinationPoint(KL, 90, 0.3);
    const far = destinationPoint(KL, 90, 50);
    expect(
      reasons(
        run([
          fix(NOW - 60 * SEC, KL.lat, KL.lon),
          fix(NOW - 70 * SEC, KL.lat, KL.lon),
          fix(NOW - 50 * SEC, far.lat, far.lon),
          fix(NOW - 30 * SEC, near.lat, near.lon),
        ]),
      ),
    ).toEqual(['ok', 'stale', 'jump', 'ok']);
  });

  it('accepts a relocation once several consistent fixes confirm it', () => {
    const a = destinationPoint(KL, 0, 80);
    const b = destinationPoint(a, 0, 0.2);
    const c = destinationPoint(b, 0, 0.2);
    expect(
      reasons(
        run([
          fix(NOW - 100 * SEC, KL.lat, KL.lon),
          fix(NOW - 90 * SEC, a.lat, a.lon),
          fix(NOW - 80 * SEC, b.lat, b.lon),
          fix(NOW - 70 * SEC, c.lat, c.lon),
        ]),
      ),
    ).toEqual(['ok', 'jump', 'jump', 'ok']);
  });

  it('holds a parked vehicle still through drift, and lets it drive off', () => {
    const drift = [5, 12, 20, 8].map((m, i) => destinationPoint(KL, i * 90, m / 1000));
    const away = destinationPoint(KL, 45, 0.2);
    const verdicts = run([
      fix(NOW - 60 * SEC, KL.lat, KL.lon, { speedKmh: 0, ignition: false }),
      ...drift.map((p, i) => fix(NOW - (50 - i * 10) * SEC, p.lat, p.lon, { speedKmh: 1, ignition: false })),
      fix(NOW, away.lat, away.lon, { speedKmh: 35, ignition: true }),
    ]);
    // 200 m from where it stood: the movement needs no second fix.
    expect(reasons(verdicts)).toEqual(['ok', 'clamped', 'clamped', 'clamped', 'clamped', 'ok']);
    const held = verdicts.slice(1, 5).map((v) => (v.accepted ? [v.fix.lat, v.fix.lon] : null));
    expect(new Set(held.map((h) => JSON.stringify(h))).size).toBe(1);
  });
});

describe('filterFix: a stopped vehicle sets off only when the movement is confirmed', () => {
  const idle = (t: number, p = KL) => fix(t, p.lat, p.lon, { speedKmh: 0, ignition: true });

  it('holds a lone speed reading while idling where the vehicle stands', () => {
    const glitch = destinationPoint(KL, 120, 0.06);
    const verdicts = run([
      idle(NOW - 40 * SEC),
      fix(NOW - 30 * SEC, glitch.lat, glitch.lon, { speedKmh: 12, ignition: true, satellites: 4 }),
      idle(NOW - 20 * SEC),
      idle(NOW - 10 * SEC),
    ]);
    expect(reasons(verdicts)).toEqual(['ok', 'unconfirmed', 'clamped', 'clamped']);
    for (const v of verdicts) if (v.accepted) expect([v.fix.lat, v.fix.lon]).toEqual([KL.lat, KL.lon]);
  });

  it('starts the movement at its first fix once the next one confirms it', () => {
    const a = destinationPoint(KL, 90, 0.02);
    const b = destinationPoint(KL, 90, 0.12);
    const verdicts = run([
      idle(NOW - 30 * SEC),
      fix(NOW - 20 * SEC, a.lat, a.lon, { speedKmh: 18, ignition: true }),
      fix(NOW - 10 * SEC, b.lat, b.lon, { speedKmh: 36, ignition: true }),
    ]);
    expect(reasons(verdicts)).toEqual(['ok', 'unconfirmed', 'ok']);
    const confirmed = verdicts[2];
    expect(confirmed?.accepted && confirmed.movingFrom).toBe(NOW - 20 * SEC);
  });

  it('never lets a fix with poor satellite geometry start a movement, however far it lands', () => {
    const far = destinationPoint(KL, 200, 0.3);
    const verdicts = run([
      idle(NOW - 30 * SEC),
      fix(NOW - 20 * SEC, far.lat, far.lon, { speedKmh: 14, ignition: true, satellites: 4 }),
      fix(NOW - 10 * SEC, far.lat, far.lon, { speedKmh: 14, ignition: true, satellites: 3 }),
    ]);
    expect(reasons(verdicts)).toEqual(['ok', 'unconfirmed', 'unconfirmed']);
  });

  it('does not let two glitches far apart in time confirm each other', () => {
    const g = destinationPoint(KL, 0, 0.05);
    const verdicts = run([
      idle(NOW - 600 * SEC),
      fix(NOW - 590 * SEC, g.lat, g.lon, { speedKmh: 9, ignition: true }),
      fix(NOW - 10 * SEC, g.lat, g.lon, { speedKmh: 9, ignition: true }),
    ]);
    expect(reasons(verdicts)).toEqual(['ok', 'unconfirmed', 'unconfirmed']);
  });

  it('needs no confirmation once moving, nor when told so by configuration', () => {
    const legs = [0, 0.02, 0.2, 0.4].map((km) => destinationPoint(KL, 90, km));
    expect(
      reasons(run(legs.map((p, i) => fix(NOW - (40 - i * 10) * SEC, p.lat, p.lon, { speedKmh: i === 0 ? 0 : 40 })))),
    ).toEqual(['ok', 'unconfirmed', 'ok', 'ok']);
    let state: FixFilterState = EMPTY_FIX_FILTER_STATE;
    const once = { ...DEFAULT_FIX_FILTER, moveConfirmations: 1 };
    const out = legs.slice(0, 2).map((p, i) => {
      const r = filterFix(
        state,
        fix(NOW - (40 - i * 10) * SEC, p.lat, p.lon, { speedKmh: i === 0 ? 0 : 40 }),
        once,
        NOW,
      );
      state = r.state;
      return r.verdict;
    });
    expect(reasons(out)).toEqual(['ok', 'ok']);
  });
});

describe('filterFix without ignition (issue 10)', () => {
  const at = (m: number, bearing = 0) => destinationPoint(KL, bearing, m / 1000);
  const parked = (t: number, m = 0) =>
    fix(t, at(m).lat, at(m).lon, { speedKmh: 0, satellites: 6, ignition: undefined });
  const reading = (t: number, m: number, speedKmh: number, satellites = 6) =>
    fix(t, at(m).lat, at(m).lon, { speedKmh, satellites, ignition: undefined });

  it.each([
    ['two readings 2 min apart near the spot', [reading(-240, 20, 9), reading(-120, 25, 12)]],
    ['two readings 2 min apart far from the spot', [reading(-240, 60, 9), reading(-120, 70, 12)]],
    ['two readings 40 s apart near the spot', [reading(-60, 20, 9), reading(-20, 28, 14)]],
    [
      'three readings 30 s apart that stay near the spot',
      [reading(-90, 15, 7), reading(-60, 30, 9), reading(-30, 20, 8)],
    ],
    ['readings far off with poor satellites', [reading(-60, 90, 9, 4), reading(-50, 120, 12, 4)]],
    [
      // Issue 24: a minute apart, 5–15 km/h, 6–9 satellites, within the parked scatter.
      'three readings a minute apart 40–60 m off the spot',
      [reading(-120, 45, 9, 7), reading(-60, 58, 12, 9), reading(0, 50, 8, 6)],
    ],
  ])('%s do not confirm a movement', (_name, readings) => {
    const verdicts = run([
      parked(NOW - 600 * SEC),
      ...readings.map((r) => ({ ...r, deviceTimeMs: NOW + r.deviceTimeMs * SEC })),
    ]);
    expect(
      reasons(verdicts)
        .slice(1)
        .every((r) => r === 'unconfirmed'),
    ).toBe(true);
  });

  it('a departure is confirmed by consecutive fixes that leave the spot, and dated from the first', () => {
    const verdicts = run([
      parked(NOW - 600 * SEC),
      reading(NOW - 30 * SEC, 3, 8),
      reading(NOW - 20 * SEC, 25, 20),
      // Without ignition it takes 100 m from the spot (beyond a parked receiver's scatter).
      reading(NOW - 10 * SEC, 60, 30),
      reading(NOW, 110, 30),
    ]);
    expect(reasons(verdicts)).toEqual(['ok', 'unconfirmed', 'unconfirmed', 'unconfirmed', 'ok']);
    const last = verdicts[4];
    expect(last?.accepted && last.movingFrom).toBe(NOW - 30 * SEC);
  });

  it('a first fix at moving speed is not a movement until the next one confirms it', () => {
    const first = reading(NOW - 20 * SEC, 0, 12);
    expect(reasons(run([first, reading(NOW - 10 * SEC, 10, 9)]))).toEqual(['unconfirmed', 'unconfirmed']);
    const verdicts = run([first, reading(NOW - 10 * SEC, 100, 40)]);
    expect(reasons(verdicts)).toEqual(['unconfirmed', 'ok']);
    expect(verdicts[1]?.accepted && verdicts[1].movingFrom).toBe(NOW - 20 * SEC);
  });
});

describe('nextOdometer', () => {
  it('adds the distance between accepted fixes, and nothing for drift held in place', () => {
    const stops = [KL, destinationPoint(KL, 90, 1), destinationPoint(KL, 90, 2.5)];
    let odo: OdometerState = { mileageKm: 100, last: null };
    for (const [i, p] of stops.entries()) odo = nextOdometer(odo, { deviceTimeMs: NOW + i, lat: p.lat, lon: p.lon });
    expect(odo.mileageKm).toBeCloseTo(102.5, 6);
    odo = nextOdometer(odo, { deviceTimeMs: NOW + 9, lat: odo.last!.lat, lon: odo.last!.lon });
    expect(odo.mileageKm).toBeCloseTo(102.5, 6);
  });

  it("prefers the device's own odometer when it sends one", () => {
    const p = destinationPoint(KL, 0, 3);
    const odo = nextOdometer(
      { mileageKm: 5, last: { deviceTimeMs: NOW, ...KL } },
      { deviceTimeMs: NOW + 1, ...p },
      123_456,
    );
    expect(odo.mileageKm).toBe(123.456);
    expect(haversineKm(KL, p)).toBeCloseTo(3, 6);
  });

  it('counts nothing while the vehicle stands, and the leg from where it stood once it moves', () => {
    let odo: OdometerState = { mileageKm: 0, last: null };
    odo = nextOdometer(odo, { deviceTimeMs: NOW, ...KL }, undefined, false);
    for (let i = 1; i <= 30; i++) {
      const drift = destinationPoint(KL, i * 47, 0.04 + (i % 3) * 0.03);
      odo = nextOdometer(odo, { deviceTimeMs: NOW + i, ...drift }, undefined, false);
    }
    expect(odo.mileageKm).toBe(0);
    odo = nextOdometer(odo, { deviceTimeMs: NOW + 40, ...destinationPoint(KL, 90, 0.5) }, undefined, true);
    expect(odo.mileageKm).toBeCloseTo(0.5, 6);
  });
});
