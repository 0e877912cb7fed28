import { describe, expect, it } from 'vitest';
import { DEFAULT_FUEL_TANK, defaultFuelProfile } from '@jejak/domain';
import { FUEL_PROFILE_EMPTY, FuelProfileSchema, fuelTankError } from './fleet.ts';

const tank = { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 };
const second = { ...tank, portNumber: 2, fuelLevelOperator: '%', fuelLevelMin: 5, fuelLevelMax: 95 };

describe('FuelProfileSchema', () => {
  it.each([
    ['the default tank', defaultFuelProfile()],
    ['two tanks on inputs 1 and 2', { fuel: tank, fuel2: second }],
    ['a tank on port 1 alone', { fuel1: { ...tank, portNumber: 1 } }],
    [
      'an ultrasonic sensor whose output falls as the tank fills',
      { fuel: { ...tank, fuelSensorType: 'ultrasonic', fuelLevelMin: 4.5, fuelLevelMax: 0.5 } },
    ],
  ])('accepts %s', (_name, profile) => {
    expect(FuelProfileSchema.parse(profile)).toEqual(profile);
  });

  it('drops fields a tank does not have', () => {
    expect(FuelProfileSchema.parse({ fuel: { ...tank, colour: 'red' } })).toEqual({ fuel: tank });
  });

  it.each([
    ['a missing capacity', { fuel: tank, fuel2: { ...second, fuelCapacity: undefined } }, 2],
    ['a capacity given as text', { fuel: { ...tank, fuelCapacity: '200' } }, 1],
    ['a negative capacity', { fuel: { ...tank, fuelCapacity: -1 } }, 1],
    ['equal empty and full readings', { fuel: { ...tank, fuelLevelMin: 3, fuelLevelMax: 3 } }, 1],
    ['a percentage above 100', { fuel: tank, fuel2: { ...second, fuelLevelMax: 120 } }, 2],
    ['an unknown operator', { fuel: { ...tank, fuelLevelOperator: 'mA' } }, 1],
    ['an unknown sensor type', { fuel: { ...tank, fuelSensorType: 'float' } }, 1],
    ['a port that is not a whole number', { fuel: tank, fuel2: { ...second, portNumber: 2.5 } }, 2],
    ['a key that does not match the port', { fuel: tank, fuel3: second }, 2],
    ['ports 0 and 1, which read the same input', { fuel: tank, fuel1: { ...tank, portNumber: 1 } }, 2],
    ['a tank that is not an object', { fuel: tank, fuel2: 'full' }, 2],
  ])('rejects %s with the spec text naming the tank', (_name, profile, n) => {
    const r = FuelProfileSchema.safeParse(profile);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([fuelTankError(n)]);
  });

  it('needs at least one tank', () => {
    expect(FuelProfileSchema.safeParse({}).error?.issues.map((i) => i.message)).toEqual([FUEL_PROFILE_EMPTY]);
    expect(fuelTankError(3)).toBe('Error at tank 3. Make sure fields are filled in correctly');
  });
});
