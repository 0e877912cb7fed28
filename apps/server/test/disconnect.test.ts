import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGps22, encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { connectDevice } from './device-client.ts';
import { apiClient, startTestServer, type TestServer } from './harness.ts';

const MIN = 60_000;

describe('DISCONNECTED after silence', () => {
  let server: TestServer;
  let offsetMs = 0;
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      { JEJAK_TRANSIT_DISCONNECT_AFTER_MS: String(10 * MIN) },
      () => Date.now() + offsetMs,
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function vehicleStatus(plateIndex: number) {
    const c = apiClient(server.baseUrl);
    const me = await c.login('owner@demo.jejak.my');
    const h = await c.post('/user/gethierarchy', { uid: me.uid });
    const dvid = `GPS100#${demoImei(plateIndex)}`;
    return (h.body.vehicles as { dvid: string; transitStatus: string | null; transitFrom: number | null }[]).find(
      (v) => v.dvid === dvid,
    );
  }

  it('marks a silent tracker DISCONNECTED from the time it was last heard', async () => {
    const device = await connectDevice(server.gt06Port);
    device.write(encodeLogin(demoImei(3), 1));
    const t = Date.now() - 5000;
    device.write(
      encodeGps22(
        {
          timeMs: t,
          lat: 3.1,
          lon: 101.6,
          speedKmh: 40,
          course: 10,
          satellites: 8,
          valid: true,
          reupload: false,
          acc: true,
        },
        2,
      ),
    );
    await device.ack(2);
    device.close();
    const heardAt = Date.now();
    expect((await vehicleStatus(3))?.transitStatus).toBe('MOVING');

    offsetMs = 9 * MIN;
    await server.app.pipeline.sweepDisconnected();
    expect((await vehicleStatus(3))?.transitStatus).toBe('MOVING');

    offsetMs = 11 * MIN;
    await server.app.pipeline.sweepDisconnected();
    const v = await vehicleStatus(3);
    expect(v?.transitStatus).toBe('DISCONNECTED');
    expect(v?.transitFrom).toBeGreaterThanOrEqual(heardAt - 1000);
    expect(v?.transitFrom).toBeLessThanOrEqual(heardAt + 1000);
  });

  it('also sweeps vehicles the server has not heard from since it started', async () => {
    const db = server.app.database.db;
    const dvid = `GPS100#${demoImei(4)}`;
    await sql`update devices set last_seen_at = ${Date.now() - 60 * MIN} where dvid = ${dvid}`.execute(db);
    await sql`update vehicles set transit_status = 'IDLING', transit_from = ${Date.now() - 70 * MIN} where dvid = ${dvid}`.execute(
      db,
    );
    await server.app.pipeline.sweepDisconnected();
    const v = await vehicleStatus(4);
    expect(v?.transitStatus).toBe('DISCONNECTED');
    expect(v?.transitFrom).toBeLessThan(Date.now() - 59 * MIN);
  });
});
