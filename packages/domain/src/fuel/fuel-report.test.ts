import { describe, expect, it } from 'vitest';
import type { TransitSlice } from '../reports/mileage.ts';
import { fuelReport, statusAt, type FuelMessage } from './fuel-report.ts';
import { DEFAULT_FUEL_TANK, defaultFuelProfile, type FuelProfile } from './tank.ts';

const MIN = 60_000;
/** 00:00 on 2 March 2026 in Asia/Kuala_Lumpur. */
const T0 = Date.UTC(2026, 2, 1, 16);
const ZONE = 'Asia/Kuala_Lumpur';
/** A 200 L tank on a 0–10 V dipstick: 20 L a volt. */
const PROFILE: FuelProfile = { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } };

/**
 * A day and a bit: parked with 150 L (0–30 min), a 40 km drive burning 10 L (30–90), parked;
 * a 50 L refuel over 5 minutes at 120; 40 L siphoned over 10 minutes at 1500 (the next local
 * day). Reports every 30 s while driving or the level moves, every 2 minutes parked.
 */
function level(min: number): number {
  if (min < 30) return 150;
  if (min < 90) return 150 - ((min - 30) / 60) * 10;
  if (min < 120) return 140;
  if (min < 125) return 140 + ((min - 120) / 5) * 50;
  if (min < 1500) return 190;
  if (min < 1510) return 190 - ((min - 1500) / 10) * 40;
  return 150;
}
const driving = (min: number) => min >= 30 && min < 90;
const busy = (min: number) => driving(min) || (min >= 118 && min < 130) || (min >= 1498 && min < 1515);

function messages(): FuelMessage[] {
  const out: FuelMessage[] = [];
  for (let min = 0; min < 1600; min += busy(min) ? 0.5 : 2) {
    // ±1 L of slosh while driving.
    const slosh = driving(min) ? (Math.round(min * 2) % 2 === 0 ? 1 : -1) : 0;
    out.push({
      timeMs: T0 + min * MIN,
      attributes: { adc1: (level(min) + slosh) / 20, ignition: driving(min) },
      location: { lat: 3 + min / 10_000, lon: 101.5 },
      speedKmh: driving(min) ? 40 : 0,
    });
  }
  return out;
}

const TRANSITS: TransitSlice[] = [
  { transitStatus: 'PARKING', startTime: T0, endTime: T0 + 30 * MIN, totalMileage: 0, topSpeed: 0 },
  { transitStatus: 'MOVING', startTime: T0 + 30 * MIN, endTime: T0 + 90 * MIN, totalMileage: 40, topSpeed: 60 },
  { transitStatus: 'PARKING', startTime: T0 + 90 * MIN, endTime: T0 + 1600 * MIN, totalMileage: 0, topSpeed: 0 },
];
const WINDOW = { startTime: T0, endTime: T0 + 1600 * MIN };

describe('fuel report', () => {
  const { tanks } = fuelReport({
    messages: messages(),
    profile: PROFILE,
    transits: TRANSITS,
    window: WINDOW,
    timeZone: ZONE,
  });
  const tank = tanks[0];

  it('finds the refuel and the siphoning, where and when they began', () => {
    expect(tanks.map((t) => t.tank)).toEqual(['fuel']);
    expect(tank?.refuels).toHaveLength(1);
    expect(tank?.losses).toHaveLength(1);
    const refuel = tank?.refuels[0];
    const loss = tank?.losses[0];
    expect(Math.abs((refuel?.startTime ?? 0) - (T0 + 120 * MIN))).toBeLessThanOrEqual(3 * MIN);
    // The tracker starts a rise at the last level within a quarter of its threshold (10 L) of the low.
    expect(Math.abs((refuel?.litres ?? 0) - 50)).toBeLessThanOrEqual(2.5);
    expect(Math.abs((loss?.startTime ?? 0) - (T0 + 1500 * MIN))).toBeLessThanOrEqual(3 * MIN);
    expect(Math.abs((loss?.litres ?? 0) - 40)).toBeLessThanOrEqual(2);
    expect(refuel?.location?.lat).toBeCloseTo(3 + ((refuel?.startTime ?? 0) - T0) / MIN / 10_000, 6);
  });

  it('splits the fuel burnt by transit status and leaves the siphoned litres out of it', () => {
    const u = tank?.usage;
    expect(Math.abs((u?.movingLitres ?? 0) - 10)).toBeLessThanOrEqual(1.5);
    expect(u?.parkingLitres ?? 99).toBeLessThanOrEqual(1);
    expect(u?.idlingLitres).toBe(0);
    expect(u?.mileage).toBe(40);
    expect(Math.abs((u?.litresPer100Km ?? 0) - 25)).toBeLessThanOrEqual(4);
    expect(u).toMatchObject({ date: null, startLitres: 150, endLitres: 150 });
    expect(Math.abs((u?.refuelLitres ?? 0) - 50)).toBeLessThanOrEqual(2.5);
  });

  it('gives each local day its own share', () => {
    expect(tank?.daily.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03']);
    const [first, second] = tank?.daily ?? [];
    expect(first?.refuelLitres).toBeGreaterThan(45);
    expect(first?.lossLitres).toBe(0);
    expect(first?.mileage).toBe(40);
    expect(second?.refuelLitres).toBe(0);
    expect(second?.lossLitres).toBeGreaterThan(35);
    expect(second?.mileage).toBe(0);
    expect(second?.litresPer100Km).toBeNull();
    expect(second?.startLitres).toBe(190);
  });

  it('leaves events before the window out, and reports nothing for a vehicle without a sensor', () => {
    const late = fuelReport({
      messages: messages(),
      profile: PROFILE,
      transits: TRANSITS,
      window: { startTime: T0 + 300 * MIN, endTime: T0 + 1600 * MIN },
      timeZone: ZONE,
    });
    expect(late.tanks[0]?.refuels).toEqual([]);
    expect(late.tanks[0]?.losses).toHaveLength(1);
    const none = fuelReport({
      messages: messages(),
      profile: defaultFuelProfile(),
      transits: TRANSITS,
      window: WINDOW,
      timeZone: ZONE,
    });
    expect(none.tanks).toEqual([]);
  });

  it('finds the status of a time', () => {
    expect(statusAt(TRANSITS, T0 + 45 * MIN)).toBe('MOVING');
    expect(statusAt(TRANSITS, T0 + 90 * MIN)).toBe('PARKING');
    expect(statusAt(TRANSITS, T0 - 1)).toBeNull();
    expect(statusAt(TRANSITS, T0 + 1600 * MIN)).toBeNull();
  });
});
