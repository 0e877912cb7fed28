import { describe, expect, it } from 'vitest';
import type { Device, Vehicle } from '../entities.ts';
import {
  countFleetStates,
  filterFleet,
  fixAge,
  fleetRow,
  fleetState,
  groupNamesByVehicle,
  matchesFleetSearch,
  type FleetRow,
} from './fleet-list.ts';

const NOW = Date.UTC(2026, 10, 28, 4, 0);

function vehicle(vid: string, plate: string, extra: Partial<Vehicle> = {}): Vehicle {
  return {
    vid,
    dvid: `GT06#${vid}`,
    uid: 'owner',
    vehiclePlate: plate,
    vehicleDisplayName: `Lori ${vid}`,
    vehicleType: 'Lorry',
    vehicleModel: 'Hino',
    transitStatus: 'MOVING',
    transitFrom: NOW - 60_000,
    updatedAt: NOW,
    mileage: 0,
    createdAt: 0,
    fuelProfile: {},
    ...extra,
  };
}

function device(dvid: string, extra: Partial<Device> = {}): Device {
  return {
    dvid,
    uid: 'owner',
    model: 'GT06',
    imei: dvid.split('#')[1] ?? '',
    simCard: '+60123456789',
    location: { lat: 3.1, lon: 101.7 },
    heading: 90,
    speed: 42,
    deviceTime: NOW - 30_000,
    createdAt: 0,
    isAlive: true,
    gpsStatus: true,
    engineStatus: true,
    ...extra,
  };
}

const neverReported = { location: null, speed: null, deviceTime: null, lastRecordAt: null };

describe('fleetState', () => {
  it('is the transit status once the tracker has reported', () => {
    expect(fleetState(vehicle('1', 'A 1', { transitStatus: 'IDLING' }), device('GT06#1'))).toBe('IDLING');
    expect(fleetState(vehicle('1', 'A 1', { transitStatus: null }), device('GT06#1'))).toBe('DISCONNECTED');
  });

  it('is NEVER_REPORTED without a device, or before the first fix or record', () => {
    expect(fleetState(vehicle('1', 'A 1', { dvid: '-' }), undefined)).toBe('NEVER_REPORTED');
    expect(fleetState(vehicle('1', 'A 1', { transitStatus: null }), device('GT06#1', neverReported))).toBe(
      'NEVER_REPORTED',
    );
    // A heartbeat without a fix is a report: the tracker is there, it only has no position.
    expect(
      fleetState(
        vehicle('1', 'A 1', { transitStatus: null }),
        device('GT06#1', { ...neverReported, lastRecordAt: NOW }),
      ),
    ).toBe('DISCONNECTED');
  });
});

describe('fleet search and filter', () => {
  const groups = groupNamesByVehicle([
    { groupName: 'ALL', vehicles: ['1', '2', '3'] },
    { groupName: 'Cheras Depot', vehicles: ['1', '3'] },
    { groupName: 'Night shift', vehicles: ['3'] },
  ]);
  const groupsOf = (vid: string) => groups.get(vid) ?? [];
  const rows: FleetRow[] = [
    fleetRow(vehicle('1', 'WXY 10'), device('GT06#1'), groupsOf),
    fleetRow(vehicle('2', 'WXY 9', { transitStatus: 'PARKING' }), device('GT06#2'), groupsOf),
    fleetRow(
      vehicle('3', 'BKA 1234', { vehicleDisplayName: 'Bas Pekerja' }),
      device('GT06#3', neverReported),
      groupsOf,
    ),
  ];

  it('finds a plate typed with or without spaces and dashes, in any case', () => {
    expect(matchesFleetSearch(rows[2]!, 'bka1234')).toBe(true);
    expect(matchesFleetSearch(rows[2]!, 'BKA-12')).toBe(true);
    expect(matchesFleetSearch(rows[0]!, 'bka')).toBe(false);
  });

  it('finds by name and by group, but not by the built-in ALL group', () => {
    expect(rows.filter((r) => matchesFleetSearch(r, 'pekerja')).map((r) => r.vid)).toEqual(['3']);
    expect(rows.filter((r) => matchesFleetSearch(r, 'cheras')).map((r) => r.vid)).toEqual(['1', '3']);
    expect(rows.filter((r) => matchesFleetSearch(r, 'all')).map((r) => r.vid)).toEqual([]);
  });

  it('sorts plates in natural order and counts states over the search alone', () => {
    const all = filterFleet(rows, { query: '', state: null });
    expect(all.rows.map((r) => r.plate)).toEqual(['BKA 1234', 'WXY 9', 'WXY 10']);
    expect(all.counts).toEqual({ ALL: 3, MOVING: 1, IDLING: 0, PARKING: 1, DISCONNECTED: 0, NEVER_REPORTED: 1 });

    const parked = filterFleet(rows, { query: 'wxy', state: 'PARKING' });
    expect(parked.rows.map((r) => r.vid)).toEqual(['2']);
    // The buttons still count what each state would show within "wxy".
    expect(parked.counts).toEqual(countFleetStates([rows[0]!, rows[1]!]));
  });

  it('keeps speed, last fix and position, and none before the first fix', () => {
    expect(rows[0]).toMatchObject({ speedKmh: 42, lastFixAt: NOW - 30_000, location: { lat: 3.1, lon: 101.7 } });
    expect(rows[2]).toMatchObject({ speedKmh: null, lastFixAt: null, location: null, state: 'NEVER_REPORTED' });
  });
});

describe('fixAge', () => {
  it('reads now, minutes, hours and days', () => {
    expect(fixAge(null, NOW)).toEqual({ unit: 'never' });
    expect(fixAge(NOW - 59_000, NOW)).toEqual({ unit: 'now' });
    expect(fixAge(NOW + 5_000, NOW)).toEqual({ unit: 'now' });
    expect(fixAge(NOW - 5 * 60_000, NOW)).toEqual({ unit: 'minutes', value: 5 });
    expect(fixAge(NOW - 47 * 3_600_000, NOW)).toEqual({ unit: 'hours', value: 47 });
    expect(fixAge(NOW - 72 * 3_600_000, NOW)).toEqual({ unit: 'days', value: 3 });
  });
});
