import { describe, expect, it } from 'vitest';
import { polygonSelfCrosses } from './polygon-crossing.ts';
import { GEOFENCE_TEXTS, geofenceShapeProblem } from './validate.ts';

/** Corners written as [lng, lat] pairs, as one reads them on a map (x then y). */
const ring = (...xy: [number, number][]) => xy.map(([lng, lat]) => ({ lat, lng }));

const square = ring([0, 0], [2, 0], [2, 2], [0, 2]);
// An L-shape (concave at (1, 1)) and the demo's Petaling Jaya zone (concave at its notch).
const concave = ring([0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]);
const petalingJaya = ring(
  [101.58, 3.08],
  [101.66, 3.08],
  [101.66, 3.13],
  [101.62, 3.13],
  [101.6, 3.11],
  [101.58, 3.13],
);

describe('polygonSelfCrosses', () => {
  it.each([
    ['a square', square, false],
    ['a triangle', ring([0, 0], [2, 0], [1, 2]), false],
    ['an L-shape (concave)', concave, false],
    ["the demo's Petaling Jaya zone (concave)", petalingJaya, false],
    ['a square closed by repeating its first corner', [...square, square[0]!], false],
    ['a square with a corner given twice in a row', ring([0, 0], [2, 0], [2, 0], [2, 2], [0, 2]), false],
    ['a bow-tie (two inner edges cross)', ring([0, 0], [2, 2], [2, 0], [0, 2]), true],
    ['a bow-tie whose closing edge makes the crossing', ring([0, 0], [2, 0], [0, 2], [2, 2]), true],
    ['a corner touching a far edge', ring([0, 0], [4, 0], [4, 4], [2, 0]), true],
    ['an edge folding back on the one before (a spike)', ring([0, 0], [3, 0], [3, 2], [3, 1]), true],
    ['three corners in a line (no area)', ring([0, 0], [1, 0], [2, 0]), true],
    ['a star drawn in one stroke (pentagram)', ring([0, 3], [2, -3], [-3, 1], [3, 1], [-2, -3]), true],
    ['fewer than 3 corners', ring([0, 0], [1, 1]), false],
  ])('%s → %s', (_name, points, crosses) => {
    expect(polygonSelfCrosses(points)).toBe(crosses);
  });
});

describe('geofenceShapeProblem on self-crossing zones', () => {
  const zone = (coordinates: { lat: number; lng: number }[]) => ({
    geoType: 'Polygon' as const,
    coordinates,
    geofenceRadius: null,
  });
  it.each([
    ['square', zone(square), null],
    ['concave', zone(concave), null],
    ['bow-tie', zone(ring([0, 0], [2, 2], [2, 0], [0, 2])), GEOFENCE_TEXTS.zoneSelfCrossing],
    ['closing-edge bow-tie', zone(ring([0, 0], [2, 0], [0, 2], [2, 2])), GEOFENCE_TEXTS.zoneSelfCrossing],
    // Too few distinct corners is the clearer message, so it comes first.
    ['2 distinct corners', zone(ring([0, 0], [1, 1], [0, 0])), GEOFENCE_TEXTS.zonePoints],
  ])('%s', (_name, g, expected) => {
    expect(geofenceShapeProblem(g)).toBe(expected);
  });
});
