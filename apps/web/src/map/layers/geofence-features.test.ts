import { haversineKm } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { circleRing, geofenceColours, geofenceFeatures, type DrawableGeofence } from './geofence-features.ts';

const depot: DrawableGeofence = {
  geoid: 'g1',
  geoType: 'POI',
  geofenceName: 'Depot Shah Alam',
  coordinates: [{ lat: 3.0733, lng: 101.5185 }],
  geofenceRadius: 300,
};
const zone: DrawableGeofence = {
  geoid: 'g2',
  geoType: 'Polygon',
  geofenceName: 'Petaling Jaya',
  coordinates: [
    { lat: 3.1, lng: 101.6 },
    { lat: 3.1, lng: 101.7 },
    { lat: 3.2, lng: 101.7 },
  ],
  geofenceRadius: null,
};

describe('geofence features', () => {
  it('draws a POI as a closed circle of its radius around its centre', () => {
    const ring = circleRing(depot.coordinates[0]!, 300);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const [lon, lat] of ring) {
      const km = haversineKm({ lat: 3.0733, lon: 101.5185 }, { lat: lat!, lon: lon! });
      expect(km).toBeCloseTo(0.3, 4);
    }
  });

  it('closes a zone, labels it at the mean of its corners, and colours each by its template', () => {
    const { areas, labels } = geofenceFeatures([depot, zone], (geoid) => (geoid === 'g2' ? '#FF0000' : '#5C1A8E'));
    expect(areas.map((a) => [a.properties.kind, a.properties.colour])).toEqual([
      ['POI', '#5C1A8E'],
      ['Zone', '#FF0000'],
    ]);
    const zoneRing = (areas[1]!.geometry as GeoJSON.Polygon).coordinates[0]!;
    expect(zoneRing).toHaveLength(4);
    expect(zoneRing[3]).toEqual([101.6, 3.1]);
    expect(labels[1]!.geometry).toEqual({
      type: 'Point',
      coordinates: [(101.6 + 101.7 + 101.7) / 3, (3.1 + 3.1 + 3.2) / 3],
    });
    expect(labels[0]!.geometry).toEqual({ type: 'Point', coordinates: [101.5185, 3.0733] });
  });

  it('draws nothing for a geofence without a usable shape', () => {
    const broken: DrawableGeofence[] = [
      { ...depot, geoid: 'a', coordinates: [] },
      { ...depot, geoid: 'b', geofenceRadius: null },
      { ...zone, geoid: 'c', coordinates: zone.coordinates.slice(0, 2) },
    ];
    expect(geofenceFeatures(broken, () => '#000000')).toEqual({ areas: [], labels: [] });
  });
});

describe('geofence colours', () => {
  it('takes the newest template holding the geofence, else the default purple', () => {
    const colourOf = geofenceColours([
      { geofences: ['g1', 'g2'], colorHexCode: 'FF0000', createdAt: 1 },
      { geofences: ['g2'], colorHexCode: '00FF00', createdAt: 2 },
      { geofences: ['g1'], colorHexCode: 'FFFF00', createdAt: 0 },
    ]);
    expect([colourOf('g1'), colourOf('g2'), colourOf('g3')]).toEqual(['#FF0000', '#00FF00', '#5C1A8E']);
  });
});
