import type { ManagedDevice } from '@jejak/contract';
import type { Device } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { mergeLiveDevices, withLiveReadings } from './live-devices.ts';

const row: ManagedDevice = {
  dvid: 'GPS100#1',
  uid: 'u1',
  userName: 'Owner',
  model: 'GPS100',
  imei: '1',
  brand: '',
  simCard: '+60123456789',
  assignedStatus: 1,
  vid: 'v1',
  vehiclePlate: 'ABC 1',
  vehicleDisplayName: 'Lorry',
  engineStatus: false,
  gpsStatus: true,
  speed: 0,
  fuel: 40,
  location: { lat: 3, lon: 101 },
  package: 'gps#latest',
  deviceTime: 1000,
  updatedAt: 1500,
  createdAt: 1,
  dgids: [],
  settings: {},
};
const live = (deviceTime: number | null): Device => ({
  dvid: 'GPS100#1',
  uid: 'u1',
  model: 'GPS100',
  imei: '1',
  simCard: '+60123456789',
  location: { lat: 3.5, lon: 101.5 },
  heading: 90,
  speed: 42.5,
  deviceTime,
  createdAt: 1,
  isAlive: true,
  gpsStatus: true,
  engineStatus: true,
});

describe('live readings on the Devices tab', () => {
  it('takes a newer live record’s position, speed, ACC, GPS and device time', () => {
    expect(withLiveReadings(row, live(2000))).toEqual({
      ...row,
      deviceTime: 2000,
      location: { lat: 3.5, lon: 101.5 },
      speed: 42.5,
      engineStatus: true,
    });
  });

  it('takes the live record’s package and server time when it carries them', () => {
    const next = withLiveReadings(row, { ...live(2000), lastPackage: 'heartbeat', lastRecordAt: 2600 });
    expect([next.package, next.updatedAt]).toEqual(['heartbeat', 2600]);
  });

  it('keeps the row (same object) for an older, equal or missing live record', () => {
    expect(withLiveReadings(row, live(1000))).toBe(row);
    expect(withLiveReadings(row, live(500))).toBe(row);
    expect(withLiveReadings(row, live(null))).toBe(row);
    expect(withLiveReadings(row, undefined)).toBe(row);
  });

  it('returns the same array when no row changed, a new one when one did', () => {
    const rows = [row, { ...row, dvid: 'GPS100#2' }];
    expect(mergeLiveDevices(rows, () => undefined)).toBe(rows);
    const merged = mergeLiveDevices(rows, (dvid) => (dvid === 'GPS100#2' ? live(3000) : undefined));
    expect(merged).not.toBe(rows);
    expect(merged[0]).toBe(row);
    expect(merged[1]?.deviceTime).toBe(3000);
  });
});
