import type { UserVehicleRow, VehiclePackage } from '@jejak/contract';
import { packageActions } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { deviceImei, statusSummary, subscriptionRows } from './subscription-rows.ts';

const vehicle = (vid: string, plate: string): UserVehicleRow => ({
  vid,
  uid: 'o',
  vehiclePlate: plate,
  vehicleDisplayName: plate,
  vehicleType: 'Truck',
  vehicleModel: 'Hino',
  dvid: `GPS100#35971004000000${vid}`,
  simCard: null,
  engineServiceNextMileage: null,
  engineServiceNextWorkingHour: null,
  engineServiceDueDate: null,
  transmissionServiceNextMileage: null,
  transmissionServiceDueDate: null,
  rearAxleServiceNextMileage: null,
  rearAxleServiceDueDate: null,
  serviceNextMileage: null,
  serviceDueDate: null,
  permitDueDate: null,
  subsStartDate: null,
  subsEndDate: null,
  createdAt: 0,
});

const pkg = (vid: string, status: VehiclePackage['status'], expiringSoon = false): VehiclePackage => ({
  vehiclePackageId: `p${vid}`,
  vid,
  uid: 'o',
  contractType: 'TWELVE',
  startAt: 0,
  endAt: 1,
  status,
  expiringSoon,
  renewal: null,
  actions: packageActions(status),
  createdAt: 0,
  updatedAt: 0,
});

describe('subscription table', () => {
  it('pairs every vehicle with its package, sorted by plate', () => {
    const rows = subscriptionRows([vehicle('2', 'WXY 2'), vehicle('1', 'ABC 1')], [pkg('2', 'ACTIVE')]);
    expect(rows.map((r) => [r.vehicle.vehiclePlate, r.pkg?.status ?? null])).toEqual([
      ['ABC 1', null],
      ['WXY 2', 'ACTIVE'],
    ]);
  });

  it('counts statuses, vehicles without a package and those expiring soon', () => {
    const rows = subscriptionRows(
      ['1', '2', '3', '4'].map((v) => vehicle(v, v)),
      [pkg('1', 'ACTIVE', true), pkg('2', 'ACTIVE'), pkg('3', 'SUSPENDED')],
    );
    const summary = statusSummary(rows);
    expect(summary).toMatchObject({ total: 4, noPackage: 1, expiringSoon: 1 });
    expect(summary.byStatus).toEqual({ PENDING: 0, ACTIVE: 2, EXPIRED: 0, SUSPENDED: 1, TERMINATED: 0 });
  });

  it('shows the IMEI after the # of the device id', () => {
    expect(deviceImei('GPS100#359710040000001')).toBe('359710040000001');
    expect(deviceImei('-')).toBe('-');
  });
});
