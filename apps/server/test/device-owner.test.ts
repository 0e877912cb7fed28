import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dvidOf } from '@jejak/contract';
import { destinationPoint } from '@jejak/domain';
import { createGt06Client, type DeviceFix, type TrackerClient } from '@jejak/simulator';
import { startNatsServer } from '../../../tools/testing/nats-server.ts';
import { exited, waitFor } from '../../../tools/server-process.ts';
import { createInProcessBus } from '../src/bus/bus.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { createDeviceOwners } from '../src/gateway/device-owner.ts';
import { DEMO_MODEL, seedDemoFleet } from '../src/demo/seed.ts';
import { sessionLogRow } from '../src/pipeline/rows.ts';
import { createIngestStore } from '../src/storage/ingest/ingest-store.ts';
import { createOwnerStore } from '../src/storage/ingest/owner-store.ts';
import { StaleOwnerError } from '../src/storage/ingest/rows.ts';
import { createRecomputeStore } from '../src/storage/ingest/recompute-store.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';
import { postgresAvailable, startTestServer, type TestServer } from './harness.ts';
import { processBed, startNode, stored, type Node } from './owner-fixture.ts';

const withPostgres = await postgresAvailable();

const STEP_MS = 30_000;
/** Parked 5 min, a 15 min drive, parked 10 min, another 15 min drive, parked 10 min. */
const FIXES = 110;
const driving = (i: number) => (i >= 10 && i < 40) || (i >= 60 && i < 90);
/** The tracker moves to the other node in the middle of the first drive. */
const MOVE_AT = 25;
/** The second device's tracker streams to node A until it is killed. */
const KILL_AFTER_ACKS = 35;

/** The same track every run: fix `i` of a vehicle that drives east at 40 km/h when driving. */
function track(t0: number): DeviceFix[] {
  let at = { lat: 3.1, lon: 101.6 };
  return Array.from({ length: FIXES }, (_, i) => {
    if (driving(i) && driving(i - 1)) at = destinationPoint(at, 90, (40 * STEP_MS) / 3_600_000);
    return {
      timeMs: t0 + i * STEP_MS,
      ...at,
      speedKmh: driving(i) && driving(i - 1) ? 40 : 0,
      course: 90,
      acc: driving(i),
      satellites: 10,
    };
  });
}

interface TrackerOptions {
  /** Its backup server. */
  fallback?: number;
  /** Collects the wall-clock time of each ack. */
  acks?: number[];
  /** One fix every so many ms; as fast as acks come (four packets in flight) when absent. */
  everyMs?: number;
}

/** A GT06 tracker sending `fixes`. */
function tracker(imei: string, fixes: DeviceFix[], port: number, opts: TrackerOptions = {}): TrackerClient {
  const { fallback, acks, everyMs } = opts;
  let i = 0;
  return createGt06Client({
    onAck: (e) => acks?.push(e.ackedAtMs),
    host: '127.0.0.1',
    port,
    ...(fallback ? { fallbacks: [{ host: '127.0.0.1', port: fallback }] } : {}),
    imei,
    nextFix: () => {
      const fix = fixes[i++];
      if (!fix) throw new Error('no fix left');
      return fix;
    },
    maxFixes: fixes.length,
    ...(everyMs ? { fixEveryMs: everyMs } : { fixEveryMs: 0, window: 4 }),
    heartbeatEveryMs: 0,
    // Back soon after a kill; a connection closed by a takeover does not come back in the test.
    reconnectMinMs: fallback ? 200 : 600_000,
    reconnectMaxMs: fallback ? 400 : 600_000,
  });
}

describe('one owner per device across gateway nodes (ADR 0061)', () => {
  const bed = processBed();
  const { children, cleanups, open } = bed;
  afterAll(() => bed.teardown());

  const stop = async (...nodes: Node[]) => {
    for (const n of nodes) n.child.kill('SIGTERM');
    return Promise.all(nodes.map((n) => exited(n.child)));
  };

  it.runIf(withPostgres)(
    'a tracker that moves node mid-trip, or whose node is killed, leaves the same records as one node',
    { timeout: 300_000 },
    async () => {
      const nats = await startNatsServer();
      cleanups.push(() => nats.stop());
      const t0 = Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000;
      const [moving, killed, stolen] = [demoImei(13), demoImei(14), demoImei(15)];
      const fixes = track(t0);

      // Two gateway nodes on one database; the nodes start first, so they migrate it.
      const scaled = await open('jejak_owner');
      const env = { DATABASE_URL: scaled.url, NATS_URL: nats.url, JEJAK_RECOMPUTE_DELAY_MS: '300' };
      const a = await startNode(env);
      const b = await startNode(env);
      children.push(a.child, b.child);
      await seedDemoFleet(scaled.db, createUsersRepo(scaled.db), 'demo1234', Date.now());

      // The first device: the first half of its drive to node A, the rest to node B.
      const [firstAcks, secondAcks, thirdAcks] = [[], [], []] as [number[], number[], number[]];
      const first = tracker(moving, fixes.slice(0, MOVE_AT), a.gt06, { acks: firstAcks });
      first.start();
      await waitFor(() => first.stats().acked === MOVE_AT, 30_000, 'the first half acknowledged by A');
      const movedAtMs = Date.now();
      const second = tracker(moving, fixes.slice(MOVE_AT), b.gt06, { acks: secondAcks });
      second.start();
      // B's claim reaches A through NATS: A closes its connection of the device.
      await waitFor(() => first.stats().reconnects === 1, 30_000, 'node A to close the replaced connection');
      const closedAfterMs = Date.now() - movedAtMs;
      await first.stop();
      await waitFor(() => second.stats().acked === FIXES - MOVE_AT, 60_000, 'the rest acknowledged by B');

      // The second device: streams to A, a fix every 20 ms, with B as its backup server. A clone
      // logs in to B mid-stream: B's claim fences A's commits under way (not acknowledged), A
      // closes the tracker's connection, and the tracker resends them to B, which drops the clone.
      const fourth = tracker(stolen, fixes, a.gt06, { fallback: b.gt06, everyMs: 20 });
      fourth.start();
      await waitFor(() => fourth.stats().acked >= KILL_AFTER_ACKS, 30_000, 'fixes acknowledged by A');
      const clone = tracker(stolen, [], b.gt06);
      clone.start();
      await waitFor(() => fourth.stats().acked === FIXES, 60_000, 'the rest acknowledged by B after the clone');
      expect(fourth.server.port).toBe(b.gt06);
      await waitFor(() => clone.stats().reconnects === 1, 30_000, 'B to close the clone for the tracker');
      await Promise.all([fourth.stop(), clone.stop()]);

      // The third device: streams to A with B as its backup server; A is killed mid-stream.
      const third = tracker(killed, fixes, a.gt06, { fallback: b.gt06, acks: thirdAcks });
      third.start();
      await waitFor(() => third.stats().acked >= KILL_AFTER_ACKS, 30_000, 'fixes acknowledged by A');
      const ackedBeforeKill = third.stats().acked;
      a.child.kill('SIGKILL');
      const killedAtMs = Date.now();
      await waitFor(() => third.stats().acked === FIXES, 60_000, 'the rest acknowledged by B after the kill');
      const doneS = (Date.now() - killedAtMs) / 1000;
      // The tracker's silence: from its last ack before the kill to its first one from B.
      const killGapS =
        ((thirdAcks.find((t) => t >= killedAtMs) ?? NaN) - (thirdAcks[ackedBeforeKill - 1] ?? NaN)) / 1000;
      const moveGapS = ((secondAcks[0] ?? NaN) - (firstAcks.at(-1) ?? NaN)) / 1000;
      await third.stop();
      // Fixes resent from memory are recomputed after JEJAK_RECOMPUTE_DELAY_MS: B's stop runs it.
      await waitFor(
        async () =>
          (await sql`select 1 from pipeline_states where late_since is not null`.execute(scaled.db)).rows.length === 0,
        30_000,
        'the late data recomputed',
      );
      expect(await stop(b)).toEqual([0]);

      // The same track of each device sent to one node, on a database of its own.
      const single = await open('jejak_owner_single');
      const one = await startNode({ DATABASE_URL: single.url, NATS_URL: nats.url });
      children.push(one.child);
      await seedDemoFleet(single.db, createUsersRepo(single.db), 'demo1234', Date.now());
      for (const imei of [moving, killed, stolen]) {
        const c = tracker(imei, fixes, one.gt06);
        c.start();
        await waitFor(() => c.stats().acked === FIXES, 60_000, 'the track acknowledged by the single node');
        await c.stop();
      }
      expect(await stop(one)).toEqual([0]);

      for (const [imei, label] of [
        [moving, 'moved'],
        [killed, 'killed'],
        [stolen, 'taken over'],
      ] as const) {
        const [many, alone] = [await stored(scaled.db, imei), await stored(single.db, imei)];
        const sent = {
          moved: first.stats().sent + second.stats().sent,
          killed: third.stats().sent,
          'taken over': fourth.stats().sent,
        }[label];
        console.log(
          `device ${label}: fixes ${FIXES}, sent ${sent} (resends included), acked ${FIXES}, stored ${many.times} ` +
            `(duplicated ${many.duplicated}), trips ${many.trips.length} (single node ${alone.trips.length}), ` +
            `transit records ${many.transits.length} (single node ${alone.transits.length})`,
        );
        // Every acknowledged fix is stored exactly once.
        expect(many.times).toBe(FIXES);
        expect(many.duplicated).toBe(0);
        expect(many.vehicleLogs).toEqual(alone.vehicleLogs);
        expect(many.vehicleLogs?.n).toBe(many.vehicleLogs?.times);
        expect(alone.times).toBe(FIXES);
        // The records are those of the same track sent to one node.
        expect(many.trips.length).toBeGreaterThanOrEqual(2);
        expect(many.trips).toEqual(alone.trips);
        expect(many.transits).toEqual(alone.transits);
      }
      console.log(
        `moved: A closed its connection ${(closedAfterMs / 1000).toFixed(2)} s after B's tracker started, ` +
          `gap between A's last ack and B's first ${moveGapS.toFixed(2)} s; killed: ${ackedBeforeKill} fixes acked ` +
          `by A, gap to B's first ack ${killGapS.toFixed(2)} s, all ${FIXES} acked ${doneS.toFixed(2)} s after the kill -9`,
      );
    },
  );
});

describe.runIf(withPostgres)('device owners in the store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(async () => {
    await server?.stop();
  });

  const DVID = dvidOf(DEMO_MODEL, demoImei(7));
  // Any of the device's rows is fenced the same: a session row is the shortest to make.
  const row = (atMs: number) => sessionLogRow(DVID, 'event#session#close', atMs, null);

  it('a claim moves the epoch on, the other node lets go, and its commits are refused', async () => {
    const db = server.app.database.db;
    const store = createIngestStore(db);
    // One bus between the two "nodes", as NATS is between processes.
    const bus = createInProcessBus((err) => {
      throw err;
    });
    const seen: string[] = [];
    const node = (name: string) =>
      createDeviceOwners({
        store: createOwnerStore(db),
        bus,
        node: name,
        release: (dvid) => {
          seen.push(`${name} forgets ${dvid}`);
          return Promise.resolve();
        },
        evict: (dvid, by) => seen.push(`${name} closes ${dvid} for ${by}`),
        onError: (err) => {
          throw err;
        },
      });
    const [a, b] = [node('A'), node('B')];
    const write = (epoch: number | undefined, deviceTime: number) =>
      store.write({ logs: [row(deviceTime)], devices: [], vehicles: [], owners: [{ dvid: DVID, epoch: epoch ?? -1 }] });
    const t = Date.UTC(2026, 10, 1);

    expect(await a.claim(DVID)).toBe(1);
    await write(a.epochOf(DVID), t);
    expect(await b.claim(DVID)).toBe(2);
    expect(seen.splice(0)).toEqual([
      `A forgets ${DVID}`,
      `B forgets ${DVID}`,
      `A closes ${DVID} for node B`,
      `A forgets ${DVID}`,
    ]);
    // A still holds epoch 1: its commit after B's claim is refused whole, and stores nothing.
    await expect(write(a.epochOf(DVID), t + 1000)).rejects.toBeInstanceOf(StaleOwnerError);
    expect(await store.countLogs(DVID)).toBe(1);
    await write(b.epochOf(DVID), t + 1000);
    expect(await store.countLogs(DVID)).toBe(2);
    // A takes it back: B held it in between, so A forgets what it remembered before reading on.
    expect(await a.claim(DVID)).toBe(3);
    expect(seen.splice(0)).toEqual([`A forgets ${DVID}`, `B closes ${DVID} for node A`, `B forgets ${DVID}`]);
    // A second connection on the node that owns it moves the epoch on without forgetting.
    expect(await a.claim(DVID)).toBe(4);
    expect(seen).toEqual([]);
    a.stop();
    b.stop();
  });

  it("a recompute's window written after another node's claim is refused whole, like a batch", async () => {
    const db = server.app.database.db;
    const recompute = createRecomputeStore(db);
    const { vid } = await db.selectFrom('vehicles').select('vid').where('dvid', '=', DVID).executeTakeFirstOrThrow();
    const bus = createInProcessBus((err) => {
      throw err;
    });
    const node = (name: string) =>
      createDeviceOwners({
        store: createOwnerStore(db),
        bus,
        node: name,
        release: () => Promise.resolve(),
        evict: () => undefined,
        onError: (err) => {
          throw err;
        },
      });
    const [a, b] = [node('A'), node('B')];
    const window = (epoch: number | undefined, mileageKm: number) =>
      recompute.replace({
        vid,
        fromMs: Date.UTC(2026, 10, 3),
        transits: [],
        trips: [],
        vehicleLogs: [],
        mileageKm,
        geofenceRecords: null,
        owner: { dvid: DVID, epoch: epoch ?? -1 },
      });
    const mileage = async () =>
      (await db.selectFrom('vehicles').select('mileage_km').where('vid', '=', vid).executeTakeFirstOrThrow())
        .mileage_km;
    await a.claim(DVID);
    await window(a.epochOf(DVID), 111);
    expect(await mileage()).toBe(111);
    // B claims while A's replay runs: A's window is refused and writes nothing.
    await b.claim(DVID);
    await expect(window(a.epochOf(DVID), 222)).rejects.toBeInstanceOf(StaleOwnerError);
    expect(await mileage()).toBe(111);
    await window(b.epochOf(DVID), 333);
    expect(await mileage()).toBe(333);
    a.stop();
    b.stop();
  });
});
