import { afterEach, describe, expect, it } from 'vitest';
import { createGt06Client } from './gt06-client.ts';
import { createRoute } from './routes.ts';
import { createTeltonikaClient } from './teltonika-client.ts';
import { positionsOf, startGt06Server, startTeltonikaServer, waitFor, type TinyServer } from './test-server.ts';
import type { DeviceFix, TrackerClient, TrackerClientOptions } from './tracker-client.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const IMEI = '359710040000777';
const COUNT = 60;
const START = Date.UTC(2026, 2, 1);
/** Fixes 20–34 are taken with the cellular link down. */
const OFFLINE = (i: number) => i >= 20 && i < 35;

function fixes(): () => DeviceFix {
  const route = createRoute({ seed: 11, startTimeMs: START, intervalMs: 10_000 });
  let i = 0;
  return () => ({ ...route.next(), offline: OFFLINE(i++) });
}

const protocols: [
  string,
  () => Promise<TinyServer>,
  (o: TrackerClientOptions) => TrackerClient,
  (memory: boolean | undefined) => boolean,
][] = [
  // GT06 flags what comes from memory; a Teltonika record only keeps its original time.
  ['GT06', () => startGt06Server(), createGt06Client, (memory) => memory === true],
  ['Teltonika', () => startTeltonikaServer(), createTeltonikaClient, (memory) => memory === undefined],
];

describe.each(protocols)('%s tracker losing its cellular link', (_name, startServer, createClient, sentLate) => {
  it.each([
    ['full-rate', { fixEveryMs: 0, window: 4 }],
    ['timed', { fixEveryMs: 5 }],
  ])('drops the connection, keeps fixes in memory and uploads them in order on return (%s)', async (_mode, timing) => {
    const server = await startServer();
    cleanups.push(server.close);
    const client = createClient({
      host: '127.0.0.1',
      port: server.port,
      imei: IMEI,
      nextFix: fixes(),
      ...timing,
      maxFixes: COUNT,
      heartbeatEveryMs: 0,
    });
    cleanups.push(() => client.stop());
    client.start();
    await waitFor(() => client.stats().acked === COUNT);

    const on = (connection: number) =>
      positionsOf(
        server.received.filter((r) => r.connection === connection),
        IMEI,
      ).map((m) => ({ i: Math.round(((m.deviceTimeMs ?? 0) - START) / 10_000), memory: m.memory }));
    const first = on(1);
    const second = on(2);
    // Every fix arrived; a fix sent just before the drop and never acknowledged came again.
    expect(new Set([...first, ...second].map((f) => f.i)).size).toBe(COUNT);
    expect(first.map((f) => f.i)).toEqual(first.map((_, i) => i));
    expect(first.some((f) => OFFLINE(f.i))).toBe(false);
    // The second connection sends memory first, oldest first, then live fixes.
    const order = second.map((f) => f.i);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeLessThanOrEqual(20);
    expect(order.at(-1)).toBe(COUNT - 1);
    const offline = second.filter((f) => OFFLINE(f.i));
    expect(offline).toHaveLength(15);
    expect(offline.every((f) => sentLate(f.memory))).toBe(true);
    expect(client.stats()).toMatchObject({ reconnects: 1, pending: 0 });
  });
});

describe('a tracker with backup servers', () => {
  const start = (port: number, fallbacks: number[], count: number) => {
    const route = createRoute({ seed: 11, startTimeMs: START, intervalMs: 10_000 });
    const client = createGt06Client({
      host: '127.0.0.1',
      port,
      fallbacks: fallbacks.map((p) => ({ host: '127.0.0.1', port: p })),
      imei: IMEI,
      // Always online: the link stays up, only servers go away.
      nextFix: () => route.next(),
      fixEveryMs: 5,
      maxFixes: count,
      heartbeatEveryMs: 0,
      reconnectMinMs: 5,
      reconnectMaxMs: 20,
      random: () => 0,
    });
    cleanups.push(() => client.stop());
    client.start();
    return client;
  };
  const indexes = (server: TinyServer) =>
    positionsOf(server.received, IMEI).map((m) => Math.round(((m.deviceTimeMs ?? 0) - START) / 10_000));

  it('moves to its backup when its server goes away, and sends the rest there', async () => {
    const [main, backup] = [await startGt06Server(), await startGt06Server()];
    cleanups.push(main.close, backup.close);
    const client = start(main.port, [backup.port], 40);
    await waitFor(() => client.stats().acked >= 10);
    await main.close();
    await waitFor(() => client.stats().acked === 40);
    expect(client.server.port).toBe(backup.port);
    expect(backup.connections()).toBe(1);
    // Nothing lost: what the first server did not acknowledge came again to the backup.
    expect(new Set([...indexes(main), ...indexes(backup)]).size).toBe(40);
    expect(indexes(backup).at(-1)).toBe(39);
  });

  it('tries its servers round robin, back to the first after the last', async () => {
    const dead = await startGt06Server();
    await dead.close();
    const backup = await startGt06Server();
    cleanups.push(backup.close);
    const client = start(dead.port, [backup.port], 20);
    await waitFor(() => client.stats().acked >= 5);
    expect(backup.connections()).toBe(1);
    backup.dropAll();
    // Dropped by the backup: the next attempt is the first server (refused), then the backup again.
    await waitFor(() => client.stats().acked === 20);
    expect(backup.connections()).toBe(2);
    expect(client.stats().reconnects).toBe(3);
    expect(client.server.port).toBe(backup.port);
  });
});
