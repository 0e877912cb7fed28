import { describe, expect, it } from 'vitest';
import { dailyMileage, localDateOf, localDays, localMidnight } from './local-days.ts';
import type { TransitSlice } from './mileage.ts';

const H = 3_600_000;
const hoursOf = (days: { date: string; startTime: number; endTime: number }[]) =>
  days.map((d) => [d.date, (d.endTime - d.startTime) / H]);

describe('local days in zones with daylight saving', () => {
  it.each([
    // London: 01:00 GMT → 02:00 BST on 29 March, 02:00 BST → 01:00 GMT on 25 October 2026.
    ['Europe/London', Date.UTC(2026, 2, 28), ['2026-03-28', '2026-03-29', '2026-03-30'], [24, 23, 24]],
    ['Europe/London', Date.UTC(2026, 9, 23, 23), ['2026-10-24', '2026-10-25', '2026-10-26'], [24, 25, 24]],
    // Santiago: clocks skip 00:00 → 01:00 on 6 September and go back 00:00 → 23:00 on 5 April
    // 2026, so the day boundary itself moves; a hand-made offset put it an hour off here.
    ['America/Santiago', Date.UTC(2026, 8, 5, 4), ['2026-09-05', '2026-09-06', '2026-09-07'], [24, 23, 24]],
    ['America/Santiago', Date.UTC(2026, 3, 3, 3), ['2026-04-03', '2026-04-04', '2026-04-05'], [24, 25, 24]],
  ])('%s: the days from %d are 23 or 25 hours on the change days', (zone, start, dates, hours) => {
    const length = hours.reduce((a, h) => a + h, 0) * H;
    const days = localDays({ startTime: start, endTime: start + length }, zone);
    expect(hoursOf(days)).toEqual(dates.map((d, i) => [d, hours[i]]));
    // Every day starts where the one before it ends: no hour lost or counted twice.
    days.slice(1).forEach((d, i) => expect(d.startTime).toBe(days[i]?.endTime));
  });

  it('starts a day whose midnight the clocks skip at 01:00 local', () => {
    // 2026-09-06 01:00 -03 in Santiago = 04:00 UTC; 00:00 does not exist that day.
    expect(localMidnight({ y: 2026, m: 9, d: 6 }, 'America/Santiago')).toBe(Date.UTC(2026, 8, 6, 4));
    // The day before ends there, so an instant one minute earlier still belongs to it.
    expect(localDateOf(Date.UTC(2026, 8, 6, 3, 59), 'America/Santiago')).toEqual({ y: 2026, m: 9, d: 5 });
    expect(localDateOf(Date.UTC(2026, 8, 6, 4), 'America/Santiago')).toEqual({ y: 2026, m: 9, d: 6 });
  });

  it('gives the date of an instant in the zone asked for', () => {
    const t = Date.UTC(2026, 9, 24, 23, 30); // 00:30 BST on 25 Oct, 07:30 on 25 Oct in KL
    expect(localDateOf(t, 'Europe/London')).toEqual({ y: 2026, m: 10, d: 25 });
    expect(localDateOf(t, 'UTC')).toEqual({ y: 2026, m: 10, d: 24 });
    expect(localDateOf(t, 'Asia/Kuala_Lumpur')).toEqual({ y: 2026, m: 10, d: 25 });
  });
});

describe('dailyMileage in Europe/London', () => {
  it('splits a drive at local midnight, not UTC midnight, on the fall-back day', () => {
    // A 2-hour drive of 100 km from 23:00 BST on 24 Oct (22:00 UTC) to 00:00 UTC: one hour of it
    // falls on 24 Oct (London), one on 25 Oct. UTC midnight would give all of it to 24 Oct.
    const drive: TransitSlice = {
      transitStatus: 'MOVING',
      startTime: Date.UTC(2026, 9, 24, 22),
      endTime: Date.UTC(2026, 9, 25, 0),
      totalMileage: 100,
      topSpeed: 60,
    };
    const window = { startTime: Date.UTC(2026, 9, 23, 23), endTime: Date.UTC(2026, 9, 26, 0) };
    const days = dailyMileage([drive], window, 'Europe/London');
    expect(days.map((d) => [d.date, d.mileage, (d.endTime - d.startTime) / H])).toEqual([
      ['2026-10-24', 50, 24],
      ['2026-10-25', 50, 25],
    ]);
  });
});
