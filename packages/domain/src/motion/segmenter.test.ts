import { describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENTER, segment } from './segmenter.ts';
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
});
