import { describe, expect, it } from 'vitest';
import { bearingDeg, destinationPoint, haversineKm } from './geo.ts';

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
