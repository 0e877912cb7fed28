import { sql } from 'kysely';
import { LIVE_SESSION_ENDED_CLOSE } from '@jejak/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame, encodeGps22, encodeHeartbeat, encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { connectDevice } from './device-client.ts';
import { openLive } from './live-client.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';

const kinds = await dbKinds();
// Demo vehicles 0–11 belong to owner, 12–19 to owner2.
const OWNER_IMEI = demoImei(0);
const OWNER2_IMEI = demoImei(12);
const dvidOf = (imei: string) => `GPS100#${imei}`;

function fix(timeMs: number, lat: number, lon: number, speedKmh: number) {
  return { timeMs, lat, lon, speedKmh, course: 90, satellites: 9, valid: true, reupload: false, acc: true };
}

describe.each(kinds)('gateway and live channel on %s', (kind) => {
  let server: TestServer;
  const logRows = (dvid: string) =>
    sql<{
      package: string;
      device_time: number;
    }>`select package, device_time from device_logs where dvid = ${dvid} order by device_time`
      .execute(server.app.database.db)
      .then((r) => r.rows);

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('acknowledges login, heartbeat and fixes only once they are stored', async () => {
    const device = await connectDevice(server.gt06Port);
    const dvid = dvidOf(OWNER_IMEI);
    device.write(encodeLogin(OWNER_IMEI, 1));
    await device.ack(1);
    // At the moment the ack arrives, the row must already be committed.
    expect((await logRows(dvid)).map((r) => r.package)).toEqual(['auth']);

    device.write(encodeHeartbeat({ acc: true }, 2));
    await device.ack(2);
    const t = Date.now() - 60_000;
    device.write(encodeGps22(fix(t, 3.139, 101.6869, 42), 3));
    device.write(encodeGps22(fix(t + 10_000, 3.1395, 101.6899, 48), 4));
    await device.ack(4);
    const rows = await logRows(dvid);
    expect(rows.map((r) => r.package).sort()).toEqual(['auth', 'gps#latest', 'gps#latest', 'heartbeat']);
    expect(device.acks.map((a) => a.serial)).toEqual([1, 2, 3, 4]);

    // Resending the same fix (as a tracker does after a lost ack) stores nothing twice.
    device.write(encodeGps22(fix(t + 10_000, 3.1395, 101.6899, 48), 5));
    await device.ack(5);
    expect((await logRows(dvid)).filter((r) => r.package === 'gps#latest')).toHaveLength(2);
    // So does a resend flagged as a re-upload from the tracker's memory.
    device.write(encodeGps22({ ...fix(t + 10_000, 3.1395, 101.6899, 48), reupload: true }, 6));
    await device.ack(6);
    expect((await logRows(dvid)).filter((r) => r.package.startsWith('gps#'))).toHaveLength(2);
    // A well-formed packet of a type we do not handle is not stored, but it is still answered
    // with the serial echo the tracker waits for, and the connection stays.
    device.write(encodeFrame(0xee, Uint8Array.from([1, 2, 3]), 7));
    device.write(encodeHeartbeat({ acc: true }, 8));
    await device.ack(8);
    expect(device.acks.map((a) => a.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(server.app.counters.unsupportedFrames).toBe(1);
    device.close();
  });

  it('refuses an unknown device and lists it for admins', async () => {
    const device = await connectDevice(server.gt06Port);
    const before = server.app.counters.unknownDevices;
    device.write(encodeLogin('861234567890123', 1));
    await device.closedPromise;
    expect(device.acks).toHaveLength(0);
    expect(server.app.counters.unknownDevices).toBe(before + 1);
    const listed = await sql<{ imei: string; attempts: number }>`select imei, attempts from unknown_devices`.execute(
      server.app.database.db,
    );
    expect(listed.rows).toEqual([{ imei: '861234567890123', attempts: 1 }]);
    const admin = apiClient(server.baseUrl);
    await admin.login('super@demo.jejak.my');
    const list = await admin.post('/device/unknown/get');
    expect(list.body.unknownDevices).toMatchObject([{ protocol: 'gt06', imei: '861234567890123', attempts: 1 }]);
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    expect((await owner.post('/device/unknown/get')).status).toBe(403);
  });

  it('closes only the connection that sent a malformed packet, and counts it', async () => {
    const good = await connectDevice(server.gt06Port);
    good.write(encodeLogin(demoImei(1), 1));
    await good.ack(1);
    const bad = await connectDevice(server.gt06Port);
    const before = server.app.counters.badFrames;
    bad.write(encodeLogin(demoImei(2), 1));
    await bad.ack(1);
    // A well-framed heartbeat whose CRC is wrong is kept (some firmwares miscompute it)…
    const badCrc = Buffer.from(encodeHeartbeat({ acc: false }, 2));
    badCrc[badCrc.length - 3] = (badCrc[badCrc.length - 3] ?? 0) ^ 0xff;
    bad.write(badCrc);
    await bad.ack(2);
    expect(server.app.counters.frameWarnings).toBeGreaterThan(0);
    // …but a frame too short to hold what its type needs is malformed.
    bad.write(encodeFrame(0x22, Uint8Array.from([0x19, 0x0b]), 3));
    await bad.closedPromise;
    expect(server.app.counters.badFrames).toBe(before + 1);
    good.write(encodeHeartbeat({ acc: true }, 2));
    await good.ack(2);
    expect(good.closed).toBe(false);
    good.close();
  });

  it('pushes dev and vhc updates only to sessions that may see the vehicle', async () => {
    const owner = apiClient(server.baseUrl);
    const me = await owner.login('owner@demo.jejak.my');
    const live = await openLive(server.baseUrl, owner.cookie);
    live.ws.send(
      JSON.stringify({
        action: 'subscribeTo',
        data: { uid: me.uid, ids: [`dev#${dvidOf(OWNER_IMEI)}`, `dev#${dvidOf(OWNER2_IMEI)}`] },
      }),
    );
    const subscribed = await live.until((m) => m.mode === 'subscribed');
    expect(subscribed.item).toEqual({ ids: [`dev#${dvidOf(OWNER_IMEI)}`], rejected: 1 });

    const foreign = await connectDevice(server.gt06Port);
    foreign.write(encodeLogin(OWNER2_IMEI, 1));
    foreign.write(encodeGps22(fix(Date.now() - 1000, 3.05, 101.45, 30), 2));
    await foreign.ack(2);

    const mine = await connectDevice(server.gt06Port);
    mine.write(encodeLogin(OWNER_IMEI, 1));
    mine.write(encodeGps22(fix(Date.now() - 500, 3.15, 101.7, 55), 2));
    await mine.ack(2);
    const dev = await live.until((m) => m.mode === 'dev' && m.item.location?.lat === 3.15);
    expect(dev.id).toBe(`dev#${dvidOf(OWNER_IMEI)}`);
    // What the Devices tab shows of the last record comes live too: its package and server time.
    expect(dev.mode === 'dev' && dev.item.lastPackage).toBe('gps#latest');
    expect(dev.mode === 'dev' && dev.item.lastRecordAt).toBeGreaterThan(Date.now() - 60_000);
    // So do its tanks' levels (the Information Table's Fuel): the lorry's tank, unread by a GT06 fix.
    expect(dev.mode === 'dev' && dev.item.fuelLevels).toEqual({ fuel: null });
    const vhc = await live.until((m) => m.mode === 'vhc');
    expect(vhc.mode === 'vhc' && vhc.item.transitStatus).toBe('MOVING');
    expect(live.messages.some((m) => m.id === `dev#${dvidOf(OWNER2_IMEI)}`)).toBe(false);

    // Subscribing under another user's uid gets nothing.
    live.ws.send(
      JSON.stringify({ action: 'subscribeTo', data: { uid: 'someone-else', ids: [`dev#${dvidOf(OWNER_IMEI)}`] } }),
    );
    await live.until((m) => m.mode === 'subscribed' && m.item.ids.length === 0);

    // Signed out: the session ended, so the console goes to sign-in rather than reconnecting.
    await owner.post('/auth/logout');
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
    foreign.close();
    mine.close();
  });

  it('closes a live socket without a session with 4001 (sign in again, do not reconnect)', async () => {
    const live = await openLive(server.baseUrl, null);
    expect(await live.closed).toBe(LIVE_SESSION_ENDED_CLOSE);
  });
});
