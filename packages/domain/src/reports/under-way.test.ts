import { describe, expect, it } from 'vitest';
import { REPORT_TIME_ZONE } from './local-days.ts';
import { summarizeMileage } from './mileage.ts';
import {
  closeTripUnderWay,
  closeUnderWay,
  dailyWithUnderWay,
  tripStartsUnderWay,
  withUnderWay,
  type VehicleUnderWay,
} from './under-way.ts';

const H = 3_600_000;
/** 2026-03-02 00:00 in Kuala Lumpur (UTC+8). */
const DAY = Date.UTC(2026, 2, 1, 16);
const at = (h: number) => DAY + h * H;

const moving: VehicleUnderWay = {
  transitStatus: 'MOVING',
  since: at(8),
  open: { transitStatus: 'MOVING', startTime: at(8), lastTime: at(9), totalMileage: 40, topSpeed: 90, avgSpeed: 40 },
};
const parked: VehicleUnderWay = { transitStatus: 'PARKING', since: at(-30), open: null };
const silent: VehicleUnderWay = {
  transitStatus: 'DISCONNECTED',
  since: at(10),
  open: { transitStatus: 'PARKING', startTime: at(6), lastTime: at(9), totalMileage: 0, topSpeed: 0, avgSpeed: 0 },
};

describe('closeUnderWay', () => {
  it.each([
    ['moving, now before the range end: up to now', moving, at(24), at(9), [[at(8), at(9), 40]]],
    [
      'moving, the range ends first: up to its end, its share of the km',
      moving,
      at(8.5),
      at(9),
      [[at(8), at(8.5), 20]],
    ],
    ['begun after the range: nothing', moving, at(7), at(9), []],
    ['parked since yesterday', parked, at(24), at(30), [[at(-30), at(24), 0]]],
    [
      'an open parking the live view marked silent: parking to then, silence after',
      silent,
      at(24),
      at(12),
      [
        [at(6), at(10), 0],
        [at(10), at(12), 0],
      ],
    ],
  ])('%s', (_name, v, end, now, expected) => {
    expect(closeUnderWay(v, end, now).map((s) => [s.startTime, s.endTime, s.totalMileage])).toEqual(expected);
    expect(closeUnderWay(v, end, now).every((s) => s.underWay)).toBe(true);
  });
});

describe('withUnderWay', () => {
  const day = { startTime: at(0), endTime: at(24) };
  it('a car parked all day has the whole day of parking', () => {
    const sum = withUnderWay(undefined, closeUnderWay(parked, day.endTime, at(30)), day);
    expect(sum).toEqual({ ...summarizeMileage([], day), parkingDuration: 24 * H });
  });
  it('a car moving now has its km so far, added to the closed records', () => {
    const closed = summarizeMileage(
      [{ transitStatus: 'PARKING', startTime: at(0), endTime: at(8), totalMileage: 0, topSpeed: 0 }],
      day,
    );
    const sum = withUnderWay(closed, closeUnderWay(moving, day.endTime, at(9)), day);
    expect(sum).toMatchObject({ mileage: 40, movingDuration: H, parkingDuration: 8 * H, topSpeed: 90 });
  });
});

describe('dailyWithUnderWay', () => {
  it('shares the km under way among the local days it crosses', () => {
    const w = { startTime: at(-24), endTime: at(24) };
    const v: VehicleUnderWay = {
      ...moving,
      since: at(-2),
      open: { ...moving.open!, startTime: at(-2), lastTime: at(2) },
    };
    const days = dailyWithUnderWay(undefined, closeUnderWay(v, w.endTime, at(2)), w, REPORT_TIME_ZONE);
    expect(days.map((d) => [d.date, d.mileage])).toEqual([
      ['2026-03-01', 20],
      ['2026-03-02', 20],
    ]);
  });
});

describe('closeTripUnderWay', () => {
  const records = [
    { transitStatus: 'IDLING' as const, startTime: at(7.5), endTime: at(8), totalMileage: 0, topSpeed: 0 },
    ...closeUnderWay(moving, at(24), at(9)),
  ];
  it.each([
    ['a drive under way: its records and the one under way', at(24), at(9), [at(7.5), at(9), 40, H, H / 2]],
    ['the range ends inside it', at(8.5), at(9), [at(7.5), at(8.5), 20, H / 2, H / 2]],
  ])('%s', (_name, end, now, [from, to, km, movingMs, idlingMs]) => {
    const trip = closeTripUnderWay({ tripStatus: 'TRANSIT', since: at(7.5) }, records, end, now);
    expect(trip).toEqual({
      tripStatus: 'TRANSIT',
      startTime: from,
      endTime: to,
      totalDistance: km,
      topSpeed: 90,
      totalMovingDuration: movingMs,
      totalIdlingDuration: idlingMs,
      underWay: true,
    });
  });
  it('none when it begins after the range', () => {
    expect(closeTripUnderWay({ tripStatus: 'PARKING', since: at(10) }, [], at(9), at(12))).toBeNull();
  });
});

describe('tripStartsUnderWay', () => {
  const MIN_PARKING = 5 * 60_000;
  const night: VehicleUnderWay = {
    transitStatus: 'PARKING',
    since: at(20),
    open: { transitStatus: 'PARKING', startTime: at(20), lastTime: at(20), totalMileage: 0, topSpeed: 0, avgSpeed: 0 },
  };
  const parkingTrip = (from: number, to: number) => ({ tripStatus: 'PARKING' as const, startTime: from, endTime: to });
  it.each([
    ['driving since the last parking', moving, parkingTrip(at(0), at(8)), at(9), [['TRANSIT', at(8), undefined]]],
    [
      'parked for the night after a drive no fix has closed',
      night,
      parkingTrip(at(12), at(18)),
      at(24),
      [
        ['TRANSIT', at(18), at(20)],
        ['PARKING', at(20), undefined],
      ],
    ],
    [
      'the stored parking trip, still going on',
      night,
      parkingTrip(at(20), at(20.1)),
      at(24),
      [['PARKING', at(20), undefined]],
    ],
    [
      'a stop not long enough yet is still the drive',
      night,
      parkingTrip(at(12), at(18)),
      at(20) + 60_000,
      [['TRANSIT', at(18), undefined]],
    ],
    ['no trip stored: the live parking alone', parked, null, at(9), [['PARKING', at(-30), undefined]]],
  ] as const)('%s', (_name, v, last, until, expected) => {
    const starts = tripStartsUnderWay(v, { last, pendingFrom: null }, until, MIN_PARKING);
    expect(starts.map((t) => [t.tripStatus, t.since, t.to])).toEqual(expected);
  });
});
