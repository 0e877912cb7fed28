import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeH02Position } from '@jejak/protocols';
import { registerDevice, startTestServer, type TestServer } from './harness.ts';

const H02_ID = '4209917555';
const FRAMES = 3000;
const CROWD = 30;
const crowdId = (i: number) => String(4_209_918_000 + i);

const until = async (what: () => boolean | Promise<boolean>, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await what()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

/** A client connection, read (so it sees the server close it) and quiet about resets. */
async function connect(port: number | undefined): Promise<net.Socket> {
  const socket = net.connect(port ?? 0, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.resume();
  await new Promise((r) => socket.once('connect', r));
  return socket;
}

const closed = (socket: net.Socket) =>
  socket.closed ? Promise.resolve() : new Promise<void>((r) => socket.once('close', () => r()));

/** Fixes stored of the given H02 devices in the hour from `sinceMs`. */
async function storedFixes(server: TestServer, ids: string[], sinceMs: number): Promise<number> {
  const dvids = ids.map((id) => `H02#${id}`);
  const rows = await sql<{ n: string }>`
    select count(*)::text as n from device_logs
    where dvid = any(${dvids}::text[]) and package = 'gps#latest'
      and device_time >= ${sinceMs} and device_time < ${sinceMs + 3_600_000}`.execute(server.app.database.db);
  return Number(rows.rows[0]?.n);
}

/** H02 times are whole seconds. */
const secondsAgo = (s: number) => (Math.floor(Date.now() / 1000) - s) * 1000;

const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => crowdId(from + i));

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
    await until(() => server.app.counters.connections === 0);
    const sockets = await Promise.all(
      Array.from({ length: CROWD }, async () => {
        const socket = net.connect(server.app.gatewayPorts.h02 ?? 0, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        return socket;
      }),
    );
    // Once the server has taken them all (it refuses newcomers while its backlog is full).
    await until(() => server.app.counters.connections === CROWD);
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

  it('closes new connections unread while the backlog is full, and stores what it had read', async () => {
    const port = server.app.gatewayPorts.h02;
    const t0 = secondsAgo(5 * 3_600);
    await server.app.pipeline.drain();
    // The store stops answering (PGlite has one connection, held here): nothing read is answered.
    let release: () => void = () => undefined;
    const held = server.app.database.db.connection().execute(() => new Promise<void>((resolve) => (release = resolve)));
    const before = { ...server.app.counters };
    // Four connections of twenty frames each: over the process's 40 whatever each one reads.
    await until(() => server.app.counters.connections === 0);
    const senders = await Promise.all(Array.from({ length: 4 }, () => connect(port)));
    await until(() => server.app.counters.connections === 4);
    senders.forEach((socket, i) => socket.end(h02Frames(crowdId(i), 20, t0)));
    await until(() => server.app.counters.tcpUnanswered >= 40);
    expect(server.app.counters.tcpUnanswered).toBeGreaterThanOrEqual(40);

    const late = await Promise.all(Array.from({ length: 3 }, () => connect(port)));
    late.forEach((socket, i) => socket.write(h02Frames(crowdId(20 + i), 5, t0)));
    await Promise.all(late.map(closed));
    expect(server.app.counters.tcpRefusedBusy - before.tcpRefusedBusy).toBe(3);

    release();
    await held;
    await until(async () => (await storedFixes(server, ids(0, 4), t0)) >= 80);
    expect(await storedFixes(server, ids(0, 4), t0)).toBe(80);
    // The refused connections' frames were never read: neither stored nor counted.
    expect(await storedFixes(server, ids(20, 3), t0)).toBe(0);
    expect(server.app.counters.frames - before.frames).toBe(80);
    expect(server.app.counters.badFrames - before.badFrames).toBe(0);
    for (const s of senders) s.destroy();
  });
});

describe('TCP connection limit', () => {
  const MAX = 4;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_GATEWAY_TCP_MAX_CONNECTIONS: String(MAX) });
    for (let i = 0; i < MAX + 3; i++) await registerDevice(server.app, 'H02', crowdId(i));
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('closes connections beyond the limit unread, counted, and serves those already open', async () => {
    const port = server.app.gatewayPorts.h02;
    const t0 = secondsAgo(3_600);
    const open = await Promise.all(Array.from({ length: MAX }, () => connect(port)));
    await until(() => server.app.counters.connections === MAX);

    const crowd = await Promise.all(Array.from({ length: 3 }, () => connect(port)));
    crowd.forEach((socket, i) => socket.write(h02Frames(crowdId(MAX + i), 5, t0)));
    await Promise.all(crowd.map(closed));
    expect(server.app.counters.tcpRefusedFull).toBe(3);
    expect(server.app.counters.connections).toBe(MAX);

    open.forEach((socket, i) => socket.end(h02Frames(crowdId(i), 10, t0)));
    await until(async () => (await storedFixes(server, ids(0, MAX), t0)) >= MAX * 10);
    expect(await storedFixes(server, ids(0, MAX), t0)).toBe(MAX * 10);
    expect(await storedFixes(server, ids(MAX, 3), t0)).toBe(0);
    expect(server.app.counters.frames).toBe(MAX * 10);

    // Once they have gone, a newcomer is served.
    await Promise.all(open.map(closed));
    await until(() => server.app.counters.connections === 0);
    const newcomer = await connect(port);
    newcomer.end(h02Frames(crowdId(MAX), 5, t0));
    await until(async () => (await storedFixes(server, ids(MAX, 1), t0)) >= 5);
    expect(await storedFixes(server, ids(MAX, 1), t0)).toBe(5);
    expect(server.app.counters.tcpRefusedFull).toBe(3);
  });
});
