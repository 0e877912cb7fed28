import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint, type GeoPoint } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startRestartableServer, vidOf, type RestartableServer } from './harness.ts';

const MIN = 60_000;
const KLANG = { lat: 3.0449, lon: 101.4456 };

interface Fix {
  timeMs: number;
  at: GeoPoint;
  speedKmh: number;
  acc: boolean;
  reupload?: boolean;
}

/**
 * A drive from a parking to a parking, one fix a minute from t0 + 1'. The first fix setting
 * off (7') is 50 m from the parking spot: alone it does not confirm the movement.
 */
function drive(t0: number): Fix[] {
  const fixes: Fix[] = [];
  let at: GeoPoint = KLANG;
  const add = (speedKmh: number, acc: boolean, km = 0) => {
    at = destinationPoint(at, 90, km);
    fixes.push({ timeMs: t0 + (fixes.length + 1) * MIN, at, speedKmh, acc });
  };
  for (let m = 1; m <= 6; m++) add(0, false); // parked
  add(20, true, 0.05); // 7': setting off, not confirmed yet
  // 8'–20': the drive, fastest before the middle.
  for (const speed of [40, 55, 70, 62, 58, 45, 50, 52, 38, 41, 44, 36, 30]) add(speed, true, speed / 60);
  for (let m = 21; m <= 23; m++) add(0, true); // idling
  for (let m = 24; m <= 33; m++) add(0, false); // parked
  add(20, true, 0.05); // 34': setting off again ends that parking
  add(45, true, 0.75);
  return fixes;
}

describe.each(await dbKinds())('a restart on %s', (kind) => {
  let server: RestartableServer;
  beforeAll(async () => {
    server = await startRestartableServer(kind, { JEJAK_RECOMPUTE_DELAY_MS: '3600000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function sendAll(imei: string, fixes: Fix[]): Promise<void> {
    const tracker = await gt06Track(server.gt06Port, imei, 0);
    for (const fix of fixes) await tracker.sendAt(fix);
    tracker.device.close();
    await tracker.device.closedPromise;
  }

  async function recordsOf(imei: string, t0: number) {
    const client = apiClient(server.baseUrl);
    const vid = await vidOf(client, imei);
    const window = { vid, startTime: t0, endTime: t0 + 3 * 3_600_000 };
    // What identifies the vehicle or says when a row was written differs between vehicles.
    const strip = (rows: unknown) =>
      (rows as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => !['vid', 'tsid', 'trid', 'createdAt'].includes(k))),
      );
    // The stored records: what is under way is counted up to the moment it is asked for.
    const stored = (rows: unknown) => strip((rows as { underWay?: boolean }[]).filter((r) => !r.underWay));
    return {
      transits: stored((await client.post('/transitRecord/timeFrame', window)).body.transitRecords),
      trips: stored((await client.post('/tripRecord/timeFrame', window)).body.tripRecords),
      logs: strip((await client.post('/vehicleLog/getvidtimeframe', window)).body.logs),
    };
  }

  it('does not change the transit records, trips or vehicle log of a drive it falls into', async () => {
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const fixes = drive(t0);
    const [steady, restarted] = [demoImei(16), demoImei(17)]; // owner2's
    await sendAll(steady, fixes);

    // The same drive from another tracker, the server restarted three times: after the first
    // fix setting off (not confirmed yet), at the middle of the drive, and in the parking.
    const cuts = [7, 14, 28, fixes.length];
    let from = 0;
    for (const cut of cuts) {
      if (from > 0) await server.restart();
      await sendAll(restarted, fixes.slice(from, cut));
      from = cut;
    }

    const expected = await recordsOf(steady, t0);
    const minute = (ms: unknown) => ((ms as number) - t0) / MIN;
    expect(expected.transits.map((r) => [r.transitStatus, minute(r.startTime), minute(r.endTime), r.topSpeed])).toEqual(
      [
        ['PARKING', 1, 7, 0],
        ['MOVING', 7, 21, 70],
        ['IDLING', 21, 24, 0],
        ['PARKING', 24, 34, 0],
      ],
    );
    expect(expected.trips.map((r) => [r.tripStatus, minute(r.startTime), minute(r.endTime)])).toEqual([
      ['PARKING', 1, 7],
      ['TRANSIT', 7, 24],
      ['PARKING', 24, 34],
    ]);
    expect(expected.logs).toHaveLength(fixes.length);
    expect(await recordsOf(restarted, t0)).toEqual(expected);
  });

  it('runs a recompute that was still waiting when the server stopped', async () => {
    const imei = demoImei(18); // owner2's
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 10; i++) await tracker.send(0, false); // parked, 1'–10'
    // Out of coverage from 11' to 30': a drive, then a parking, uploaded from memory after 31'.
    const memory: Fix[] = [];
    let at = tracker.here();
    for (let m = 11; m <= 20; m++) {
      at = destinationPoint(at, 90, 1);
      memory.push({ timeMs: t0 + m * MIN, at, speedKmh: 60, acc: true, reupload: true });
    }
    for (let m = 21; m <= 30; m++) memory.push({ timeMs: t0 + m * MIN, at, speedKmh: 0, acc: false, reupload: true });
    await tracker.sendAt({ timeMs: t0 + 31 * MIN, at, speedKmh: 0, acc: false });
    for (const fix of memory) await tracker.sendAt(fix);
    tracker.device.close();

    // One sign-in per server: polling must not trip the sign-in rate limit.
    let signedIn: { baseUrl: string; client: ReturnType<typeof apiClient>; vid: string | undefined } | null = null;
    const transitsOf = async () => {
      if (signedIn?.baseUrl !== server.baseUrl) {
        const client = apiClient(server.baseUrl);
        signedIn = { baseUrl: server.baseUrl, client, vid: await vidOf(client, imei) };
      }
      const { client, vid } = signedIn;
      const r = await client.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t0 + 60 * MIN });
      const rows = r.body.transitRecords as {
        transitStatus: string;
        startTime: number;
        endTime: number;
        underWay?: boolean;
      }[];
      // The stored records; the one under way is counted to the moment it is asked for.
      return rows
        .filter((x) => !x.underWay)
        .map((x) => [x.transitStatus, (x.startTime - t0) / MIN, (x.endTime - t0) / MIN]);
    };
    // The recompute waits an hour for the upload to end; the server stops before. Live, the
    // device's timeline had a gap from 10' to 31'.
    expect(await transitsOf()).toEqual([
      ['PARKING', 1, 10],
      ['DISCONNECTED', 10, 31],
    ]);
    await server.restart({ JEJAK_RECOMPUTE_DELAY_MS: '200' });

    // Nobody reconnects: the restarted server finds the waiting recompute on its own.
    const replayed = [
      ['PARKING', 1, 11],
      ['MOVING', 11, 21],
    ];
    const deadline = Date.now() + 15_000;
    while (JSON.stringify(await transitsOf()) !== JSON.stringify(replayed) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await transitsOf()).toEqual(replayed);

    // Live data goes on from the replayed state, after one more restart.
    await server.restart();
    const live = await gt06Track(server.gt06Port, imei, t0 + 39 * MIN);
    await live.sendAt({ timeMs: t0 + 40 * MIN, at: destinationPoint(at, 90, 0.5), speedKmh: 30, acc: true });
    await live.sendAt({ timeMs: t0 + 41 * MIN, at: destinationPoint(at, 90, 1), speedKmh: 30, acc: true });
    live.device.close();
    expect(await transitsOf()).toEqual([
      ['PARKING', 1, 11],
      ['MOVING', 11, 21],
      ['PARKING', 21, 40],
    ]);
  });
});
