import { describe, expect, it } from 'vitest';
import { destinationPoint, DEFAULT_TRANSIT_CONFIG } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { applyMessage } from './path.ts';
import { markSilent } from './stages/transit.ts';
import type { Step } from './types.ts';
import { vehicleLogRow } from './rows.ts';
import { defaultStepContext, freshState } from './test-state.ts';

/*
 * Trackers without an ignition wire (issue 10, item 7): the status, records, trips, vehicle-log
 * rows and mileage come from speed and position alone. Times are seconds after T0; the clock
 * is fixed.
 */

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const SPOT = { lat: 3.0738, lon: 101.5183 };
const ctx = defaultStepContext(T0 + 3 * 86_400_000);

interface Rec {
  s: number;
  speed?: number;
  /** Km east of the spot (the road), and metres north of it (drift). */
  km?: number;
  northM?: number;
  sats?: number;
}

type Span = [string, number, number];

function message(r: Rec): NormalizedMessage {
  const east = destinationPoint(SPOT, 90, r.km ?? 0);
  const p = destinationPoint(east, 0, (r.northM ?? 0) / 1000);
  return {
    kind: 'position',
    deviceTimeMs: T0 + r.s * 1000,
    valid: true,
    latitude: p.lat,
    longitude: p.lon,
    speedKmh: r.speed ?? 0,
    satellites: r.sats ?? 9,
    attributes: {},
  };
}

const secs = (ms: number) => (ms - T0) / 1000;

/** Feeds records; returns the closed transit records, the trips made final and each step. */
function feed(recs: Rec[], state = freshState()) {
  const transits: Span[] = [];
  const trips = new Map<number, Span>();
  const steps: Step[] = [];
  for (const r of recs) {
    const step = applyMessage(state, message(r), ctx);
    steps.push(step);
    for (const t of step.transits) transits.push([t.transitStatus, secs(t.startTime), secs(t.endTime)]);
    for (const t of step.trips) trips.set(t.startTime, [t.tripStatus, secs(t.startTime), secs(t.endTime)]);
  }
  return { transits, trips: [...trips.values()], steps, state };
}

/** Fixes every `every` s from `from` to `to` (exclusive) at `speed`, advancing `kmPerFix` each. */
function fixes(from: number, to: number, every: number, speed: number, startKm: number, kmPerFix: number): Rec[] {
  const out: Rec[] = [];
  for (let s = from, i = 0; s < to; s += every, i++) out.push({ s, speed, km: startKm + i * kmPerFix });
  return out;
}

/** Parked in one spot (2-minute reports), 40 km/h drive (10 s reports), and so on. */
const PARK = (from: number, to: number, km: number) => fixes(from, to, 120, 0, km, 0);
const DRIVE = (from: number, to: number, km: number) => fixes(from, to, 10, 40, km, 40 / 360);

describe('without ignition: a stop is a parking from the moment the vehicle stopped', () => {
  // Parked 10 min, drives 5 min (3.33 km), parks 10 min, drives 5 min, parks 20 min.
  const km1 = 30 * (40 / 360);
  const day: Rec[] = [
    ...PARK(0, 600, 0),
    ...DRIVE(600, 900, 0),
    ...fixes(900, 960, 10, 0, km1, 0),
    ...PARK(960, 1500, km1),
    ...DRIVE(1500, 1800, km1),
    ...fixes(1800, 1860, 10, 0, 2 * km1, 0),
    ...PARK(1860, 3000, 2 * km1),
  ];

  it('transit records and trips start and end at the stop, with no trip before the first drive', () => {
    const { transits, trips } = feed(day);
    expect(transits).toEqual([
      ['PARKING', 0, 600],
      ['MOVING', 600, 900],
      ['PARKING', 900, 1500],
      ['MOVING', 1500, 1800],
    ]);
    expect(trips).toEqual([
      ['PARKING', 0, 600],
      ['TRANSIT', 600, 900],
      ['PARKING', 900, 1500],
      ['TRANSIT', 1500, 1800],
      ['PARKING', 1800, 2100],
    ]);
  });

  it('vehicle-log rows from the stop on are rewritten as the parking once it is one', () => {
    const { steps, state } = feed(day.filter((r) => r.s <= 1200));
    const parked = steps.flatMap((s) => (s.parkedFrom ? [[secs(s.parkedFrom.fromMs), secs(s.parkedFrom.toMs)]] : []));
    expect(parked).toEqual([
      [0, 360],
      [900, 1200],
    ]);
    const row = vehicleLogRow(state, steps[steps.length - 1] as Step, ctx.receivedAtMs);
    expect(row).toMatchObject({ transitStatus: 'PARKING', tripStatus: 'PARKING' });
    expect(secs(row?.transitFrom ?? 0)).toBe(900);
    expect(secs(row?.tripFrom ?? 0)).toBe(900);
  });

  it('the live status is PARKING from the stop', () => {
    const { state } = feed(day.filter((r) => r.s <= 1200));
    expect(state.vehicle?.transitStatus).toBe('PARKING');
    expect(secs(state.vehicle?.transitFrom ?? 0)).toBe(900);
  });

  it('mileage is the distance driven', () => {
    const { state } = feed(day);
    expect(state.vehicle?.mileage).toBeCloseTo(2 * km1, 2);
  });
});

describe('without ignition: a brief stop in traffic stays inside the trip', () => {
  it.each([
    ['30 s at a light', 30],
    ['4 min in a jam', 240],
  ])('%s is an idle, not a parking', (_name, stopS) => {
    const km1 = 30 * (40 / 360);
    const { transits, trips } = feed([
      ...PARK(0, 600, 0),
      ...DRIVE(600, 900, 0),
      ...fixes(900, 900 + stopS, 10, 0, km1, 0),
      ...DRIVE(900 + stopS, 1200 + stopS, km1),
      ...fixes(1200 + stopS, 1260 + stopS, 10, 0, 2 * km1, 0),
      ...PARK(1260 + stopS, 2400 + stopS, 2 * km1),
    ]);
    expect(transits.map((t) => t[0])).toEqual(['PARKING', 'MOVING', 'IDLING', 'MOVING']);
    expect(trips.filter((t) => t[0] === 'TRANSIT')).toEqual([['TRANSIT', 600, 1200 + stopS]]);
  });
});

/** Two days parked in one spot: drift of `driftM` and, now and then, a spurious speed. */
function parkedDays(driftM: number, sats: (i: number) => number, spurious: (i: number) => number): Rec[] {
  const out: Rec[] = [];
  for (let i = 0, s = 0; s < 2 * 86_400; i++, s += 120) {
    const north = Math.sin(i * 1.7) * driftM;
    const east = Math.cos(i * 2.3) * driftM;
    out.push({ s, speed: spurious(i), km: east / 1000, northM: north, sats: sats(i) });
  }
  return out;
}

describe('without ignition: a parked tracker does not drive', () => {
  it.each([
    // Open yard: 15 m of drift, two spurious 8–12 km/h readings in a row (2 min apart) every few hours.
    [
      'open yard',
      parkedDays(
        15,
        () => 6,
        (i) => (i % 90 === 10 || i % 90 === 11 ? 8 + (i % 5) : 0),
      ),
    ],
    // Basement: jumps of up to 80 m with poor satellites, spurious speeds now and then.
    [
      'basement',
      parkedDays(
        80,
        (i) => 3 + (i % 2),
        (i) => (i % 7 === 3 ? 6 + (i % 10) : 0),
      ),
    ],
  ])('%s: one parking, no trip, no mileage', (_name, recs) => {
    const { transits, trips, state } = feed(recs);
    expect(transits).toEqual([]);
    // The parking trip is final once it has lasted the minimum; its end is written when it closes.
    expect(trips).toEqual([['PARKING', 0, 360]]);
    expect(state.vehicle?.mileage).toBe(0);
    expect(state.vehicle?.transitStatus).toBe('PARKING');
    expect(secs(state.vehicle?.transitFrom ?? 0)).toBe(0);
  });

  it('two readings at moving speed a minute apart, close to the spot, are not a departure', () => {
    const { transits, state } = feed([
      ...PARK(0, 1200, 0),
      { s: 1230, speed: 9, northM: 20, sats: 6 },
      { s: 1290, speed: 12, northM: 25, sats: 6 },
      ...PARK(1320, 2400, 0),
    ]);
    expect(transits).toEqual([]);
    expect(state.vehicle?.mileage).toBe(0);
  });
});

describe('without ignition: DISCONNECTED comes from the device timeline', () => {
  const recs: Rec[] = [
    ...PARK(0, 1200, 0),
    // The tracker is silent for 40 minutes, then reports from the same spot.
    ...PARK(3600, 4800, 0),
  ];

  it('a gap in device time longer than the limit is a DISCONNECTED record; the parking goes on', () => {
    const { transits, trips } = feed(recs);
    expect(transits).toEqual([
      ['PARKING', 0, 1080],
      ['DISCONNECTED', 1080, 3600],
    ]);
    expect(trips).toEqual([['PARKING', 0, 3960]]);
  });

  it('the server clock sweeping the vehicle DISCONNECTED changes no record', () => {
    const live = freshState();
    const swept = feed(recs.slice(0, 3), live);
    // The server's clock sees eleven minutes of silence while the device's timeline has none.
    expect(markSilent(live, live.lastSeenAtMs + 11 * 60_000, DEFAULT_TRANSIT_CONFIG)).toBe(true);
    expect(live.vehicle?.transitStatus).toBe('DISCONNECTED');
    const rest = feed(recs.slice(3), live);
    expect([...swept.transits, ...rest.transits]).toEqual(feed(recs).transits);
  });
});
