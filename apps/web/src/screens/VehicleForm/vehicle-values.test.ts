import { describe, expect, it } from 'vitest';
import {
  checkVehicle,
  checkVehicleUpdate,
  newVehicleValues,
  vehicleRequest,
  type VehicleFormValues,
} from './vehicle-values.ts';

const TZ = 'Asia/Kuala_Lumpur';
// 2026-11-26 10:00 in Kuala Lumpur
const now = Date.UTC(2026, 10, 26, 2, 0);
const todayKl = Date.UTC(2026, 10, 25, 16, 0);
const in3MonthsKl = Date.UTC(2027, 1, 25, 16, 0);

const filled = (): VehicleFormValues => ({
  ...newVehicleValues(now, 'owner-1', TZ),
  dvid: 'GPS100#123',
  vehicleDisplayName: ' Lorry 1 ',
  vehiclePlate: 'WXY 1234',
  vehicleModel: 'Hino 500',
  vehicleType: 'Truck',
});

describe('new vehicle defaults (spec 2 §4)', () => {
  it('subscription starts today and ends in 3 months; due dates in 3 months; counters at 0', () => {
    const body = vehicleRequest(newVehicleValues(now, 'u', TZ), null, TZ).vehicle;
    expect(body.subsStartDate).toBe(todayKl);
    for (const field of [
      'subsEndDate',
      'engineServiceDueDate',
      'transmissionServiceDueDate',
      'rearAxleServiceDueDate',
      'serviceDueDate',
      'permitDueDate',
    ]) {
      expect(body[field]).toBe(in3MonthsKl);
    }
    for (const field of [
      'engineServiceNextMileage',
      'engineServiceNextWorkingHour',
      'transmissionServiceNextMileage',
      'rearAxleServiceNextMileage',
      'serviceNextMileage',
    ]) {
      expect(body[field]).toBe(0);
    }
    expect(body.fuelProfile).toEqual({
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
});

describe('vehicle checks in the spec order (spec 2 §5)', () => {
  const message = (values: VehicleFormValues) => {
    const check = checkVehicle(values, TZ);
    return check.ok ? null : check.message;
  };

  it('passes a filled form, trimmed, with the target user', () => {
    const check = checkVehicle(filled(), TZ);
    expect(check.ok && check.request.vehicle.vehicleDisplayName).toBe('Lorry 1');
    expect(check.ok && check.request.user.uid).toBe('owner-1');
  });

  it('shows the first problem: device, name, plate, model, type, target user', () => {
    const empty: VehicleFormValues = { ...newVehicleValues(now, null, TZ) };
    expect(message(empty)).toBe('Please select a device for this vehicle');
    expect(message({ ...empty, dvid: 'd' })).toBe('Please enter a vehicle name');
    expect(message({ ...empty, dvid: 'd', vehicleDisplayName: 'n' })).toBe('Please enter vehicle plate');
    expect(message({ ...empty, dvid: 'd', vehicleDisplayName: 'n', vehiclePlate: ' ' })).toBe(
      'Please enter vehicle plate',
    );
    expect(message({ ...empty, dvid: 'd', vehicleDisplayName: 'n', vehiclePlate: 'p' })).toBe(
      'Please enter a vehicle model',
    );
    expect(message({ ...empty, dvid: 'd', vehicleDisplayName: 'n', vehiclePlate: 'p', vehicleModel: 'm' })).toBe(
      'Please select vehicle type',
    );
    expect(message({ ...filled(), targetUid: null })).toBe('Please select target user');
  });

  it("then names a bad tank: 'Error at tank {n}…'", () => {
    const tanks = [...(filled().tanks ?? []), { portNumber: 2, fuelCapacity: 50 }];
    expect(message({ ...filled(), tanks })).toBe('Error at tank 2. Make sure fields are filled in correctly');
    expect(message({ ...filled(), targetUid: null, tanks })).toBe('Please select target user');
  });

  it('an edit carries the vehicle id', () => {
    const check = checkVehicleUpdate(filled(), 'v-9', TZ);
    expect(check.ok && check.request.vehicle.vid).toBe('v-9');
  });
});
