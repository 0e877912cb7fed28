import { describe, expect, it } from 'vitest';
import { compileGeofence, DEFAULT_GEOFENCE_CONFIG, destinationPoint, type Geofence } from '@jejak/domain';
import type { NormalizedMessage } from '@jejak/protocols';
import { applyMessage } from '../path.ts';
import type { DeviceState } from '../types.ts';
import { defaultStepContext, freshState } from '../test-state.ts';

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const START = { lat: 3.0449, lon: 101.4456 };
const ctx = defaultStepContext(T0 + 3_600_000);
const poi: Geofence = {
  geoid: 'g1',
  geoType: 'POI',
  geofenceName: 'Gudang',
  geofenceComment: '',
  coordinates: [{ lat: destinationPoint(START, 90, 1).lat, lng: destinationPoint(START, 90, 1).lon }],
  geofenceRadius: 200,
};

const fixAt = (minute: number, km: number, memory = false): NormalizedMessage => {
  const p = destinationPoint(START, 90, km);
  return {
    kind: 'position',
    deviceTimeMs: T0 + minute * 60_000,
    valid: true,
    latitude: p.lat,
    longitude: p.lon,
    speedKmh: 30,
    satellites: 9,
    memory,
    attributes: { ignition: true },
  };
};

function withFences(fences: Geofence[] | null): DeviceState {
  const s = freshState({ vid: 'v1', mileage: 0 });
  s.geofences.fences = fences && fences.map((f) => compileGeofence(f, DEFAULT_GEOFENCE_CONFIG.exitMarginM));
  return s;
}

describe('the geofence step of applyMessage', () => {
  it('reports the entry and the exit of live fixes, with record rows and the vehicle profile', () => {
    const s = withFences([poi]);
    const steps = [0, 0.5, 1, 1.5].map((km, i) => applyMessage(s, fixAt(i, km), ctx));
    expect(steps.map((st) => st.geofence?.crossings.map((c) => [c.geoid, c.inside, c.time]) ?? null)).toEqual([
      null,
      null,
      [['g1', 1, T0 + 2 * 60_000]],
      [['g1', 0, T0 + 3 * 60_000]],
    ]);
    expect(steps[3]?.geofence?.records).toMatchObject([
      { vid: 'v1', geoid: 'g1', enterTime: T0 + 2 * 60_000, exitTime: T0 + 3 * 60_000 },
    ]);
    expect(s.vehicle?.geofenceProfile).toEqual({ g1: 0 });
    expect(s.geofences.profile).toEqual({ g1: { inside: 0, since: T0 + 3 * 60_000 } });
  });

  it('never runs for memory data, nor in a replay (no fences loaded)', () => {
    const live = withFences([poi]);
    applyMessage(live, fixAt(0, 0), ctx);
    expect(applyMessage(live, fixAt(-30, 1, true), ctx).geofence).toBeNull();
    expect(live.geofences.inside).toEqual({});
    const replay = withFences(null);
    expect([0, 0.5, 1].map((km, i) => applyMessage(replay, fixAt(i, km), ctx).geofence)).toEqual([null, null, null]);
  });
});
