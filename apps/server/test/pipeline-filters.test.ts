import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPoint } from '@jejak/domain';
import { encodeGps22, encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { connectDevice } from './device-client.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';

const START = { lat: 3.0738, lon: 101.5183 }; // Shah Alam

describe('pipeline filters and odometer, end to end over GT06', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('holds a parked truck still through drift, counts real distance, and ignores a glitch', async () => {
    const imei = demoImei(5);
    const device = await connectDevice(server.gt06Port);
    device.write(encodeLogin(imei, 1));
    let serial = 2;
    let t = Date.now() - 3_600_000;
    const send = async (p: { lat: number; lon: number }, speedKmh: number, acc: boolean) => {
      t += 10_000;
      const s = serial++;
      device.write(
        encodeGps22(
          { timeMs: t, lat: p.lat, lon: p.lon, speedKmh, course: 90, satellites: 9, valid: true, reupload: false, acc },
          s,
        ),
      );
      await device.ack(s);
    };

    await send(START, 0, false);
    for (const [i, m] of [12, 18, 7, 25, 15, 9].entries())
      await send(destinationPoint(START, i * 60, m / 1000), 0, false);
    for (let km = 0.25; km <= 2; km += 0.25) await send(destinationPoint(START, 90, km), 45, true);
    await send(destinationPoint(START, 0, 60), 45, true); // 60 km in 10 s: a glitch
    device.close();

    const owner = apiClient(server.baseUrl);
    const me = await owner.login('owner@demo.jejak.my');
    const h = await owner.post('/user/gethierarchy', { uid: me.uid });
    const vehicle = (h.body.vehicles as { dvid: string; mileage: number; transitStatus: string }[]).find(
      (v) => v.dvid === `GPS100#${imei}`,
    );
    const dev = (h.body.devices as { dvid: string; location: { lat: number; lon: number } }[]).find(
      (d) => d.dvid === `GPS100#${imei}`,
    );
    expect(vehicle?.mileage).toBeCloseTo(2, 1);
    expect(vehicle?.transitStatus).toBe('MOVING');
    const end = destinationPoint(START, 90, 2);
    expect(dev?.location.lat).toBeCloseTo(end.lat, 4);
    expect(dev?.location.lon).toBeCloseTo(end.lon, 4);

    const marks = await sql<{ attributes: { filtered?: string; clamped?: boolean } | null }>`
      select attributes from device_logs where dvid = ${`GPS100#${imei}`} and package = 'gps#latest' order by device_time`.execute(
      server.app.database.db,
    );
    const tags = marks.rows.map((r) => r.attributes?.filtered ?? (r.attributes?.clamped ? 'clamped' : 'ok'));
    const repeat = (tag: string, n: number): string[] => Array.from({ length: n }, () => tag);
    expect(tags).toEqual(['ok', ...repeat('clamped', 6), ...repeat('ok', 8), 'jump']);
  });
});
