import { describe, expect, it } from 'vitest';
import { destinationPoint } from '@jejak/domain';
import { createSegmentBuilder, deriveTrips, statusOf } from './truth.ts';
import type { SegmentTruth, TransitStatus, TruthConfig } from './types.ts';

const CFG: TruthConfig = {
  movingSpeedKmh: 5,
  minParkingMs: 5 * 60_000,
  minTripKm: 0.3,
  minTripMs: 2 * 60_000,
  minTripDisplacementM: 100,
  parkAfterStopMs: 5 * 60_000,
};
const MIN = 60_000;

describe('status of an instant', () => {
  it.each([
    [false, 0, 'PARKING'],
    [false, 40, 'PARKING'],
    [true, 0, 'IDLING'],
    [true, 4.4, 'IDLING'],
    // Trackers report whole km/h: 4.6 is reported as 5, moving.
    [true, 4.6, 'MOVING'],
    [true, 60, 'MOVING'],
  ] as const)('ignition %s at %s km/h is %s', (ignition, speed, status) => {
    expect(statusOf(ignition, speed, CFG)).toBe(status);
  });
});

describe('segments', () => {
  it('cuts runs of one status; the distance of a second goes to the state it ends in; the last is open', () => {
    const b = createSegmentBuilder();
    const states: [number, TransitStatus, number][] = [
      [0, 'PARKING', 0],
      [1000, 'PARKING', 0],
      [2000, 'IDLING', 0],
      [3000, 'MOVING', 0.002],
      [4000, 'MOVING', 0.004],
      [5000, 'IDLING', 0.001],
    ];
    for (const [t, s, km] of states) b.push(t, s, km);
    const segments = b.finish(9000);
    expect(segments.map((s) => [s.status, s.startMs, s.endMs, s.durationMs, s.open ?? false])).toEqual([
      ['PARKING', 0, 2000, 2000, false],
      ['IDLING', 2000, 3000, 1000, false],
      ['MOVING', 3000, 5000, 2000, false],
      ['IDLING', 5000, 9000, 4000, true],
    ]);
    expect(segments[2]?.distanceKm).toBeCloseTo(0.006, 9);
  });
});

/** Segments from [status, minutes, km] rows, back to back from 0. */
function timeline(rows: [TransitStatus, number, number][], openLast = true): SegmentTruth[] {
  let t = 0;
  return rows.map(([status, minutes, km], i) => {
    const s: SegmentTruth = { status, startMs: t, endMs: t + minutes * MIN, durationMs: minutes * MIN, distanceKm: km };
    t += minutes * MIN;
    if (openLast && i === rows.length - 1) s.open = true;
    return s;
  });
}

const span = (x: { startMs: number; endMs: number }) => [x.startMs / MIN, x.endMs / MIN];

describe('trips and parkings', () => {
  it('a trip runs from leaving a parking to the next; idles and short parkings stay inside it', () => {
    const { trips, parkings } = deriveTrips(
      timeline([
        ['PARKING', 60, 0],
        ['IDLING', 1, 0],
        ['MOVING', 20, 12],
        ['IDLING', 1, 0],
        ['MOVING', 5, 3],
        ['PARKING', 3, 0], // a quick drop-off
        ['IDLING', 10, 0], // waiting with the engine on
        ['MOVING', 10, 6],
        ['IDLING', 0.5, 0],
        ['PARKING', 120, 0],
      ]),
      CFG,
    );
    expect(trips.map(span)).toEqual([[60, 110.5]]);
    expect(trips[0]).toMatchObject({
      distanceKm: 21,
      movingMs: 35 * MIN,
      idlingMs: 12.5 * MIN,
      shortParkingMs: 3 * MIN,
    });
    expect(parkings.map(span)).toEqual([
      [0, 60],
      [110.5, 230.5],
    ]);
    expect(parkings[1]?.open).toBe(true);
  });

  it('a shuffle under both minTripKm and minTripMs is not a trip: the parkings around it are one', () => {
    const { trips, parkings } = deriveTrips(
      timeline([
        ['PARKING', 60, 0],
        ['IDLING', 0.5, 0],
        ['MOVING', 0.75, 0.1],
        ['IDLING', 0.25, 0],
        ['PARKING', 200, 0],
      ]),
      CFG,
    );
    expect(trips).toEqual([]);
    expect(parkings.map(span)).toEqual([[0, 261.5]]);
    expect(parkings[0]?.open).toBe(true);
  });

  it.each([
    ['long enough in time', 2.5, 0.1],
    ['far enough', 1, 0.3],
  ])('a short move %s is a trip', (_name, minutes, km) => {
    const { trips, parkings } = deriveTrips(
      timeline([
        ['PARKING', 60, 0],
        ['MOVING', minutes, km],
        ['PARKING', 60, 0],
      ]),
      CFG,
    );
    expect(trips).toHaveLength(1);
    expect(parkings).toHaveLength(2);
  });

  it('a parking just under minParkingMs does not end a trip; one of exactly minParkingMs does', () => {
    const rows = (parkMin: number): [TransitStatus, number, number][] => [
      ['PARKING', 60, 0],
      ['MOVING', 10, 5],
      ['PARKING', parkMin, 0],
      ['MOVING', 10, 5],
      ['PARKING', 60, 0],
    ];
    expect(deriveTrips(timeline(rows(4.99)), CFG).trips).toHaveLength(1);
    expect(deriveTrips(timeline(rows(5)), CFG).trips).toHaveLength(2);
  });

  it('a drive still under way at the end of the day is a trip that has not ended', () => {
    const { trips, parkings } = deriveTrips(
      timeline([
        ['PARKING', 60, 0],
        ['MOVING', 10, 5],
        ['PARKING', 2, 0],
      ]),
      CFG,
    );
    expect(trips.map(span)).toEqual([[60, 72]]);
    expect(parkings.map(span)).toEqual([[0, 60]]);
  });

  it('without ignition, a move under minTripKm is a trip by how far it got from the spot, not how long it took', () => {
    const spot = { lat: 3.1478, lon: 101.6953 };
    const moved = (m: number) => destinationPoint(spot, 90, m / 1000);
    const at = (rows: SegmentTruth[], to: number[]) =>
      rows.map((s, i) => ({ ...s, from: moved(to[i - 1] ?? 0), to: moved(to[i] ?? 0) }));
    const rows = (minutes: number, km: number) =>
      timeline([
        ['PARKING', 60, 0],
        ['MOVING', minutes, km],
        ['PARKING', 60, 0],
      ]);
    // 150 m across a car park in 1.5 min: a trip without ignition, not with it.
    const walk = at(rows(1.5, 0.15), [0, 150, 150]);
    expect(deriveTrips(walk, CFG, false).trips.map(span)).toEqual([[60, 61.5]]);
    expect(deriveTrips(walk, CFG).trips).toEqual([]);
    // Three minutes and 250 m of wandering that ends 60 m from the spot: a trip only with ignition.
    const wander = at(rows(3, 0.25), [0, 60, 60]);
    expect(deriveTrips(wander, CFG, false).trips).toEqual([]);
    expect(deriveTrips(wander, CFG).trips.map(span)).toEqual([[60, 63]]);
  });
});
