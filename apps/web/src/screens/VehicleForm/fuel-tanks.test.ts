import { describe, expect, it } from 'vitest';
import { mayRemoveTank, nextTank, profileOf, tankProblem, tanksOf } from './fuel-tanks.ts';

const DEFAULT = {
  portNumber: 0,
  fuelCapacity: 0,
  fuelLevelMin: 0,
  fuelLevelMax: 10,
  fuelLevelOperator: 'V',
  fuelSensorType: 'dipstick',
} as const;

describe('fuel-tank editor (spec 2 §5, §9)', () => {
  it('starts a vehicle without tanks with the default tank of §9', () => {
    expect(tanksOf(undefined)).toEqual([DEFAULT]);
    expect(tanksOf({})).toEqual([DEFAULT]);
  });

  it('keeps the tanks of a vehicle', () => {
    const second = { ...DEFAULT, portNumber: 2, fuelCapacity: 80 };
    expect(tanksOf({ fuel: DEFAULT, fuel2: second })).toEqual([DEFAULT, second]);
  });

  it('adds a tank on the next free input (ports 0 and 1 share input 1)', () => {
    expect(nextTank([DEFAULT])).toEqual({ ...DEFAULT, portNumber: 2 });
    expect(nextTank([{ ...DEFAULT, portNumber: 2 }])).toEqual(DEFAULT);
    expect(nextTank([DEFAULT, { ...DEFAULT, portNumber: 2 }])).toMatchObject({ portNumber: 3 });
  });

  it('has no new tank once every input is taken', () => {
    const all = [0, 2, 3, 4, 5, 6, 7, 8].map((portNumber) => ({ ...DEFAULT, portNumber }));
    expect(nextTank(all)).toBeNull();
  });

  it('disables Remove on the last tank', () => {
    expect(mayRemoveTank([DEFAULT])).toBe(false);
    expect(mayRemoveTank([DEFAULT, { ...DEFAULT, portNumber: 2 }])).toBe(true);
  });

  it("names the first tank that is not filled in: 'Error at tank {n}…'", () => {
    expect(tankProblem([DEFAULT])).toBeNull();
    expect(tankProblem([DEFAULT, { ...DEFAULT, portNumber: 2, fuelCapacity: null }])).toBe(
      'Error at tank 2. Make sure fields are filled in correctly',
    );
    for (const field of ['fuelLevelMin', 'fuelLevelMax', 'fuelSensorType', 'fuelLevelOperator'] as const) {
      expect(tankProblem([{ ...DEFAULT, [field]: undefined }])).toBe(
        'Error at tank 1. Make sure fields are filled in correctly',
      );
    }
  });

  it('refuses two tanks on one input', () => {
    expect(tankProblem([DEFAULT, { ...DEFAULT, portNumber: 1 }])).toBe(
      'Error at tank 2. Make sure fields are filled in correctly',
    );
  });

  it('keys the profile by port', () => {
    expect(Object.keys(profileOf([DEFAULT, { ...DEFAULT, portNumber: 3 }]))).toEqual(['fuel', 'fuel3']);
  });
});
