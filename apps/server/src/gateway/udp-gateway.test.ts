import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerDevice, startTestServer, type TestServer } from '../../test/harness.ts';
import { udpTracker } from '../../test/udp-tracker.ts';

const MAX_REMOTES = 4;
const MAX_PENDING = 2;
const IDLE_MS = 1000;

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('UDP gateway under hostile load, over real UDP sockets', () => {
  let server: TestServer;
  let port: number;
  // The server's clock stands still unless a test moves it, so only the idle test times remotes out.
  let clockMs = Date.now();
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {
        JEJAK_GATEWAY_UDP_MAX_REMOTES: String(MAX_REMOTES),
        JEJAK_GATEWAY_UDP_MAX_PENDING: String(MAX_PENDING),
        JEJAK_GATEWAY_UDP_IDLE_TIMEOUT_MS: String(IDLE_MS),
      },
      () => clockMs,
    );
    port = server.app.gatewayPorts['teltonika/udp'] ?? 0;
  });
  afterAll(async () => {
    await server?.stop();
  });
  const counters = () => ({ ...server.app.counters });
  const gpsRows = (dvid: string) =>
    sql<{ n: number }>`select count(*)::int as n from device_logs where dvid = ${dvid} and package like 'gps#%'`
      .execute(server.app.database.db)
      .then((r) => r.rows[0]?.n ?? 0);

  it('remembers at most the configured number of remotes, forgetting the least recently heard', async () => {
    const imei = '352093081230001';
    await registerDevice(server.app, 'TEL100', imei);
    const before = counters();
    const trackers = [];
    for (let i = 0; i < MAX_REMOTES + 3; i++) {
      const tracker = await udpTracker(port, imei);
      trackers.push(tracker);
      tracker.send(100 + i, clockMs - 600_000 + i * 1000);
      expect(await tracker.ack(100 + i)).toBe(true);
      expect(server.app.counters.udpRemotes - before.udpRemotes).toBe(Math.min(i + 1, MAX_REMOTES));
    }
    expect(server.app.counters.udpRemotesEvicted - before.udpRemotesEvicted).toBe(3);
    // The first remote was forgotten: its next datagram starts afresh, and is stored and acked.
    const [first] = trackers;
    first?.send(200, clockMs - 500_000);
    expect(await first?.ack(200)).toBe(true);
    expect(server.app.counters.udpRemotesEvicted - before.udpRemotesEvicted).toBe(4);
    expect(server.app.counters.udpRemotes - before.udpRemotes).toBe(MAX_REMOTES);
    expect(await gpsRows(`TEL100#${imei}`)).toBe(MAX_REMOTES + 4);
    for (const t of trackers) t.close();
  });

  it('drops datagrams past the pending limit unread; the tracker resends them and each is stored once', async () => {
    const imei = '352093081230002';
    const dvid = await registerDevice(server.app, 'TEL100', imei);
    const tracker = await udpTracker(port, imei);
    const before = counters();
    const ids = Array.from({ length: 20 }, (_, i) => 300 + i);
    const timeOf = (id: number) => clockMs - 400_000 + id * 1000;
    // All at once: they reach the server before any of them can be committed.
    for (const id of ids) tracker.send(id, timeOf(id));
    await until(() => server.app.counters.udpDatagramsDropped - before.udpDatagramsDropped + tracker.acked.size >= 20);
    const dropped = server.app.counters.udpDatagramsDropped - before.udpDatagramsDropped;
    expect(dropped).toBeGreaterThanOrEqual(ids.length - MAX_PENDING);
    expect(tracker.acked.size).toBe(ids.length - dropped);
    // As a tracker does: send what was not acknowledged again, one at a time.
    for (const id of ids.filter((i) => !tracker.acked.has(i))) {
      tracker.send(id, timeOf(id));
      expect(await tracker.ack(id)).toBe(true);
    }
    expect(await gpsRows(dvid)).toBe(ids.length);
    tracker.close();
  });

  it('counts the messages of a datagram waiting for its commit, not the datagram', async () => {
    const imei = '352093081230004';
    const dvid = await registerDevice(server.app, 'TEL100', imei);
    const tracker = await udpTracker(port, imei);
    const before = server.app.counters.udpDatagramsDropped;
    // Five records take the limit of two: the next datagram is dropped although only one waits.
    tracker.send(500, clockMs - 300_000, 5);
    tracker.send(501, clockMs - 200_000);
    expect(await tracker.ack(500)).toBe(true);
    expect(server.app.counters.udpDatagramsDropped - before).toBe(1);
    tracker.send(501, clockMs - 200_000);
    expect(await tracker.ack(501)).toBe(true);
    expect(await gpsRows(dvid)).toBe(6);
    tracker.close();
  });

  it('forgets a remote silent past the UDP idle timeout, logging the session timeout', async () => {
    const imei = '352093081230003';
    const dvid = await registerDevice(server.app, 'TEL100', imei);
    const tracker = await udpTracker(port, imei);
    tracker.send(400, clockMs - 60_000);
    expect(await tracker.ack(400)).toBe(true);
    expect(server.app.counters.udpRemotes).toBeGreaterThan(0);
    clockMs += IDLE_MS + 1;
    await until(() => server.app.counters.udpRemotes === 0);
    const timeouts = () =>
      sql<{
        n: number;
      }>`select count(*)::int as n from device_logs where dvid = ${dvid} and package = 'event#session#timeout'`
        .execute(server.app.database.db)
        .then((r) => r.rows[0]?.n ?? 0);
    await until(async () => (await timeouts()) === 1);
    tracker.close();
  });
});
