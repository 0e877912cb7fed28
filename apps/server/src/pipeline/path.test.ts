import { describe, expect, it } from 'vitest';
import { destinationPoint } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { applyMessage } from './path.ts';
import { defaultStepContext, freshState } from './test-state.ts';

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const SPOT = { lat: 3.0738, lon: 101.5183 };
const ctx = defaultStepContext(T0 + 86_400_000);

interface Rec {
  s: number;
  speed?: number;
  acc: boolean;
  valid?: boolean;
  sats?: number;
  km?: number;
}

/** Feeds records (seconds after T0) and returns the closed transit records as [status, from s, to s]. */
function feed(recs: Rec[], state = freshState()) {
  const closed: [string, number, number][] = [];
  for (const r of recs) {
    const p = destinationPoint(SPOT, 90, r.km ?? 0);
    const msg: NormalizedMessage = {
      kind: 'position',
      deviceTimeMs: T0 + r.s * 1000,
      valid: r.valid ?? true,
      latitude: p.lat,
      longitude: p.lon,
      speedKmh: r.speed ?? 0,
      satellites: r.sats ?? 9,
      attributes: { ignition: r.acc },
    };
    const step = applyMessage(state, msg, ctx);
    for (const t of step.transits) closed.push([t.transitStatus, (t.startTime - T0) / 1000, (t.endTime - T0) / 1000]);
  }
  return { closed, state };
}

describe('applyMessage: transit status from what the tracker says', () => {
  it('a lone spurious speed while idling neither splits the idle nor adds mileage', () => {
    const { closed, state } = feed([
      { s: 0, acc: true },
      { s: 10, acc: true },
      { s: 20, acc: true, speed: 12, km: 0.05, sats: 4 },
      { s: 30, acc: true, speed: 8, km: 0.04 },
      { s: 40, acc: true },
      { s: 50, acc: false },
    ]);
    expect(closed).toEqual([['IDLING', 0, 50]]);
    expect(state.vehicle?.mileage).toBe(0);
  });

  it('a real departure is MOVING from its first moving fix once the next one confirms it', () => {
    const { closed, state } = feed([
      { s: 0, acc: true },
      { s: 10, acc: true, speed: 9, km: 0.01 },
      { s: 20, acc: true, speed: 30, km: 0.09 },
      { s: 30, acc: true, speed: 40, km: 0.2 },
      { s: 40, acc: false, km: 0.2 },
    ]);
    expect(closed).toEqual([
      ['IDLING', 0, 10],
      ['MOVING', 10, 40],
    ]);
    expect(state.vehicle?.mileage).toBeCloseTo(0.2, 2);
  });

  it('the key turned in a record without a fix ends the idle at that record', () => {
    const { closed, state } = feed([
      { s: 0, acc: true, speed: 40 },
      { s: 10, acc: true, speed: 40, km: 0.11 },
      { s: 20, acc: true, km: 0.15 },
      { s: 28, acc: false, valid: false, sats: 1, km: 0.15 },
      { s: 148, acc: false, km: 0.15 },
      { s: 268, acc: true, km: 0.15 },
    ]);
    expect(closed.slice(1)).toEqual([
      ['IDLING', 20, 28],
      ['PARKING', 28, 268],
    ]);
    expect(state.vehicle?.transitStatus).toBe('IDLING');
  });

  it('a first record without a fix still dates the first status', () => {
    const { closed } = feed([
      { s: 0, acc: false, valid: false, sats: 0 },
      { s: 120, acc: false },
      { s: 240, acc: true },
    ]);
    expect(closed).toEqual([['PARKING', 0, 240]]);
  });
});

describe("the device's GPS status and since when it has had no fix (spec 1 §3: gpsStatus, noGPSAt)", () => {
  it('is lost at the first live record without a valid fix, kept while none comes, and cleared by the next fix', () => {
    const state = freshState();
    feed([{ s: 0, acc: true }], state);
    expect([state.device.gpsStatus, state.device.noGPSAt ?? null]).toEqual([true, null]);
    feed(
      [
        { s: 30, acc: true, valid: false, sats: 2 },
        { s: 60, acc: true, valid: false, sats: 1 },
      ],
      state,
    );
    expect([state.device.gpsStatus, state.device.noGPSAt]).toEqual([false, T0 + 30_000]);
    feed([{ s: 90, acc: true, km: 0.01 }], state);
    expect([state.device.gpsStatus, state.device.noGPSAt]).toEqual([true, null]);
  });
});
