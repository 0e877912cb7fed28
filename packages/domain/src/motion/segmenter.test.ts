import { describe, expect, it } from 'vitest';
import type { GeoPoint } from '../entities.ts';
import { destinationPoint } from '../geo.ts';
import type { TransitStatus } from '../transit.ts';
import { DEFAULT_SEGMENTER, emptySegmenter, pushPoint, segment, type MotionPoint } from './segmenter.ts';
import { MIN, T0, track } from './test-tracks.ts';

describe('segment', () => {
  it('cuts a working morning into transit records and trips; idles and a quick drop-off do not split the trip', () => {
    const { transits, trips } = segment(
      track([
        ['PARKING', 30, 0],
        ['MOVING', 30, 30],
        ['IDLING', 2, 0],
        ['MOVING', 28, 20],
        ['PARKING', 3, 0],
        ['MOVING', 27, 15],
        ['PARKING', 120, 0],
      ]),
    );
    expect(transits.map((t) => [t.transitStatus, t.duration / MIN])).toEqual([
      ['PARKING', 30],
      ['MOVING', 30],
      ['IDLING', 2],
      ['MOVING', 28],
      ['PARKING', 3],
      ['MOVING', 27],
      ['PARKING', 120],
    ]);
    const moving = transits[1]!;
    expect(moving.totalMileage).toBeCloseTo(30, 6);
    expect(moving.topSpeed).toBeCloseTo(60, 6);
    expect(moving.avgSpeed).toBeCloseTo(60, 6);
    expect(moving.totalFuel).toBeCloseTo(3, 2);

    expect(trips.map((t) => [t.tripStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN])).toEqual([
      ['PARKING', 0, 30],
      ['TRANSIT', 30, 120],
      ['PARKING', 120, 240],
    ]);
    const trip = trips[1]!;
    expect(trip.totalDistance).toBeCloseTo(65, 6);
    expect(trip.totalMovingDuration).toBe(85 * MIN);
    expect(trip.totalIdlingDuration).toBe(2 * MIN);
    expect(trip.topSpeed).toBeCloseTo(60, 6);
  });

  it('folds a phantom move between two parkings into one parking', () => {
    const { trips } = segment(
      track([
        ['PARKING', 60, 0],
        ['MOVING', 1, 0.05],
        ['PARKING', 60, 0],
      ]),
    );
    expect(trips.map((t) => [t.tripStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN])).toEqual([
      ['PARKING', 0, 121],
    ]);
  });

  it('keeps a short but real trip, and an unfinished one at the end of the window', () => {
    const { trips } = segment(
      track([
        ['PARKING', 20, 0],
        ['MOVING', 4, 1.2],
        ['PARKING', 20, 0],
        ['MOVING', 10, 6],
      ]),
      DEFAULT_SEGMENTER,
    );
    expect(trips.map((t) => t.tripStatus)).toEqual(['PARKING', 'TRANSIT', 'PARKING', 'TRANSIT']);
    expect(trips[3]!.totalDistance).toBeCloseTo(6, 6);
  });

  it('ignores a point that is not newer than the last one', () => {
    const points = track([['MOVING', 5, 5]]);
    const withRepeat = [...points.slice(0, 3), points[1]!, ...points.slice(3)];
    expect(segment(withRepeat)).toEqual(segment(points));
  });

  it('a stop later found to be a parking (no ignition) is a parking from the stop: the idle record becomes it', () => {
    const points = track([
      ['MOVING', 10, 10],
      ['IDLING', 5, 0],
      ['PARKING', 20, 0],
      ['MOVING', 10, 10],
    ]).map((p) => (p.status === 'PARKING' ? { ...p, since: T0 + 10 * MIN } : p));
    let state = emptySegmenter();
    const parked: number[] = [];
    for (const p of points) {
      const r = pushPoint(state, p);
      state = r.state;
      if (r.parkedFrom !== undefined) parked.push((r.parkedFrom - T0) / MIN);
    }
    expect(parked).toEqual([10]);
    const { transits, trips } = segment(points);
    expect(transits.map((t) => [t.transitStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN])).toEqual([
      ['MOVING', 0, 10],
      ['PARKING', 10, 35],
      ['MOVING', 35, 45],
    ]);
    expect(trips.map((t) => [t.tripStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN])).toEqual([
      ['TRANSIT', 0, 10],
      ['PARKING', 10, 35],
      ['TRANSIT', 35, 45],
    ]);
  });

  it.each([
    ['standing still: one parking', 0, [['PARKING', 0, 90]]],
    ['moved 5 km meanwhile: a trip', 5, [['TRANSIT', 30, 60]]],
  ] as const)('a gap in the device timeline is a DISCONNECTED record; %s', (_name, km, expected) => {
    const before = track([['PARKING', 30, 0]]);
    const last = before[before.length - 1]!;
    const after = track([['PARKING', 30, 0]]).map((p) => ({
      ...p,
      timeMs: p.timeMs + 60 * MIN,
      mileageKm: p.mileageKm + km,
    }));
    after[0] = { ...after[0]!, disconnectedFrom: last.timeMs };
    const { transits, trips } = segment([...before, ...after]);
    expect(transits.map((t) => [t.transitStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN])).toEqual([
      ['PARKING', 0, 30],
      ['DISCONNECTED', 30, 60],
      ['PARKING', 60, 90],
    ]);
    expect(transits[1]?.totalMileage).toBeCloseTo(km, 6);
    const spans = trips.map((t) => [t.tripStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN]);
    expect(spans.filter((t) => t[0] === expected[0][0])).toEqual(expected);
  });
});

describe('segment without ignition: displacement, not duration (issue 24, item 6)', () => {
  const SPOT = { lat: 3.1478, lon: 101.6953 };
  const SEC = 1000;
  type Leg = [status: TransitStatus, atS: number, metresFromSpot: number, bearing: number, mileageKm: number];
  /** A recorded-like track: parked half an hour, what the legs say, then parked another half hour. */
  function around(legs: Leg[]): MotionPoint[] {
    const parked = (tS: number, at: GeoPoint, km: number, status: TransitStatus, since?: number): MotionPoint => ({
      timeMs: T0 + tS * SEC,
      ...at,
      speedKmh: 0,
      status,
      mileageKm: km,
      ...(since !== undefined ? { since } : {}),
    });
    const points = Array.from({ length: 16 }, (_, i) => parked(i * 120, SPOT, 0, 'PARKING'));
    for (const [status, atS, m, bearing, km] of legs) {
      const at = destinationPoint(SPOT, bearing, m / 1000);
      points.push({ timeMs: T0 + atS * SEC, ...at, speedKmh: status === 'MOVING' ? 9 : 0, status, mileageKm: km });
    }
    const last = points[points.length - 1]!;
    const stopMs = last.timeMs;
    // The stop is found to be a parking 5 min on, dated from the stop (ADR 0036).
    for (let i = 1; i <= 15; i++) {
      const t = (stopMs - T0) / SEC + i * 120;
      points.push(
        parked(
          t,
          { lat: last.lat, lon: last.lon },
          last.mileageKm,
          i < 3 ? 'IDLING' : 'PARKING',
          i < 3 ? undefined : stopMs,
        ),
      );
    }
    return points;
  }
  const NO_IGNITION = { ...DEFAULT_SEGMENTER, noIgnition: true };
  const summary = (trips: { tripStatus: string; startTime: number; endTime: number }[]) =>
    trips.map((t) => [t.tripStatus, (t.startTime - T0) / SEC, (t.endTime - T0) / SEC]);

  // Three made-up fixes a minute apart, 40–55 m off on either side: 120 s and 100 m of "driving".
  const burst = around([
    ['MOVING', 1860, 45, 0, 0.045],
    ['MOVING', 1920, 55, 180, 0.145],
    ['MOVING', 1980, 40, 10, 0.24],
    ['IDLING', 2040, 10, 0, 0.24],
  ]);
  // A car moved 150 m across a car park at 6 km/h: 90 s.
  const walk = around([
    ['MOVING', 1860, 0, 90, 0],
    ['MOVING', 1890, 50, 90, 0.05],
    ['MOVING', 1920, 100, 90, 0.1],
    ['IDLING', 1950, 150, 90, 0.15],
  ]);

  it('makes no trip of a burst of speed that stays within the scatter of the parked position', () => {
    expect(summary(segment(burst, NO_IGNITION).trips)).toEqual([['PARKING', 0, 2040 + 15 * 120]]);
  });

  it('counts a short real move that got clear of the spot, though it lasted under JEJAK_TRIP_MIN_MS', () => {
    expect(summary(segment(walk, NO_IGNITION).trips)).toEqual([
      ['PARKING', 0, 1860],
      ['TRANSIT', 1860, 1950],
      ['PARKING', 1950, 1950 + 15 * 120],
    ]);
  });

  it('keeps the duration rule with ignition: the same two minutes are a trip there, the 90 s move is not', () => {
    expect(summary(segment(burst).trips).map((t) => t[0])).toEqual(['PARKING', 'TRANSIT', 'PARKING']);
    expect(summary(segment(walk).trips)).toEqual([['PARKING', 0, 1950 + 15 * 120]]);
  });
});
