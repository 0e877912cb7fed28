import { describe, expect, it } from 'vitest';
import { compileGeofence, DEFAULT_GEOFENCE_CONFIG, destinationPoint, type Geofence } from '@jejak/domain';
import type { RecomputePort } from '../ports.ts';
import type { RecomputedWindow, StoredFix } from '../../storage/ingest/rows.ts';
import { recomputeLateWindow } from './recompute.ts';
import { defaultStepContext, freshState } from '../test-state.ts';

const T0 = Date.UTC(2026, 2, 2, 0, 0, 0);
const START = { lat: 3.0449, lon: 101.4456 };
const at = (km: number) => destinationPoint(START, 90, km);
const poi: Geofence = {
  geoid: 'g1',
  geoType: 'POI',
  geofenceName: 'Gudang',
  geofenceComment: '',
  coordinates: [{ lat: at(1).lat, lng: at(1).lon }],
  geofenceRadius: 200,
};

/** A parked fix inside the POI (the late one), then a drive away from it. */
const fixes: StoredFix[] = [
  { minute: 0, km: 1, speed: 0 },
  { minute: 60, km: 1, speed: 20 },
  { minute: 61, km: 1.5, speed: 30 },
  { minute: 62, km: 2, speed: 30 },
].map(({ minute, km, speed }) => ({
  deviceTime: T0 + minute * 60_000,
  createdAt: T0 + 62 * 60_000,
  lat: at(km).lat,
  lon: at(km).lon,
  speed,
  heading: 90,
  valid: true,
  ignition: speed > 0,
  attributes: { satellites: 9 },
}));

/** The store port over the fixes above; `onAnchor` runs while the recompute awaits its first read. */
function storeOver(onAnchor: () => void) {
  const replaced: RecomputedWindow[] = [];
  const store = {
    async anchor() {
      onAnchor();
      return { fromMs: T0, mileageKm: 0, lastFix: null };
    },
    async insideAt() {
      return {};
    },
    async fixesSince() {
      return fixes;
    },
    async replace(w: RecomputedWindow) {
      replaced.push(w);
    },
  } as unknown as RecomputePort;
  return { store, replaced };
}

describe('recomputeLateWindow', () => {
  it('replays the fences loaded when it began, even if the API unloads them meanwhile', async () => {
    const state = freshState({ vid: 'v1', mileage: 0 });
    state.geofences.fences = [compileGeofence(poi, DEFAULT_GEOFENCE_CONFIG.exitMarginM)];
    // A geofence change through the API unloads the live fences (fence-loader invalidate).
    const { store, replaced } = storeOver(() => {
      state.geofences.fences = null;
    });
    await recomputeLateWindow(state, T0, defaultStepContext(T0), { store, maxWindowMs: 86_400_000 });
    expect(replaced[0]?.geofenceRecords?.map((r) => [r.geoid, r.enterTime, r.exitTime])).toEqual([
      ['g1', T0, null],
      ['g1', T0, T0 + 61 * 60_000],
    ]);
    expect(state.geofences.inside).toEqual({});
  });

  it('leaves the geofence records alone when no fences were loaded', async () => {
    const state = freshState({ vid: 'v1', mileage: 0 });
    state.geofences.fences = null;
    const { store, replaced } = storeOver(() => undefined);
    await recomputeLateWindow(state, T0, defaultStepContext(T0), { store, maxWindowMs: 86_400_000 });
    expect(replaced[0]?.geofenceRecords).toBeNull();
  });
});
