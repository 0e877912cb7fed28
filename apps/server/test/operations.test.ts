import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLogin } from '@jejak/protocols';
import { startJejak } from '../src/app.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { createInProcessBus } from '../src/bus/bus.ts';
import { createReadiness } from '../src/ops/readiness.ts';
import { openPGlite } from '../src/storage/db/database.ts';
import { connectDevice, gt06Track } from './device-client.ts';
import { openLive } from './live-client.ts';
import { apiClient, dbKinds, startTestServer, testConfig, type TestServer } from './harness.ts';

const kinds = await dbKinds();
const TOKEN = 'a-metrics-token-of-some-length';

/** A sample's value in Prometheus text: `name{labels}` exactly as the server writes it, 0 if absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** This machine's first non-loopback IPv4 address: a connection to it is not a loopback one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

describe.each(kinds)('metrics, health and readiness on %s', (kind) => {
  let server: TestServer;
  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts a tracker, a refused IMEI, an API call and a live socket as they happen', async () => {
    const before = await scrape();
    const client = apiClient(server.baseUrl);
    const me = await client.login('owner@demo.jejak.my');
    const live = await openLive(server.baseUrl, client.cookie);
    // Answered once the hub holds the socket (its session read).
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [], uid: me.uid } }));
    await live.until((m) => m.mode === 'subscribed');
    const track = await gt06Track(server.gt06Port, demoImei(3), Date.UTC(2026, 10, 1, 2));
    for (const km of [0.5, 0.5, 0.5]) await track.send(40, true, km);
    // The tracker's connection, before another comes and goes.
    const connected = await scrape();
    expect(sample(connected, 'jejak_gateway_open_connections{protocol="gt06",transport="tcp"}')).toBe(1);
    expect(sample(connected, 'jejak_gateway_connections')).toBe(1);
    const stranger = await connectDevice(server.gt06Port);
    stranger.write(encodeLogin('861234567890123', 1));
    await stranger.closedPromise;
    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);

    expect(moved('jejak_positions_stored_total')).toBe(3);
    // The login's and the three fixes' replies.
    expect(moved('jejak_gateway_acknowledgements_total')).toBe(4);
    expect(moved('jejak_gateway_unknown_devices_total')).toBe(1);
    expect(moved('jejak_store_commit_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(moved('jejak_store_batch_rows_sum')).toBeGreaterThanOrEqual(4);
    expect(sample(after, 'jejak_live_sockets')).toBe(1);
    expect(
      moved('jejak_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status_code="200"}'),
    ).toBe(1);
    expect(sample(after, 'jejak_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('# TYPE jejak_nodejs_eventloop_lag_seconds gauge');
    expect(after).toContain('# TYPE jejak_notifications_total counter');
    expect(after).toContain('jejak_pipeline_queue{stage="open_batch_rows"}');
    // The Grafana dashboard asks for series the server has.
    const dashboard = readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8');
    const asked = [...new Set(dashboard.match(/jejak_[a-z0-9_]+/g))];
    expect(asked.length).toBeGreaterThan(10);
    // A sample of it, or (a labelled family nothing happened to yet) its type.
    const declared = (name: string) => new RegExp(`^(# TYPE )?${name}[ {]`, 'm').test(after);
    expect(asked.filter((name) => !declared(name))).toEqual([]);
    // Every series is Jejak's.
    const names = after.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(names.filter((l) => !l.startsWith('jejak_'))).toEqual([]);

    live.ws.close();
    track.device.close();
    await track.device.closedPromise;
  });

  it('answers /metrics on loopback only, not a request a proxy forwarded', async () => {
    const forwarded = await fetch(`${server.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(await scrape()).toContain('jejak_positions_stored_total');
  });

  it('is alive, and ready only while every migration is applied', async () => {
    const alive = await fetch(`${server.baseUrl}/healthz`);
    expect([alive.status, await alive.json()]).toEqual([200, { status: 'alive' }]);
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ready', ready: true, checks: { database: 'ok', migrations: 'ok' } },
    ]);
    const { db } = server.app.database;
    const last = await sql<{ name: string; applied_at: number }>`
      select name, applied_at from schema_migrations order by name desc limit 1`.execute(db);
    const row = last.rows[0];
    if (!row) throw new Error('no migration applied');
    await sql`delete from schema_migrations where name = ${row.name}`.execute(db);
    const behind = await fetch(`${server.baseUrl}/readyz`);
    const body = (await behind.json()) as { checks: Record<string, string> };
    expect([behind.status, body.checks.migrations]).toEqual([503, `1 not applied (${row.name}…)`]);
    await sql`insert into schema_migrations (name, applied_at) values (${row.name}, ${row.applied_at})`.execute(db);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  });
});

describe('the access log', () => {
  it('writes one line per request, with its route and latency and without secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString()
            .split('\n')
            .filter((l) => l !== ''),
        );
        done();
      },
    });
    const app = await startJejak(testConfig({ JEJAK_DEMO: 'false' }), { inMemoryDb: true, log: pino(stream) });
    try {
      const res = await fetch(`${app.httpUrl}/api/version?token=secret-in-query`, {
        headers: { cookie: 'session=secret-cookie', authorization: 'Bearer secret-header' },
      });
      expect(res.status).toBe(200);
      await fetch(`${app.httpUrl}/readyz`);
    } finally {
      await app.stop();
    }
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    // /readyz, polled every few seconds, is logged at debug only.
    expect(requests).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        path: '/api/version',
        route: '/api/version',
        statusCode: 200,
        responseTimeMs: expect.any(Number) as number,
        reqId: expect.any(String) as string,
      }),
    ]);
    expect(lines.join('\n')).not.toMatch(/secret-(in-query|cookie|header)/);
  });
});

describe('with JEJAK_METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_METRICS_TOKEN: TOKEN, JEJAK_HTTP_HOST: '0.0.0.0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers only the Bearer token, from any address', async () => {
    const port = new URL(server.baseUrl).port;
    const hosts = ['127.0.0.1', ...(outsideAddress ? [outsideAddress] : [])];
    for (const host of hosts) {
      const url = `http://${host}:${port}/metrics`;
      const none = await fetch(url);
      expect([none.status, none.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      const ok = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('jejak_positions_stored_total');
    }
  });
});

describe.runIf(outsideAddress)('without JEJAK_METRICS_TOKEN, from another address', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_HTTP_HOST: '0.0.0.0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses /metrics, and still answers /healthz', async () => {
    const port = new URL(server.baseUrl).port;
    expect((await fetch(`http://${outsideAddress}:${port}/metrics`)).status).toBe(403);
    expect((await fetch(`http://${outsideAddress}:${port}/healthz`)).status).toBe(200);
  });
});

describe('readiness outside a server', () => {
  it('is not ready on a closed database, nor with NATS configured and not connected', async () => {
    const database = await openPGlite(null, { sharedBuffersMb: 8 });
    const bus = createInProcessBus(() => undefined);
    const readiness = createReadiness({ db: database.db, bus, nats: true });
    await sql`create table schema_migrations (name text primary key, applied_at bigint not null)`.execute(database.db);
    expect((await readiness()).checks).toMatchObject({ database: 'ok', bus: 'ok' });
    await bus.close();
    expect((await readiness()).checks.bus).toBe('NATS is not connected');
    await database.close();
    const report = await readiness();
    expect(report.ready).toBe(false);
    expect(report.checks.database).not.toBe('ok');
  });
});
