import { haversineKm } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { ACCEL_KMH_PER_S, generateRoute, KLANG_VALLEY, MAX_CRUISE_KMH, type RouteFix } from './routes.ts';

const START = Date.UTC(2026, 0, 5, 0, 0, 0);
const INTERVAL_MS = 5000;
/** Six hours of fixes every 5 s. */
const FIXES = generateRoute({ seed: 7, startTimeMs: START, intervalMs: INTERVAL_MS }, 6 * 720);

function pairs(fixes: RouteFix[]): [RouteFix, RouteFix][] {
  return fixes.slice(1).map((f, i) => [fixes[i] as RouteFix, f]);
}

describe('route generation', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const opts = { seed: 42, startTimeMs: START, intervalMs: INTERVAL_MS };
    expect(generateRoute(opts, 500)).toEqual(generateRoute(opts, 500));
    expect(generateRoute({ ...opts, seed: 43 }, 500)).not.toEqual(generateRoute(opts, 500));
  });

  it('follows the same path at any whole-second sampling interval', () => {
    const every10 = generateRoute({ seed: 3, startTimeMs: START, intervalMs: 10_000 }, 300);
    const every5 = generateRoute({ seed: 3, startTimeMs: START, intervalMs: 5000 }, 600);
    every10.forEach((f, i) => {
      const g = every5[i * 2];
      expect(g?.timeMs).toBe(f.timeMs);
      expect(g?.lat).toBeCloseTo(f.lat, 9);
      expect(g?.lon).toBeCloseTo(f.lon, 9);
    });
  });

  it('advances device time by the interval', () => {
    pairs(FIXES).forEach(([a, b]) => expect(b.timeMs - a.timeMs).toBe(INTERVAL_MS));
  });

  it('stays in the Klang Valley', () => {
    for (const f of FIXES) {
      expect(f.lat).toBeGreaterThanOrEqual(KLANG_VALLEY.minLat);
      expect(f.lat).toBeLessThanOrEqual(KLANG_VALLEY.maxLat);
      expect(f.lon).toBeGreaterThanOrEqual(KLANG_VALLEY.minLon);
      expect(f.lon).toBeLessThanOrEqual(KLANG_VALLEY.maxLon);
    }
  });

  it('drives at road speeds and stops with the engine as a vehicle would', () => {
    const speeds = FIXES.map((f) => f.speedKmh);
    expect(Math.min(...speeds)).toBe(0);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(MAX_CRUISE_KMH);
    expect(Math.max(...speeds)).toBeGreaterThan(60);
    for (const f of FIXES.filter((x) => x.phase !== 'driving')) expect(f.speedKmh).toBe(0);
    for (const f of FIXES) expect(f.acc).toBe(f.phase !== 'parked');
    const share = (phase: RouteFix['phase']) => FIXES.filter((f) => f.phase === phase).length / FIXES.length;
    expect(share('driving')).toBeGreaterThan(0.4);
    expect(share('idling')).toBeGreaterThan(0.02);
    expect(share('parked')).toBeGreaterThan(0.05);
  });

  it('parks for minutes at a time', () => {
    const spans: number[] = [];
    let run = 0;
    for (const f of FIXES) {
      if (f.phase === 'parked') {
        run++;
      } else if (run > 0) {
        spans.push(run);
        run = 0;
      }
    }
    expect(spans.length).toBeGreaterThan(2);
    expect(Math.min(...spans) * INTERVAL_MS).toBeGreaterThanOrEqual(2.5 * 60_000);
  });

  it('moves no further between fixes than its speeds and acceleration allow', () => {
    const dtS = INTERVAL_MS / 1000;
    for (const [a, b] of pairs(FIXES)) {
      const km = haversineKm(a, b);
      const maxKmh = Math.max(a.speedKmh, b.speedKmh) + ACCEL_KMH_PER_S * dtS;
      expect(km).toBeLessThanOrEqual((maxKmh * dtS) / 3600 + 1e-9);
      if (a.phase !== 'driving' && b.phase !== 'driving') expect(km).toBe(0);
    }
  });

  it('actually covers ground while driving', () => {
    const dtS = INTERVAL_MS / 1000;
    const cruising = pairs(FIXES).filter(([a, b]) => a.speedKmh > 40 && b.speedKmh > 40);
    expect(cruising.length).toBeGreaterThan(100);
    const slow = cruising.filter(
      ([a, b]) => haversineKm(a, b) < ((Math.min(a.speedKmh, b.speedKmh) * dtS) / 3600) * 0.5,
    );
    expect(slow.length / cruising.length).toBeLessThan(0.05);
  });
});
