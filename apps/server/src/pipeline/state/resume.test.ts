import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIX_FILTER,
  DEFAULT_FUEL_TANK,
  DEFAULT_SEGMENTER,
  DEFAULT_TRANSIT_CONFIG,
  destinationPoint,
  type GeoPoint,
  type Vehicle,
} from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { createRng } from '@jejak/simulator';
import { applyMessage } from '../path.ts';
import type { DeviceState, Step } from '../types.ts';
import { RESUMABLE_VERSION, readResumable, resumableJson, withPending } from './resume.ts';
import { freshState } from '../test-state.ts';

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const ctx = {
  receivedAtMs: T0 + 7 * 86_400_000,
  transit: DEFAULT_TRANSIT_CONFIG,
  filter: DEFAULT_FIX_FILTER,
  segmenter: DEFAULT_SEGMENTER,
};

/** A truck with a 200 L dipstick tank. */
const truck = () =>
  freshState({ vid: 'v1', mileage: 0, fuelProfile: { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } } });

/**
 * A day of a truck as its tracker reports it: parkings with GPS drift and lone spurious speeds,
 * drives with idles, glitches (a jump, a fix without position), fixes resent out of order and
 * from memory, and a noisy fuel dipstick that falls while driving and rises at a refuel.
 */
function trackerDay(seed: number): NormalizedMessage[] {
  const rnd = createRng(seed);
  const msgs: NormalizedMessage[] = [];
  let t = T0;
  let at: GeoPoint = { lat: 3.0449, lon: 101.4456 };
  let volts = 8;
  const fix = (speedKmh: number, acc: boolean, extra: Partial<NormalizedMessage> = {}) => {
    msgs.push({
      kind: 'position',
      deviceTimeMs: t,
      valid: true,
      latitude: at.lat,
      longitude: at.lon,
      speedKmh,
      satellites: 9,
      attributes: { ignition: acc, adc1: Math.round((volts + (rnd() - 0.5) * 0.2) * 100) / 100 },
      ...extra,
    });
  };
  for (let leg = 0; leg < 6; leg++) {
    for (let i = 0, n = 5 + Math.floor(rnd() * 30); i < n; i++) {
      t += 30_000 + Math.floor(rnd() * 90_000);
      const drift = destinationPoint(at, rnd() * 360, rnd() * 0.02);
      if (rnd() < 0.1) msgs.push({ ...fixAt(drift, 8 + rnd() * 8, false), satellites: rnd() < 0.5 ? 4 : 9 });
      else fix(0, false);
      if (leg === 3 && i === 2) volts = Math.min(10, volts + 3); // a refuel
    }
    for (let i = 0, n = 10 + Math.floor(rnd() * 40); i < n; i++) {
      t += 10_000 + Math.floor(rnd() * 20_000);
      const r = rnd();
      if (r < 0.15) {
        fix(0, true); // idling at a light
        continue;
      }
      const speed = 20 + rnd() * 70;
      at = destinationPoint(at, 60 + rnd() * 60, (speed * 20) / 3600);
      volts = Math.max(1, volts - 0.01);
      if (r < 0.18)
        fix(speed, true, { latitude: at.lat + 0.2 }); // a jump
      else if (r < 0.2) fix(speed, true, { valid: false, latitude: 0, longitude: 0 });
      else if (r < 0.23 && msgs.length > 3)
        msgs.push({ ...(msgs[msgs.length - 3] as NormalizedMessage) }); // resent
      else if (r < 0.25) fix(speed, true, { memory: true, deviceTimeMs: t - 300_000 });
      else fix(speed, true);
    }
  }
  return msgs;

  function fixAt(p: GeoPoint, speedKmh: number, acc: boolean): NormalizedMessage {
    return {
      kind: 'position',
      deviceTimeMs: t,
      valid: true,
      latitude: p.lat,
      longitude: p.lon,
      speedKmh,
      satellites: 9,
      attributes: { ignition: acc, adc1: volts },
    };
  }
}

const run = (state: DeviceState, msgs: NormalizedMessage[]): Step[] => msgs.map((m) => applyMessage(state, m, ctx));

/**
 * The state as a restart reads it back: the device and vehicle rows, the stored resumable JSON,
 * and the transit records it names from those the steps so far stored.
 */
function restarted(s: DeviceState, steps: Step[]): DeviceState {
  const vehicle = structuredClone(s.vehicle);
  const stored = readResumable(resumableJson(s), vehicle);
  const records = structuredClone(steps.flatMap((step) => step.transits));
  const motion = stored && withPending(stored, records);
  if (!motion) throw new Error('the stored state was not read back');
  return {
    device: structuredClone(s.device),
    vehicle,
    transit: structuredClone(s.transit),
    lastSeenAtMs: s.lastSeenAtMs,
    geofences: structuredClone(s.geofences),
    ...motion,
  };
}

describe('the resumable state', () => {
  it.each([1, 2, 3])('goes on after a restart at any message exactly as without one (day %i)', (seed) => {
    const msgs = trackerDay(seed);
    const steady = run(truck(), msgs);
    expect(steady.flatMap((s) => s.transits).length).toBeGreaterThan(8);
    expect(steady.flatMap((s) => s.trips).length).toBeGreaterThan(4);
    for (let cut = 1; cut < msgs.length; cut++) {
      const before = truck();
      const steps = run(before, msgs.slice(0, cut));
      const after = run(restarted(before, steps), msgs.slice(cut));
      expect(after, `restart after message ${cut}`).toEqual(steady.slice(cut));
    }
  });

  it('is not read when it is of another version, for another vehicle, out of date or malformed', () => {
    const state = truck();
    const steps = run(state, trackerDay(4).slice(0, 120));
    const vehicle = state.vehicle as Vehicle;
    const json = resumableJson(state);
    const changed = (part: Record<string, unknown>) => JSON.stringify({ ...(JSON.parse(json) as object), ...part });
    const stored = readResumable(json, vehicle);
    expect(stored?.trips.pending.length).toBeGreaterThan(0);
    expect(
      stored &&
        withPending(
          stored,
          steps.flatMap((s) => s.transits),
        ),
    ).toEqual({
      filter: state.filter,
      odometer: state.odometer,
      segmenter: state.segmenter,
      trips: state.trips,
      fuel: state.fuel,
    });
    // A recompute rewrote the transit records since: the stored state is stale.
    expect(stored && withPending(stored, steps.flatMap((s) => s.transits).slice(0, -1))).toBeNull();
    expect(readResumable(changed({ v: RESUMABLE_VERSION + 1 }), vehicle)).toBeNull();
    expect(readResumable(json, { ...vehicle, vid: 'v2' })).toBeNull();
    expect(readResumable(json, null)).toBeNull();
    // The vehicle's mileage was rewritten since (a recompute): the stored odometer is stale.
    expect(readResumable(json, { ...vehicle, mileage: vehicle.mileage + 1 })).toBeNull();
    expect(readResumable(changed({ segmenter: { open: { status: 'MOVING' } } }), vehicle)).toBeNull();
    expect(readResumable(changed({ trips: undefined }), vehicle)).toBeNull();
    expect(readResumable(json.slice(0, 40), vehicle)).toBeNull();
  });
});
