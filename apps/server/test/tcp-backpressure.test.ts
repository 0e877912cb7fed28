import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeH02Position } from '@jejak/protocols';
import { registerDevice, startTestServer, type TestServer } from './harness.ts';

const H02_ID = '4209917555';
const FRAMES = 3000;
const CROWD = 30;
const crowdId = (i: number) => String(4_209_918_000 + i);

const h02Frames = (id: string, n: number, t0: number) =>
  Buffer.concat(
    Array.from({ length: n }, (_, i) =>
      encodeH02Position({
        id,
        timeMs: t0 + i * 1000,
        lat: 3.05 + i * 1e-5,
        lon: 101.58,
        speedKmh: 40,
        course: 90,
        valid: true,
      }),
    ),
  );

/**
 * H02 trackers are never acknowledged, so nothing in the protocol slows a sender down: the
 * gateway must. A connection that has many frames read but not yet stored stops being read
 * (the kernel's TCP window then holds the sender back) and is read again once the store has
 * caught up, so a flood costs bounded memory and loses nothing.
 */
describe('TCP backpressure', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      JEJAK_GATEWAY_TCP_MAX_UNANSWERED: '16',
      JEJAK_GATEWAY_TCP_MAX_UNANSWERED_TOTAL: '40',
    });
    await registerDevice(server.app, 'H02', H02_ID);
    for (let i = 0; i < CROWD; i++) await registerDevice(server.app, 'H02', crowdId(i));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('pauses reading a flooding connection and still stores every frame it sent', async () => {
    const t0 = Date.now() - 3_600_000;
    const burst = h02Frames(H02_ID, FRAMES, t0);
    const socket = net.connect(server.app.gatewayPorts.h02 ?? 0, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.end(burst);
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*)::text as n from device_logs where dvid = ${`H02#${H02_ID}`} and package = 'gps#latest'`.execute(
            server.app.database.db,
          )
        ).rows[0]?.n,
      );
    const deadline = Date.now() + 60_000;
    while ((await count()) < FRAMES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(FRAMES);
    expect(server.app.counters.tcpPauses).toBeGreaterThan(0);
    socket.destroy();
  });

  it('pauses a crowd of connections, each under its own limit, once their total is over the process limit', async () => {
    const before = server.app.counters.tcpPauses;
    const t0 = Date.now() - 7_200_000;
    const sockets = await Promise.all(
      Array.from({ length: CROWD }, async () => {
        const socket = net.connect(server.app.gatewayPorts.h02 ?? 0, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        return socket;
      }),
    );
    // Ten frames each: every connection stays under its own 16, the crowd is far over 40.
    sockets.forEach((socket, i) => socket.end(h02Frames(crowdId(i), 10, t0)));
    const count = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*)::text as n from device_logs where dvid like 'H02#42099180%' and package = 'gps#latest'`.execute(
            server.app.database.db,
          )
        ).rows[0]?.n,
      );
    const deadline = Date.now() + 20_000;
    while ((await count()) < CROWD * 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(CROWD * 10);
    expect(server.app.counters.tcpPauses).toBeGreaterThan(before);
    for (const s of sockets) s.destroy();
  });
});
