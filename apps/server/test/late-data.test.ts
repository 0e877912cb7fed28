import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint, type GeoPoint } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, recomputeSettled, startTestServer, vidOf, type TestServer } from './harness.ts';

const MIN = 60_000;

describe.each(await dbKinds())('late data on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_RECOMPUTE_DELAY_MS: '200' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('replays a memory upload with the filters it would have met live: glitches of few satellites stay an idle', async () => {
    const imei = demoImei(16); // owner2's
    const t0 = Math.floor((Date.now() - 5 * 3_600_000) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await tracker.send(0, true); // idling, 1'–5'
    const spot = tracker.here();
    await tracker.sendAt({ timeMs: t0 + 20 * MIN, at: spot, speedKmh: 0, acc: true });
    // From memory: still idling, but at 10' and 11' the receiver, with 3 satellites, said 12 km/h 40 m away.
    for (let m = 6; m <= 19; m++) {
      const glitch = m === 10 || m === 11;
      await tracker.sendAt({
        timeMs: t0 + m * MIN,
        at: glitch ? destinationPoint(spot, 45, 0.04) : spot,
        speedKmh: glitch ? 12 : 0,
        acc: true,
        reupload: true,
        ...(glitch ? { satellites: 3 } : {}),
      });
    }
    await recomputeSettled(server.app, `GPS100#${imei}`);
    await tracker.sendAt({ timeMs: t0 + 21 * MIN, at: spot, speedKmh: 0, acc: false });
    tracker.device.close();
    const client = apiClient(server.baseUrl);
    const vid = await vidOf(client, imei);
    const records = (await client.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t0 + 60 * MIN })).body
      .transitRecords as { transitStatus: string; startTime: number; endTime: number; totalMileage: number }[];
    expect(records.map((r) => [r.transitStatus, (r.startTime - t0) / MIN, (r.endTime - t0) / MIN])).toEqual([
      ['IDLING', 1, 21],
      // Parked since the last fix: counted to the window's end, under way.
      ['PARKING', 21, 60],
    ]);
    expect(records[0]?.totalMileage).toBe(0);
  });

  it('rewrites the window a memory upload falls into: the drive it reveals becomes a trip, with its true mileage', async () => {
    const imei = demoImei(15); // owner2's
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 10; i++) await tracker.send(0, false); // parked, 1'–10'
    const parkedAt = tracker.here();

    // Out of coverage from 11' to 30': a drive (5 km east, 3 km north), then a parking. The
    // tracker keeps those fixes in memory and reports live again at 31'.
    const memory: { timeMs: number; at: GeoPoint; speedKmh: number; acc: boolean }[] = [];
    let at = parkedAt;
    for (let m = 11; m <= 20; m++) {
      at = destinationPoint(at, m <= 15 ? 90 : 0, m <= 15 ? 1 : 0.6);
      memory.push({ timeMs: t0 + m * MIN, at, speedKmh: m <= 15 ? 60 : 36, acc: true });
    }
    for (let m = 21; m <= 30; m++) memory.push({ timeMs: t0 + m * MIN, at, speedKmh: 0, acc: false });
    await tracker.sendAt({ timeMs: t0 + 31 * MIN, at, speedKmh: 0, acc: false });
    for (const fix of memory) await tracker.sendAt({ ...fix, reupload: true });

    const client = apiClient(server.baseUrl);
    const vid = await vidOf(client, imei);
    const window = { vid, startTime: t0, endTime: t0 + 60 * MIN };
    const transitsOf = async () =>
      (await client.post('/transitRecord/timeFrame', window)).body.transitRecords as {
        transitStatus: string;
        startTime: number;
        endTime: number;
        totalMileage: number;
      }[];
    // Live, the device's timeline had a gap (10' to 31'): DISCONNECTED until the recompute.
    const replayed = (rows: { transitStatus: string }[]) =>
      rows.length >= 2 && rows.every((r) => r.transitStatus !== 'DISCONNECTED');
    const deadline = Date.now() + 10_000;
    while (!replayed(await transitsOf()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const minute = (ms: number) => (ms - t0) / MIN;
    const transits = await transitsOf();
    expect(transits.map((r) => [r.transitStatus, minute(r.startTime), minute(r.endTime)])).toEqual([
      ['PARKING', 1, 11],
      ['MOVING', 11, 21],
      ['PARKING', 21, 60],
    ]);
    expect(transits[1]?.totalMileage).toBeCloseTo(8, 1); // the road, not the 5.8 km straight line

    // The replayed state carries on live: setting off ends the parking the upload revealed.
    await tracker.sendAt({ timeMs: t0 + 40 * MIN, at: destinationPoint(at, 90, 0.5), speedKmh: 30, acc: true });
    tracker.device.close();
    const trips = (await client.post('/tripRecord/timeFrame', window)).body.tripRecords as {
      tripStatus: string;
      startTime: number;
      endTime: number;
      totalDistance: number;
    }[];
    expect(trips.map((t) => [t.tripStatus, minute(t.startTime), minute(t.endTime)])).toEqual([
      ['PARKING', 1, 11],
      ['TRANSIT', 11, 21],
      ['PARKING', 21, 40],
      // Driving off at 40' with no fix since: the trip under way, to the window's end.
      ['TRANSIT', 40, 60],
    ]);
    expect(trips[1]?.totalDistance).toBeCloseTo(8, 1);

    const logs = (await client.post('/vehicleLog/getvidtimeframe', window)).body.logs as {
      vehicleTime: number;
      tripStatus: string;
      transitStatus: string;
      mileage: number;
    }[];
    // Every fix has its row, the memory ones included, with the replayed statuses.
    expect(logs.map((l) => minute(l.vehicleTime))).toEqual([...Array.from({ length: 31 }, (_, i) => i + 1), 40]);
    const row = (m: number) => logs.find((l) => minute(l.vehicleTime) === m);
    expect(row(15)?.transitStatus).toBe('MOVING');
    expect(row(31)?.transitStatus).toBe('PARKING');
    expect(row(31)?.tripStatus).toBe('PARKING');
    expect((row(31)?.mileage ?? 0) - (row(10)?.mileage ?? 0)).toBeCloseTo(8, 1);
    expect((row(40)?.mileage ?? 0) - (row(31)?.mileage ?? 0)).toBeCloseTo(0.5, 1);
  });
});
