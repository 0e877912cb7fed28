import { describe, expect, it } from 'vitest';
import { dayOptions, noIgnitionFleetSpecs, simulateVehicleDay, worstDurationErrorMs } from '@jejak/simulator';
import { tripEdgeErrorMs, useTruthRun } from './truth-harness.ts';

/**
 * The truth test for trackers without an ignition wire (issue 10, item 7): two simulated days of
 * three vehicles that drive (brief waits in traffic jams, engine-on waits long enough to be
 * parkings, a memory upload across a parking and one while driving) and two that never move —
 * one in an open yard, one in a basement — held against the simulator's ground truth: trip
 * count exact, trip start and end and parking durations within 60 s, mileage within 1 % (or
 * 50 m), no phantom trip, no mileage while parked.
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
