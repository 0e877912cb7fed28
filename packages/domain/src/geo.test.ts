import { describe, expect, it } from 'vitest';
import { bearingDeg, destinationPoint, dropPathJumps, haversineKm } from './geo.ts';

const KLCC = { lat: 3.1579, lon: 101.7123 };
const KLIA = { lat: 2.7456, lon: 101.7072 };

describe('great-circle geometry (R = 6371 km)', () => {
  it('measures KLCC to KLIA at about 45.8 km', () => {
    expect(haversineKm(KLCC, KLIA)).toBeCloseTo(45.82, 1);
    expect(haversineKm(KLCC, KLCC)).toBe(0);
  });

  it('goes back and forth consistently', () => {
    const p = destinationPoint(KLCC, 135, 10);
    expect(haversineKm(KLCC, p)).toBeCloseTo(10, 6);
    expect(bearingDeg(KLCC, p)).toBeCloseTo(135, 3);
    expect(bearingDeg(KLCC, KLIA)).toBeGreaterThan(180);
  });
});

describe('trip path jump filter (spec 1 §5)', () => {
  const at = (lat: number, lon: number) => ({ location: { lat, lon } });
  it.each([
    ['keeps a point exactly one unit away', [at(3, 101), at(3, 102)], 2],
    ['drops a point more than one unit away', [at(3, 101), at(3.8, 101.7)], 1],
    ['measures from the previous kept point, not the dropped one', [at(3, 101), at(9, 101), at(3.5, 101.5)], 2],
    ['keeps an empty path empty', [], 0],
  ])('%s', (_name, points, kept) => {
    expect(dropPathJumps(points)).toHaveLength(kept);
  });

  it('drops a stray fix between two near ones and keeps the order', () => {
    const path = [at(3, 101), at(3.01, 101.01), at(1, 104), at(3.02, 101.02)];
    expect(dropPathJumps(path)).toEqual([path[0], path[1], path[3]]);
  });
});
