import { afterEach, describe, expect, it } from 'vitest';
import { createRoute } from './routes.ts';
import { createTeltonikaClient, type TeltonikaFix } from './teltonika-client.ts';
import { positionsOf, startTeltonikaServer, waitFor } from './test-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const IMEI = '352093081429150';
const START = Date.UTC(2026, 2, 1);

/** Fixes from a seeded route, with the IO an FMB with a fuel sensor sends. */
function fixes(seed: number, intervalMs = 5000): () => TeltonikaFix {
  const route = createRoute({ seed, startTimeMs: START, intervalMs });
  let odometerM = 1_000_000;
  return () => {
    const f = route.next();
    odometerM += Math.round((f.speedKmh * intervalMs) / 3600);
    return { ...f, altitude: 35, io: { odometerM, fuelAdcMv: 2345, power: 27.6, gsm: 4 }, eventIoId: 0 };
  };
}

describe('Teltonika client against a real TCP Teltonika server', () => {
  it('logs in with its IMEI and sends codec 8E records whose IO the decoder names', async () => {
    const server = await startTeltonikaServer();
    cleanups.push(server.close);
    const client = createTeltonikaClient({
      host: '127.0.0.1',
      port: server.port,
      imei: IMEI,
      nextFix: fixes(3),
      fixEveryMs: 0,
      window: 1,
      maxRecordsPerPacket: 7,
      maxFixes: 40,
      heartbeatEveryMs: 0,
    });
    cleanups.push(() => client.stop());
    client.start();
    await waitFor(() => client.stats().acked === 40);

    expect(server.received[0]?.message).toMatchObject({ kind: 'login', imei: IMEI });
    const got = positionsOf(server.received, IMEI);
    expect(got).toHaveLength(40);
    got.slice(1).forEach((m, i) => expect((m.deviceTimeMs ?? 0) - (got[i]?.deviceTimeMs ?? 0)).toBe(5000));
    expect(got[0]).toMatchObject({ valid: true, altitude: 35 });
    expect(got[0]?.attributes).toMatchObject({ ignition: true, odometer: 1_000_000, adc1: 2.345, power: 27.6, gsm: 4 });
    expect(client.stats()).toMatchObject({ sent: 40, acked: 40, pending: 0, reconnects: 0 });
  });

  it('sends an invalid fix as the device does: no satellites, no speed', async () => {
    const server = await startTeltonikaServer();
    cleanups.push(server.close);
    const next = fixes(4);
    const client = createTeltonikaClient({
      host: '127.0.0.1',
      port: server.port,
      imei: IMEI,
      nextFix: () => ({ ...next(), valid: false, speedKmh: 40 }),
      fixEveryMs: 0,
      window: 1,
      maxFixes: 1,
      heartbeatEveryMs: 0,
    });
    cleanups.push(() => client.stop());
    client.start();
    await waitFor(() => client.stats().acked === 1);
    expect(positionsOf(server.received, IMEI)[0]).toMatchObject({ valid: false, satellites: 0, speedKmh: 0 });
  });

  it('retries after its IMEI is refused with 00, sending nothing on the refused connection', async () => {
    const server = await startTeltonikaServer({ refuse: (connection) => connection === 1 });
    cleanups.push(server.close);
    const client = createTeltonikaClient({
      host: '127.0.0.1',
      port: server.port,
      imei: IMEI,
      nextFix: fixes(5),
      fixEveryMs: 0,
      window: 1,
      maxFixes: 10,
      heartbeatEveryMs: 0,
      reconnectMinMs: 20,
    });
    cleanups.push(() => client.stop());
    client.start();
    await waitFor(() => client.stats().acked === 10);
    expect(server.received.filter((r) => r.connection === 1)).toEqual([]);
    expect(client.stats().reconnects).toBe(1);
  });

  it('resends unacknowledged records, with their original times, after the server drops it', async () => {
    const server = await startTeltonikaServer({ ack: (connection) => connection > 1 });
    cleanups.push(server.close);
    const client = createTeltonikaClient({
      host: '127.0.0.1',
      port: server.port,
      imei: IMEI,
      nextFix: fixes(6),
      fixEveryMs: 10,
      maxRecordsPerPacket: 10,
      heartbeatEveryMs: 0,
      reconnectMinMs: 20,
    });
    cleanups.push(() => client.stop());
    client.start();
    // One packet goes out and is never acknowledged; the next records wait for its ack.
    await waitFor(() => positionsOf(server.received, IMEI).length > 0 && client.stats().pending > 5);
    await new Promise((r) => setTimeout(r, 100));
    const unacked = server.received.filter((r) => r.connection === 1 && r.message.kind === 'position');
    expect(unacked.length).toBeGreaterThan(0);
    expect(unacked.length).toBeLessThanOrEqual(10);
    server.dropAll();
    await waitFor(() => client.stats().acked >= unacked.length + 20);
    await client.stop();

    const second = positionsOf(
      server.received.filter((r) => r.connection === 2),
      IMEI,
    );
    expect(second.slice(0, unacked.length).map((m) => m.deviceTimeMs)).toEqual(
      unacked.map((r) => r.message.deviceTimeMs),
    );
    const times = [...new Set(positionsOf(server.received, IMEI).map((m) => m.deviceTimeMs ?? 0))];
    times.slice(1).forEach((t, i) => expect(t - (times[i] ?? 0)).toBe(5000));
  });
});
