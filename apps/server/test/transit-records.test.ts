import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, vidOf, type TestServer } from './harness.ts';

const kinds = await dbKinds();

describe.each(kinds)('transit records from live data on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('records parking, driving and idling as the tracker reports them, for those who may see the vehicle', async () => {
    const imei = demoImei(13); // owner2's
    const t0 = Date.now() - 2 * 3_600_000;
    const { send, device, now } = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 10; i++) await send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await send(0, true);
    for (let i = 0; i < 4; i++) await send(0, false);
    device.close();
    const t = now();

    const owner2 = apiClient(server.baseUrl);
    const vid = await vidOf(owner2, imei);
    const r = await owner2.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t + 1 });
    expect(r.status).toBe(200);
    const answered = r.body.transitRecords as {
      transitStatus: string;
      duration: number;
      totalMileage: number;
      topSpeed: number;
      avgSpeed: number;
      startAddress: string | null;
      endAddress: string | null;
      underWay?: boolean;
    }[];
    // Parked since the last fix: the parking under way comes last, counted to the window's end.
    expect(answered.at(-1)).toMatchObject({ transitStatus: 'PARKING', underWay: true });
    const records = answered.filter((x) => !x.underWay);
    expect(records.map((x) => [x.transitStatus, x.duration / 60_000])).toEqual([
      ['PARKING', 5],
      ['MOVING', 10],
      ['IDLING', 3],
    ]);
    // The first moving fix is 0.8 km from the parking spot, so the drive covers all ten legs.
    expect(records[1]?.totalMileage).toBeCloseTo(8, 1);
    expect(records[1]?.topSpeed).toBe(48);
    expect(records[1]?.avgSpeed).toBe(48);
    // Addresses from the offline gazetteer: the drive starts in Klang and heads east.
    expect(records[1]?.startAddress).toMatch(/Klang, Selangor$/);
    expect(records[1]?.endAddress).toMatch(/, Selangor$/);

    // The same drive in the vehicle log (every accepted fix) and the device log (every package).
    const vlog = await owner2.post('/vehicleLog/getvidtimeframe', { vid, startTime: t0, endTime: t + 1 });
    const vehicleLogs = vlog.body.logs as { transitStatus: string; mileage: number; address: string | null }[];
    expect(vehicleLogs).toHaveLength(22);
    expect(vehicleLogs[0]?.address).toMatch(/Klang, Selangor$/);
    expect(vehicleLogs.at(-1)?.transitStatus).toBe('PARKING');
    expect(vehicleLogs.at(-1)?.mileage).toBeCloseTo(8, 1);
    const dlog = await owner2.post('/deviceLog/getdvidtimeframe', {
      dvid: `GPS100#${imei}`,
      startTime: t0,
      endTime: Date.now() + 1,
    });
    const packages = (dlog.body.logs as { devicePackage: string }[]).map((l) => l.devicePackage);
    expect(packages.filter((p) => p === 'gps#latest')).toHaveLength(22);
    expect(packages).toContain('auth');
    expect(dlog.body.truncated).toBe(false);

    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    expect((await owner.post('/vehicleLog/getvidtimeframe', { vid, startTime: t0, endTime: t + 1 })).status).toBe(404);
    const foreignDevice = await owner.post('/deviceLog/getdvidtimeframe', {
      dvid: `GPS100#${imei}`,
      startTime: t0,
      endTime: t + 1,
    });
    expect(foreignDevice.status).toBe(404);
    const foreign = await owner.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t + 1 });
    expect(foreign.status).toBe(404);
    const backwards = await owner2.post('/transitRecord/timeFrame', { vid, startTime: t, endTime: t0 });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^endTime: startTime must be before endTime/);
  });

  it('groups them into trips: a quick drop-off does not split a trip; the vehicle log says which trip it is in', async () => {
    const imei = demoImei(14); // owner2's
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / 60_000) * 60_000; // GT06 times are whole seconds
    const { send, device, now } = await gt06Track(server.gt06Port, imei, t0);
    const minutes = async (n: number, speedKmh: number, acc: boolean, km = 0) => {
      for (let i = 0; i < n; i++) await send(speedKmh, acc, km);
    };
    await minutes(10, 0, false); // parked from t0+1'
    await minutes(10, 48, true, 0.8); // 11'–20'
    await minutes(3, 0, false); // a drop-off, 21'–23'
    await minutes(5, 36, true, 0.6); // 24'–28'
    await minutes(10, 0, false); // parked, 29'–38'
    await minutes(2, 30, true, 0.5); // setting off again: the parking before is now final
    device.close();
    const t = now();
    const client = apiClient(server.baseUrl);
    const vid = await vidOf(client, imei);
    const r = await client.post('/tripRecord/timeFrame', { vid, startTime: t0, endTime: t + 1 });
    expect(r.status).toBe(200);
    const trips = r.body.tripRecords as {
      trid: string;
      tripStatus: string;
      startTime: number;
      endTime: number;
      totalDistance: number;
      totalMovingDuration: number;
    }[];
    const at = (ms: number) => (ms - t0) / 60_000;
    expect(trips.map((x) => [x.tripStatus, at(x.startTime), at(x.endTime)])).toEqual([
      ['PARKING', 1, 11],
      ['TRANSIT', 11, 29],
      ['PARKING', 29, 39],
      // Setting off at 39': the trip under way, to the window's end (a minute after the last fix).
      ['TRANSIT', 39, at(t + 1)],
    ]);
    expect(trips[1]?.totalDistance).toBeCloseTo(8 + 3, 1);
    expect(trips[1]?.totalMovingDuration).toBe(15 * 60_000);
    expect(trips[1]?.trid).toBe(`${vid}#${t0 + 11 * 60_000}`);

    const transits = (await client.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t + 1 })).body
      .transitRecords as { trid: string | null; startTime: number }[];
    expect(transits.filter((x) => x.trid === trips[1]?.trid).map((x) => at(x.startTime))).toEqual([11, 21, 24]);

    const logs = (await client.post('/vehicleLog/getvidtimeframe', { vid, startTime: t0, endTime: t + 1 })).body
      .logs as { vehicleTime: number; tripStatus: string; tripFrom: number }[];
    const tripAt = (minute: number) => {
      const row = logs.find((l) => at(l.vehicleTime) === minute);
      return row && [row.tripStatus, at(row.tripFrom)];
    };
    expect(tripAt(22)).toEqual(['TRANSIT', 11]);
    expect(tripAt(36)).toEqual(['PARKING', 29]);
    expect(tripAt(40)).toEqual(['TRANSIT', 39]);
  });
});
