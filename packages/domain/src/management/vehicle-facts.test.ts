import { describe, expect, it } from 'vitest';
import { defaultFuelProfile } from '../fuel/tank.ts';
import type { Device, Vehicle } from '../entities.ts';
import { vehicleFacts, withVehicleFacts } from './vehicle-facts.ts';

const vehicle = (dvid: string): Vehicle => ({
  vid: `v-${dvid}`,
  dvid,
  uid: 'u',
  vehiclePlate: 'WXY 1',
  vehicleDisplayName: 'Lori',
  vehicleType: 'Lorry',
  vehicleModel: '',
  transitStatus: 'PARKING',
  transitFrom: 0,
  updatedAt: 0,
  mileage: 0,
  createdAt: 0,
  fuelProfile: defaultFuelProfile(),
});
const device: Device = {
  dvid: 'GPS100#1',
  uid: 'u',
  model: 'GPS100',
  imei: '1',
  simCard: '+60123456789',
  location: { lat: 3.0738, lon: 101.5183 },
  heading: 0,
  speed: 0,
  deviceTime: 5,
  createdAt: 0,
  isAlive: true,
  gpsStatus: false,
  engineStatus: false,
  noGPSAt: 4,
};

describe("a vehicle's facts from its device (spec 1 §3)", () => {
  it('takes the address of where its device stands, its GPS status, since when no fix, and alive', () => {
    expect(vehicleFacts(vehicle('GPS100#1'), device)).toEqual({
      address: 'near Shah Alam, Selangor',
      gpsStatus: false,
      isAlive: true,
      noGPSAt: 4,
    });
  });

  it('knows nothing of a vehicle without a device, or with another device than the one given', () => {
    const none = { address: null, gpsStatus: null, isAlive: false, noGPSAt: null };
    expect(vehicleFacts(vehicle('-'), undefined)).toEqual(none);
    expect(vehicleFacts(vehicle('GPS100#2'), device)).toEqual(none);
    expect(withVehicleFacts([vehicle('GPS100#1'), vehicle('-')], [device]).map((v) => v.isAlive)).toEqual([
      true,
      false,
    ]);
  });
});
