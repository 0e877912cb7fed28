import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_PATHS, PLAYBACK_STATUSES, type RoutePlaybackResponse } from '@jejak/contract';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { createRecordsRepo } from '../src/storage/repos/records/records-repo.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, vidOf, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const MIN = 60_000;
const DAY = 86_400_000;

/**
 * Trip Record's playback call (issue 13 item 1; spec 3 §7 /routePlayback/timeframe/get/sync): a
 * GT06 drive sent over a real socket through the pipeline comes back as the track's columns and
 * its idling and parking stops, only to those who may see the vehicle.
 */
describe.each(kinds)('route playback on %s', (kind) => {
  let server: TestServer;
  let vid = '';
  let owner2: ReturnType<typeof apiClient>;
  let t0 = 0;
  let tEnd = 0;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const imei = demoImei(13); // owner2's
    t0 = Math.floor((Date.now() - 2 * 3_600_000) / MIN) * MIN; // GT06 times are whole seconds
    const { send, device, now } = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await send(0, false); // parked, t0+1'..5'
    for (let i = 0; i < 10; i++) await send(48, true, 0.8); // driving east, 6'..15'
    for (let i = 0; i < 3; i++) await send(0, true); // idling, 16'..18'
    for (let i = 0; i < 4; i++) await send(30, true, 0.5, 0); // driving north, 19'..22'
    for (let i = 0; i < 2; i++) await send(0, false); // parked again
    device.close();
    tEnd = now();
    owner2 = apiClient(server.baseUrl);
    vid = (await vidOf(owner2, imei)) ?? '';
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers the track as columns: every fix, its speed, heading along the legs and status', async () => {
    const r = await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0, endTime: tEnd + 1 });
    expect(r.status).toBe(200);
    const body = r.body as RoutePlaybackResponse;
    expect(body).toMatchObject({ status: 200, vid, startTime: t0, endTime: tEnd + 1, thinned: false });
    const { track } = body;
    expect(track.time).toHaveLength(24);
    for (const column of [track.lat, track.lon, track.speed, track.heading, track.status])
      expect(column).toHaveLength(24);
    expect(track.time[0]).toBe(t0 + MIN);
    expect(track.time.at(-1)).toBe(tEnd);
    expect(track.time.every((t, i) => i === 0 || t > (track.time[i - 1] ?? 0))).toBe(true);
    expect(track.speed.slice(5, 15)).toEqual(new Array(10).fill(48));
    // Parked at the start: the arrow already faces the way the drive sets off (east), then north.
    expect(track.heading.slice(0, 14)).toEqual(new Array(14).fill(90));
    expect(track.heading.slice(18, 22)).toEqual([0, 0, 0, 0]);
    const statuses = track.status.map((i) => PLAYBACK_STATUSES[i]);
    expect(statuses.slice(0, 5)).toEqual(new Array(5).fill('PARKING'));
    expect(statuses.slice(5, 15)).toEqual(new Array(10).fill('MOVING'));
    expect(statuses.slice(15, 18)).toEqual(['IDLING', 'IDLING', 'IDLING']);
    // Six decimals of a degree (~0.1 m) are all the marker needs.
    expect(track.lat.every((v) => Math.round(v * 1e6) / 1e6 === v)).toBe(true);
  });

  it('lists the idling and parking stops of the window for markers, with where they began', async () => {
    const body = (await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0, endTime: tEnd + 1 }))
      .body as RoutePlaybackResponse;
    expect(body.stops.map((s) => [s.transitStatus, (s.startTime - t0) / MIN, Math.round(s.duration / MIN)])).toEqual([
      ['PARKING', 1, 5],
      ['IDLING', 16, 3],
      // Parked since the last fix: the stop under way, to the window's end.
      ['PARKING', 23, 1],
    ]);
    const idle = body.stops[1];
    const idleFix = body.track.time.indexOf(idle?.startTime ?? -1);
    expect(idleFix).toBeGreaterThan(0);
    expect(idle?.location.lat).toBeCloseTo(body.track.lat[idleFix] ?? 0, 5);
    expect(idle?.location.lon).toBeCloseTo(body.track.lon[idleFix] ?? 0, 5);
  });

  it('a window cuts the track; an empty window answers empty columns', async () => {
    const part = (
      await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0 + 6 * MIN, endTime: t0 + 9 * MIN })
    ).body as RoutePlaybackResponse;
    expect(part.track.time.map((t) => (t - t0) / MIN)).toEqual([6, 7, 8]);
    const none = (await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0 - DAY, endTime: t0 }))
      .body as RoutePlaybackResponse;
    expect(none.track).toEqual({ time: [], lat: [], lon: [], speed: [], heading: [], status: [] });
    expect(none.stops).toEqual([]);
  });

  it('thins a window past the limit evenly, keeping the first and last fix', async () => {
    const repo = createRecordsRepo(server.app.database.db);
    const all = await repo.playbackFixes(vid, t0, tEnd + 1, 100);
    expect(all.thinned).toBe(false);
    const thin = await repo.playbackFixes(vid, t0, tEnd + 1, 7);
    expect(thin.thinned).toBe(true);
    expect(thin.fixes.length).toBeLessThanOrEqual(7);
    expect(thin.fixes[0]?.time).toBe(t0 + MIN);
    expect(thin.fixes.at(-1)?.time).toBe(tEnd);
    expect(thin.fixes.map((f) => (f.time - t0) / MIN)).toEqual([1, 5, 9, 13, 17, 21, 24]);
  });

  it('refuses a vehicle out of reach as missing, and checks the window', async () => {
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    const foreign = await owner.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0, endTime: tEnd + 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Vehicle not found');

    const backwards = await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: tEnd, endTime: t0 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^endTime: startTime must be before endTime/);
    const long = await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0, endTime: t0 + 31 * DAY + 1 });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 31 days/);
    expect((await owner2.post(PLAYBACK_PATHS.routePlayback, { startTime: t0, endTime: tEnd })).status).toBe(400);
  });
});
