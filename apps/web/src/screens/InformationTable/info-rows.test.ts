import { DEFAULT_FUEL_TANK, defaultFuelProfile, type Device, type Vehicle } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import {
  GEOFENCE_TYPE_FILTERS,
  NO_FUEL_PROFILES,
  STATUS_FILTERS,
  compareDuration,
  compareSpeed,
  createAddressBook,
  externalMapUrl,
  fuelText,
  geofenceRows,
  insideUnknown,
  vehicleRows,
  type InfoGeofence,
} from './info-rows.ts';

const T0 = Date.UTC(2026, 10, 21, 2, 0, 0);

function vehicle(over: Partial<Vehicle> & Pick<Vehicle, 'vid'>): Vehicle {
  return {
    dvid: `GPS100#${over.vid}`,
    uid: 'u1',
    vehiclePlate: `P ${over.vid}`,
    vehicleDisplayName: `Lori ${over.vid}`,
    vehicleType: 'Truck',
    vehicleModel: 'Hino 300',
    transitStatus: 'MOVING',
    transitFrom: T0,
    updatedAt: T0 + 5_000,
    mileage: 0,
    createdAt: T0,
    fuelProfile: defaultFuelProfile(),
    ...over,
  };
}

function device(dvid: string, over: Partial<Device> = {}): Device {
  return {
    dvid,
    uid: 'u1',
    model: 'GPS100',
    imei: dvid,
    simCard: '',
    location: { lat: 3.1, lon: 101.6 },
    heading: 0,
    speed: 42.5,
    deviceTime: T0,
    createdAt: T0,
    isAlive: true,
    gpsStatus: true,
    engineStatus: true,
    ...over,
  };
}

const GEOFENCES = new Map<string, InfoGeofence>([
  ['g1', { geoid: 'g1', geoType: 'POI', geofenceName: 'Depot Shah Alam' }],
  ['g2', { geoid: 'g2', geoType: 'Polygon', geofenceName: 'Zon PJ' }],
]);

const TWO_TANKS = {
  fuel2: { ...DEFAULT_FUEL_TANK, portNumber: 2, fuelCapacity: 100 },
  fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 },
};

describe('information table fuel text', () => {
  it.each([
    ['no tank set up', defaultFuelProfile(), undefined, NO_FUEL_PROFILES],
    ['a tank before any reading', { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 80 } }, {}, '[Tank 1] no reading'],
    ['two tanks in port order', TWO_TANKS, { fuel: 120.456, fuel2: null }, '[Tank 1] 120.46 L, [Tank 2] no reading'],
    ['both read', TWO_TANKS, { fuel: 0, fuel2: 50 }, '[Tank 1] 0.00 L, [Tank 2] 50.00 L'],
  ])('%s', (_, fuelProfile, fuelLevels, expected) => {
    expect(fuelText({ fuelProfile }, fuelLevels && { fuelLevels })).toBe(expected);
  });
});

describe('information table vehicle rows', () => {
  it('shows the geofences a vehicle is inside, else its address, and links the external map', () => {
    const inside = vehicle({ vid: 'a', geofenceProfile: { g1: 1, g2: 0, unknown: 1 } });
    const outside = vehicle({ vid: 'b', geofenceProfile: { g1: 0 } });
    // Far from any town (the South China Sea) the address is the coordinates.
    const offshore = vehicle({ vid: 'c' });
    const rows = vehicleRows(
      [inside, outside, offshore],
      (dvid) => device(dvid, dvid.endsWith('c') ? { location: { lat: 5.5, lon: 114 } } : {}),
      GEOFENCES,
    );
    expect(rows.map((r) => [r.vid, r.locationText])).toEqual([
      ['a', 'POI Depot Shah Alam'],
      ['b', 'Petaling Jaya, Selangor'],
      ['c', '5.50000, 114.00000'],
    ]);
    expect(rows[1]?.address).toBe('Petaling Jaya, Selangor');
    expect(rows[0]?.inside).toEqual([{ geoid: 'g1', kind: 'POI', name: 'Depot Shah Alam' }]);
    // The unknown geoid (a geofence added since the list was read) asks for the list again.
    expect(insideUnknown([inside], GEOFENCES)).toBe(true);
    expect(insideUnknown([outside, vehicle({ vid: 'c', geofenceProfile: { unknown: 0 } })], GEOFENCES)).toBe(false);
    expect(externalMapUrl({ lat: 3.1, lon: 101.6 })).toBe('https://www.google.com/maps/search/?api=1&query=3.1,101.6');
  });

  it('looks an address up once per vehicle and rounded position (about 110 m)', () => {
    const asked: string[] = [];
    const addressOf = createAddressBook((lat, lon) => {
      asked.push(`${lat},${lon}`);
      return lat > 3 ? `north ${lat}` : '';
    });
    const rowsAt = (lat: number) =>
      vehicleRows(
        [vehicle({ vid: 'a' })],
        (dvid) => device(dvid, { location: { lat, lon: 101.6 } }),
        GEOFENCES,
        addressOf,
      );
    expect(rowsAt(3.10012)[0]?.locationText).toBe('north 3.1');
    // Creeping in the yard: the same rounded spot, no new lookup.
    expect(rowsAt(3.10038)[0]?.locationText).toBe('north 3.1');
    expect(rowsAt(3.1012)[0]?.locationText).toBe('north 3.101');
    // No address for the spot: its coordinates.
    expect(rowsAt(2.5)[0]?.locationText).toBe('2.50000, 101.60000');
    expect(asked).toEqual(['3.1,101.6', '3.101,101.6', '2.5,101.6']);
  });

  it('reads status, its start, speed and last update, with no device or position as unknown', () => {
    const rows = vehicleRows(
      [
        vehicle({ vid: 'm' }),
        vehicle({ vid: 'd', transitStatus: null, dvid: '-', updatedAt: null }),
        vehicle({ vid: 'x', transitStatus: 'PARKING', transitFrom: T0 - 60_000 }),
      ],
      (dvid) =>
        dvid.endsWith('x')
          ? device(dvid, { location: { lat: 200, lon: 0 }, speed: null, deviceTime: T0 + 9_000 })
          : device(dvid),
      GEOFENCES,
    );
    const byVid = new Map(rows.map((r) => [r.vid, r]));
    expect(byVid.get('m')).toMatchObject({
      status: 'MOVING',
      statusSinceMs: T0,
      speedKmh: 42.5,
      updatedAt: T0 + 5_000,
    });
    expect(byVid.get('d')).toMatchObject({
      status: 'DISCONNECTED',
      statusSinceMs: null,
      speedKmh: null,
      position: null,
      locationText: '-',
      updatedAt: null,
    });
    // The device's newer fix is the last update (T0 + 5 s on the vehicle, T0 + 9 s on the device).
    expect(byVid.get('x')).toMatchObject({
      status: 'PARKING',
      statusSinceMs: T0 - 60_000,
      position: null,
      updatedAt: T0 + 9_000,
    });
  });

  it('sorts by name case-insensitively, the plate standing in for a missing name', () => {
    const rows = vehicleRows(
      [
        vehicle({ vid: '1', vehicleDisplayName: 'van 2' }),
        vehicle({ vid: '2', vehicleDisplayName: '', vehiclePlate: 'BMK 1' }),
        vehicle({ vid: '3', vehicleDisplayName: 'Lori 1' }),
      ],
      () => undefined,
      GEOFENCES,
    );
    expect(rows.map((r) => r.name)).toEqual(['BMK 1', 'Lori 1', 'van 2']);
  });

  it('orders durations longest last and speeds fastest last, unknowns first', () => {
    const since = [{ statusSinceMs: T0 }, { statusSinceMs: null }, { statusSinceMs: T0 - 1 }];
    expect(since.sort(compareDuration).map((r) => r.statusSinceMs)).toEqual([null, T0, T0 - 1]);
    const speeds = [{ speedKmh: 10 }, { speedKmh: null }, { speedKmh: 0 }];
    expect(speeds.sort(compareSpeed).map((r) => r.speedKmh)).toEqual([null, 0, 10]);
  });
});

describe('information table geofence rows', () => {
  it('counts the vehicles inside each geofence and names its templates', () => {
    const rows = geofenceRows(
      [...GEOFENCES.values()],
      [
        { gtid: 't1', templateName: 'UNGROUP', geofences: ['g1', 'g2'] },
        { gtid: 't2', templateName: 'Depots', geofences: ['g1'] },
      ],
      [
        vehicle({ vid: 'a', geofenceProfile: { g1: 1 } }),
        vehicle({ vid: 'b', geofenceProfile: { g1: 1, g2: 0 } }),
        vehicle({ vid: 'c' }),
      ],
    );
    expect(rows.map((r) => [r.name, r.templates, r.geoType, r.vehiclesInside.map((v) => v.vid)])).toEqual([
      ['Depot Shah Alam', 'UNGROUP, Depots', 'POI', ['a', 'b']],
      ['Zon PJ', 'UNGROUP', 'Polygon', []],
    ]);
  });

  it('filters by every transit status and by POI or Zone', () => {
    expect(STATUS_FILTERS.map((f) => f.value)).toEqual(['MOVING', 'IDLING', 'PARKING', 'DISCONNECTED']);
    expect(GEOFENCE_TYPE_FILTERS).toEqual([
      { text: 'POI', value: 'POI' },
      { text: 'Zone', value: 'Polygon' },
    ]);
  });
});
