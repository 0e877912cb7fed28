import { describe, expect, it } from 'vitest';
import { dailyMileage, localDays, REPORT_TIME_ZONE } from './local-days.ts';
import { summarizeMileage, totalIdleDuration, type TransitSlice } from './mileage.ts';

const H = 3_600_000;
/** 2026-03-02 00:00 in Kuala Lumpur (UTC+8). */
const DAY = Date.UTC(2026, 2, 1, 16);

const rec = (transitStatus: TransitSlice['transitStatus'], from: number, to: number, km = 0, top = 0) => ({
  transitStatus,
  startTime: DAY + from * H,
  endTime: DAY + to * H,
  totalMileage: km,
  topSpeed: top,
});

describe('summarizeMileage', () => {
  it.each([
    [
      'records inside the window count whole',
      [rec('PARKING', 0, 8), rec('MOVING', 8, 9, 40, 88), rec('IDLING', 9, 9.5, 0.1, 3), rec('PARKING', 9.5, 24)],
      { startTime: DAY, endTime: DAY + 24 * H },
      { mileage: 40.1, movingDuration: H, idlingDuration: H / 2, parkingDuration: 22.5 * H, topSpeed: 88 },
    ],
    [
      'a record across an edge counts for its part inside, mileage by time',
      [rec('MOVING', -1, 1, 100, 90), rec('MOVING', 23, 25, 50, 70)],
      { startTime: DAY, endTime: DAY + 24 * H },
      { mileage: 75, movingDuration: 2 * H, idlingDuration: 0, parkingDuration: 0, topSpeed: 90 },
    ],
    [
      'a record outside the window counts nothing, not even its speed',
      [rec('MOVING', 30, 31, 80, 120)],
      { startTime: DAY, endTime: DAY + 24 * H },
      { mileage: 0, movingDuration: 0, idlingDuration: 0, parkingDuration: 0, topSpeed: 0 },
    ],
  ])('%s', (_, records, window, expected) => {
    expect(summarizeMileage(records, window)).toMatchObject({ ...expected, disconnectedDuration: 0 });
  });

  it('counts disconnected time apart', () => {
    const s = summarizeMileage([rec('DISCONNECTED', 2, 5)], { startTime: DAY, endTime: DAY + 24 * H });
    expect(s.disconnectedDuration).toBe(3 * H);
  });
});

describe('localDays', () => {
  it('cuts a window at local midnights of Kuala Lumpur (UTC+8)', () => {
    const days = localDays({ startTime: DAY + 20 * H, endTime: DAY + 50 * H }, REPORT_TIME_ZONE);
    expect(days).toEqual([
      { date: '2026-03-02', startTime: DAY + 20 * H, endTime: DAY + 24 * H },
      { date: '2026-03-03', startTime: DAY + 24 * H, endTime: DAY + 48 * H },
      { date: '2026-03-04', startTime: DAY + 48 * H, endTime: DAY + 50 * H },
    ]);
  });

  it('follows a zone with daylight saving (a 23-hour day)', () => {
    // Europe/London springs forward on 2026-03-29: that local day is 23 hours long.
    const start = Date.UTC(2026, 2, 29);
    const days = localDays({ startTime: start, endTime: start + 47 * H }, 'Europe/London');
    expect(days.map((d) => [d.date, (d.endTime - d.startTime) / H])).toEqual([
      ['2026-03-29', 23],
      ['2026-03-30', 24],
    ]);
  });
});

describe('dailyMileage', () => {
  it('shares a drive across midnight between the two days by time, and lists idle days', () => {
    const records = [rec('MOVING', 8, 9, 30), rec('MOVING', 23, 25, 100), rec('PARKING', 25, 40)];
    const days = dailyMileage(records, { startTime: DAY, endTime: DAY + 72 * H }, REPORT_TIME_ZONE);
    expect(days.map((d) => [d.date, d.mileage])).toEqual([
      ['2026-03-02', 80],
      ['2026-03-03', 50],
      ['2026-03-04', 0],
    ]);
  });

  it('sums to the window mileage', () => {
    const records = [rec('MOVING', 1, 30.5, 123.456), rec('IDLING', 30.5, 31, 0.2)];
    const window = { startTime: DAY, endTime: DAY + 48 * H };
    const total = dailyMileage(records, window, REPORT_TIME_ZONE).reduce((a, d) => a + d.mileage, 0);
    expect(total).toBeCloseTo(summarizeMileage(records, window).mileage, 6);
  });
});

describe('total_idle_duration (spec 1 §3)', () => {
  const seg = (transitStatus: TransitSlice['transitStatus'], from: number, to: number) => ({
    transitStatus,
    startTime: DAY + from * H,
    duration: (to - from) * H,
  });
  it.each([
    [
      'idling plus parking, less the last parking',
      [seg('PARKING', 0, 8), seg('MOVING', 8, 9), seg('IDLING', 9, 9.5), seg('PARKING', 9.5, 24)],
      8.5 * H,
    ],
    [
      'all of it when the last record is not a parking',
      [seg('PARKING', 0, 8), seg('IDLING', 8, 9), seg('MOVING', 9, 10)],
      9 * H,
    ],
    [
      'the last by start time, whatever the order given',
      [seg('PARKING', 2, 5), seg('PARKING', 0, 1), seg('MOVING', 1, 2)],
      H,
    ],
    ['disconnected time is not idle', [seg('DISCONNECTED', 0, 5), seg('IDLING', 5, 6), seg('MOVING', 6, 7)], H],
    ['a lone parking leaves nothing', [seg('PARKING', 0, 24)], 0],
    ['no records, none', [], 0],
  ])('%s', (_name, records, expected) => {
    expect(totalIdleDuration(records)).toBe(expected);
  });
});
