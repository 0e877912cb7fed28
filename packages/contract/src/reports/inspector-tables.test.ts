import { describe, expect, it } from 'vitest';
import {
  DeviceLogExportRequestSchema,
  deviceInspectorRows,
  filterDeviceLogs,
  inspectorTime,
  vehicleInspectorRows,
} from './inspector-tables.ts';
import type { DeviceLog, VehicleLog } from './records.ts';

const T = Date.UTC(2026, 10, 26, 16, 30, 5);
const ZONE = 'Asia/Kuala_Lumpur';

const fix: DeviceLog = {
  dvid: 'GPS100#864768011234567',
  deviceTime: T,
  createdAt: T + 1500,
  packageTime: null,
  devicePackage: 'gps#latest',
  location: { lat: 3.0319, lon: 101.6171 },
  speed: 62.345,
  altitude: 35,
  heading: 181.6,
  fuel: 41.256,
  deviceMessage: 'sos',
  gpsStatus: true,
  engineStatus: false,
  isAlive: null,
  attributes: { sat: 9, power: { volts: 12.4 } },
};

describe('inspectorTime (spec 3 §9)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in the zone, null when unknown', () => {
    expect(inspectorTime(T, ZONE)).toBe('2026-11-27 00:30:05');
    expect(inspectorTime(T, 'UTC')).toBe('2026-11-26 16:30:05');
    expect(inspectorTime(null, ZONE)).toBeNull();
  });
});

describe('the Device Inspector rows', () => {
  it('words every column as the screen and the export show it', () => {
    expect(deviceInspectorRows([fix], ZONE)).toEqual([
      {
        key: `${T}|gps#latest|${T + 1500}`,
        serverTime: '2026-11-27 00:30:06',
        deviceTime: '2026-11-27 00:30:05',
        devicePackage: 'gps#latest',
        message: 'sos',
        gpsStatus: 'Available',
        acc: 'OFF',
        location: '3.031900, 101.617100',
        mapUrl: 'https://www.google.com/maps?q=3.0319,101.6171',
        speed: 62.3,
        direction: 182,
        fuel: 41.26,
        extra: 'altitude: 35, sat: 9, power: {"volts":12.4}',
      },
    ]);
  });

  it('leaves unknown values empty', () => {
    const heartbeat: DeviceLog = {
      ...fix,
      devicePackage: 'heartbeat',
      location: null,
      speed: null,
      altitude: null,
      heading: null,
      fuel: null,
      deviceMessage: null,
      gpsStatus: null,
      engineStatus: true,
      attributes: null,
    };
    expect(deviceInspectorRows([heartbeat], ZONE)[0]).toMatchObject({
      message: null,
      gpsStatus: null,
      acc: 'ON',
      location: null,
      mapUrl: null,
      speed: null,
      direction: null,
      fuel: null,
      extra: null,
    });
  });

  it('filters by package, keeping the order; none chosen keeps all', () => {
    const logs = [{ devicePackage: 'auth' }, { devicePackage: 'gps#latest' }, { devicePackage: 'heartbeat' }];
    expect(filterDeviceLogs(logs, ['heartbeat', 'auth'])).toEqual([logs[0], logs[2]]);
    expect(filterDeviceLogs(logs, [])).toEqual(logs);
    expect(filterDeviceLogs(logs, undefined)).toEqual(logs);
  });

  it('refuses a package outside the spec list', () => {
    const base = { dvid: fix.dvid, startTime: T, endTime: T + 1000 };
    expect(DeviceLogExportRequestSchema.safeParse({ ...base, packages: ['gps#latest'] }).success).toBe(true);
    expect(DeviceLogExportRequestSchema.safeParse({ ...base, packages: ['gps'] }).success).toBe(false);
    // Left out, the zone is the server's to fill (JEJAK_TIME_ZONE).
    expect(DeviceLogExportRequestSchema.parse(base).timeZone).toBeUndefined();
  });
});

describe('the Vehicle Inspector rows', () => {
  it('words every column, times in the zone, mileage to 2 decimals', () => {
    const log: VehicleLog = {
      vid: 'v1',
      vehicleTime: T,
      createdAt: T + 2000,
      location: { lat: 3, lon: 101 },
      speed: 40,
      address: 'near Puchong, Selangor',
      tripStatus: 'TRANSIT',
      tripFrom: T - 3_600_000,
      transitStatus: 'MOVING',
      transitFrom: T - 60_000,
      mileage: 1234.5678,
    };
    expect(vehicleInspectorRows([log, { ...log, tripStatus: null, tripFrom: null, address: null }], ZONE)).toEqual([
      {
        key: `${T}|${T + 2000}`,
        serverTime: '2026-11-27 00:30:07',
        vehicleTime: '2026-11-27 00:30:05',
        address: 'near Puchong, Selangor',
        tripStatus: 'TRANSIT',
        tripFrom: '2026-11-26 23:30:05',
        transitStatus: 'MOVING',
        transitFrom: '2026-11-27 00:29:05',
        mileage: 1234.57,
      },
      expect.objectContaining({ address: null, tripStatus: null, tripFrom: null }),
    ]);
  });
});
