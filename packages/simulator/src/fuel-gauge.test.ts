import { describe, expect, it } from 'vitest';
import { emptyFuelLevel, stepFuelLevel, type FuelEvent } from '@jejak/domain';
import { withFuelGauge } from './fuel-gauge.ts';
import { createRng, createRoute } from './routes.ts';

const T0 = Date.UTC(2026, 10, 28, 0, 0);
const TANK = { fuelCapacity: 200, fuelLevelMin: 0, fuelLevelMax: 10 };

/** 100 minutes of a seeded route at 5 s fixes, read back as litres the way ADR 0017 reads AIN1. */
function play(seed: number) {
  const route = createRoute({ seed, startTimeMs: T0, intervalMs: 5000 });
  const next = withFuelGauge(() => route.next(), { tank: TANK, litresPer100Km: 30 }, createRng(seed));
  return Array.from({ length: (100 * 60) / 5 }, () => {
    const fix = next();
    const volts = (fix.io?.fuelAdcMv ?? Number.NaN) / 1000;
    return { fix, litres: (volts / TANK.fuelLevelMax) * TANK.fuelCapacity };
  });
}

describe('the live fuel gauge', () => {
  it.each([1, 3, 12, 15])(
    'seed %i: the level tracker finds the refuel and the drain of each hour, and driving burns fuel',
    (seed) => {
      const readings = play(seed);
      let state = emptyFuelLevel();
      const events: FuelEvent[] = [];
      for (const { fix, litres } of readings) {
        const step = stepFuelLevel(state, { timeMs: fix.timeMs, litres, engineOn: fix.acc }, TANK.fuelCapacity);
        state = step.state;
        events.push(...step.events);
      }
      // Each hour from the first fix: a refuel due after 3 min, a drain after 15 (both within
      // 10 min more, at the first stop), so 2 refuels and 2 drains in 100 minutes.
      expect(events.map((e) => e.kind)).toEqual(['refuel', 'drain', 'refuel', 'drain']);
      const [refuel, drain] = events;
      expect(refuel?.startTimeMs).toBeGreaterThanOrEqual(T0 + 3 * 60_000);
      expect(refuel?.endTimeMs).toBeLessThan(T0 + 16 * 60_000);
      expect(refuel?.litres).toBeGreaterThan(70); // from half the tank to 90 %
      expect(drain?.litres).toBeGreaterThan(40); // a quarter of the tank, 50 L
      // Burnt while driving: the level falls between the refuel and the drain.
      const between = readings.filter((r) => r.fix.timeMs > (refuel?.endTimeMs ?? 0) + 120_000);
      const before = between.slice(0, 24).map((r) => r.litres);
      const after = between
        .filter((r) => r.fix.timeMs < (drain?.startTimeMs ?? 0))
        .slice(-24)
        .map((r) => r.litres);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(mean(before) - mean(after)).toBeGreaterThan(0.5);
      expect(Math.min(...readings.map((r) => r.litres))).toBeGreaterThan(0);
    },
  );
});
