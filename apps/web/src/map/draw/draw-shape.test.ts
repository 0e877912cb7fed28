import { describe, expect, it } from 'vitest';
import { pointsOfGeometry, shapeBounds, shapeFeature } from './draw-shape.ts';

const square = [
  { lat: 3, lng: 101 },
  { lat: 3, lng: 101.01 },
  { lat: 3.01, lng: 101.01 },
  { lat: 3.01, lng: 101 },
];

describe('shapeFeature and pointsOfGeometry', () => {
  it('closes a zone into a ring and reads its corners back without the closing repeat', () => {
    const feature = shapeFeature('polygon', square);
    expect(feature?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [[...square.map((p) => [p.lng, p.lat]), [101, 3]]],
    });
    expect(pointsOfGeometry(feature!.geometry)).toEqual(square);
  });

  it('keeps a ring already closed as it is', () => {
    const closed = shapeFeature('polygon', [...square, square[0]!]);
    expect((closed?.geometry as GeoJSON.Polygon).coordinates[0]).toHaveLength(5);
  });

  it('draws a POI as its centre point, and reads it back', () => {
    const feature = shapeFeature('point', [{ lat: 3.1, lng: 101.6 }]);
    expect(feature?.geometry).toEqual({ type: 'Point', coordinates: [101.6, 3.1] });
    expect(pointsOfGeometry(feature!.geometry)).toEqual([{ lat: 3.1, lng: 101.6 }]);
  });

  it.each([
    ['no points', 'point', []],
    ['a zone of 2 corners', 'polygon', square.slice(0, 2)],
  ] as const)('has nothing to draw for %s', (_name, shape, points) => {
    expect(shapeFeature(shape, points)).toBeNull();
  });

  it('reads no points from other geometries', () => {
    expect(pointsOfGeometry({ type: 'LineString', coordinates: [[1, 2]] })).toBeNull();
  });
});

describe('shapeBounds', () => {
  it("boxes a zone's corners", () => {
    expect(shapeBounds(square, null)).toEqual([
      [101, 3],
      [101.01, 3.01],
    ]);
  });

  it("boxes a POI's whole circle: 1 km is about 0.009° of latitude either side", () => {
    const [[west, south], [east, north]] = shapeBounds([{ lat: 3, lng: 101 }], 1000)!;
    expect(north - 3).toBeCloseTo(0.009, 3);
    expect(3 - south).toBeCloseTo(0.009, 3);
    expect(east - 101).toBeCloseTo(0.009, 3);
    expect(101 - west).toBeCloseTo(0.009, 3);
  });

  it('has no box without points', () => {
    expect(shapeBounds([], 100)).toBeNull();
  });
});
