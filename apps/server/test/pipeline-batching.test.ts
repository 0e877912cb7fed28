import { sql } from 'kysely';
import type { NormalizedMessage } from '@jejak/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Group commit must hold for a single busy device too (a UDP tracker flushing its memory):
 * while one of its messages waits to be committed, the next ones join the open batch instead
 * of waiting for that commit, so a burst lands in a few transactions, not one per message.
 * Rows of one transaction share their xmin.
 */
/** The i-th fix of a vehicle driving north at 30 km/h, one a second from t0. */
const driving = (t0: number, i: number): NormalizedMessage => ({
  kind: 'position',
  deviceTimeMs: t0 + i * 1000,
  valid: true,
  latitude: 3.1 + i * 1e-4,
  longitude: 101.6,
  speedKmh: 30,
  memory: false,
  attributes: {},
});

describe('pipeline batching for one busy device', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_STORE_FLUSH_MS: '20' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('commits a burst of 300 messages in a handful of transactions, each stored once and in order', async () => {
    const dvid = `GPS100#${demoImei(3)}`;
    const t0 = Date.now() - 3_600_000;
    const burst = Array.from({ length: 300 }, (_, i) => server.app.pipeline.submit(dvid, driving(t0, i)));
    await Promise.all(burst);
    const rows = await sql<{ tx: string; n: string }>`
      select xmin::text as tx, count(*)::text as n from device_logs where dvid = ${dvid} group by xmin`.execute(
      server.app.database.db,
    );
    const total = rows.rows.reduce((a, r) => a + Number(r.n), 0);
    expect(total).toBe(300);
    // One commit per message was the bug; a few batches (flush timer, batch size) is right.
    expect(rows.rows.length).toBeLessThanOrEqual(10);
  });
  it('tells the live channel of each commit the state its own rows lead to, never a later fix', async () => {
    const dvid = `GPS100#${demoImei(4)}`;
    const t0 = Date.now() - 1_800_000;
    const published: number[] = [];
    const unsubscribe = server.app.bus.subscribe('fleet.update', ({ device }) => {
      if (device.dvid === dvid && device.deviceTime !== null) published.push(device.deviceTime);
    });
    // Waves a little apart, so a commit ends while the next batch already holds newer fixes.
    const burst: Promise<void>[] = [];
    for (let i = 0; i < 400; i++) {
      if (i % 25 === 0) await new Promise((r) => setTimeout(r, 7));
      burst.push(server.app.pipeline.submit(dvid, driving(t0, i)));
    }
    await Promise.all(burst);
    unsubscribe();
    // The last fix of each transaction: what each commit may show, and nothing beyond it.
    const lasts = await sql<{ t: string }>`
      select max(device_time)::text as t from device_logs where dvid = ${dvid} and device_time >= ${t0}
      group by xmin`.execute(server.app.database.db);
    const commitLasts = new Set(lasts.rows.map((r) => Number(r.t)));
    expect(commitLasts.size).toBeGreaterThan(1);
    expect(published.length).toBeGreaterThan(0);
    for (const t of published) expect(commitLasts.has(t), `published fix ${t - t0} ms`).toBe(true);
  });
});
