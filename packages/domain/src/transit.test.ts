import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRANSIT_CONFIG,
  disconnectIfSilent,
  displayStatus,
  nextTransitState,
  deviceTransit,
  silentGapFrom,
  type MotionSample,
  type TransitState,
} from './transit.ts';

const T0 = Date.UTC(2026, 10, 21, 0, 0, 0);
const min = 60_000;

function run(samples: MotionSample[]): TransitState[] {
  const out: TransitState[] = [];
  let s: TransitState | null = null;
  for (const sample of samples) out.push((s = nextTransitState(s, sample)));
  return out;
}

describe('nextTransitState', () => {
  it.each([
    ['moving with ignition', { ignition: true, speedKmh: 40 }, 'MOVING'],
    ['stopped with ignition on', { ignition: true, speedKmh: 0 }, 'IDLING'],
    ['ignition off', { ignition: false, speedKmh: 0 }, 'PARKING'],
    ['ignition off even with a speed glitch', { ignition: false, speedKmh: 12 }, 'PARKING'],
    ['no ignition data, moving', { speedKmh: 30 }, 'MOVING'],
    ['no ignition data, just stopped', { speedKmh: 0 }, 'IDLING'],
  ] as const)('%s → %s', (_name, sample, expected) => {
    expect(nextTransitState(null, { deviceTimeMs: T0, ...sample }).status).toBe(expected);
  });

  it('keeps transitFrom while the status stays the same', () => {
    const states = run([
      { deviceTimeMs: T0, speedKmh: 40, ignition: true },
      { deviceTimeMs: T0 + min, speedKmh: 55, ignition: true },
      { deviceTimeMs: T0 + 2 * min, speedKmh: 0, ignition: true },
    ]);
    expect(states.map((s) => [s.status, s.transitFrom, s.updatedAt])).toEqual([
      ['MOVING', T0, T0],
      ['MOVING', T0, T0 + min],
      ['IDLING', T0 + 2 * min, T0 + 2 * min],
    ]);
  });

  it('without ignition, a long stop becomes PARKING dated from when the vehicle stopped', () => {
    const states = run([
      { deviceTimeMs: T0, speedKmh: 50 },
      { deviceTimeMs: T0 + min, speedKmh: 0 },
      { deviceTimeMs: T0 + 4 * min, speedKmh: 1 },
      { deviceTimeMs: T0 + 7 * min, speedKmh: 0 },
    ]);
    expect(states.map((s) => s.status)).toEqual(['MOVING', 'IDLING', 'IDLING', 'PARKING']);
    expect(states[3]?.transitFrom).toBe(T0 + min);
  });
});

describe('nextTransitState and the device timeline', () => {
  it.each([
    ['a gap under the limit keeps the stop going', 9 * min, 'PARKING', T0 + min],
    ['a gap over the limit starts afresh', 11 * min, 'IDLING', T0 + 7 * min + 11 * min],
  ] as const)('%s', (_name, gap, status, from) => {
    const states = run([
      { deviceTimeMs: T0, speedKmh: 50 },
      { deviceTimeMs: T0 + min, speedKmh: 0 },
      { deviceTimeMs: T0 + 7 * min, speedKmh: 0 },
      { deviceTimeMs: T0 + 7 * min + gap, speedKmh: 0 },
    ]);
    expect(states[3]).toMatchObject({ status, transitFrom: from });
  });

  it('silentGapFrom names the last fix before a gap longer than the limit', () => {
    const s: TransitState = { status: 'PARKING', transitFrom: T0, updatedAt: T0 + min, stoppedSince: T0 };
    expect(silentGapFrom(s, T0 + 5 * min)).toBeUndefined();
    expect(silentGapFrom(s, T0 + 11 * min)).toBeUndefined();
    expect(silentGapFrom(s, T0 + 11 * min + 1)).toBe(T0 + min);
    expect(silentGapFrom(null, T0)).toBeUndefined();
  });

  it('a DISCONNECTED set by the server clock gives way to the state the device timeline left', () => {
    const swept: TransitState = {
      status: 'DISCONNECTED',
      transitFrom: T0 + 20 * min,
      updatedAt: T0 + 6 * min,
      stoppedSince: T0,
    };
    expect(deviceTransit(swept, { status: 'PARKING', start: { timeMs: T0 } })).toEqual({
      status: 'PARKING',
      transitFrom: T0,
      updatedAt: T0 + 6 * min,
      stoppedSince: T0,
    });
    const parked: TransitState = { ...swept, status: 'PARKING', transitFrom: T0 };
    expect(deviceTransit(parked, { status: 'PARKING', start: { timeMs: T0 } })).toBe(parked);
    expect(deviceTransit(swept, null)).toBe(swept);
  });
});

describe('disconnectIfSilent', () => {
  const moving: TransitState = { status: 'MOVING', transitFrom: T0, updatedAt: T0, stoppedSince: null };
  it('keeps the state while data is recent', () => {
    expect(disconnectIfSilent(moving, T0, T0 + DEFAULT_TRANSIT_CONFIG.disconnectAfterMs)).toBe(moving);
  });
  it('turns DISCONNECTED from the last time the device was heard', () => {
    const s = disconnectIfSilent(moving, T0 + min, T0 + min + DEFAULT_TRANSIT_CONFIG.disconnectAfterMs + 1);
    expect(s).toMatchObject({ status: 'DISCONNECTED', transitFrom: T0 + min, updatedAt: T0 });
  });
});

describe('displayStatus', () => {
  it('shows unknown or missing values as DISCONNECTED', () => {
    expect([displayStatus('MOVING'), displayStatus(undefined), displayStatus('ENGINE STARTED')]).toEqual([
      'MOVING',
      'DISCONNECTED',
      'DISCONNECTED',
    ]);
  });
});
