import { defaultFuelProfile, type Device, type Vehicle } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { arrowSdfImage } from './arrow-icon.ts';
import { featuresBounds, statusColour, statusColourExpression, vehicleFeatures } from './vehicle-features.ts';

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
      geometry: { type: 'Point', coordinates: [101.6, 3.1] },
      properties: { vid: 'v1', status: 'MOVING', heading: 90 },
    });
    expect(features[1]?.properties).toEqual({ vid: 'v3', status: 'DISCONNECTED', heading: 0 });
  });

  it('bounds the features, or gives null for none', () => {
    expect(featuresBounds(features)).toEqual([
      [100.3, 3.1],
      [101.6, 5.4],
    ]);
    expect(featuresBounds([])).toBeNull();
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
