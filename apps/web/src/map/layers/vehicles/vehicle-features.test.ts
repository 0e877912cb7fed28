import { defaultFuelProfile, type Device, type Vehicle } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { arrowSdfImage } from '../arrow-icon.ts';
import {
  diffVehicleFeatures,
  featuresBounds,
  statusColour,
  statusColourExpression,
  vehicleFeature,
  vehicleFeatures,
  type DrawnVehicles,
} from './vehicle-features.ts';

function vehicle(vid: string, dvid: string, transitStatus: Vehicle['transitStatus']): Vehicle {
  return {
    vid,
    dvid,
    uid: 'u1',
    vehiclePlate: `P-${vid}`,
    vehicleDisplayName: `Lorry ${vid}`,
    vehicleType: 'Truck',
    vehicleModel: 'X',
    transitStatus,
    transitFrom: 0,
    updatedAt: 0,
    mileage: 0,
    createdAt: 0,
    fuelProfile: defaultFuelProfile(),
  };
}

function device(dvid: string, location: Device['location'], heading: number | null): Device {
  return {
    dvid,
    uid: 'u1',
    model: 'GPS100',
    imei: dvid,
    simCard: '',
    location,
    heading,
    speed: 0,
    deviceTime: 0,
    createdAt: 0,
    isAlive: true,
    gpsStatus: true,
    engineStatus: null,
  };
}

describe('status colours', () => {
  it.each([
    ['MOVING', '#52C41A'],
    ['IDLING', '#FFB517'],
    ['PARKING', '#0488DB'],
    ['DISCONNECTED', '#333333'],
    [null, '#333333'],
    ['TELEPORTING', '#333333'],
  ])('%s → %s', (status, colour) => {
    expect(statusColour(status)).toBe(colour);
  });

  it('builds a match expression with DISCONNECTED as the fallback', () => {
    expect(statusColourExpression()).toEqual([
      'match',
      ['get', 'status'],
      'MOVING',
      '#52C41A',
      'IDLING',
      '#FFB517',
      'PARKING',
      '#0488DB',
      'DISCONNECTED',
      '#333333',
      '#333333',
    ]);
  });
});

describe('vehicleFeatures', () => {
  const devices = new Map([
    ['GPS100#1', device('GPS100#1', { lat: 3.1, lon: 101.6 }, 90)],
    ['GPS100#2', device('GPS100#2', null, 10)],
    ['GPS100#3', device('GPS100#3', { lat: 5.4, lon: 100.3 }, null)],
    ['GPS100#4', device('GPS100#4', { lat: 95, lon: 100 }, 0)],
  ]);

  const features = vehicleFeatures(
    [
      vehicle('v1', 'GPS100#1', 'MOVING'),
      vehicle('v2', 'GPS100#2', 'PARKING'),
      vehicle('v3', 'GPS100#3', null),
      vehicle('v4', '-', 'IDLING'),
      vehicle('v5', 'GPS100#9', 'IDLING'),
      vehicle('v6', 'GPS100#4', 'IDLING'),
    ],
    (dvid) => devices.get(dvid),
  );

  it('keeps only vehicles whose device has a valid position', () => {
    expect(features.map((f) => f.properties.vid)).toEqual(['v1', 'v3']);
  });

  it('places the arrow at lon/lat with status and heading', () => {
    expect(features[0]).toEqual({
      type: 'Feature',
      id: 'v1',
      geometry: { type: 'Point', coordinates: [101.6, 3.1] },
      properties: { vid: 'v1', plate: 'P-v1', status: 'MOVING', heading: 90 },
    });
    expect(features[1]?.properties).toEqual({ vid: 'v3', plate: 'P-v3', status: 'DISCONNECTED', heading: 0 });
  });

  it('bounds the features, or gives null for none', () => {
    expect(featuresBounds(features)).toEqual([
      [100.3, 3.1],
      [101.6, 5.4],
    ]);
    expect(featuresBounds([])).toBeNull();
  });
});

describe('diffVehicleFeatures', () => {
  const d1 = device('GPS100#1', { lat: 3.1, lon: 101.6 }, 90);
  const d2 = device('GPS100#2', { lat: 3.2, lon: 101.7 }, 0);
  const v1 = vehicle('v1', 'GPS100#1', 'MOVING');
  const v2 = vehicle('v2', 'GPS100#2', 'PARKING');
  const ids = (diff: ReturnType<typeof diffVehicleFeatures>) => ({
    add: diff.add.map((f) => f.id),
    update: diff.update.map((f) => f.id),
    remove: diff.remove,
  });

  it.each([
    {
      name: 'first draw adds every vehicle with a position',
      before: [] as [Vehicle, Device | undefined][],
      after: [
        [v1, d1],
        [v2, d2],
      ] as [Vehicle, Device | undefined][],
      want: { add: ['v1', 'v2'], update: [], remove: [] },
    },
    {
      name: 'nothing replaced: nothing to do',
      before: [
        [v1, d1],
        [v2, d2],
      ],
      after: [
        [v1, d1],
        [v2, d2],
      ],
      want: { add: [], update: [], remove: [] },
    },
    {
      name: 'a replaced device record redraws only that vehicle',
      before: [
        [v1, d1],
        [v2, d2],
      ],
      after: [
        [v1, device('GPS100#1', { lat: 3.15, lon: 101.6 }, 45)],
        [v2, d2],
      ],
      want: { add: [], update: ['v1'], remove: [] },
    },
    {
      name: 'a replaced vehicle record (status) redraws it',
      before: [[v1, d1]],
      after: [[vehicle('v1', 'GPS100#1', 'IDLING'), d1]],
      want: { add: [], update: ['v1'], remove: [] },
    },
    {
      name: 'a vehicle gone from the store is removed',
      before: [
        [v1, d1],
        [v2, d2],
      ],
      after: [[v2, d2]],
      want: { add: [], update: [], remove: ['v1'] },
    },
    {
      name: 'a device losing its position is removed',
      before: [[v1, d1]],
      after: [[v1, device('GPS100#1', null, 0)]],
      want: { add: [], update: [], remove: ['v1'] },
    },
    {
      name: 'a vehicle without position, then with one, is added',
      before: [[v1, undefined]],
      after: [[v1, d1]],
      want: { add: ['v1'], update: [], remove: [] },
    },
  ] as {
    name: string;
    before: [Vehicle, Device | undefined][];
    after: [Vehicle, Device | undefined][];
    want: object;
  }[])('$name', ({ before, after, want }) => {
    const drawn: DrawnVehicles = new Map();
    const run = (pairs: [Vehicle, Device | undefined][]) => {
      const devices = new Map(pairs.map(([v, d]) => [v.dvid, d]));
      return diffVehicleFeatures(
        drawn,
        pairs.map(([v]) => v),
        (dvid) => devices.get(dvid),
      );
    };
    run(before);
    expect(ids(run(after))).toEqual(want);
    // Brought up to date: the same records again change nothing.
    expect(ids(run(after))).toEqual({ add: [], update: [], remove: [] });
  });

  it('draws only the vehicles a filter shows, and takes a hidden one off the map', () => {
    const drawn: DrawnVehicles = new Map();
    const devices = new Map([
      [d1.dvid, d1],
      [d2.dvid, d2],
    ]);
    const parkedOnly = (v: Vehicle) => v.transitStatus === 'PARKING';
    expect(ids(diffVehicleFeatures(drawn, [v1, v2], (dvid) => devices.get(dvid), parkedOnly))).toEqual({
      add: ['v2'],
      update: [],
      remove: [],
    });
    // v2 drives off: no longer PARKING, so no longer on the map.
    const v2Moving = { ...v2, transitStatus: 'MOVING' as const };
    expect(ids(diffVehicleFeatures(drawn, [v1, v2Moving], (dvid) => devices.get(dvid), parkedOnly))).toEqual({
      add: [],
      update: [],
      remove: ['v2'],
    });
  });

  it('gives the features the diff redraws as vehicleFeature draws them', () => {
    const drawn: DrawnVehicles = new Map();
    const diff = diffVehicleFeatures(drawn, [v1], () => d1);
    expect(diff.add).toEqual([vehicleFeature(v1, d1)]);
  });
});

describe('arrowSdfImage', () => {
  const size = 48;
  const image = arrowSdfImage(size);
  const alpha = (x: number, y: number) => image.data[(y * size + x) * 4 + 3] ?? -1;

  it('is a size×size RGBA image', () => {
    expect(image.width).toBe(size);
    expect(image.height).toBe(size);
    expect(image.data.length).toBe(size * size * 4);
  });

  it('is solid inside the arrow and empty far outside', () => {
    expect(alpha(24, 30)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(47, 47)).toBe(0);
  });

  it('points north: the notch at the bottom centre is outside, the shoulders inside', () => {
    expect(alpha(24, 40)).toBeLessThan(192);
    expect(alpha(16, 34)).toBeGreaterThan(192);
    expect(alpha(24, 3)).toBeLessThan(192);
    expect(alpha(24, 12)).toBeGreaterThan(150);
  });

  it('is left-right symmetric', () => {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size / 2; x++) expect(Math.abs(alpha(x, y) - alpha(size - 1 - x, y))).toBeLessThanOrEqual(1);
    }
  });
});
