import type { Device } from '@jejak/domain';
import { describe, expect, it } from 'vitest';
import { TRAIL_GAP_MS, TRAIL_POINTS, extendTrail, trailsAfterReset, type Trail } from './trails.ts';

const T0 = 1_700_000_000_000;

function report(dvid: string, lon: number, lat: number, deviceTime: number | null): Device {
  return {
    dvid,
    uid: 'u1',
    model: 'GPS100',
    imei: dvid,
    simCard: '',
    location: { lat, lon },
    heading: 0,
    speed: 20,
    deviceTime,
    createdAt: 0,
    isAlive: true,
    gpsStatus: true,
    engineStatus: null,
  };
}

/** Feeds reports one after another, as the live channel does. */
function replay(reports: readonly Device[], limit = TRAIL_POINTS): Trail | undefined {
  return reports.reduce<Trail | undefined>((trail, device) => extendTrail(trail, device, limit), undefined);
}

describe('extendTrail', () => {
  it('appends positions oldest first, as [lon, lat]', () => {
    const trail = replay([report('d', 101.1, 3.1, T0), report('d', 101.2, 3.2, T0 + 1000)]);
    expect(trail).toEqual({
      positions: [
        [101.1, 3.1],
        [101.2, 3.2],
      ],
      lastTimeMs: T0 + 1000,
    });
  });

  it('keeps only the newest `limit` positions', () => {
    const reports = Array.from({ length: 50 }, (_, i) => report('d', 101 + i / 100, 3, T0 + i * 1000));
    const trail = replay(reports, 20);
    expect(trail?.positions).toHaveLength(20);
    expect(trail?.positions[0]).toEqual([101.3, 3]);
    expect(trail?.positions.at(-1)).toEqual([101.49, 3]);
    expect(replay(reports)?.positions).toHaveLength(TRAIL_POINTS);
  });

  it('never changes the trail it is given', () => {
    const before = replay([report('d', 101.1, 3.1, T0)]);
    const frozen = structuredClone(before);
    extendTrail(before, report('d', 101.2, 3.2, T0 + 1000));
    expect(before).toEqual(frozen);
  });

  it.each([
    ['no location', { ...report('d', 0, 0, T0 + 1000), location: null }],
    ['NaN latitude', report('d', 101.2, Number.NaN, T0 + 1000)],
    ['latitude out of range', report('d', 101.2, 91, T0 + 1000)],
    ['longitude out of range', report('d', 181, 3.2, T0 + 1000)],
    ['an older report (out of order)', report('d', 101.2, 3.2, T0 - 1)],
  ])('ignores a report with %s and returns the same trail', (_, device) => {
    const trail = replay([report('d', 101.1, 3.1, T0)]);
    expect(extendTrail(trail, device)).toBe(trail);
  });

  it('starts no trail without a valid position', () => {
    expect(extendTrail(undefined, { ...report('d', 0, 0, T0), location: null })).toBeUndefined();
  });

  it('does not repeat a position; a repeated report only advances the time', () => {
    const first = replay([report('d', 101.1, 3.1, T0)]);
    const parked = extendTrail(first, report('d', 101.1, 3.1, T0 + 60_000));
    expect(parked?.positions).toBe(first?.positions);
    expect(parked?.lastTimeMs).toBe(T0 + 60_000);
    expect(extendTrail(parked, report('d', 101.1, 3.1, T0 + 60_000))).toBe(parked);
  });

  it('starts a new trail after a silence longer than the gap, so no line jumps across the map', () => {
    const before = replay([report('d', 101.1, 3.1, T0), report('d', 101.2, 3.2, T0 + 1000)]);
    const justInside = extendTrail(before, report('d', 101.3, 3.3, T0 + 1000 + TRAIL_GAP_MS));
    expect(justInside?.positions).toHaveLength(3);
    const after = extendTrail(before, report('d', 103.5, 1.5, T0 + 1001 + TRAIL_GAP_MS));
    expect(after).toEqual({ positions: [[103.5, 1.5]], lastTimeMs: T0 + 1001 + TRAIL_GAP_MS });
  });

  it('merges reports without a device time without breaking or reordering', () => {
    const trail = replay([report('d', 101.1, 3.1, T0), report('d', 101.2, 3.2, null), report('d', 101.3, 3.3, null)]);
    expect(trail?.positions).toHaveLength(3);
    expect(trail?.lastTimeMs).toBe(T0);
  });
});

describe('trailsAfterReset', () => {
  it('drops trails of devices no longer listed and merges the loaded positions of the others', () => {
    const trails = new Map<string, Trail>([
      ['kept', { positions: [[101.1, 3.1]], lastTimeMs: T0 }],
      ['gone', { positions: [[102, 2]], lastTimeMs: T0 }],
    ]);
    const next = trailsAfterReset(trails, [
      report('kept', 101.2, 3.2, T0 + 1000),
      report('new', 100.3, 5.4, T0),
      { ...report('no-fix', 0, 0, T0), location: null },
    ]);
    expect([...next.keys()].sort()).toEqual(['kept', 'new']);
    expect(next.get('kept')?.positions).toEqual([
      [101.1, 3.1],
      [101.2, 3.2],
    ]);
    expect(trailsAfterReset(trails, []).size).toBe(0);
  });
});
