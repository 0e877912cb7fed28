import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyResponse } from '@jejak/contract';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, startTestServer, vidOf, type TestServer } from './harness.ts';

/**
 * Spec 1 §3 lists address, gpsStatus, isAlive and noGPSAt on the vehicle (issue 25 row 4): the
 * hierarchy answers them from the vehicle's device, and noGPSAt says since when a real GT06
 * tracker over TCP has sent live records without a fix, stored so a restart keeps it.
 */
const kinds = await dbKinds();
const MIN = 60_000;

describe.each(kinds)("a vehicle's device facts on %s", (kind) => {
  let server: TestServer;
  const imei = demoImei(13); // owner2's
  let client: ReturnType<typeof apiClient>;
  let uid = '';

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = apiClient(server.baseUrl);
    uid = (await client.login('owner2@demo.jejak.my')).uid;
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function vehicleOf() {
    const h = (await client.post('/user/gethierarchy', { uid })).body as unknown as HierarchyResponse;
    const vid = await vidOf(client, imei);
    const v = h.vehicles.find((x) => x.vid === vid);
    if (!v) throw new Error('owner2 reaches demo vehicle 13');
    return v;
  }

  it('answers where the vehicle is, its GPS status and since when it has had no fix', async () => {
    const t0 = Math.floor((Date.now() - 30 * MIN) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    await tracker.send(0, true);
    const at = tracker.here();
    // Into a car park: two live records without a fix, then the fix is back.
    await tracker.sendAt({ timeMs: t0 + 2 * MIN, at, speedKmh: 0, acc: true, valid: false, satellites: 2 });
    await tracker.sendAt({ timeMs: t0 + 3 * MIN, at, speedKmh: 0, acc: true, valid: false, satellites: 1 });
    await server.app.pipeline.drain();
    const lost = await vehicleOf();
    expect(lost).toMatchObject({ gpsStatus: false, noGPSAt: t0 + 2 * MIN, isAlive: true });
    expect(lost.address).toMatch(/Selangor$/);

    await tracker.sendAt({ timeMs: t0 + 4 * MIN, at, speedKmh: 0, acc: true });
    await server.app.pipeline.drain();
    expect(await vehicleOf()).toMatchObject({ gpsStatus: true, noGPSAt: null, isAlive: true });
    // The tracker hangs up: no longer alive.
    tracker.device.close();
    await expect.poll(async () => (await vehicleOf()).isAlive, { timeout: 10_000 }).toBe(false);
  });
});
