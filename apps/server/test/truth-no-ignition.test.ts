import { describe, expect, it } from 'vitest';
import { dayOptions, noIgnitionFleetSpecs, simulateVehicleDay, worstDurationErrorMs } from '@jejak/simulator';
import { tripEdgeErrorMs, useTruthRun } from './truth-harness.ts';

/**
 * The truth test for trackers without an ignition wire (issue 10, item 7): two simulated days of
 * three vehicles that drive (brief waits in traffic jams, engine-on waits long enough to be
 * parkings, a memory upload across a parking and one while driving) and two that never move —
 * one in an open yard, one in a basement — held against the simulator's ground truth: trip
 * count exact, trip start and end and parking durations within 60 s, mileage within 1 % (or
 * 50 m), no phantom trip, no mileage while parked. Issue 24, item 6: a burst of made-up speed
 * while parked (the van, the yard car) is no trip; a car moved 150 m across a car park at
 * walking pace (the first car, at lunch) is one.
 */

const MINUTE = 60_000;
const DAY = dayOptions(Date.UTC(2026, 2, 1, 16), { durationMs: 48 * 3_600_000 });
const FLEET = noIgnitionFleetSpecs({ seed: Number(process.env.TRUTH_SEED ?? 1) }).map((spec) =>
  simulateVehicleDay(spec, DAY),
);

const { run, result } = useTruthRun(FLEET, DAY);

it('acknowledges every record the trackers made, none of them with an ignition', () => {
  expect(FLEET.every((d) => d.observations.every((o) => o.noIgnition))).toBe(true);
  const records = FLEET.reduce((a, d) => a + d.observations.length, 0);
  expect(run().run.stats.acked).toBeGreaterThanOrEqual(records);
  expect(run().run.stats.pending).toBe(0);
});

describe.each(FLEET.map((d) => d.spec.name))('%s', (name) => {
  it('makes no phantom trip, and counts exactly the true trips', () => {
    const o = result(name);
    expect(o.comparison.phantomTrips).toEqual([]);
    expect(o.tripCount).toBe(o.day.truth.trips.length);
  });

  it('starts and ends every trip within 1 minute', () => {
    const pairs = result(name).comparison.trips;
    expect(pairs.filter((p) => !p.observed)).toEqual([]);
    expect(Math.max(0, ...pairs.map(tripEdgeErrorMs))).toBeLessThanOrEqual(MINUTE);
  });

  it('finds every parking, within 1 minute, and the last one under way since the vehicle stopped', () => {
    const o = result(name);
    expect(o.comparison.extraSegments.filter((s) => s.status === 'PARKING')).toEqual([]);
    expect(worstDurationErrorMs(o.comparison, 'PARKING')).toBeLessThanOrEqual(MINUTE);
    const last = o.day.truth.segments.at(-1);
    expect(o.vehicle.transitStatus).toBe('PARKING');
    expect(Math.abs((o.vehicle.transitFrom ?? 0) - (last?.startMs ?? 0))).toBeLessThanOrEqual(MINUTE);
  });

  it('says every vehicle-log row inside a parking is in that parking', () => {
    expect(result(name).parkedRowsNotParked).toEqual([]);
  });

  it('measures the mileage within 1 % (or 50 m), and none while parked', () => {
    const o = result(name);
    const errKm = Math.abs((o.comparison.mileageErrorPct / 100) * o.day.truth.mileageKm);
    expect(errKm <= 0.05 || Math.abs(o.comparison.mileageErrorPct) <= 1).toBe(true);
    expect(o.stillKm.parked).toBeLessThanOrEqual(0.05);
    if (o.day.spec.stationary) expect(o.vehicle.mileage).toBeLessThanOrEqual(0.05);
  });
});

it('waits in traffic shorter than a parking stay inside their trips', () => {
  const jams = FLEET.filter((d) => d.spec.jams).flatMap((d) =>
    d.truth.segments.filter((s) => s.status === 'IDLING' && s.durationMs >= 2 * MINUTE).map((s) => ({ d, s })),
  );
  expect(jams.length).toBeGreaterThanOrEqual(2);
  for (const { d, s } of jams) {
    const inside = d.truth.trips.some((t) => t.startMs <= s.startMs && t.endMs >= s.endMs);
    expect(inside).toBe(true);
  }
});

describe('issue 24, item 6: displacement, not duration, makes a trip without ignition', () => {
  it('makes no trip of a burst of made-up speed while parked, within the scatter of the spot', () => {
    const bursts = FLEET.filter((d) => d.spec.parkedBurst);
    expect(bursts.map((d) => d.spec.name)).toEqual(['TEL van no-ACC 2', 'TEL car no-ACC yard']);
    for (const d of bursts) {
      // The burst is there: fixes a minute apart at 5–15 km/h, 5–9 satellites, inside a parking.
      const fast = d.observations.filter(
        (o) =>
          o.speedKmh >= 5 &&
          (o.satellites ?? 0) >= 5 &&
          d.truth.parkings.some((p) => p.startMs < o.timeMs && o.timeMs < p.endMs),
      );
      expect(fast.length).toBeGreaterThanOrEqual(3);
      const o = result(d.spec.name);
      expect(o.comparison.phantomTrips).toEqual([]);
      expect(o.stillKm.parked).toBeLessThanOrEqual(0.05);
    }
  });

  it('counts the car moved 150 m across a car park at walking pace as a trip of about 150 m', () => {
    const o = result('TEL car no-ACC 1');
    const moves = o.comparison.trips.filter((p) => p.truth.distanceKm < 0.3);
    expect(moves).toHaveLength(1);
    const move = moves[0];
    expect(move?.truth.distanceKm).toBeCloseTo(0.15, 2);
    // Shorter than JEJAK_TRIP_MIN_MS: only its displacement makes it a trip.
    expect((move?.truth.endMs ?? 0) - (move?.truth.startMs ?? 0)).toBeLessThan(2 * MINUTE);
    expect(move?.observed?.distanceKm).toBeGreaterThan(0.1);
    expect(move?.observed?.distanceKm).toBeLessThan(0.2);
    expect(move && tripEdgeErrorMs(move)).toBeLessThanOrEqual(MINUTE);
  });
});
