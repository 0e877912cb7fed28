import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FUEL_TANK,
  defaultFuelProfile,
  fuelReadingAttribute,
  fuelTankKey,
  tankLitres,
  tankReading,
  type FuelTank,
} from './tank.ts';

const tank = (t: Partial<FuelTank>): FuelTank => ({ ...DEFAULT_FUEL_TANK, fuelCapacity: 200, ...t });

describe('fuel tanks', () => {
  it('keys a port as the spec does and starts every vehicle with the default tank', () => {
    expect([0, 1, 2, 5].map(fuelTankKey)).toEqual(['fuel', 'fuel1', 'fuel2', 'fuel5']);
    expect(defaultFuelProfile()).toEqual({
      fuel: {
        portNumber: 0,
        fuelCapacity: 0,
        fuelLevelMin: 0,
        fuelLevelMax: 10,
        fuelLevelOperator: 'V',
        fuelSensorType: 'dipstick',
      },
    });
  });

  it.each([
    [0, 'V', 'adc1'],
    [1, 'V', 'adc1'],
    [2, 'V', 'adc2'],
    [5, 'V', 'adc5'],
    [0, '%', 'fuelLevel'],
    [1, '%', 'fuelLevel'],
    [3, '%', 'fuelLevel3'],
  ] as const)('port %i with operator %s reads attribute %s', (portNumber, fuelLevelOperator, attribute) => {
    expect(fuelReadingAttribute({ portNumber, fuelLevelOperator })).toBe(attribute);
  });

  it.each([
    ['0–10 V, half way', tank({}), 5, 100],
    ['0–10 V, empty', tank({}), 0, 0],
    ['0–10 V, full', tank({}), 10, 200],
    ['0.5–4.5 V sensor', tank({ fuelLevelMin: 0.5, fuelLevelMax: 4.5 }), 1.5, 50],
    ['output falls as the tank fills (min above max)', tank({ fuelLevelMin: 4.5, fuelLevelMax: 0.5 }), 1.5, 150],
    ['percent', tank({ fuelLevelOperator: '%', fuelLevelMin: 0, fuelLevelMax: 100 }), 37.5, 75],
    [
      'percent with a usable range of 5–95 %',
      tank({ fuelLevelOperator: '%', fuelLevelMin: 5, fuelLevelMax: 95 }),
      50,
      100,
    ],
    ['ultrasonic is read like a dipstick', tank({ fuelSensorType: 'ultrasonic' }), 2.5, 50],
    ['slightly above full is full', tank({}), 10.5, 200],
    ['slightly below empty is empty', tank({}), -0.5, 0],
    ['far above the range is a fault', tank({}), 11.5, null],
    ['an unplugged 0.5–4.5 V sensor reads 0 V: a fault', tank({ fuelLevelMin: 0.5, fuelLevelMax: 4.5 }), 0, null],
    ['a tank without capacity gives nothing', tank({ fuelCapacity: 0 }), 5, null],
    ['a tank without a range gives nothing', tank({ fuelLevelMin: 3, fuelLevelMax: 3 }), 3, null],
    ['a non-number gives nothing', tank({}), Number.NaN, null],
  ])('%s', (_name, t, reading, litres) => {
    const got = tankLitres(t, reading);
    if (litres === null) expect(got).toBeNull();
    else expect(got).toBeCloseTo(litres, 9);
  });

  it('takes the reading only from a finite number attribute', () => {
    const t = tank({ portNumber: 2 });
    expect(tankReading(t, { adc2: 3.3, adc1: 9 })).toBe(3.3);
    expect(tankReading(t, { adc2: '3.3' })).toBeUndefined();
    expect(tankReading(t, { adc1: 3.3 })).toBeUndefined();
    expect(tankReading(t, { adc2: Number.POSITIVE_INFINITY })).toBeUndefined();
  });
});
