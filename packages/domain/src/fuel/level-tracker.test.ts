import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FUEL_TRACKER,
  emptyFuelLevel,
  finishFuelLevel,
  stepFuelLevel,
  type FuelEvent,
  type FuelEventKind,
  type FuelSample,
} from './level-tracker.ts';

const T0 = Date.UTC(2026, 10, 21, 0, 0, 0); // 08:00 in Kuala Lumpur
const MIN = 60_000;
const CAPACITY = 200;

/** A stretch of a simulated track: the tracker reports every `everyS` seconds during it. */
interface Leg {
  minutes: number;
  everyS: number;
  engineOn?: boolean;
  /** Fuel burnt per hour (true consumption). */
  burnLph?: number;
  /** Fuel added (refuel) or taken (drain) evenly over the leg: a true event. */
  addL?: number;
  /** Sensor noise: each reading is off by up to this many litres (slosh while driving). */
  noiseL?: number;
  /** Every this many readings one is wild (an ultrasonic sensor's lost echo, in range). */
  spikeEvery?: number;
}

/** Seeded pseudo-random numbers in [0, 1) (mulberry32), so every run sees the same noise. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Track {
  samples: FuelSample[];
  truth: { kind: FuelEventKind; startTimeMs: number; endTimeMs: number; litres: number }[];
  /** The true level at each sample. */
  levels: number[];
}

function track(startL: number, legs: Leg[], seed = 1): Track {
  const rnd = random(seed);
  const samples: FuelSample[] = [];
  const truth: Track['truth'] = [];
  const levels = [startL];
  let t = T0;
  let level = startL;
  samples.push({ timeMs: t, litres: level });
  for (const leg of legs) {
    const end = t + leg.minutes * MIN;
    if (leg.addL)
      truth.push({
        kind: leg.addL > 0 ? 'refuel' : 'drain',
        startTimeMs: t,
        endTimeMs: end,
        litres: Math.abs(leg.addL),
      });
    while (t < end) {
      const dt = Math.min(leg.everyS * 1000, end - t);
      t += dt;
      level += ((leg.addL ?? 0) * dt) / (leg.minutes * MIN) - ((leg.burnLph ?? 0) * dt) / 3_600_000;
      const noise = (rnd() * 2 - 1) * (leg.noiseL ?? 0);
      const wild = leg.spikeEvery !== undefined && samples.length % leg.spikeEvery === 0;
      const litres = wild ? Math.max(0, level - 60) : Math.min(CAPACITY, Math.max(0, level + noise));
      samples.push({ timeMs: t, litres, engineOn: leg.engineOn });
      levels.push(level);
    }
  }
  return { samples, truth, levels };
}

function run(samples: FuelSample[]): { events: FuelEvent[]; levelL: number | null } {
  let state = emptyFuelLevel();
  const events: FuelEvent[] = [];
  for (const s of samples) {
    const r = stepFuelLevel(state, s, CAPACITY);
    state = r.state;
    events.push(...r.events);
  }
  events.push(...finishFuelLevel(state, CAPACITY));
  return { events, levelL: state.levelL };
}

const drive = (minutes: number, extra: Partial<Leg> = {}): Leg => ({
  minutes,
  everyS: 10,
  engineOn: true,
  burnLph: 30,
  noiseL: 8,
  ...extra,
});
const park = (minutes: number, extra: Partial<Leg> = {}): Leg => ({ minutes, everyS: 300, engineOn: false, ...extra });

/** Every track is run with this many noise seeds: the results hold for each, not for one lucky draw. */
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
/**
 * How far ±8 L slosh can still move the smoothed level: the median of ~12 readings wanders by
 * up to ~3.5σ ≈ 6 L, and an event's start and end are each picked at such a level (over 200
 * seeds the worst was 6.2 L for a level, 9.0 L for an event and 8.7 L for the fuel burnt).
 */
const NOISE_REACH_L = 10;
const LEVEL_REACH_L = 7;
/** Events start and end within the smoothing span, the settle time and a report of the truth. */
const TIME_SLACK = DEFAULT_FUEL_TRACKER.smoothingMs + DEFAULT_FUEL_TRACKER.settleMs + 4 * MIN;

describe('fuel level tracker on simulated tracks', () => {
  it.each<[string, number, Leg[]]>([
    ['a parked vehicle, engine off', 150, [park(8 * 60)]],
    ['two hours of driving with ±8 L slosh at 10 s reports', 180, [drive(120)]],
    [
      'a long idle burning 3 L/h with the engine on',
      120,
      [{ minutes: 300, everyS: 60, engineOn: true, burnLph: 3, noiseL: 2 }],
    ],
    ['driving flat out at 45 L/h without ignition reports', 180, [drive(90, { burnLph: 45, engineOn: undefined })]],
    ['a parked night, every 7th report a lost echo', 150, [park(12 * 60, { spikeEvery: 7 })]],
    ['driving, every 20th report a lost echo', 180, [drive(60, { spikeEvery: 20 })]],
    // 4 L under a 10 L threshold: further below it than the slosh can reach.
    ['a small top-up between two sloshing drives', 100, [drive(20), park(5, { everyS: 30, addL: 4 }), drive(20)]],
  ])('%s: no refuel or drain', (_name, startL, legs) => {
    for (const seed of SEEDS) {
      const t = track(startL, legs, seed);
      const { events, levelL } = run(t.samples);
      expect(events, `seed ${seed}`).toEqual([]);
      // The median lags by half the smoothing span; compare with the truth of then.
      const end = t.samples[t.samples.length - 1]!.timeMs;
      const i = t.samples.findIndex((x) => x.timeMs >= end - DEFAULT_FUEL_TRACKER.smoothingMs / 2);
      expect(Math.abs((levelL ?? Number.NaN) - t.levels[i]!), `seed ${seed}`).toBeLessThan(LEVEL_REACH_L);
    }
  });

  it.each<[string, number, Leg[], number]>([
    [
      'a fill-up at a station between two drives',
      60,
      [drive(30), park(6, { everyS: 30, addL: 120 }), drive(30)],
      NOISE_REACH_L,
    ],
    [
      'a fill-up with the engine running and the sensor sloshing',
      40,
      [drive(30), drive(4, { burnLph: 0, addL: 130 }), drive(30)],
      NOISE_REACH_L,
    ],
    [
      'a fill-up while the tracker slept (one report 25 min later)',
      50,
      [drive(30), { minutes: 25, everyS: 25 * 60, engineOn: false, addL: 100 }, drive(20)],
      NOISE_REACH_L,
    ],
    [
      'a siphon while parked, 1-minute reports',
      160,
      [park(60, { everyS: 60 }), park(4, { everyS: 60, addL: -40 }), park(60, { everyS: 60 })],
      0.01,
    ],
    [
      'a drain overnight between hourly reports',
      170,
      [park(3 * 60, { everyS: 3600 }), park(60, { everyS: 3600, addL: -60 }), park(4 * 60, { everyS: 3600 })],
      0.01,
    ],
    // What the engine burns over the minutes the loss is measured across counts as lost too.
    ['a sudden loss while driving', 150, [drive(30), drive(2, { addL: -30 }), drive(30)], NOISE_REACH_L + 4],
    [
      'refuel, slow consumption, then a drain',
      40,
      [
        drive(20),
        park(6, { everyS: 30, addL: 140 }),
        drive(120),
        park(30, { everyS: 60 }),
        park(5, { everyS: 60, addL: -50 }),
        park(30),
      ],
      NOISE_REACH_L,
    ],
  ])('%s: found with its litres and times', (_name, startL, legs, slackL) => {
    for (const seed of SEEDS) {
      const t = track(startL, legs, seed);
      const { events } = run(t.samples);
      expect(
        events.map((e) => e.kind),
        `seed ${seed}`,
      ).toEqual(t.truth.map((e) => e.kind));
      for (const [i, truth] of t.truth.entries()) {
        const e = events[i]!;
        expect(Math.abs(e.litres - truth.litres), `seed ${seed}`).toBeLessThanOrEqual(slackL);
        expect(Math.abs(e.startTimeMs - truth.startTimeMs), `seed ${seed}`).toBeLessThanOrEqual(TIME_SLACK);
        expect(Math.abs(e.endTimeMs - truth.endTimeMs), `seed ${seed}`).toBeLessThanOrEqual(TIME_SLACK);
        expect(e.endLitres - e.startLitres).toBeCloseTo(e.kind === 'refuel' ? e.litres : -e.litres, 9);
      }
    }
  });

  it.each<[string, number, Leg[], number]>([
    [
      'three hours of sloshing drives',
      180,
      [park(10), drive(120), park(10, { everyS: 60 }), drive(60, { everyS: 30 })],
      90,
    ],
    ['two drives either side of a fill-up', 80, [drive(60), park(6, { everyS: 30, addL: 120 }), drive(60)], 60],
  ])('%s: the falls of the steady level add up to the fuel burnt', (_name, startL, legs, burntL) => {
    const fallsOf = (levels: (number | null)[]) =>
      levels.reduce<number>((sum, l, i) => {
        const before = levels[i - 1];
        return sum + (l !== null && before != null ? Math.max(0, before - l) : 0);
      }, 0);
    for (const seed of SEEDS) {
      let state = emptyFuelLevel();
      const steady = track(startL, legs, seed).samples.map((s) => {
        state = stepFuelLevel(state, s, CAPACITY).state;
        return state.steadyL;
      });
      // Off by a noise dip or two (summing the median's own falls gives about four times the truth).
      expect(Math.abs(fallsOf(steady) - burntL), `seed ${seed}`).toBeLessThan(NOISE_REACH_L);
    }
  });

  it('scales the thresholds with the tank: 5 L is a refuel for a 40 L car, noise for a 200 L lorry', () => {
    const samples = track(20, [
      park(30, { everyS: 60 }),
      park(2, { everyS: 60, addL: 8 }),
      park(30, { everyS: 60 }),
    ]).samples;
    const events = (capacity: number) => {
      let state = emptyFuelLevel();
      const found: FuelEvent[] = [];
      for (const s of samples) {
        const r = stepFuelLevel(state, s, capacity);
        state = r.state;
        found.push(...r.events);
      }
      return found.map((e) => e.kind);
    };
    expect(events(40)).toEqual(['refuel']);
    expect(events(200)).toEqual([]);
  });

  it('reports an event still open at the end of the span once it holds', () => {
    // Two minutes after the fill-up: settled, but not yet for settleMs.
    const t = track(50, [park(20, { everyS: 60 }), park(3, { everyS: 60, addL: 100 }), park(2, { everyS: 60 })]);
    let state = emptyFuelLevel();
    for (const s of t.samples) {
      const r = stepFuelLevel(state, s, CAPACITY);
      expect(r.events).toEqual([]);
      state = r.state;
    }
    const [e] = finishFuelLevel(state, CAPACITY);
    expect(e?.kind).toBe('refuel');
    expect(e?.litres).toBeCloseTo(100, 0);
  });

  it('ignores readings older than or as old as the last one', () => {
    let state = emptyFuelLevel();
    state = stepFuelLevel(state, { timeMs: T0, litres: 100 }, CAPACITY).state;
    const same = stepFuelLevel(state, { timeMs: T0, litres: 10 }, CAPACITY);
    const older = stepFuelLevel(state, { timeMs: T0 - MIN, litres: 10 }, CAPACITY);
    expect(same.state).toBe(state);
    expect(older.levelL).toBe(100);
  });

  it('keeps its memory bounded however often the sensor reports', () => {
    const t = track(180, [drive(60, { everyS: 1 })]);
    let state = emptyFuelLevel();
    for (const s of t.samples) state = stepFuelLevel(state, s, CAPACITY).state;
    expect(state.recent.length).toBeLessThanOrEqual(DEFAULT_FUEL_TRACKER.smoothingSamples);
    expect(state.lows.length + state.highs.length).toBeLessThan(200);
  });
});
