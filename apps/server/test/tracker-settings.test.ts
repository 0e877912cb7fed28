import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGEMENT_TEXTS, type ManagedDevice } from '@jejak/contract';
import { signIn, type Client, type Me } from './accounts-fixture.ts';
import { dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const ID = '008594432';
/** A Suntech ST600 report whose three ADC values follow the hour meter only on trackers set so. */
const REPORT =
  'ST600STT;008594432;20;492;20200212;18:58:30;060bb0e1;334;20;36bb;45;+19.337897;-099.064489;000.398;000.00;12;1;5049883;13.61;100100;2;1198;013762;4.2;1;4.68\r';

/** Per-device protocol settings (issue 29 item 2): set in the device form, read by the gateway. */
describe.each(kinds)('tracker settings on %s', (kind) => {
  let server: TestServer;
  let dist: { c: Client; me: Me };
  beforeAll(async () => {
    server = await startTestServer(kind);
    dist = await signIn(server.baseUrl, 'distributor');
  });
  afterAll(async () => {
    await server?.stop();
  });

  const add = (settings: Record<string, unknown>) =>
    dist.c.post('/device/add', {
      dgid: null,
      device: { imei: ID, model: 'ST300', simCard: '', brand: '', uid: dist.me.uid, settings },
    });

  it('refuses a setting the model does not take, or a value it cannot have', async () => {
    const unknown = await add({ speedLimit: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(new RegExp(`^${MANAGEMENT_TEXTS.deviceSettingsInvalid} unknown setting`));
    const bad = await add({ hbm: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('setting hbm is one of 0, 1, 2');
  });

  it("keeps a device's settings and reads its reports by them from its first frame", async () => {
    const added = await add({ hbm: 1, includeAdc: true });
    expect(added.status).toBe(200);
    expect((added.body.device as ManagedDevice).settings).toEqual({ hbm: 1, includeAdc: true });

    const socket = net.connect(server.app.gatewayPorts['suntech'] ?? 0, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    socket.write(REPORT);
    const dvid = `ST300#${ID}`;
    const stored = async () =>
      (
        await server.app.database.db
          .selectFrom('device_logs')
          .select('attributes')
          .where('dvid', '=', dvid)
          .where('lat', 'is not', null)
          .executeTakeFirst()
      )?.attributes as Record<string, unknown> | undefined;
    await expect.poll(stored, { timeout: 10_000 }).toBeDefined();
    expect((await stored())?.['adc1']).toBeCloseTo(4.68, 2);
    socket.destroy();

    // An edit keeps or changes them; a model without settings drops none it never had.
    const updated = await dist.c.post('/device/update', {
      device: { dvid, imei: ID, model: 'ST300', simCard: '', brand: '', uid: dist.me.uid, settings: { hbm: 2 } },
    });
    expect(updated.status).toBe(200);
    expect((updated.body.device as ManagedDevice).settings).toEqual({ hbm: 2 });
  });
});
