import { describe, expect, it } from 'vitest';
import { compareVehicle, stationaryKm, worstDurationErrorMs } from './compare.ts';
import type { SegmentTruth, TransitStatus, VehicleTruth } from './types.ts';

const MIN = 60_000;
const CFG = {
  movingSpeedKmh: 5,
  minParkingMs: 5 * MIN,
  minTripKm: 0.3,
  minTripMs: 2 * MIN,
  parkAfterStopMs: 5 * MIN,
  minTripDisplacementM: 100,
};

function truthOf(rows: [TransitStatus, number, number, number][]): VehicleTruth {
  const segments: SegmentTruth[] = rows.map(([status, from, to, km]) => ({
    status,
    startMs: from * MIN,
    endMs: to * MIN,
    durationMs: (to - from) * MIN,
    distanceKm: km,
  }));
  const last = segments[segments.length - 1];
  if (last) last.open = true;
  return {
    vehicle: {} as VehicleTruth['vehicle'],
    startMs: 0,
    endMs: 200 * MIN,
    config: CFG,
    mileageKm: 10,
    trips: [
      { startMs: 60 * MIN, endMs: 90 * MIN, distanceKm: 10, movingMs: 25 * MIN, idlingMs: 5 * MIN, shortParkingMs: 0 },
    ],
    parkings: [],
    segments,
    totals: { movingMs: 0, idlingMs: 0, parkingMs: 0 },
    refuels: [],
    drains: [],
    outages: [],
    records: 0,
  };
}

const TRUTH = truthOf([
  ['PARKING', 0, 60, 0],
  ['MOVING', 60, 70, 4],
  ['IDLING', 70, 75, 0],
  ['MOVING', 75, 90, 6],
  ['PARKING', 90, 200, 0],
]);

describe('comparing a system with the truth', () => {
  it('pairs segments by status and overlap, and names what is extra', () => {
    const c = compareVehicle(TRUTH, {
      segments: [
        { status: 'PARKING', startMs: 0, endMs: 60.5 * MIN },
        { status: 'MOVING', startMs: 60.5 * MIN, endMs: 70 * MIN },
        { status: 'IDLING', startMs: 70 * MIN, endMs: 72 * MIN },
        { status: 'MOVING', startMs: 72 * MIN, endMs: 72.2 * MIN },
        { status: 'IDLING', startMs: 72.2 * MIN, endMs: 75 * MIN },
        { status: 'MOVING', startMs: 75 * MIN, endMs: 90 * MIN },
      ],
      trips: [
        { startMs: 60.5 * MIN, endMs: 90 * MIN, distanceKm: 10.1 },
        { startMs: 120 * MIN, endMs: 125 * MIN, distanceKm: 0.4 },
      ],
      mileageKm: 10.1,
    });
    expect(c.segments.map((p) => [p.truth.status, p.startErrorMs / MIN, p.durationErrorMs / MIN])).toEqual([
      ['PARKING', 0, 0.5],
      ['MOVING', 0.5, -0.5],
      ['IDLING', 2.2, -2.2],
      ['MOVING', 0, 0],
    ]);
    expect(c.extraSegments.map((s) => s.status)).toEqual(['IDLING', 'MOVING']);
    expect(worstDurationErrorMs(c, 'IDLING')).toBeCloseTo(2.2 * MIN);
    expect(c.trips[0]?.observed?.distanceKm).toBe(10.1);
    expect(c.phantomTrips).toEqual([{ startMs: 120 * MIN, endMs: 125 * MIN, distanceKm: 0.4 }]);
    expect(c.extraTrips).toEqual([]);
    expect(c.mileageErrorPct).toBeCloseTo(1);
  });

  it('a true segment nobody observed is infinitely wrong', () => {
    const c = compareVehicle(TRUTH, { segments: [], trips: [], mileageKm: 0 });
    expect(worstDurationErrorMs(c, 'PARKING')).toBe(Infinity);
    expect(c.trips[0]?.observed).toBeNull();
  });

  it('counts odometer km gained while the vehicle stood still', () => {
    const rows = [
      [0, 0],
      [30, 0.05], // drift while parked
      [59, 0.08],
      [61, 0.5], // setting off: real
      [72, 4.5], // idling at 72: the row before was moving
      [73, 4.52], // drift while idling
      [80, 6],
    ].map(([t, km]) => ({ timeMs: (t ?? 0) * MIN, mileageKm: km ?? 0 }));
    expect(stationaryKm(TRUTH, rows)).toBeCloseTo(0.1, 9);
    expect(stationaryKm(TRUTH, rows, 'PARKING')).toBeCloseTo(0.08, 9);
    expect(stationaryKm(TRUTH, rows, 'IDLING')).toBeCloseTo(0.02, 9);
  });
});
