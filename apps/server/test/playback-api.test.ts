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

  /** Issue 28 item 3: the route as a file for other tools, from the same fixes as playback. */
  async function routeFile(format: string, extra: object = {}): Promise<Response> {
    return fetch(`${server.baseUrl}/api${PLAYBACK_PATHS.routeExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner2.cookie ?? '' },
      body: JSON.stringify({ vid, startTime: t0, endTime: tEnd + 1, format, ...extra }),
    });
  }

  it('exports the route as GPX 1.1, KML 2.2 and CSV, every fix in order', async () => {
    const playback = (await owner2.post(PLAYBACK_PATHS.routePlayback, { vid, startTime: t0, endTime: tEnd + 1 }))
      .body as RoutePlaybackResponse;

    const gpx = await routeFile('gpx');
    expect(gpx.status).toBe(200);
    expect(gpx.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(gpx.headers.get('content-disposition')).toMatch(/^attachment; filename="route-.+-\d{4}-\d{2}-\d{2}\.gpx"$/);
    const gpxText = await gpx.text();
    expect(gpxText).toContain('<gpx version="1.1" creator="Jejak" xmlns="http://www.topografix.com/GPX/1/1">');
    const points = [...gpxText.matchAll(/<trkpt lat="([-\d.]+)" lon="([-\d.]+)"><time>([^<]+)<\/time>/g)];
    expect(points).toHaveLength(24);
    expect(points.map((m) => Date.parse(m[3] ?? ''))).toEqual(playback.track.time);
    expect(points.map((m) => Number(m[1]))).toEqual(playback.track.lat);
    expect(points.map((m) => Number(m[2]))).toEqual(playback.track.lon);

    const kml = await routeFile('kml');
    expect(kml.headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    const kmlText = await kml.text();
    const line = /<coordinates>\n([\s\S]*?)\n<\/coordinates><\/LineString>/.exec(kmlText)?.[1] ?? '';
    expect(line.split('\n').map((c) => c.split(',').map(Number).slice(0, 2))).toEqual(
      playback.track.lon.map((lon, i) => [lon, playback.track.lat[i]]),
    );

    const csv = await routeFile('csv', { timeZone: 'Asia/Kuala_Lumpur' });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await csv.text()).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Time,Latitude,Longitude,Speed (km/h),Heading (°),Status');
    expect(rows).toHaveLength(25);
    const [time, lat, lon, speed, heading, status] = rows[6]?.split(',') ?? [];
    expect(Number(lat)).toBe(playback.track.lat[5]);
    expect(Number(lon)).toBe(playback.track.lon[5]);
    expect([speed, heading, status]).toEqual(['48.0', '90', 'MOVING']);
    // Kuala Lumpur is UTC+8: the fix's local time.
    const local = new Date((playback.track.time[5] ?? 0) + 8 * 3_600_000).toISOString();
    expect(time).toBe(`${local.slice(0, 10).replaceAll('-', '/')} ${local.slice(11, 19)}`);
  });

  it('refuses an unknown format, a bad zone and a vehicle out of reach', async () => {
    expect((await routeFile('shp')).status).toBe(400);
    expect((await routeFile('csv', { timeZone: 'Mars/Olympus' })).status).toBe(400);
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    const foreign = await owner.post(PLAYBACK_PATHS.routeExport, {
      vid,
      startTime: t0,
      endTime: tEnd + 1,
      format: 'gpx',
    });
    expect(foreign.status).toBe(404);
  });
});
