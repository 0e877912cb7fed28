import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dvidOf } from '@jejak/contract';
import { destinationPoint, type GeoPoint } from '@jejak/domain';
import { startNatsServer } from '../../../tools/testing/nats-server.ts';
import {
  exited,
  freePort,
  serverAnswers,
  serverEnv,
  startServerProcess,
  waitFor,
} from '../../../tools/server-process.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { DEMO_MODEL, seedDemoFleet } from '../src/demo/seed.ts';
import type { Db } from '../src/storage/db/database.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';
import { gt06Track } from './device-client.ts';
import { postgresAvailable } from './harness.ts';
import { processBed, startNode, stored } from './owner-fixture.ts';

const withPostgres = await postgresAvailable();
const MIN = 60_000;
const DEAD_AFTER_MS = 2_000;

/** Parked 10 min live, then a live fix at 31' and, from memory, the drive and parking between. */
async function sendTrack(port: number, imei: string, t0: number): Promise<void> {
  const tracker = await gt06Track(port, imei, t0);
  for (let i = 0; i < 10; i++) await tracker.send(0, false);
  let at: GeoPoint = tracker.here();
  const memory: { timeMs: number; at: GeoPoint; speedKmh: number; acc: boolean }[] = [];
  for (let m = 11; m <= 20; m++) {
    at = destinationPoint(at, 90, 1);
    memory.push({ timeMs: t0 + m * MIN, at, speedKmh: 60, acc: true });
  }
  for (let m = 21; m <= 30; m++) memory.push({ timeMs: t0 + m * MIN, at, speedKmh: 0, acc: false });
  await tracker.sendAt({ timeMs: t0 + 31 * MIN, at, speedKmh: 0, acc: false });
  for (const fix of memory) await tracker.sendAt({ ...fix, reupload: true });
  tracker.device.close();
}

const pending = async (db: Db, dvid: string) =>
  (await sql<{ late_since: number | null }>`select late_since from pipeline_states where dvid = ${dvid}`.execute(db))
    .rows[0]?.late_since ?? null;
const nodeRows = async (db: Db) =>
  (
    await sql<{ node: string; role: string; alive: boolean }>`
      select node, role, seen_at > now() - make_interval(secs => ${DEAD_AFTER_MS / 1000}) as alive
      from cluster_nodes order by node`.execute(db)
  ).rows;

describe.runIf(withPostgres)('a node killed with a recompute pending (ADR 0062)', () => {
  const bed = processBed();
  const { children, cleanups, open } = bed;
  afterAll(() => bed.teardown());

  it(
    'heartbeats come and go; the scheduler hands the dead node’s recompute to the other gateway',
    { timeout: 300_000 },
    async () => {
      const nats = await startNatsServer();
      cleanups.push(() => nats.stop());
      const scaled = await open('jejak_orphan');
      const env = {
        DATABASE_URL: scaled.url,
        NATS_URL: nats.url,
        JEJAK_NODE_DEAD_AFTER_MS: String(DEAD_AFTER_MS),
        // Long enough that node A is killed before its recompute runs.
        JEJAK_RECOMPUTE_DELAY_MS: '4000',
      };
      const [a, b] = [await startNode(env), await startNode(env)];
      const schedulerHttp = await freePort();
      const scheduler = startServerProcess({ ...serverEnv(schedulerHttp), ...env }, { role: 'scheduler' });
      children.push(a.child, b.child, scheduler);
      await waitFor(() => serverAnswers(schedulerHttp), 90_000, 'the scheduler node to start');
      await seedDemoFleet(scaled.db, createUsersRepo(scaled.db), 'demo1234', Date.now());
      const rows = await nodeRows(scaled.db);
      expect(rows.map((r) => r.role).sort()).toEqual(['gateway', 'gateway', 'scheduler']);
      const nameOf = (child: ChildProcess) => rows.find((r) => r.node.includes(`/${child.pid}/`))?.node;
      expect(nameOf(a.child)).toMatch(/^gateway\//);

      const imei = demoImei(9); // a GT06 tracker of the owner's (vehicles 6, 8, 10 and 11 are Teltonika)
      const dvid = dvidOf(DEMO_MODEL, imei);
      const t0 = Math.floor((Date.now() - 4 * 3_600_000) / MIN) * MIN;
      await sendTrack(a.gt06, imei, t0);
      a.child.kill('SIGKILL');
      const killedAt = Date.now();
      // Acknowledged, so stored with its mark: the recompute is pending, and A is gone.
      expect(await pending(scaled.db, dvid)).not.toBeNull();
      await waitFor(
        async () => (await nodeRows(scaled.db)).some((r) => r.node === nameOf(a.child) && !r.alive),
        30_000,
        'node A to be seen dead',
      );
      const deadAfterS = (Date.now() - killedAt) / 1000;
      await waitFor(async () => (await pending(scaled.db, dvid)) === null, 60_000, 'the recompute done by B');
      const doneAfterS = (Date.now() - killedAt) / 1000;
      const owner = await sql<{ node: string }>`select node from device_owners where dvid = ${dvid}`.execute(scaled.db);
      expect(owner.rows[0]?.node).toBe(nameOf(b.child));

      // A clean stop leaves cluster_nodes at once; the killed node's row stays, seen dead.
      for (const c of [b.child, scheduler]) c.kill('SIGTERM');
      expect(await Promise.all([exited(b.child), exited(scheduler)])).toEqual([0, 0]);
      expect((await nodeRows(scaled.db)).map((r) => [r.node, r.alive])).toEqual([[nameOf(a.child), false]]);

      // The same track sent to one node, which runs the recompute itself.
      const single = await open('jejak_orphan_single');
      const one = await startNode({ DATABASE_URL: single.url, NATS_URL: nats.url, JEJAK_RECOMPUTE_DELAY_MS: '300' });
      children.push(one.child);
      await seedDemoFleet(single.db, createUsersRepo(single.db), 'demo1234', Date.now());
      await sendTrack(one.gt06, imei, t0);
      await waitFor(async () => (await pending(single.db, dvid)) === null, 60_000, 'the single node’s recompute');
      one.child.kill('SIGTERM');
      expect(await exited(one.child)).toBe(0);

      const [many, alone] = [await stored(scaled.db, imei), await stored(single.db, imei)];
      console.log(
        `killed with a recompute pending: A seen dead ${deadAfterS.toFixed(2)} s after the kill -9 ` +
          `(JEJAK_NODE_DEAD_AFTER_MS ${DEAD_AFTER_MS}), recomputed by B ${doneAfterS.toFixed(2)} s after it ` +
          `(JEJAK_RECOMPUTE_DELAY_MS 4000); trips ${many.trips.length} (single node ${alone.trips.length}), ` +
          `transit records ${many.transits.length} (single node ${alone.transits.length})`,
      );
      expect(many.times).toBe(alone.times);
      expect(many.duplicated).toBe(0);
      expect(many.trips.length).toBeGreaterThanOrEqual(1);
      expect(many.trips).toEqual(alone.trips);
      expect(many.transits).toEqual(alone.transits);
      expect(many.vehicleLogs).toEqual(alone.vehicleLogs);
    },
  );
});
