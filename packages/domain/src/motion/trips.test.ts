import { describe, expect, it } from 'vitest';
import type { TransitStatus } from '../transit.ts';
import {
  DEFAULT_SEGMENTER,
  emptySegmenter,
  pushPoint,
  segment,
  type MotionPoint,
  type TripRecordValue,
} from './segmenter.ts';
import { MIN, T0, track } from './test-tracks.ts';
import { emptyTripTracker, pushTransits, tripNow, tripsAtParking, type TripNow } from './trips.ts';

/** Feeds points one at a time as the pipeline does; trips are upserted by start time. */
function live(points: MotionPoint[]) {
  let seg = emptySegmenter();
  let tracker = emptyTripTracker();
  const stored = new Map<number, TripRecordValue>();
  const now: (TripNow | null)[] = [];
  for (const p of points) {
    const before = seg.open;
    const pushed = pushPoint(seg, p);
    seg = pushed.state;
    const grouped = pushTransits(tracker, pushed.closed, DEFAULT_SEGMENTER);
    tracker = grouped.state;
    const prevLast = before && seg.open && before.start === seg.open.start ? before.last.timeMs : undefined;
    const parked = tripsAtParking(tracker, seg.open, prevLast, DEFAULT_SEGMENTER);
    for (const t of [...grouped.trips, ...parked]) stored.set(t.startTime, t);
    now.push(tripNow(tracker, seg.open, p.timeMs, DEFAULT_SEGMENTER));
  }
  return { trips: [...stored.values()].sort((a, b) => a.startTime - b.startTime), now };
}

const brief = (trips: TripRecordValue[]) =>
  trips.map((t) => [t.tripStatus, (t.startTime - T0) / MIN, (t.endTime - T0) / MIN]);

const days: [string, [TransitStatus, number, number][]][] = [
  [
    'a working morning with an idle and a quick drop-off',
    [
      ['PARKING', 30, 0],
      ['MOVING', 30, 30],
      ['IDLING', 2, 0],
      ['MOVING', 28, 20],
      ['PARKING', 3, 0],
      ['MOVING', 27, 15],
      ['PARKING', 120, 0],
      ['MOVING', 10, 8],
      ['PARKING', 30, 0],
    ],
  ],
  [
    'a phantom move between two parkings',
    [
      ['PARKING', 60, 0],
      ['MOVING', 1, 0.05],
      ['PARKING', 60, 0],
      ['MOVING', 1, 0.05],
      ['PARKING', 60, 0],
      ['MOVING', 20, 12],
      ['PARKING', 10, 0],
    ],
  ],
  [
    'short real trips',
    [
      ['PARKING', 20, 0],
      ['MOVING', 4, 1.2],
      ['PARKING', 20, 0],
      ['MOVING', 10, 6],
      ['PARKING', 6, 0],
    ],
  ],
];

describe('trips built live, one fix at a time', () => {
  it.each(days)('match the batch segmentation of the same points: %s', (_name, legs) => {
    const points = track(legs);
    const batch = segment(points).trips;
    const { trips } = live(points);
    // Live, the last parking is still open: its trip is known once it has lasted the minimum,
    // with the end it had then; everything before it is exactly the batch result.
    expect(trips).toHaveLength(batch.length);
    expect(trips.slice(0, -1)).toEqual(batch.slice(0, -1));
    expect(trips.at(-1)?.startTime).toBe(batch.at(-1)?.startTime);
    expect(trips.at(-1)?.endTime).toBe((batch.at(-1)?.startTime ?? 0) + DEFAULT_SEGMENTER.minParkingMs);
  });

  it('merges a phantom into the parking before it even when they close in separate steps', () => {
    const { trips } = live(
      track([
        ['PARKING', 60, 0],
        ['MOVING', 1, 0.05],
        ['PARKING', 60, 0],
        ['MOVING', 1, 0.05],
        ['PARKING', 60, 0],
        ['MOVING', 20, 12],
        ['PARKING', 10, 0],
      ]),
    );
    // The drive after it is final once the parking that follows it has lasted 5 minutes.
    expect(brief(trips)).toEqual([
      ['PARKING', 0, 182],
      ['TRANSIT', 182, 202],
      ['PARKING', 202, 207],
    ]);
  });

  it('says which trip the vehicle is in at each fix', () => {
    const { now } = live(
      track([
        ['PARKING', 10, 0],
        ['MOVING', 10, 8],
        ['PARKING', 3, 0],
        ['MOVING', 10, 8],
        ['PARKING', 10, 0],
        ['MOVING', 5, 4],
      ]),
    );
    const at = (minute: number) => now[minute];
    expect(at(4)).toEqual({ tripStatus: 'TRANSIT', tripFrom: T0 }); // parked < 5 min: nothing final yet
    expect(at(9)).toEqual({ tripStatus: 'PARKING', tripFrom: T0 });
    expect(at(15)).toEqual({ tripStatus: 'TRANSIT', tripFrom: T0 + 10 * MIN }); // since it left the parking
    expect(at(21)).toEqual({ tripStatus: 'TRANSIT', tripFrom: T0 + 10 * MIN }); // a 3-minute stop does not end it
    expect(at(40)).toEqual({ tripStatus: 'PARKING', tripFrom: T0 + 33 * MIN });
    expect(at(45)).toEqual({ tripStatus: 'TRANSIT', tripFrom: T0 + 43 * MIN });
  });
});
