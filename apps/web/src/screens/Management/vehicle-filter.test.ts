import type { ManagedVehicle } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { filterVehicles, groupLabel, NO_VEHICLE_FILTER } from './vehicle-filter.ts';

const vehicle = (vid: string, over: Partial<ManagedVehicle>): ManagedVehicle => ({
  vid,
  uid: 'u',
  userName: 'Owner',
  dvid: '-',
  simCard: null,
  vehiclePlate: vid,
  vehicleDisplayName: vid,
  vehicleType: 'Truck',
  vehicleModel: 'Hino',
  transitStatus: 'MOVING',
  mileage: 0,
  createdAt: 0,
  updatedAt: null,
  fuelProfile: {},
  vehicleGroups: [],
  gtids: [],
  rtids: [],
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
  ...over,
});

const rows = [
  vehicle('a', { vehiclePlate: 'WXY 1234', vehicleDisplayName: 'Lorry One', transitStatus: 'PARKING' }),
  vehicle('b', {
    vehiclePlate: 'BKT 3321',
    vehicleType: 'Van',
    transitStatus: null,
    vehicleGroups: [{ vgid: 'g1', groupName: 'North Depot', subName: 'Syarikat Maju', colorHexCode: 'FFFFFF' }],
  }),
  vehicle('c', { vehicleModel: 'Isuzu NPR', dvid: 'GPS100#359710040000013' }),
];
const vids = (filter: Partial<typeof NO_VEHICLE_FILTER>) =>
  filterVehicles(rows, { ...NO_VEHICLE_FILTER, ...filter }).map((v) => v.vid);

describe('Vehicles tab search and filters', () => {
  it.each([
    [{}, ['a', 'b', 'c']],
    [{ query: 'wxy' }, ['a']],
    [{ query: '  lorry ' }, ['a']],
    [{ query: 'north' }, ['b']],
    [{ query: 'isuzu' }, ['c']],
    [{ query: '0000013' }, ['c']],
    [{ query: 'nothing like it' }, []],
    [{ status: 'PARKING' as const }, ['a']],
    [{ status: 'DISCONNECTED' as const }, ['b']],
    [{ type: 'Van' }, ['b']],
    [{ vgid: 'g1' }, ['b']],
    [{ type: 'Truck', status: 'MOVING' as const }, ['c']],
  ])('%o', (filter, expected) => {
    expect(vids(filter)).toEqual(expected);
  });
});

describe('groupLabel', () => {
  it("names the owner only when two of the vehicle's groups share a name", () => {
    const own = { vgid: 'a', groupName: 'ALL', subName: 'Syarikat Maju', colorHexCode: 'FFFFFF' };
    const dist = { vgid: 'b', groupName: 'ALL', subName: 'Pengedar Utama', colorHexCode: 'FFFFFF' };
    const depot = { vgid: 'c', groupName: 'North Depot', subName: 'Syarikat Maju', colorHexCode: 'FFFFFF' };
    expect([own, dist, depot].map((g) => groupLabel(g, [own, dist, depot]))).toEqual([
      'ALL (Syarikat Maju)',
      'ALL (Pengedar Utama)',
      'North Depot',
    ]);
    expect(groupLabel(own, [own, depot])).toBe('ALL');
  });
});
