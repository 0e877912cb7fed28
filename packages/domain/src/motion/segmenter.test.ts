import { describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENTER, emptySegmenter, pushPoint, segment } from './segmenter.ts';
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
