import dgram from 'node:dgram';
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeTeltonikaUdpAck,
  encodeHeartbeat,
  encodeLogin,
  encodeTeltonikaUdpDatagram,
  osmandRequest,
} from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { CLONE_REFUSED_MESSAGE, REPLACED_MESSAGE } from '../src/gateway/device-channel.ts';
import type { GatewayCounters } from '../src/gateway/counters.ts';
import { CLONE_EVENT } from '@jejak/domain';
import { connectDevice } from './device-client.ts';
import { openLive } from './live-client.ts';
import { apiClient, registerDevice, startTestServer, type TestServer } from './harness.ts';

/**
 * The gateways' per-address limits and the duplicate-IMEI record (ADR 0034), over real sockets.
 * Each test speaks from source addresses of its own in 127/8, so one address's limits are seen
 * to leave the others alone. The clock stands still unless a test moves it: token buckets and
 * windows then refill only when told.
 */
const TAKEOVER_SILENCE_MS = 120_000;
const LIMITS = {
  JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '3',
  JEJAK_GATEWAY_CONNECT_BURST_PER_ADDRESS: '6',
  JEJAK_GATEWAY_CONNECTS_PER_MINUTE_PER_ADDRESS: '1',
  JEJAK_GATEWAY_MESSAGE_BURST_PER_ADDRESS: '3',
  JEJAK_GATEWAY_MESSAGES_PER_MINUTE_PER_ADDRESS: '1',
  JEJAK_GATEWAY_UNKNOWN_PER_ADDRESS: '3',
  JEJAK_GATEWAY_UNKNOWN_WINDOW_MS: '60000',
  JEJAK_GATEWAY_UNKNOWN_MAX_ROWS: '5',
  JEJAK_GATEWAY_TAKEOVER_SILENCE_MS: String(TAKEOVER_SILENCE_MS),
};

let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pglite', LIMITS, () => clock);
});
afterAll(async () => {
  await server?.stop();
});

const delta = (before: GatewayCounters) => (key: keyof GatewayCounters) => server.app.counters[key] - before[key];

/** A GT06 login from `from`: true once acknowledged, false if the server closed the connection first. */
async function login(imei: string, from: string) {
  const device = await connectDevice(server.gt06Port, from);
  device.write(encodeLogin(imei, 1));
  const acked = await device.ack(1).then(
    () => true,
    () => false,
  );
  return { device, acked };
}

/** Polls `read` until `ok` holds of its value (at most 5 s); returns the last value. */
async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Demo GT06 trackers for the rate limit (vehicles 6, 8, 10 and 11 carry Teltonika fuel trackers). */
const RATE_IMEIS = [5, 7, 9, 12, 13, 17].map((i) => demoImei(i));

describe('per-address connection limits', () => {
  it('caps the connections open from one address while another still connects', async () => {
    const before = { ...server.app.counters };
    const held = [];
    for (let i = 0; i < 3; i++) {
      const r = await login(demoImei(i), '127.0.0.3');
      expect(r.acked).toBe(true);
      held.push(r.device);
    }
    const fourth = await login(demoImei(3), '127.0.0.3');
    expect(fourth.acked).toBe(false);
    await fourth.device.closedPromise;
    const other = await login(demoImei(4), '127.0.0.4');
    expect(other.acked).toBe(true);
    expect(delta(before)('refusedAddressFull')).toBe(1);
    other.device.close();
    // A connection that ends gives its place back.
    held.pop()?.close();
    const again = await until(
      () => login(demoImei(3), '127.0.0.3'),
      (r) => r.acked,
    );
    expect(again.acked).toBe(true);
    for (const d of [...held, again.device]) d.close();
  });

  it('limits how fast one address connects; another is not slowed', async () => {
    const before = { ...server.app.counters };
    for (let i = 0; i < 6; i++) {
      const r = await login(RATE_IMEIS[i] ?? '', '127.0.0.5');
      expect(r.acked).toBe(true);
      r.device.close();
    }
    const seventh = await login(demoImei(18), '127.0.0.5');
    expect(seventh.acked).toBe(false);
    expect(delta(before)('refusedAddressRate')).toBe(1);
    const other = await login(demoImei(19), '127.0.0.6');
    expect(other.acked).toBe(true);
    other.device.close();
    // A minute later the address has one connection more.
    clock += 60_000;
    const later = await login(demoImei(18), '127.0.0.5');
    expect(later.acked).toBe(true);
    later.device.close();
  });
});

describe('unknown IMEIs', () => {
  const unknownImei = (n: number) => String(861_000_000_000_000 + n);
  const listed = async () =>
    (
      await sql<{ imei: string }>`select imei from unknown_devices order by last_seen`.execute(server.app.database.db)
    ).rows.map((r) => r.imei);

  /** The gateway's log lines of refused unknown devices, with how many each left out. */
  const logLines = () => {
    const warn = vi.spyOn(server.app.log, 'warn');
    return {
      suppressed: () =>
        warn.mock.calls.flatMap(([obj, msg]) =>
          msg === 'unknown device refused' ? [(obj as { suppressed?: number }).suppressed] : [],
        ),
      stop: () => warn.mockRestore(),
    };
  };

  it('refuses an address without store lookups after too many unknown IMEIs, until the window ends', async () => {
    const before = { ...server.app.counters };
    const lines = logLines();
    for (let i = 0; i < 5; i++) {
      const r = await login(unknownImei(i), '127.0.0.7');
      expect(r.acked).toBe(false);
      await r.device.closedPromise;
    }
    const d = delta(before);
    expect([d('deviceLookups'), d('unknownDevices'), d('unknownThrottled')]).toEqual([3, 3, 2]);
    expect(await listed()).toEqual(expect.arrayContaining([unknownImei(0), unknownImei(1), unknownImei(2)]));
    expect(await listed()).not.toContain(unknownImei(3));
    // One log line for the three, at most one per 10 s.
    expect(lines.suppressed()).toEqual([0]);
    lines.stop();
    // A registered tracker behind that address waits out the window too; elsewhere it is not slowed.
    expect((await login(demoImei(14), '127.0.0.7')).acked).toBe(false);
    const other = await login(demoImei(15), '127.0.0.8');
    expect(other.acked).toBe(true);
    other.device.close();
    expect(d('deviceLookups')).toBe(4);
    clock += 60_000;
    const later = await login(demoImei(14), '127.0.0.7');
    expect(later.acked).toBe(true);
    later.device.close();
  });

  it('keeps the unknown-device list to its most recent rows', async () => {
    let n = 100;
    const lines = logLines();
    for (const from of ['127.0.0.9', '127.0.0.10', '127.0.0.11'])
      for (let i = 0; i < 3; i++) {
        clock += 1;
        const r = await login(unknownImei(n++), from);
        await r.device.closedPromise;
      }
    const rows = await listed();
    expect(rows).toEqual([104, 105, 106, 107, 108].map(unknownImei));
    // The next line, a minute later, counts the two of the last test left out; these eight wait.
    expect(lines.suppressed()).toEqual([2]);
    lines.stop();
  });
});

describe('per-address datagram and request rates', () => {
  it('drops UDP datagrams of an address over its rate, and not those of another', async () => {
    const imei = '352093081230001';
    await registerDevice(server.app, 'TEL100', imei);
    const port = server.app.gatewayPorts['teltonika/udp'] ?? 0;
    const sender = async (from: string) => {
      const socket = dgram.createSocket('udp4');
      const acked = new Set<number>();
      socket.on('message', (m) => {
        const ack = decodeTeltonikaUdpAck(m);
        if (ack) acked.add(ack.packetId);
      });
      await new Promise<void>((resolve) => socket.bind(0, from, resolve));
      const send = (packetId: number) => {
        const fix = { lat: 3.1, lon: 101.6, altitude: 40, course: 90, satellites: 9, speedKmh: 0, io: {} };
        const record = { ...fix, timeMs: clock - 600_000 + packetId * 1000 };
        socket.send(encodeTeltonikaUdpDatagram(imei, [record], { packetId, avlPacketId: packetId }), port, '127.0.0.1');
      };
      return { acked, send, close: () => socket.close() };
    };
    const before = { ...server.app.counters };
    const flood = await sender('127.0.0.12');
    for (let id = 1; id <= 5; id++) flood.send(id);
    await until(
      () => delta(before)('messagesThrottled') + flood.acked.size,
      (v) => v >= 5,
    );
    expect([...flood.acked].sort()).toEqual([1, 2, 3]);
    expect(delta(before)('messagesThrottled')).toBe(2);
    const other = await sender('127.0.0.13');
    other.send(10);
    expect(await until(() => other.acked.has(10), Boolean)).toBe(true);
    flood.close();
    other.close();
  });

  it('answers 429 to HTTP requests of an address over its rate', async () => {
    const id = '60123450001';
    await registerDevice(server.app, 'OSMAND', id);
    const port = server.app.gatewayPorts['osmand/http'] ?? 0;
    const post = (from: string, i: number) =>
      new Promise<number>((resolve, reject) => {
        const { uri } = osmandRequest({
          id,
          timeMs: clock - 600_000 + i * 1000,
          lat: 3.1,
          lon: 101.6,
          speedKmh: 0,
          course: 0,
        });
        const req = http.request({
          host: '127.0.0.1',
          port,
          path: uri,
          method: 'POST',
          localAddress: from,
          agent: false,
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await post('127.0.0.16', i));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await post('127.0.0.17', 9)).toBe(200);
  });
});

describe('two live connections claiming one IMEI', () => {
  it('refuses a clone from another address while the tracker talks, and lets it take over after the silence (ADR 0082)', async () => {
    const imei = demoImei(2);
    const dvid = `GPS100#${imei}`;
    const before = { ...server.app.counters };
    // The vehicle's owner watches it on the live map.
    const owner = apiClient(server.baseUrl);
    const me = await owner.login('owner@demo.jejak.my');
    const live = await openLive(server.baseUrl, owner.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: me.uid, ids: [`dev#${dvid}`] } }));
    await live.until((m) => m.mode === 'subscribed');
    const real = await login(imei, '127.0.0.18');
    expect(real.acked).toBe(true);
    const clone = await login(imei, '127.0.0.19');
    expect(clone.acked).toBe(false);
    expect(clone.device.closed).toBe(true);
    // A CRITICAL event for the vehicle, stored and shown to its owner at once.
    const shown = await live.until((m) => m.mode === 'notify' && m.item.eventName === CLONE_EVENT.eventName);
    expect(shown.item).toMatchObject({ eventType: 'CRITICAL', dvid });
    const stored = await sql<{ event_type: string }>`select event_type from events
      where dvid = ${dvid} and event_name = ${CLONE_EVENT.eventName}`.execute(server.app.database.db);
    expect(stored.rows).toEqual([{ event_type: 'CRITICAL' }]);
    live.ws.close();
    // The real one goes on, and the conflict is counted and listed.
    real.device.write(encodeHeartbeat({ acc: true }, 2));
    await real.device.ack(2);
    expect(delta(before)('imeiConflicts')).toBe(1);
    const refused = await until(
      async () =>
        (
          await sql<{ device_message: string | null }>`select device_message from device_logs
            where dvid = ${dvid} and package = 'event#session#error'`.execute(server.app.database.db)
        ).rows,
      (rows) => rows.some((r) => r.device_message === CLONE_REFUSED_MESSAGE),
    );
    // A session error, not a close: the device is still connected (and stays alive).
    expect(refused.filter((r) => r.device_message === CLONE_REFUSED_MESSAGE)).toHaveLength(1);
    // Heard a moment ago: still refused just before the silence has lasted its time.
    clock += TAKEOVER_SILENCE_MS - 1;
    expect((await login(imei, '127.0.0.19')).acked).toBe(false);
    clock += 1;
    const later = await login(imei, '127.0.0.19');
    expect(later.acked).toBe(true);
    expect(await until(() => real.device.closed, Boolean)).toBe(true);
    later.device.close();
  });

  it('closes the older, records it in the device log and lists it for super, not for the owner (support: authz-matrix)', async () => {
    const imei = demoImei(16);
    const dvid = `GPS100#${imei}`;
    const before = { ...server.app.counters };
    const first = await login(imei, '127.0.0.14');
    expect(first.acked).toBe(true);
    // Silent for the takeover's time: the newer connection takes over, as a tracker whose old
    // connection died without a close (same address or not).
    clock += TAKEOVER_SILENCE_MS;
    const second = await login(imei, '127.0.0.15');
    expect(second.acked).toBe(true);
    expect(await until(() => first.device.closed, Boolean)).toBe(true);
    // The newer one goes on.
    second.device.write(encodeHeartbeat({ acc: true }, 2));
    await second.device.ack(2);
    expect(delta(before)('imeiConflicts')).toBe(1);
    const closes = await sql<{ device_message: string | null }>`select device_message from device_logs
      where dvid = ${dvid} and package = 'event#session#close'`.execute(server.app.database.db);
    expect(closes.rows.map((r) => r.device_message)).toEqual([REPLACED_MESSAGE]);

    const admin = apiClient(server.baseUrl);
    await admin.login('super@demo.jejak.my');
    const list = await until(
      () => admin.post('/device/conflicts/get'),
      (r) => ((r.body.deviceConflicts as unknown[] | undefined) ?? []).length > 0,
    );
    expect(list.status).toBe(200);
    const listed = (list.body.deviceConflicts as { dvid: string }[]).filter((c) => c.dvid === dvid);
    expect(listed).toMatchObject([
      {
        dvid,
        imei,
        protocol: 'gt06',
        takeovers: 1,
        remote: expect.stringMatching(/^127\.0\.0\.15:/) as unknown,
        previousRemote: expect.stringMatching(/^127\.0\.0\.14:/) as unknown,
      },
    ]);
    const owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    expect((await owner.post('/device/conflicts/get')).status).toBe(403);
    second.device.close();
  });
});
