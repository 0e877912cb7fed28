import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint } from '@jejak/domain';
import { encodeGps22, encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { connectDevice } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const KLANG = { lat: 3.0449, lon: 101.4456 };

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
    const device = await connectDevice(server.gt06Port);
    device.write(encodeLogin(imei, 1));
    let serial = 2;
    const t0 = Date.now() - 2 * 3_600_000;
    let t = t0;
    let here = KLANG;
    const send = async (speedKmh: number, acc: boolean, km = 0) => {
      t += 60_000;
      here = destinationPoint(here, 90, km);
      const s = serial++;
      device.write(
        encodeGps22(
          {
            timeMs: t,
            lat: here.lat,
            lon: here.lon,
            speedKmh,
            course: 90,
            satellites: 10,
            valid: true,
            reupload: false,
            acc,
          },
          s,
        ),
      );
      await device.ack(s);
    };
    for (let i = 0; i < 5; i++) await send(0, false);
    for (let i = 0; i < 10; i++) await send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await send(0, true);
    for (let i = 0; i < 4; i++) await send(0, false);
    device.close();

    const owner2 = apiClient(server.baseUrl);
    const me = await owner2.login('owner2@demo.jejak.my');
    const h = await owner2.post('/user/gethierarchy', { uid: me.uid });
    const vid = (h.body.vehicles as { vid: string; dvid: string }[]).find((v) => v.dvid === `GPS100#${imei}`)?.vid;
    const r = await owner2.post('/transitRecord/timeFrame', { vid, startTime: t0, endTime: t + 1 });
    expect(r.status).toBe(200);
    const records = r.body.transitRecords as {
      transitStatus: string;
      duration: number;
      totalMileage: number;
      topSpeed: number;
      avgSpeed: number;
    }[];
    expect(records.map((x) => [x.transitStatus, x.duration / 60_000])).toEqual([
      ['PARKING', 5],
      ['MOVING', 10],
      ['IDLING', 3],
    ]);
    // The first moving fix is 0.8 km from the parking spot, so the drive covers all ten legs.
    expect(records[1]?.totalMileage).toBeCloseTo(8, 1);
    expect(records[1]?.topSpeed).toBe(48);
    expect(records[1]?.avgSpeed).toBe(48);

    // The same drive in the vehicle log (every accepted fix) and the device log (every package).
    const vlog = await owner2.post('/vehicleLog/getvidtimeframe', { vid, startTime: t0, endTime: t + 1 });
    const vehicleLogs = vlog.body.logs as { transitStatus: string; mileage: number }[];
    expect(vehicleLogs).toHaveLength(22);
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
});
