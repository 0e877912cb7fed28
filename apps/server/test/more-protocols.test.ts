import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGl200Fri, encodeH02Position, encodeMeitrackAAA, osmandRequest } from '@jejak/protocols';
import { startTestServer, type TestServer } from './harness.ts';

const PHONE_ID = '60123456789';
const H02_ID = '4209917102';
const MEITRACK_IMEI = '353358017784062';
const GL200_IMEI = '860599000123456';

describe('OsmAnd over HTTP; H02, Meitrack and Queclink over TCP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const db = server.app.database.db;
    const owner = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(
      db,
    );
    const uid = owner.rows[0]?.uid ?? '';
    for (const [model, imei] of [
      ['OSMAND', PHONE_ID],
      ['H02', H02_ID],
      ['MT90', MEITRACK_IMEI],
      ['GL300', GL200_IMEI],
    ] as const) {
      await sql`insert into devices (dvid, model, imei, uid, created_at) values (${`${model}#${imei}`}, ${model}, ${imei}, ${uid}, ${Date.now()})`.execute(
        db,
      );
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const logs = (dvid: string) =>
    sql<{
      package: string;
      lat: number | null;
    }>`select package, lat from device_logs where dvid = ${dvid} and package = 'gps#latest'`
      .execute(server.app.database.db)
      .then((r) => r.rows);

  async function phone(id: string, query?: string) {
    const request = osmandRequest({
      id,
      timeMs: Date.now() - 5000,
      lat: 3.1478,
      lon: 101.6953,
      speedKmh: 36,
      course: 45,
    });
    const url = `http://127.0.0.1:${server.app.gatewayPorts['osmand/http']}${query ?? request.uri}`;
    const res = await fetch(url, { method: 'POST' });
    return { status: res.status, text: await res.text() };
  }

  it('answers a phone app 200 only once its fix is stored', async () => {
    const r = await phone(PHONE_ID);
    expect(r.status).toBe(200);
    expect(await logs(`OSMAND#${PHONE_ID}`)).toEqual([{ package: 'gps#latest', lat: 3.1478 }]);
  });

  it('answers 404 for an unknown phone and 400 for a request without an id', async () => {
    expect((await phone('999')).status).toBe(404);
    const bad = await phone(PHONE_ID, '/?lat=3.1&lon=101.6');
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/id/i);
  });

  /** Sends one report over TCP and waits until its fix is in the device log. */
  async function sendOver(port: number | undefined, bytes: Uint8Array, dvid: string) {
    const socket = net.connect(port ?? 0, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(bytes);
    const deadline = Date.now() + 5000;
    while ((await logs(dvid)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    return logs(dvid);
  }

  const fix = { timeMs: Date.now() - 60_000, lat: 3.0567, lon: 101.5851, speedKmh: 50, course: 270, valid: true };

  it.each([
    ['H02', 'h02', () => encodeH02Position({ id: H02_ID, ...fix }), `H02#${H02_ID}`],
    [
      'Meitrack',
      'meitrack',
      () => encodeMeitrackAAA({ imei: MEITRACK_IMEI, satellites: 9, ...fix }),
      `MT90#${MEITRACK_IMEI}`,
    ],
    ['Queclink', 'gl200', () => encodeGl200Fri({ imei: GL200_IMEI, ...fix }), `GL300#${GL200_IMEI}`],
  ])('stores %s reports sent over TCP', async (_name, id, encode, dvid) => {
    const rows = await sendOver(server.app.gatewayPorts[id], encode(), dvid);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.lat).toBeCloseTo(3.0567, 4);
  });
});
