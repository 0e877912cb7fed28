import { describe, expect, it } from 'vitest';
import { destinationPoint } from '../geo.ts';
import { compileGeofence, contains, holds, type Geofence } from './geofence.ts';
import { nextGeofenceState, type GeofenceInside } from './geofence-state.ts';
import { geofenceShapeProblem, GEOFENCE_TEXTS } from './validate.ts';

const T = Date.UTC(2026, 10, 21, 1, 0, 0);
const MARGIN = 15;
/** Shah Alam depot, Malaysia (no antimeridian anywhere near). */
const DEPOT = { lat: 3.0733, lon: 101.5185 };
const poi: Geofence = {
  geoid: 'g-depot',
  geoType: 'POI',
  geofenceName: 'Depot',
  geofenceComment: '',
  coordinates: [{ lat: DEPOT.lat, lng: DEPOT.lon }],
  geofenceRadius: 200,
};
/**
 * A U-shaped (concave) zone around Petaling Jaya: the notch between the arms, from lat 3.11 to
 * 3.13 and lon 101.61 to 101.63, is outside.
 */
const zone: Geofence = {
  geoid: 'g-pj',
  geoType: 'Polygon',
  geofenceName: 'PJ',
  geofenceComment: 'U shape',
  coordinates: [
    { lat: 3.1, lng: 101.6 },
    { lat: 3.1, lng: 101.64 },
    { lat: 3.13, lng: 101.64 },
    { lat: 3.13, lng: 101.63 },
    { lat: 3.11, lng: 101.63 },
    { lat: 3.11, lng: 101.61 },
    { lat: 3.13, lng: 101.61 },
    { lat: 3.13, lng: 101.6 },
  ],
  geofenceRadius: null,
};
const cPoi = compileGeofence(poi, MARGIN);
const cZone = compileGeofence(zone, MARGIN);
const fromDepot = (m: number) => destinationPoint(DEPOT, 90, m / 1000);

describe('contains', () => {
  it.each([
    ['POI centre', cPoi, DEPOT, true],
    ['POI 199 m out', cPoi, fromDepot(199), true],
    ['POI 201 m out', cPoi, fromDepot(201), false],
    ['zone left arm', cZone, { lat: 3.125, lon: 101.605 }, true],
    ['zone right arm', cZone, { lat: 3.125, lon: 101.635 }, true],
    ['zone base', cZone, { lat: 3.105, lon: 101.62 }, true],
    ['zone notch (concave part)', cZone, { lat: 3.12, lon: 101.62 }, false],
    ['zone outside the box', cZone, { lat: 3.2, lon: 101.62 }, false],
    ['far away (KL vs Penang)', cZone, { lat: 5.41, lon: 100.33 }, false],
  ])('%s', (_name, fence, p, expected) => {
    expect(contains(fence, p.lat, p.lon)).toBe(expected);
  });

  it('holds a point just beyond the boundary within the margin, not beyond it', () => {
    expect(holds(cPoi, fromDepot(210).lat, fromDepot(210).lon)).toBe(true);
    expect(holds(cPoi, fromDepot(220).lat, fromDepot(220).lon)).toBe(false);
    // 10 m into the notch from the left arm's inner edge (lon 101.61): held; 50 m: not.
    const dLon = (m: number) => m / (111_195 * Math.cos((3.12 * Math.PI) / 180));
    expect(holds(cZone, 3.12, 101.61 + dLon(10))).toBe(true);
    expect(holds(cZone, 3.12, 101.61 + dLon(50))).toBe(false);
  });
});

describe('nextGeofenceState', () => {
  const track = (points: { lat: number; lon: number }[], fences = [cPoi, cZone], start: GeofenceInside = {}) => {
    let inside = start;
    const events: string[] = [];
    points.forEach((p, i) => {
      const step = nextGeofenceState(inside, fences, { ...p, timeMs: T + i * 60_000 });
      inside = step.inside;
      for (const e of step.entered) events.push(`in ${e.geoid} @${i}`);
      for (const e of step.exited) events.push(`out ${e.geoid} @${i}${e.fence ? '' : ' (removed)'}`);
    });
    return { inside, events };
  };

  it.each([
    {
      name: 'drives into the POI and out again',
      points: [fromDepot(500), fromDepot(100), DEPOT, fromDepot(400)],
      events: ['in g-depot @1', 'out g-depot @3'],
    },
    {
      name: 'GPS jitter across the POI edge does not flap',
      points: [fromDepot(150), fromDepot(205), fromDepot(195), fromDepot(212), fromDepot(198), fromDepot(209)],
      events: ['in g-depot @0'],
    },
    {
      name: 'crosses the concave zone through the notch: out of the arm, then into the other',
      points: [
        { lat: 3.125, lon: 101.59 },
        { lat: 3.125, lon: 101.605 },
        { lat: 3.125, lon: 101.62 },
        { lat: 3.125, lon: 101.635 },
        { lat: 3.125, lon: 101.65 },
      ],
      events: ['in g-pj @1', 'out g-pj @2', 'in g-pj @3', 'out g-pj @4'],
    },
  ])('$name', ({ points, events }) => {
    expect(track(points).events).toEqual(events);
  });

  it('keeps the entry time while inside, and returns the same state when nothing changes', () => {
    const first = nextGeofenceState({}, [cPoi], { ...DEPOT, timeMs: T });
    expect(first.inside).toEqual({ 'g-depot': T });
    const second = nextGeofenceState(first.inside, [cPoi], { ...fromDepot(50), timeMs: T + 60_000 });
    expect(second.inside).toBe(first.inside);
    const none = {};
    expect(nextGeofenceState(none, [], { ...DEPOT, timeMs: T }).inside).toBe(none);
  });

  it('leaves a geofence removed while inside, at the next position', () => {
    const { inside, events } = track([DEPOT], [], { 'g-depot': T - 1 });
    expect(inside).toEqual({});
    expect(events).toEqual(['out g-depot @0 (removed)']);
  });

  it('does not enter on a point only within the exit margin', () => {
    expect(track([fromDepot(210)]).events).toEqual([]);
  });
});

describe('geofenceShapeProblem', () => {
  it.each([
    ['sound POI', poi, null],
    ['sound zone', zone, null],
    ['POI without radius', { ...poi, geofenceRadius: null }, GEOFENCE_TEXTS.poiRadius],
    ['POI radius 0', { ...poi, geofenceRadius: 0 }, GEOFENCE_TEXTS.poiRadius],
    ['POI radius 60 km', { ...poi, geofenceRadius: 60_000 }, GEOFENCE_TEXTS.poiRadius],
    ['POI two points', { ...poi, coordinates: zone.coordinates.slice(0, 2) }, GEOFENCE_TEXTS.poiOnePoint],
    [
      'zone of 2 distinct points',
      { ...zone, coordinates: [...zone.coordinates.slice(0, 2), zone.coordinates[0]!] },
      GEOFENCE_TEXTS.zonePoints,
    ],
    ['latitude 91', { ...poi, coordinates: [{ lat: 91, lng: 101 }] }, GEOFENCE_TEXTS.latLngRange],
    ['longitude NaN', { ...poi, coordinates: [{ lat: 3, lng: Number.NaN }] }, GEOFENCE_TEXTS.latLngRange],
  ])('%s', (_name, g, expected) => {
    expect(geofenceShapeProblem(g)).toBe(expected);
  });
});
