import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRANSIT_CONFIG,
  disconnectIfSilent,
  displayStatus,
  nextTransitState,
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
