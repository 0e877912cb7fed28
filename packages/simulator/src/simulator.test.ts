import { afterEach, describe, expect, it } from 'vitest';
import { createGt06Client } from './gt06-client.ts';
import { createRoute, KLANG_VALLEY } from './routes.ts';
import { startSimulator } from './simulator.ts';
import { positionsOf, startGt06Server as startServer, waitFor } from './test-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('simulator against a real TCP GT06 server', () => {
  it('logs in three devices and streams their fixes around the Klang Valley', async () => {
    const server = await startServer();
    cleanups.push(server.close);
    const devices = ['359710040000001', '359710040000002', '359710040000003'].map((imei, i) => ({ imei, seed: i + 1 }));
    const start = Date.UTC(2026, 2, 1, 0, 0, 0);
    const sim = startSimulator({
      host: '127.0.0.1',
      port: server.port,
      devices,
      intervalMs: 1000,
      speedFactor: 20,
      startTimeMs: start,
      heartbeatEveryMs: 100,
    });
    cleanups.push(() => sim.stop());

    await waitFor(() => devices.every((d) => positionsOf(server.received, d.imei).length >= 10));
    await sim.stop();

    const logins = server.received.filter((r) => r.message.kind === 'login').map((r) => r.message.imei);
    expect(new Set(logins)).toEqual(new Set(devices.map((d) => d.imei)));
    expect(server.received.some((r) => r.message.kind === 'heartbeat')).toBe(true);
    for (const d of devices) {
      const fixes = positionsOf(server.received, d.imei);
      // Fixes taken before the login completed go out as re-uploads, then all are live.
      const firstLive = fixes.findIndex((f) => f.memory === false);
      expect(firstLive).toBeGreaterThanOrEqual(0);
      expect(fixes.slice(firstLive).every((f) => f.memory === false)).toBe(true);
      for (const f of fixes) {
        expect(f.valid).toBe(true);
        expect(f.latitude).toBeGreaterThan(KLANG_VALLEY.minLat);
        expect(f.latitude).toBeLessThan(KLANG_VALLEY.maxLat);
        expect(f.longitude).toBeGreaterThan(KLANG_VALLEY.minLon);
        expect(f.longitude).toBeLessThan(KLANG_VALLEY.maxLon);
      }
      const times = fixes.map((f) => f.deviceTimeMs ?? 0);
      times.slice(1).forEach((t, i) => expect(t - (times[i] ?? 0)).toBe(1000));
    }
    const stats = sim.stats();
    expect(stats.acked).toBeGreaterThanOrEqual(30);
    expect(stats.sent).toBeGreaterThanOrEqual(stats.acked);
    expect(stats.reconnects).toBe(0);
  });

  it('full-rate mode keeps exactly `window` fixes in flight', async () => {
    let release = false;
    const server = await startServer(() => release);
    cleanups.push(server.close);
    const sim = startSimulator({
      host: '127.0.0.1',
      port: server.port,
      devices: [{ imei: '359710040000009', seed: 9 }],
      intervalMs: 5000,
      startTimeMs: Date.UTC(2026, 2, 1),
      heartbeatEveryMs: 0,
      fullRate: { window: 4 },
    });
    cleanups.push(() => sim.stop());

    await waitFor(() => positionsOf(server.received, '359710040000009').length === 4);
    await new Promise((r) => setTimeout(r, 200));
    expect(positionsOf(server.received, '359710040000009')).toHaveLength(4);

    release = true;
    for (const { socket, reply } of server.held.splice(0)) socket.write(reply);
    await waitFor(() => positionsOf(server.received, '359710040000009').length >= 200);
    const times = positionsOf(server.received, '359710040000009').map((m) => m.deviceTimeMs ?? 0);
    times.slice(1).forEach((t, i) => expect(t - (times[i] ?? 0)).toBe(5000));
  });
});

describe('GT06 client', () => {
  it('resends unacknowledged fixes after the server drops the connection', async () => {
    const server = await startServer((connection) => connection > 1);
    cleanups.push(server.close);
    const route = createRoute({ seed: 5, startTimeMs: Date.UTC(2026, 2, 1), intervalMs: 5000 });
    const client = createGt06Client({
      host: '127.0.0.1',
      port: server.port,
      imei: '359710040000005',
      nextFix: () => route.next(),
      fixEveryMs: 20,
      heartbeatEveryMs: 0,
      reconnectMinMs: 50,
    });
    cleanups.push(() => client.stop());
    client.start();

    const imei = '359710040000005';
    await waitFor(() => positionsOf(server.received, imei).length >= 5);
    const unacked = server.received
      .filter((r) => r.connection === 1 && r.message.kind === 'position')
      .map((r) => r.message.deviceTimeMs);
    server.dropAll();

    await waitFor(() => server.connections() >= 2 && client.stats().acked >= unacked.length + 5);
    await client.stop();

    const second = server.received
      .filter((r) => r.connection === 2 && r.message.kind === 'position')
      .map((r) => r.message);
    const resent = second.filter((m) => unacked.includes(m.deviceTimeMs));
    // Everything the first connection never acknowledged came again, first, as re-uploads.
    expect(resent.map((m) => m.deviceTimeMs)).toEqual(unacked);
    expect(resent.every((m) => m.memory === true)).toBe(true);
    expect(second.slice(0, unacked.length).map((m) => m.deviceTimeMs)).toEqual(unacked);
    // And nothing was lost: device times are contiguous across the drop.
    const times = server.received.filter((r) => r.message.kind === 'position').map((r) => r.message.deviceTimeMs ?? 0);
    const all = [...new Set(times)].sort((a, b) => a - b);
    all.slice(1).forEach((t, i) => expect(t - (all[i] ?? 0)).toBe(5000));
    expect(client.stats().reconnects).toBe(1);
  });
});
