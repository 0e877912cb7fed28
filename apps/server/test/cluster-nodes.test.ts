import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dvidOf } from '@jejak/contract';
import { startJejak, type RunningJejak } from '../src/app.ts';
import { createInProcessBus } from '../src/bus/bus.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { DEMO_MODEL } from '../src/demo/seed.ts';
import { createNodeIdentity } from '../src/roles/shared.ts';
import { disconnectOrphans, liveNodes, orphanedRecomputes } from '../src/storage/ingest/cluster-nodes.ts';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { gt06Track } from './device-client.ts';
import { postgresAvailable, PG_ADMIN_URL, registerDevice, testConfig } from './harness.ts';
import { udpTracker } from './udp-tracker.ts';

const withPostgres = await postgresAvailable();
const MIN = 60_000;

/**
 * Two gateway nodes in this process on one PostgreSQL database, each with a bus of its own: a
 * claim by one never reaches the other, as when a `device.claimed` message is lost (NATS
 * broadcasts are at most once). What keeps them apart is then the epoch in the store alone.
 */
describe.runIf(withPostgres)('two nodes that do not hear of each other (ADR 0062)', () => {
  let drop: () => Promise<void> = async () => {};
  const nodes: RunningJejak[] = [];
  /** Node A's clock: moved on by the sweep test. */
  let offsetMs = 0;
  beforeAll(async () => {
    const scratch = await createScratchPostgres(PG_ADMIN_URL, 'jejak_cluster_nodes');
    drop = scratch.drop;
    const config = testConfig({
      DATABASE_URL: scratch.url,
      // Scaled out: the bus is given below, so no NATS server is reached.
      NATS_URL: 'nats://127.0.0.1:1',
      JEJAK_TRANSIT_DISCONNECT_AFTER_MS: String(10 * MIN),
    });
    for (const [i, now] of [() => Date.now() + offsetMs, () => Date.now()].entries()) {
      const bus = createInProcessBus(() => undefined);
      const node = createNodeIdentity(`gateway-${'AB'[i]}`);
      nodes.push(await startJejak(config, { bus, node, now }));
    }
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await n.stop().catch(() => undefined);
    await drop();
  });
  const db = () => nodes[0]!.database.db;
  const owner = async (dvid: string) =>
    (
      await sql<{ node: string; epoch: number }>`select node, epoch from device_owners where dvid = ${dvid}`.execute(
        db(),
      )
    ).rows[0];

  it('every node is in cluster_nodes while it runs', async () => {
    const live = await liveNodes(db(), 15_000);
    expect(live.map((n) => n.role).sort()).toEqual(['gateway-A', 'gateway-B']);
  });

  it('a UDP device that moves node is fenced: the old node’s commit is refused, then it claims again', async () => {
    const [a, b] = nodes as [RunningJejak, RunningJejak];
    const port = (n: RunningJejak) => n.gatewayPorts['teltonika/udp'] ?? 0;
    const imei = '352093081239001';
    const dvid = await registerDevice(a, 'TEL100', imei);
    const toA = await udpTracker(port(a), imei);
    const toB = await udpTracker(port(b), imei);
    const t = Date.now() - 10 * MIN;
    toA.send(1, t);
    expect(await toA.ack(1)).toBe(true);
    expect((await owner(dvid))?.epoch).toBe(1);
    // The tracker's datagrams now reach B (a new address, or DNS): B claims on its first one.
    toB.send(2, t + 1000);
    expect(await toB.ack(2)).toBe(true);
    expect((await owner(dvid))?.epoch).toBe(2);
    // A never heard of it: it still holds epoch 1, so its commit is refused and not acknowledged.
    toA.send(3, t + 2000);
    expect(await toA.ack(3, 3000)).toBe(false);
    // The refusal told A it lost the device: the resend claims it again, once.
    toA.send(3, t + 2000);
    expect(await toA.ack(3)).toBe(true);
    toA.send(4, t + 3000);
    expect(await toA.ack(4)).toBe(true);
    expect((await owner(dvid))?.epoch).toBe(3);
    const rows = await sql<{ device_time: number; n: number }>`
      select device_time, count(*)::int as n from device_logs where dvid = ${dvid} and package like 'gps#%'
      group by device_time order by device_time`.execute(db());
    expect(rows.rows.map((r) => [r.device_time - t, r.n])).toEqual([
      [0, 1],
      [1000, 1],
      [2000, 1],
      [3000, 1],
    ]);
    toA.close();
    toB.close();
  });

  it('a node’s disconnect sweep never writes a device another node holds; the scheduler’s sweeps the rest', async () => {
    const [a, b] = nodes as [RunningJejak, RunningJejak];
    const imei = demoImei(12);
    const dvid = dvidOf(DEMO_MODEL, imei);
    const t0 = Math.floor((Date.now() - 30 * MIN) / MIN) * MIN;
    const onA = await gt06Track(a.gatewayPorts.gt06 ?? 0, imei, t0);
    await onA.send(40, true, 0.6);
    // The tracker comes back on B (A's connection is left open: its close, logged after B's claim,
    // would be refused and A would forget the device): B holds it now; A still has its state.
    const onB = await gt06Track(b.gatewayPorts.gt06 ?? 0, imei, t0 + MIN);
    await onB.send(40, true, 0.6);
    const status = async () =>
      (await sql<{ transit_status: string }>`select transit_status from vehicles where dvid = ${dvid}`.execute(db()))
        .rows[0]?.transit_status;
    expect(await status()).toBe('MOVING');
    // A's clock past the disconnect delay: its sweep marks its copy silent, and the store refuses it.
    offsetMs = 11 * MIN;
    expect(await a.pipeline.sweepHeld()).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('MOVING');
    // The scheduler's store-wide sweep leaves a device a live node holds alone...
    const cutoff = Date.now() + MIN;
    expect((await disconnectOrphans(db(), cutoff, 15_000)).map((c) => c.device.dvid)).not.toContain(dvid);
    expect(await status()).toBe('MOVING');
    onA.device.close();
    onB.device.close();
    // ... and marks it once that node is gone (stopped: it left cluster_nodes).
    await b.stop();
    nodes.pop();
    expect((await liveNodes(db(), 15_000)).map((n) => n.role)).toEqual(['gateway-A']);
    expect((await disconnectOrphans(db(), cutoff, 15_000)).map((c) => c.device.dvid)).toContain(dvid);
    expect(await status()).toBe('DISCONNECTED');
  });

  it('a pending recompute of a device no live node holds is found for the scheduler to hand out', async () => {
    const dvid = dvidOf(DEMO_MODEL, demoImei(12));
    await sql`update pipeline_states set late_since = 1 where dvid = ${dvid}`.execute(db());
    // Its owner, B, has left; A's own devices with late data are not orphans.
    expect(await orphanedRecomputes(db(), 15_000)).toEqual([dvid]);
    await sql`update pipeline_states set late_since = null where dvid = ${dvid}`.execute(db());
  });
});
