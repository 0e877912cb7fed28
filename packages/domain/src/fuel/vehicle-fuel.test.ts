import { describe, expect, it } from 'vitest';
import { DEFAULT_FUEL_TANK, defaultFuelProfile, type FuelProfile } from './tank.ts';
import {
  analyseFuel,
  emptyVehicleFuel,
  stepVehicleFuel,
  tankLevels,
  type FuelInput,
  type TankFuelEvent,
} from './vehicle-fuel.ts';

const T0 = Date.UTC(2026, 10, 21, 0, 0, 0);
const MIN = 60_000;

/** A lorry with a 200 L main tank on analog input 1 (0–10 V) and a 100 L second tank on input 2. */
const LORRY: FuelProfile = {
  fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 },
  fuel2: { ...DEFAULT_FUEL_TANK, portNumber: 2, fuelCapacity: 100, fuelLevelMin: 0.5, fuelLevelMax: 4.5 },
};

function fold(inputs: FuelInput[], profile: FuelProfile) {
  let state = emptyVehicleFuel();
  const events: TankFuelEvent[] = [];
  const steps = inputs.map((input) => {
    const r = stepVehicleFuel(state, input, profile);
    state = r.state;
    events.push(...r.events);
    return r;
  });
  return { steps, events };
}

/** Volts on input 1 for `litres` in the lorry's main tank. */
const v1 = (litres: number) => (litres / 200) * 10;

describe('vehicle fuel', () => {
  it('reads each tank from its own input and totals them', () => {
    const { steps } = fold([{ timeMs: T0, attributes: { adc1: 5, adc2: 2.5, ignition: true } }], LORRY);
    expect(steps[0]).toMatchObject({
      tanks: { fuel: { readingL: 100, levelL: 100 }, fuel2: { readingL: 50, levelL: 50 } },
      readingL: 150,
      levelL: 150,
    });
  });

  it('has no total reading while a tank is unread, but keeps every tank’s level', () => {
    const { steps } = fold(
      [
        { timeMs: T0, attributes: { adc1: 5, adc2: 2.5 } },
        { timeMs: T0 + MIN, attributes: { adc1: 4 } },
        { timeMs: T0 + 2 * MIN, attributes: { adc1: 4, adc2: 0 } },
      ],
      LORRY,
    );
    expect(steps.map((s) => [s.readingL, s.levelL])).toEqual([
      [150, 150],
      [null, 90 + 50],
      // 0 V on a 0.5–4.5 V sensor is a fault (unplugged), not an empty tank.
      [null, 80 + 50],
    ]);
  });

  it('lists each tracked tank’s level by key, null until the tank has a reading', () => {
    const first = stepVehicleFuel(emptyVehicleFuel(), { timeMs: T0, attributes: { adc1: 5 } }, LORRY);
    expect(tankLevels(first.state)).toEqual({ fuel: 100, fuel2: null });
    expect(tankLevels(emptyVehicleFuel())).toEqual({});
  });

  it('gives nothing for the default tank, which has no capacity', () => {
    const { steps } = fold([{ timeMs: T0, attributes: { adc1: 5 } }], defaultFuelProfile());
    expect(steps[0]).toMatchObject({ tanks: {}, readingL: null, levelL: null, events: [] });
  });

  it.each([
    ['known off: nothing is burnt, the fall is a drain', false, ['drain']],
    ['running: the engine may have burnt it', true, []],
    ['not reported: it may have been running', undefined, []],
  ])('a 15 L fall over half an hour with the engine %s', (_name, ignition, kinds) => {
    const inputs: FuelInput[] = [0, 30, 31, 40, 50].map((m, i) => ({
      timeMs: T0 + m * MIN,
      attributes: { adc1: v1(i === 0 ? 150 : 135), ...(ignition === undefined ? {} : { ignition }) },
    }));
    expect(fold(inputs, { fuel: LORRY.fuel! }).events.map((e) => e.kind)).toEqual(kinds);
  });

  it('starts a tank afresh when its settings change', () => {
    let r = stepVehicleFuel(emptyVehicleFuel(), { timeMs: T0, attributes: { adc1: 5 } }, LORRY);
    expect(r.tanks.fuel?.levelL).toBe(100);
    const bigger = { ...LORRY, fuel: { ...LORRY.fuel!, fuelCapacity: 400 } };
    r = stepVehicleFuel(r.state, { timeMs: T0 + MIN, attributes: { adc1: 5 } }, bigger);
    expect(r.tanks.fuel?.levelL).toBe(200);
  });

  it('analyses a stored span exactly as the live steps saw it, ending with the refuel still settling', () => {
    const minutes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const litres = [60, 60, 59, 59, 58, 58, 57, 57, 58, 160, 180, 180];
    const inputs: FuelInput[] = minutes.map((m, i) => ({
      timeMs: T0 + m * MIN,
      attributes: { adc1: v1(litres[i]!), adc2: 4.5, ignition: i < 7 },
    }));
    const live = fold(inputs, LORRY);
    const report = analyseFuel(inputs, LORRY);
    expect(report.points.map((p) => p.levelL)).toEqual(live.steps.map((s) => s.levelL));
    expect(live.events).toEqual([]);
    expect(report.events).toHaveLength(1);
    // At one report a minute the level is the mean of the last two: 57.5 L at minute 8, the last
    // before the pump, and 180 L from minute 11.
    expect(report.events[0]).toMatchObject({
      tank: 'fuel',
      kind: 'refuel',
      startTimeMs: T0 + 8 * MIN,
      endTimeMs: T0 + 11 * MIN,
    });
    expect(report.events[0]?.litres).toBeCloseTo(180 - 57.5, 6);
  });
});
