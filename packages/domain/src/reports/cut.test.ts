import { describe, expect, it } from 'vitest';
import { cutRecord, cutTrip } from './cut.ts';
import type { TransitSlice } from './mileage.ts';

const MIN = 60_000;
const MIDNIGHT = 1_000 * MIN;
const record = (startTime: number, endTime: number, totalMileage: number) => ({
  tsid: 'r',
  startTime,
  endTime,
  duration: endTime - startTime,
  totalMileage,
});

describe('records cut to a window', () => {
  it('leaves a record inside the window as it is', () => {
    const r = record(MIDNIGHT + MIN, MIDNIGHT + 10 * MIN, 5);
    expect(cutRecord(r, { startTime: MIDNIGHT, endTime: MIDNIGHT + 60 * MIN })).toBe(r);
  });

  it('shares a drive across midnight between the two days by time, the parts adding up to the whole', () => {
    const r = record(MIDNIGHT - 10 * MIN, MIDNIGHT + 30 * MIN, 40);
    const before = cutRecord(r, { startTime: MIDNIGHT - 24 * 60 * MIN, endTime: MIDNIGHT });
    const after = cutRecord(r, { startTime: MIDNIGHT, endTime: MIDNIGHT + 24 * 60 * MIN });
    expect(before).toMatchObject({
      startTime: MIDNIGHT - 10 * MIN,
      endTime: MIDNIGHT,
      duration: 10 * MIN,
      totalMileage: 10,
    });
    expect(after).toMatchObject({
      startTime: MIDNIGHT,
      endTime: MIDNIGHT + 30 * MIN,
      duration: 30 * MIN,
      totalMileage: 30,
    });
    expect(before.duration + after.duration).toBe(r.duration);
    expect(before.totalMileage + after.totalMileage).toBe(r.totalMileage);
  });

  it("sums a trip's part from its records inside the window: km, moving and idling time, top speed", () => {
    const slices: TransitSlice[] = [
      {
        transitStatus: 'MOVING',
        startTime: MIDNIGHT - 20 * MIN,
        endTime: MIDNIGHT - 5 * MIN,
        totalMileage: 15,
        topSpeed: 90,
      },
      {
        transitStatus: 'IDLING',
        startTime: MIDNIGHT - 5 * MIN,
        endTime: MIDNIGHT + 5 * MIN,
        totalMileage: 0,
        topSpeed: 0,
      },
      {
        transitStatus: 'MOVING',
        startTime: MIDNIGHT + 5 * MIN,
        endTime: MIDNIGHT + 25 * MIN,
        totalMileage: 12,
        topSpeed: 60,
      },
    ];
    const trip = {
      trid: 't',
      startTime: MIDNIGHT - 20 * MIN,
      endTime: MIDNIGHT + 25 * MIN,
      totalDistance: 27,
      topSpeed: 90,
      totalMovingDuration: 35 * MIN,
      totalIdlingDuration: 10 * MIN,
    };
    const day = { startTime: MIDNIGHT, endTime: MIDNIGHT + 24 * 60 * MIN };
    const yesterday = { startTime: MIDNIGHT - 24 * 60 * MIN, endTime: MIDNIGHT };
    const after = cutTrip(trip, slices, day);
    const before = cutTrip(trip, slices, yesterday);
    expect(after).toMatchObject({
      trid: 't',
      startTime: MIDNIGHT,
      totalDistance: 12,
      topSpeed: 60,
      totalMovingDuration: 20 * MIN,
      totalIdlingDuration: 5 * MIN,
    });
    expect(before).toMatchObject({ endTime: MIDNIGHT, totalDistance: 15, topSpeed: 90, totalIdlingDuration: 5 * MIN });
    expect(before.totalDistance + after.totalDistance).toBe(trip.totalDistance);
    expect(before.totalMovingDuration + after.totalMovingDuration).toBe(trip.totalMovingDuration);
  });
});
