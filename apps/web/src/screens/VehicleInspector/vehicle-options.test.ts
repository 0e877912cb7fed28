import { describe, expect, it } from 'vitest';
import { stateVehicle, vehicleOptions } from './vehicle-options.ts';

const lori = { vid: 'v2', vehicleDisplayName: 'lori 2', vehiclePlate: 'BKT 3321' };
const bas = { vid: 'v1', vehicleDisplayName: 'Bas 1', vehiclePlate: 'BMK 5521' };

describe('the Vehicle Inspector picker', () => {
  it('reads the opened vehicle from the route state', () => {
    expect(stateVehicle({ vehicle: { ...bas, dvid: 'GPS100#1' }, uid: 'u1' })).toEqual(bas);
    expect(stateVehicle({ vehicle: { vid: 'v9' } })).toEqual({ vid: 'v9', vehicleDisplayName: 'v9', vehiclePlate: '' });
    expect(stateVehicle({ vehicle: null })).toBeUndefined();
    expect(stateVehicle({ uid: 'u1' })).toBeUndefined();
  });

  it('lists vehicles by display name, case-insensitive, keeping the opened one', () => {
    expect(vehicleOptions([lori, bas], bas)).toEqual([
      { value: 'v1', label: 'Bas 1 (BMK 5521)' },
      { value: 'v2', label: 'lori 2 (BKT 3321)' },
    ]);
    expect(vehicleOptions([lori], { vid: 'v9', vehicleDisplayName: 'v9', vehiclePlate: '' })).toEqual([
      { value: 'v2', label: 'lori 2 (BKT 3321)' },
      { value: 'v9', label: 'v9' },
    ]);
  });
});
