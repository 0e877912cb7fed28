import dgram from 'node:dgram';
import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeTeltonikaAck,
  decodeTeltonikaUdpAck,
  encodeCodec8Packet,
  encodeTeltonikaImei,
  encodeTeltonikaUdpDatagram,
} from '@jejak/protocols';
import { startTestServer, type TestServer } from './harness.ts';

const TCP_IMEI = '352093081234561';
const UDP_IMEI = '352093081234579';

function record(timeMs: number, lat: number, lon: number) {
  return {
    timeMs,
    lat,
    lon,
    altitude: 40,
    course: 180,
    satellites: 11,
    speedKmh: 62,
    io: { ignition: true, power: 27.4, odometerM: 152_300 },
  };
}

/** Sends `chunks` one by one over TCP, collecting everything the server answers. */
async function tcpExchange(
  port: number,
  chunks: Uint8Array[],
  waitMs = 400,
): Promise<{ replies: Buffer; closed: boolean }> {
  const socket = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  let closed = false;
  socket.on('data', (d) => received.push(d));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise((r) => socket.once('connect', r));
  for (const c of chunks) {
    socket.write(c);
    await new Promise((r) => setTimeout(r, waitMs));
  }
  socket.destroy();
  return { replies: Buffer.concat(received), closed };
}

describe('Teltonika gateway over real TCP and UDP', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_TELTONIKA_PORT: '0' });
    port = server.app.gatewayPorts.teltonika ?? 0;
    const db = server.app.database.db;
    const owner = await sql<{ uid: string }>`select uid from users where user_email = 'owner2@demo.jejak.my'`.execute(
      db,
    );
    const uid = owner.rows[0]?.uid ?? '';
    for (const imei of [TCP_IMEI, UDP_IMEI]) {
      await sql`insert into devices (dvid, model, imei, uid, created_at) values (${`TEL100#${imei}`}, 'TEL100', ${imei}, ${uid}, ${Date.now()})`.execute(
        db,
      );
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  const logs = (dvid: string) =>
    sql<{ package: string; lat: number | null; speed: number | null }>`
      select package, lat, speed from device_logs where dvid = ${dvid} order by device_time`
      .execute(server.app.database.db)
      .then((r) => r.rows);

  it('accepts the IMEI with 01 and acknowledges the record count once stored', async () => {
    const t = Date.now() - 120_000;
    const { replies } = await tcpExchange(port, [
      encodeTeltonikaImei(TCP_IMEI),
      encodeCodec8Packet([record(t, 3.05, 101.55), record(t + 30_000, 3.06, 101.56)]),
    ]);
    expect(replies[0]).toBe(0x01);
    expect(decodeTeltonikaAck(replies.subarray(1))).toBe(2);
    const rows = await logs(`TEL100#${TCP_IMEI}`);
    expect(rows.map((r) => r.package).sort()).toEqual(['auth', 'gps#latest', 'gps#latest']);
    expect(rows[0]).toMatchObject({ package: 'gps#latest', lat: 3.05, speed: 62 });
  });

  it('refuses an unknown IMEI with 00', async () => {
    const { replies, closed } = await tcpExchange(port, [encodeTeltonikaImei('352093089999999')]);
    expect([...replies]).toEqual([0x00]);
    expect(closed).toBe(true);
  });

  it('acknowledges a UDP datagram to its sender after storing it', async () => {
    const socket = dgram.createSocket('udp4');
    const reply = new Promise<Buffer>((resolve) => socket.once('message', resolve));
    const t = Date.now() - 60_000;
    socket.send(
      encodeTeltonikaUdpDatagram(UDP_IMEI, [record(t, 3.1, 101.6)], { packetId: 0xcafe, avlPacketId: 7 }),
      port,
      '127.0.0.1',
    );
    const ack = await reply;
    socket.close();
    expect(decodeTeltonikaUdpAck(ack)).toEqual({ packetId: 0xcafe, avlPacketId: 7, count: 1 });
    expect((await logs(`TEL100#${UDP_IMEI}`)).map((r) => r.package).sort()).toEqual(['auth', 'gps#latest']);
  });
});
