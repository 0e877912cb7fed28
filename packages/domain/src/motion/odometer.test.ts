import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo.ts';
import { nextOdometer, type OdometerState } from './odometer.ts';

const T = Date.UTC(2026, 10, 21, 1, 0, 0);
const HOME = { lat: 3.0449, lon: 101.4456 };
const at = (km: number, bearing = 90) => destinationPoint(HOME, bearing, km);
const fix = (km: number, minute: number, bearing = 90) => ({ deviceTimeMs: T + minute * 60_000, ...at(km, bearing) });

describe('odometer', () => {
  it('adds the distance between fixes, and prefers the tracker’s own odometer', () => {
    let s: OdometerState = { mileageKm: 100, last: null };
    s = nextOdometer(s, fix(0, 0));
    s = nextOdometer(s, fix(2, 1));
    expect(s.mileageKm).toBeCloseTo(102, 6);
    s = nextOdometer(s, fix(3, 2), 250_000);
    expect(s.mileageKm).toBe(250);
  });

  it('counts no parked wander with the ignition off, and counts a tow once the ignition is on', () => {
    let s: OdometerState = { mileageKm: 0, last: null };
    s = nextOdometer(s, fix(0, 0), undefined, false);
    for (let m = 1; m <= 30; m++) s = nextOdometer(s, fix(0.05, m, m * 37), undefined, false);
    expect(s.mileageKm).toBe(0);
    s = nextOdometer(s, fix(1, 31), undefined, true);
    expect(s.mileageKm).toBeCloseTo(1, 6);
  });
});
