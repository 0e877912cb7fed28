import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HierarchyResponse } from '@jejak/contract';
import { DEFAULT_FUEL_TANK } from '@jejak/domain';
import { apiClient, dbKinds, startRestartableServer, type RestartableServer } from './harness.ts';
import { connectTeltonika, fitTankLorry } from './teltonika-fixture.ts';

/** A 200 L tank read by a 0–10 V dipstick on analog input 1: 50 mV a litre. */
const PROFILE = { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } };
const mv = (litres: number) => Math.round(litres * 50);

/**
 * The Information Table's Fuel on a fresh load (issue 14): the fleet the console loads first
 * (POST /user/gethierarchy) carries each device's last tank levels, read from the pipeline's
 * stored state, so they survive a restart and show before the device reports again.
 */
describe.each(await dbKinds())('stored fuel levels on %s', (kind) => {
  let server: RestartableServer;
  beforeAll(async () => {
    server = await startRestartableServer(kind, { JEJAK_TELTONIKA_PORT: '0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function devicesOf(email: string) {
    const client = apiClient(server.baseUrl);
    const me = await client.login(email);
    const res = await client.post('/user/gethierarchy', { uid: me.uid });
    expect(res.status).toBe(200);
    return new Map((res.body as unknown as HierarchyResponse).devices.map((d) => [d.dvid, d]));
  }

  it('lists the litres a tank last read, after a restart, and none for a device never heard', async () => {
    const imei = '352093081237770';
    const { dvid } = await fitTankLorry(
      server.app.database.db,
      imei,
      { plate: 'BFL 7770', displayName: 'Lori Bacaan' },
      PROFILE,
    );
    const silent = await fitTankLorry(
      server.app.database.db,
      '352093081237771',
      { plate: 'BFL 7771', displayName: 'Lori Senyap' },
      PROFILE,
    );
    const t0 = Date.now() - 3_600_000;
    const tracker = await connectTeltonika(server.app.gatewayPorts.teltonika ?? 0, imei);
    for (let i = 0; i < 4; i++) {
      await tracker.send([
        {
          timeMs: t0 + i * 60_000,
          lat: 3.05,
          lon: 101.55,
          altitude: 40,
          course: 0,
          satellites: 11,
          speedKmh: 0,
          io: { ignition: false, fuelAdcMv: mv(137.5) },
        },
      ]);
    }
    tracker.close();
    await server.app.pipeline.drain();

    expect((await devicesOf('owner2@demo.jejak.my')).get(dvid)?.fuelLevels).toEqual({ fuel: 137.5 });
    await server.restart();
    const after = await devicesOf('owner2@demo.jejak.my');
    expect(after.get(dvid)?.fuelLevels).toEqual({ fuel: 137.5 });
    expect(after.get(silent.dvid)).toBeDefined();
    expect(after.get(silent.dvid)?.fuelLevels).toBeUndefined();
    // Only who may see the device gets it.
    expect((await devicesOf('owner@demo.jejak.my')).has(dvid)).toBe(false);
  });
});
