import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@jejak/contract';
import { destinationPoint } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, recomputeSettled, startTestServer, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';

const MIN = 60_000;
/** Where gt06Track starts: Klang, clear of the demo geofences. */
const KLANG = { lat: 3.0449, lon: 101.4456 };
const east = (km: number) => destinationPoint(KLANG, 90, km);
/** A POI 2 km east of the start, radius 200 m: owner's, so in every one of owner's vehicles' UNGROUP. */
const POI = {
  geoType: 'POI',
  geofenceName: 'Gudang Klang',
  coordinates: [{ lat: east(2).lat, lng: east(2).lon }],
  geofenceRadius: 200,
};

type GeofenceMessage = Extract<LiveServerMessage, { mode: 'geofence' }>;
type Stay = { geoid: string; enter: number; exit: number | null };

describe.each(await dbKinds())('geofence stays from late data on %s', (kind) => {
  let server: TestServer;
  let poiId: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { JEJAK_RECOMPUTE_DELAY_MS: '200' });
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    const added = await owner.post('/geofence/add', { geofence: POI });
    expect(added.status).toBe(200);
    poiId = (added.body.geofence as { geoid: string }).geoid;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.app.database.db;
  const staysOf = async (vid: string): Promise<Stay[]> =>
    (
      await sql<{ geoid: string; enter_time: number; exit_time: number | null }>`
        select geoid, enter_time, exit_time from geofence_records where vid = ${vid}
        order by enter_time, geoid`.execute(db())
    ).rows.map((r) => ({
      geoid: r.geoid,
      enter: Number(r.enter_time),
      exit: r.exit_time === null ? null : Number(r.exit_time),
    }));
  const profileOf = async (vid: string) => {
    const r = await sql<{ p: Record<string, { inside: number }> | null }>`
      select geofence_profile as p from vehicles where vid = ${vid}`.execute(db());
    return Object.fromEntries(Object.entries(r.rows[0]?.p ?? {}).map(([k, v]) => [k, v.inside]));
  };
  const vidOf = async (imei: string) =>
    (await sql<{ vid: string }>`select vid from vehicles where dvid = ${`GPS100#${imei}`}`.execute(db())).rows[0]
      ?.vid ?? '';
  /** The owner's live socket on a device, and the geofence messages it got. */
  async function watch(imei: string) {
    const owner = apiClient(server.baseUrl);
    const me = await owner.login('owner@demo.jejak.my');
    const live = await openLive(server.baseUrl, owner.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [`dev#GPS100#${imei}`], uid: me.uid } }));
    await live.until((m) => m.mode === 'subscribed');
    const geofence = () => live.messages.filter((m): m is GeofenceMessage => m.mode === 'geofence');
    return { live, geofence };
  }
  it('stores the stay a memory upload passes through, and announces nothing of it', async () => {
    const imei = demoImei(0);
    const { live, geofence } = await watch(imei);
    const vid = await vidOf(imei);
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    for (let i = 0; i < 3; i++) await tracker.send(0, false); // parked at Klang, 1'–3'
    // Live again at 20', parked 4 km east: never in the POI as far as live data knows.
    await tracker.sendAt({ timeMs: t0 + 20 * MIN, at: east(4), speedKmh: 0, acc: false });
    expect(await staysOf(vid)).toEqual([]);

    // From memory: the drive between, 0.5 km a minute: into the POI at 7' (2 km), out at 8' (2.5 km).
    for (let m = 4; m <= 11; m++)
      await tracker.sendAt({ timeMs: t0 + m * MIN, at: east((m - 3) * 0.5), speedKmh: 30, acc: true, reupload: true });
    for (let m = 12; m <= 19; m++)
      await tracker.sendAt({ timeMs: t0 + m * MIN, at: east(4), speedKmh: 0, acc: false, reupload: true });
    await recomputeSettled(server.app, `GPS100#${imei}`);
    const stays = await staysOf(vid);
    expect(stays).toEqual([{ geoid: poiId, enter: t0 + 7 * MIN, exit: t0 + 8 * MIN }]);
    expect(geofence()).toEqual([]);
    expect(await profileOf(vid)).toEqual({ [poiId]: 0 });

    // The replayed inside-set carries on live: back into the POI is announced as usual.
    await tracker.sendAt({ timeMs: t0 + 30 * MIN, at: east(2), speedKmh: 30, acc: true });
    await live.until((m) => m.mode === 'geofence');
    expect(geofence().map((m) => [m.item.inside, m.item.time])).toEqual([[1, t0 + 30 * MIN]]);
    tracker.device.close();
    live.ws.close();
  }, 60_000);

  it('corrects the exit of a stay that was open when the window starts', async () => {
    const imei = demoImei(1);
    const { live, geofence } = await watch(imei);
    const vid = await vidOf(imei);
    const t0 = Math.floor((Date.now() - 3 * 3_600_000) / MIN) * MIN;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    await tracker.sendAt({ timeMs: t0 + MIN, at: east(1.5), speedKmh: 30, acc: true });
    await tracker.sendAt({ timeMs: t0 + 2 * MIN, at: east(2), speedKmh: 30, acc: true }); // in the POI
    for (let m = 3; m <= 12; m++) await tracker.sendAt({ timeMs: t0 + m * MIN, at: east(2), speedKmh: 0, acc: false });
    // Live again at 40', 3 km further east: the stay ends there as far as live data knows.
    await tracker.sendAt({ timeMs: t0 + 40 * MIN, at: east(5), speedKmh: 0, acc: false });
    await live.until((m) => m.mode === 'geofence' && m.item.inside === 0);
    expect(await staysOf(vid)).toEqual([{ geoid: poiId, enter: t0 + 2 * MIN, exit: t0 + 40 * MIN }]);
    const announced = geofence().length;
    // The window will start at the parking, after the entry: inside the stay.
    const parkings = await sql<{ start_time: number }>`
      select start_time from trip_records where vid = ${vid} and trip_status = 'PARKING'`.execute(db());
    expect(parkings.rows.map((r) => Number(r.start_time)).some((s) => s > t0 + 2 * MIN && s <= t0 + 13 * MIN)).toBe(
      true,
    );

    // From memory: it set off at 13', out of the POI at once (2.5 km), parked 5 km east from 18'.
    for (let m = 13; m <= 18; m++)
      await tracker.sendAt({
        timeMs: t0 + m * MIN,
        at: east(Math.min(5, 2 + (m - 12) * 0.5)),
        speedKmh: 30,
        acc: true,
        reupload: true,
      });
    for (let m = 19; m <= 25; m++)
      await tracker.sendAt({ timeMs: t0 + m * MIN, at: east(5), speedKmh: 0, acc: false, reupload: true });
    await recomputeSettled(server.app, `GPS100#${imei}`);
    const stays = await staysOf(vid);
    expect(stays).toEqual([{ geoid: poiId, enter: t0 + 2 * MIN, exit: t0 + 13 * MIN }]);
    expect(geofence()).toHaveLength(announced);
    expect(await profileOf(vid)).toEqual({ [poiId]: 0 });
    tracker.device.close();
    live.ws.close();
  }, 60_000);
});
