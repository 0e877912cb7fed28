import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@jejak/contract';
import { destinationPoint } from '@jejak/domain';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { gt06Track } from './device-client.ts';
import { apiClient, dbKinds, recomputeSettled, startRestartableServer, type RestartableServer } from './harness.ts';
import { openLive } from './live-client.ts';

const kinds = await dbKinds();
// Demo vehicle 0 belongs to owner; owner2 may not see it.
const IMEI = demoImei(0);
const DVID = `GPS100#${IMEI}`;
/** Where gt06Track starts: Klang, clear of the demo geofences. */
const KLANG = { lat: 3.0449, lon: 101.4456 };
const east = (km: number) => destinationPoint(KLANG, 90, km);
const toLatLng = (p: { lat: number; lon: number }) => ({ lat: p.lat, lng: p.lon });
/** A POI 2 km east of the start (radius 200 m) and a zone from 3.8 to 5.8 km east. */
const POI = { geoType: 'POI', geofenceName: 'Gudang Klang', coordinates: [toLatLng(east(2))], geofenceRadius: 200 };
const ZONE = {
  geoType: 'Polygon',
  geofenceName: 'Zon Meru',
  geofenceComment: 'test zone',
  coordinates: [
    destinationPoint(east(3.8), 0, 1),
    destinationPoint(east(5.8), 0, 1),
    destinationPoint(east(5.8), 180, 1),
    destinationPoint(east(3.8), 180, 1),
  ].map(toLatLng),
};

type GeofenceMessage = Extract<LiveServerMessage, { mode: 'geofence' }>;

describe.each(kinds)('geofences end to end on %s', (kind) => {
  let server: RestartableServer;
  beforeAll(async () => {
    server = await startRestartableServer(kind, { JEJAK_RECOMPUTE_DELAY_MS: '200' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.app.database.db;
  async function signedIn(email: string) {
    const client = apiClient(server.baseUrl);
    const me = await client.login(email);
    return { client, me };
  }
  async function watch(email: string) {
    const { client, me } = await signedIn(email);
    const live = await openLive(server.baseUrl, client.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [`dev#${DVID}`], uid: me.uid } }));
    await live.until((m) => m.mode === 'subscribed');
    const geofence = () => live.messages.filter((m): m is GeofenceMessage => m.mode === 'geofence');
    return { client, me, live, geofence };
  }
  const records = async () =>
    (
      await sql<{ geoid: string; enter_time: number; exit_time: number | null }>`
        select geoid, enter_time, exit_time from geofence_records order by enter_time, geoid`.execute(db())
    ).rows.map((r) => ({
      geoid: r.geoid,
      enter: Number(r.enter_time),
      exit: r.exit_time === null ? null : Number(r.exit_time),
    }));
  const profile = async () => {
    const r = await sql<{ p: Record<string, { inside: number }> }>`
      select geofence_profile as p from vehicles where dvid = ${DVID}`.execute(db());
    return Object.fromEntries(Object.entries(r.rows[0]?.p ?? {}).map(([k, v]) => [k, v.inside]));
  };

  it('announces entering and leaving to who may see the vehicle, stores the stays, and survives a restart', async () => {
    const owner = await watch('owner@demo.jejak.my');
    const stranger = await watch('owner2@demo.jejak.my');
    const poi = await owner.client.post('/geofence/add', { geofence: POI });
    const zone = await owner.client.post('/geofence/add', { geofence: ZONE });
    expect([poi.status, zone.status]).toEqual([200, 200]);
    const poiId = (poi.body.geofence as { geoid: string }).geoid;
    const zoneId = (zone.body.geofence as { geoid: string }).geoid;

    // Whole seconds: GT06 carries device time to the second.
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 3 * 3_600_000;
    let tracker = await gt06Track(server.gt06Port, IMEI, t0);
    // 0.5 km a minute eastwards: into the POI at 2 km, out at 2.5, into the zone at 4 km.
    const times: number[] = [];
    for (let i = 0; i <= 8; i++) {
      await tracker.send(30, true, i === 0 ? 0 : 0.5);
      times.push(tracker.now());
    }
    const at = (km: number) => times[km * 2] ?? -1;
    await owner.live.until((m) => m.mode === 'geofence' && m.item.geoid === zoneId);
    expect(
      owner.geofence().map((m) => [m.id, m.item.geofenceName, m.item.geoType, m.item.inside, m.item.time]),
    ).toEqual([
      [`dev#${DVID}`, 'Gudang Klang', 'POI', 1, at(2)],
      [`dev#${DVID}`, 'Gudang Klang', 'POI', 0, at(2.5)],
      [`dev#${DVID}`, 'Zon Meru', 'Polygon', 1, at(4)],
    ]);
    expect(stranger.geofence()).toEqual([]);
    expect(await profile()).toEqual({ [poiId]: 0, [zoneId]: 1 });
    const hierarchy = await owner.client.post('/user/gethierarchy', { uid: owner.me.uid });
    const vehicle = (hierarchy.body.vehicles as { dvid: string; geofenceProfile?: object }[]).find(
      (v) => v.dvid === DVID,
    );
    expect(vehicle?.geofenceProfile).toEqual({ [poiId]: 0, [zoneId]: 1 });

    // Restart in the middle of the stay in the zone: the vehicle is still inside, no second entry.
    tracker.device.close();
    await tracker.device.closedPromise;
    owner.live.ws.close();
    stranger.live.ws.close();
    await server.restart();
    const after = await watch('owner@demo.jejak.my');
    tracker = await gt06Track(server.gt06Port, IMEI, tracker.now());
    // A memory upload of a fix inside the POI, an hour before the drive: stored and never
    // announced; the recompute adds its stay, left at the drive's first fix.
    await tracker.sendAt({ timeMs: t0 - 3_600_000, at: east(2), speedKmh: 0, acc: false, reupload: true });
    // On from 4 km, where it stopped: inside the zone to 5.5 km, out at 6 (200 m beyond it).
    let t = times[8] ?? 0;
    const drive = async (km: number) => {
      t += 60_000;
      await tracker.sendAt({ timeMs: t, at: east(km), speedKmh: 30, acc: true });
      return t;
    };
    for (const km of [4.5, 5, 5.5]) await drive(km);
    await drive(6);
    const left = t;
    await after.live.until((m) => m.mode === 'geofence' && m.item.inside === 0);
    expect(after.geofence().map((m) => [m.item.geoid, m.item.inside, m.item.time])).toEqual([[zoneId, 0, left]]);

    // A geofence added while the device is loaded applies from its next fix, without a restart.
    const ahead = await after.client.post('/geofence/add', {
      geofence: { ...POI, geofenceName: 'Stesen Minyak', coordinates: [toLatLng(east(7))] },
    });
    const aheadId = (ahead.body.geofence as { geoid: string }).geoid;
    await drive(6.5);
    const entered = await drive(7);
    await after.live.until((m) => m.mode === 'geofence' && m.item.geoid === aheadId);
    // The recompute of the memory upload's window runs 200 ms after the last late fix (later on
    // a loaded machine); once it ran, the device is no longer marked late. It announced nothing.
    const lateState = async () =>
      (
        await sql<{ late_since: number | null; memory: number }>`
          select late_since, (select count(*)::int from device_logs where dvid = ${DVID} and package = 'gps#memory') as memory
          from pipeline_states where dvid = ${DVID}`.execute(db())
      ).rows;
    await recomputeSettled(server.app, DVID);
    await server.app.pipeline.drain();
    expect(after.geofence().map((m) => [m.item.geofenceName, m.item.inside])).toEqual([
      ['Zon Meru', 0],
      ['Stesen Minyak', 1],
    ]);
    expect(await records()).toEqual([
      { geoid: poiId, enter: t0 - 3_600_000, exit: times[0] },
      { geoid: poiId, enter: at(2), exit: at(2.5) },
      { geoid: zoneId, enter: at(4), exit: left },
      { geoid: aheadId, enter: entered, exit: null },
    ]);
    expect(await profile()).toEqual({ [poiId]: 0, [zoneId]: 0, [aheadId]: 1 });
    expect(await lateState()).toEqual([{ late_since: null, memory: 1 }]);
    tracker.device.close();
    after.live.ws.close();
  }, 60_000);

  it('refuses bad shapes with a clear 400, never a 500', async () => {
    const { client } = await signedIn('owner@demo.jejak.my');
    const cases: [unknown, string][] = [
      [{ ...ZONE, coordinates: ZONE.coordinates.slice(0, 2) }, 'A zone needs at least 3 distinct points'],
      [{ ...POI, geofenceRadius: 0 }, 'A POI needs a radius above 0 and at most 50000 metres'],
      [{ ...POI, geofenceRadius: 80_000 }, 'A POI needs a radius above 0 and at most 50000 metres'],
      [
        { ...POI, coordinates: [{ lat: 95, lng: 101 }] },
        'Coordinates must have a latitude from -90 to 90 and a longitude from -180 to 180',
      ],
      [{ ...POI, geofenceName: '  ' }, 'Please Enter A Geofence Name'],
      [{ ...POI, geoType: 'Circle' }, 'geofence.geoType: geoType must be POI or Polygon'],
    ];
    for (const [geofence, message] of cases) {
      const r = await client.post('/geofence/add', { geofence });
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const me = await client.login('owner@demo.jejak.my');
    const noName = await client.post('/geofence/template/add', { uid: me.uid, colorHexCode: 'FF0000' });
    expect([noName.status, noName.body.message]).toEqual([400, 'Please Enter A Geofence Template Name']);
    const noColour = await client.post('/geofence/template/add', { uid: me.uid, geofenceTemplateName: 'Zon' });
    expect([noColour.status, noColour.body.message]).toEqual([
      400,
      'Please Enter A Geofence Color For The Geofence Template',
    ]);
    const added = await client.post('/geofence/template/add', {
      uid: me.uid,
      colorHexCode: '#ffa500',
      geofenceTemplateName: 'Zon Selatan',
    });
    expect(added.body.geofenceTemplate).toMatchObject({
      colorHexCode: 'FFA500',
      templateName: 'Zon Selatan',
      geofences: [],
    });
    const list = await client.post('/geofence/template/get', { uid: me.uid, gtids: [] });
    expect((list.body.geofenceTemplates as { templateName: string }[])[0]?.templateName).toBe('UNGROUP');
  });
});
