import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dvidOf, type LiveServerMessage } from '@jejak/contract';
import { encodeLogin, osmandRequest } from '@jejak/protocols';
import { schedulerLeads, startCluster, type Cluster } from '../../../tools/testing/cluster.ts';
import { waitFor } from '../../../tools/server-process.ts';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { DEMO_MODEL } from '../src/demo/seed.ts';
import { openPostgres, type Db } from '../src/storage/db/database.ts';
import { drive, DRIVE_FIXES, driveTracker, requestFrom, storedDrive } from './cluster-clients.ts';
import { connectDevice, gt06Track } from './device-client.ts';
import { caller, chainOf, seedChain, until } from './escalation-fixture.ts';
import { apiClient, postgresAvailable, PG_ADMIN_URL } from './harness.ts';
import { openLive } from './live-client.ts';

const withPostgres = await postgresAvailable();
/**
 * The issue asks for updates again within 5 s of losing an API node: the figures are printed
 * (docs/deploy.md records them). Waits have generous limits, since the 2-core machine is
 * shared; they fail only what never recovers.
 */
const RECOVERY_LIMIT_MS = 30_000;
/** How often the test's tracker reports (a tracker's rhythm, not a wait). */
const REPORT_EVERY_MS = 200;

const imei = demoImei(13); // owner2's
const devId = `dev#${dvidOf(DEMO_MODEL, imei)}`;

/**
 * A GT06 tracker through HAProxy reporting every REPORT_EVERY_MS, one minute of device time
 * apart: `acked` holds the device times the gateway acknowledged (each after its commit).
 */
async function streamingTracker(port: number, hoursAgo: number) {
  // GT06 carries whole seconds: a whole minute keeps the stored times equal to the sent ones.
  const t0 = Math.floor((Date.now() - hoursAgo * 3_600_000) / 60_000) * 60_000;
  const track = await gt06Track(port, imei, t0);
  const acked: number[] = [];
  let sent = 0;
  let stopped = false;
  let failure: Error | null = null;
  const loop = (async () => {
    while (!stopped) {
      sent++;
      try {
        await track.send(30 + (sent % 20), true, 0.5);
        acked.push(track.now());
      } catch (err) {
        failure = err instanceof Error ? err : new Error(String(err));
        return;
      }
      await new Promise((r) => setTimeout(r, REPORT_EVERY_MS));
    }
  })();
  return {
    t0,
    acked,
    lastAcked: () => acked.at(-1) ?? t0,
    get sent() {
      return sent;
    },
    async stop() {
      stopped = true;
      await loop;
      track.device.close();
      if (failure) throw failure;
    },
  };
}

/** A console's live socket through HAProxy watching owner2's tracker; `node` is the api node serving it. */
async function watch(cluster: Cluster, cookie: string, uid: string) {
  const live = await openLive(cluster.url, cookie);
  live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid, ids: [devId] } }));
  await live.until((m) => m.mode === 'subscribed' && m.item.ids.includes(devId), 15_000);
  return live;
}

/** A pushed position of the tracker newer than device time `afterMs`. */
const newerThan =
  (afterMs: number) =>
  (m: LiveServerMessage): boolean =>
    m.mode === 'dev' && m.id === devId && (m.item.deviceTime ?? 0) > afterMs;

describe.runIf(withPostgres)('a cluster behind HAProxy when a node or NATS fails', () => {
  let cluster: Cluster;
  let db: Db;
  let closeDb: () => Promise<void>;
  let owner2: ReturnType<typeof apiClient>;
  let uid = '';

  // Seven processes start on a shared 2-core machine: the limit only catches a hang.
  beforeAll(async () => {
    cluster = await startCluster({
      adminUrl: PG_ADMIN_URL,
      gateways: 2,
      apis: 2,
      schedulers: 2,
      env: {
        JEJAK_NOTIFY_PROVIDER: 'local',
        JEJAK_NOTIFY_LOCAL_DELAY_MS: '1500',
        JEJAK_NOTIFY_LOCAL_ANSWERS: '+60123000001=no-answer,+60123000002=no-answer,+60123000003=press:1',
        JEJAK_ESCALATION_SWEEP_MS: '200',
        JEJAK_ESCALATION_RING_SECONDS: '1',
        JEJAK_ESCALATION_OUTCOME_MARGIN_SECONDS: '1',
        // Small per-address limits, so that a test sees which address they count.
        JEJAK_GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '3',
        JEJAK_LOGIN_MAX_PER_MINUTE: '3',
        // Fixes a tracker resends after a node's loss are recomputed soon.
        JEJAK_RECOMPUTE_DELAY_MS: '300',
      },
    });
    const handle = await openPostgres(cluster.databaseUrl, 2, () => undefined);
    db = handle.db;
    closeDb = () => handle.close();
    owner2 = apiClient(cluster.url);
    uid = (await owner2.login('owner2@demo.jejak.my')).uid;
  }, 300_000);
  afterAll(async () => {
    await closeDb?.();
    await cluster?.stop();
  });

  it(
    'a socket on one api node loses a vehicle when access changes through the other',
    { timeout: 60_000 },
    async () => {
      const [api1, api2] = [cluster.node('api-1'), cluster.node('api-2')];
      const operator = apiClient(`http://127.0.0.1:${api1.httpPort}`);
      const opMe = await operator.login('operator@demo.jejak.my');
      const vehicleId = `dev#${dvidOf(DEMO_MODEL, demoImei(0))}`; // in the operator's vehicle group
      const live = await openLive(`http://127.0.0.1:${api1.httpPort}`, operator.cookie);
      live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { uid: opMe.uid, ids: [vehicleId] } }));
      await live.until((m) => m.mode === 'subscribed' && m.item.ids.includes(vehicleId), 15_000);

      // The owner takes the group away through the other api node.
      const owner = apiClient(`http://127.0.0.1:${api2.httpPort}`);
      const ownerMe = await owner.login('owner@demo.jejak.my');
      const relation = (vgids: string[]) => ({
        srcUser: { uid: ownerMe.uid, userRole: ownerMe.userRole },
        destUser: { uid: opMe.uid, userRole: opMe.userRole },
        ids: { vgids, gtids: [], rtids: [] },
      });
      const linked = await db.selectFrom('user_vehicle_groups').select('vgid').where('uid', '=', opMe.uid).execute();
      const changedAt = Date.now();
      expect((await owner.post('/userrelation/update', relation([]))).status).toBe(200);
      // api-1 hears access.changed through NATS and narrows the socket: the console is told what it keeps.
      await live.until((m) => m.mode === 'subscribed' && m.item.ids.length === 0, RECOVERY_LIMIT_MS);
      console.log(`access changed on api-2: the socket on api-1 lost the vehicle ${Date.now() - changedAt} ms later`);
      live.ws.close(1000);
      expect((await owner.post('/userrelation/add', relation(linked.map((l) => l.vgid)))).status).toBe(200);
    },
  );

  it('the gateways see each tracker at its own address through HAProxy (PROXY protocol v2)', async () => {
    /** A GT06 login from `from` through HAProxy: acknowledged, or closed unanswered. */
    const loginFrom = async (from: string, imei: string) => {
      const device = await connectDevice(cluster.gt06Port, from);
      device.write(encodeLogin(imei, 1));
      const outcome = await device.ack(1, 15_000).then(
        () => 'acked' as const,
        () => 'closed' as const,
      );
      return { device, outcome };
    };
    // Three connections per address and node: seven from one address over two nodes cannot all
    // be let in, while the next address still gets in. Seen as HAProxy's address, it would not.
    // Demo GT06 trackers (vehicle 6 carries a Teltonika fuel tracker).
    const crowd = await Promise.all([0, 1, 2, 3, 4, 5, 7].map((i) => loginFrom('127.0.0.7', demoImei(i))));
    const other = await loginFrom('127.0.0.8', demoImei(9));
    const acked = crowd.filter((c) => c.outcome === 'acked').length;
    console.log(`7 trackers from 127.0.0.7 through HAProxy: ${acked} let in; one from 127.0.0.8: ${other.outcome}`);
    expect(acked).toBeLessThanOrEqual(6);
    expect(acked).toBeGreaterThan(0);
    expect(other.outcome).toBe('acked');
    for (const c of [...crowd, other]) c.device.close();

    // An unknown tracker (TCP) and an unknown phone app (OsmAnd's HTTP) are recorded at their own address.
    const stranger = '359710049999990';
    expect((await loginFrom('127.0.0.9', stranger)).outcome).toBe('closed');
    const { uri } = osmandRequest({
      id: '60199990001',
      timeMs: Date.now(),
      lat: 3.1,
      lon: 101.6,
      speedKmh: 0,
      course: 0,
    });
    const app = await requestFrom(`http://127.0.0.1:${cluster.osmandPort}${uri}`, '127.0.0.10', { method: 'POST' });
    expect(app.status).toBe(404);
    const remotes = await sql<{ imei: string; remote: string }>`
      select imei, remote from unknown_devices where imei in (${stranger}, '60199990001') order by imei`.execute(db);
    expect(remotes.rows.map((r) => r.remote.split(':')[0])).toEqual(['127.0.0.9', '127.0.0.10']);
  });

  it('the sign-in limit of one address behind HAProxy leaves another address alone', async () => {
    const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
      requestFrom(`${cluster.url}/api/auth/login`, from, {
        method: 'POST',
        body: { email: 'owner@demo.jejak.my', password },
        headers,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn('127.0.0.7', 'not-the-password')).status);
    // JEJAK_LOGIN_MAX_PER_MINUTE is 3 per e-mail and address.
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // Another address gets in, even when it names the first in its own X-Forwarded-For: HAProxy
    // appends the address it saw, and the API trusts only what HAProxy (JEJAK_TRUSTED_PROXIES) says.
    expect((await signIn('127.0.0.8', 'demo1234', { 'x-forwarded-for': '127.0.0.7' })).status).toBe(200);
    expect((await signIn('127.0.0.7', 'demo1234')).status).toBe(429);
  });

  it('a console socket whose api node is killed gets updates again on a new socket', { timeout: 120_000 }, async () => {
    const tracker = await streamingTracker(cluster.gt06Port, 24);
    const live = await watch(cluster, owner2.cookie ?? '', uid);
    await live.until(newerThan(0), 15_000);
    const node = live.servedBy;
    expect(node).toMatch(/^api-[12]$/);

    const killedAt = Date.now();
    await cluster.kill(node);
    expect(await live.closed).not.toBe(1000);
    // The console reopens its socket (after 3 s; here at once) and HAProxy sends it to the other node.
    const sinceKill = tracker.lastAcked();
    const again = await watch(cluster, owner2.cookie ?? '', uid);
    expect(again.servedBy).not.toBe(node);
    await again.until(newerThan(sinceKill), RECOVERY_LIMIT_MS);
    const gapMs = Date.now() - killedAt;
    console.log(`api node killed: first update on the new socket ${gapMs} ms after the kill (console adds its 3 s)`);
    again.ws.close(1000);
    await tracker.stop();
  });

  it(
    'the other scheduler takes over a chain under way when the leader is killed, ringing nobody twice',
    { timeout: 120_000 },
    async () => {
      expect(await schedulerLeads(cluster.databaseUrl)).toBe(true);
      const { ecid } = await seedChain(db, {
        recipients: [
          caller('Aminah', '+60123000001'),
          caller('Badrul', '+60123000002'),
          caller('Chong', '+60123000003'),
        ],
      });
      // The leader (scheduler-1, started first) is ringing the first recipient.
      await until(
        () => chainOf(db, ecid),
        (c) => c.records.length >= 1,
      );
      const killedAt = Date.now();
      await cluster.kill('scheduler-1');
      await waitFor(() => schedulerLeads(cluster.databaseUrl), RECOVERY_LIMIT_MS, 'scheduler-2 to lead');
      const takeoverMs = Date.now() - killedAt;
      const done = await until(
        () => chainOf(db, ecid),
        (c) => c.state.status !== 0,
        60_000,
      );
      console.log(
        `scheduler leader killed: scheduler-2 led after ${takeoverMs} ms; chain ended ${Date.now() - killedAt} ms after the kill`,
        done.records.map((r) => `${r.contact_name}:${r.status}:${r.detail}`),
      );
      expect(done.state.status).toBe(1);
      expect(done.records.map((r) => [r.round, r.step, r.contact_name])).toEqual([
        [0, 0, 'Aminah'],
        [0, 1, 'Badrul'],
        [0, 2, 'Chong'],
      ]);
      expect(done.records.at(-1)?.detail).toBe('key 1');
    },
  );

  it(
    'stores every acknowledged fix exactly once across a NATS restart, and live updates resume',
    { timeout: 120_000 },
    async () => {
      const tracker = await streamingTracker(cluster.gt06Port, 12);
      const live = await watch(cluster, owner2.cookie ?? '', uid);
      await live.until(newerThan(0), 15_000);
      const before = tracker.acked.length;
      const restartedAt = Date.now();
      await cluster.restartNats();
      const restartMs = Date.now() - restartedAt;
      // The api nodes stay up, so the console's socket stays open: updates reach it again once
      // the gateway and api nodes have reconnected to NATS.
      await live.until(newerThan(tracker.lastAcked()), RECOVERY_LIMIT_MS);
      const gapMs = Date.now() - restartedAt;
      await waitFor(() => tracker.acked.length > before + 10, 30_000, 'fixes to be acknowledged after the restart');
      live.ws.close(1000);
      await tracker.stop();

      const stored = await storedFixes(cluster.databaseUrl, dvidOf(DEMO_MODEL, imei), tracker.t0);
      const acked = new Set(tracker.acked);
      console.log(
        `NATS restarted in ${restartMs} ms: fixes sent ${tracker.sent}, acked ${acked.size}, stored ${stored.length} ` +
          `(${stored.length - new Set(stored).size} duplicates, ${[...acked].filter((t) => !stored.includes(t)).length} lost); ` +
          `live update on the open socket ${gapMs} ms after the restart began`,
      );
      expect(new Set(stored).size).toBe(stored.length);
      expect([...acked].filter((t) => !stored.includes(t))).toEqual([]);
    },
  );

  it(
    'a gateway node killed under streaming trackers: HAProxy moves them, every acknowledged fix is stored once, trips stay true',
    { timeout: 180_000 },
    async () => {
      const t0 = Math.floor((Date.now() - 6 * 3_600_000) / 60_000) * 60_000;
      const fixes = drive(t0);
      const [control, ...streaming] = [demoImei(19), demoImei(16), demoImei(17), demoImei(18)] as [string, ...string[]];
      // The drive through HAProxy with nothing failing: the records every other device must match.
      const reference = driveTracker(control, fixes, cluster.gt06Port, 10);
      reference.client.start();
      await waitFor(() => reference.client.stats().acked === DRIVE_FIXES, 60_000, 'the reference drive acknowledged');
      await reference.client.stop();

      // Three trackers over two nodes (leastconn): each node holds one or two when gateway-1 dies.
      const trackers = streaming.map((imei) => ({ imei, ...driveTracker(imei, fixes, cluster.gt06Port, 50) }));
      for (const t of trackers) t.client.start();
      await waitFor(() => trackers.every((t) => t.client.stats().acked >= 35), 60_000, 'fixes acknowledged');
      const killedAt = Date.now();
      await cluster.kill('gateway-1');
      await waitFor(
        () => trackers.every((t) => t.client.stats().acked === DRIVE_FIXES),
        RECOVERY_LIMIT_MS * 2,
        'every fix acknowledged after the kill',
      );
      const doneS = (Date.now() - killedAt) / 1000;
      await Promise.all(trackers.map((t) => t.client.stop()));
      const dvids = [control, ...streaming].map((imei) => dvidOf(DEMO_MODEL, imei));
      // Fixes resent after the kill came late: wait for their recompute (JEJAK_RECOMPUTE_DELAY_MS).
      await waitFor(
        async () =>
          (
            await db
              .selectFrom('pipeline_states')
              .select('dvid')
              .where('dvid', 'in', dvids)
              .where('late_since', 'is not', null)
              .execute()
          ).length === 0,
        RECOVERY_LIMIT_MS,
        'the late fixes recomputed',
      );

      const expected = await storedDrive(db, control);
      const moved = trackers.filter((t) => t.client.stats().reconnects > 0);
      for (const t of trackers) {
        const got = await storedDrive(db, t.imei);
        const before = t.acks.filter((at) => at < killedAt);
        const gapS = ((t.acks.find((at) => at >= killedAt) ?? NaN) - (before.at(-1) ?? NaN)) / 1000;
        console.log(
          `gateway-1 killed: tracker ${t.imei} ${t.client.stats().reconnects > 0 ? 'moved' : 'stayed'}, ` +
            `sent ${t.client.stats().sent} (resends included), acked ${t.acks.length} (${before.length} before the kill), ` +
            `stored ${got.times} (duplicated ${got.duplicated}), gap ${gapS.toFixed(2)} s, ` +
            `trips ${got.trips.length} (reference ${expected.trips.length}), transits ${got.transits.length} (reference ${expected.transits.length})`,
        );
        expect(got.times).toBe(DRIVE_FIXES);
        expect(got.duplicated).toBe(0);
        expect(got.vehicleLogs).toEqual(expected.vehicleLogs);
        expect(got.trips).toEqual(expected.trips);
        expect(got.transits).toEqual(expected.transits);
      }
      console.log(
        `gateway-1 killed: ${moved.length} of ${trackers.length} trackers moved; all fixes acked ${doneS.toFixed(2)} s after the kill -9`,
      );
      expect(expected.trips.length).toBeGreaterThanOrEqual(2);
      expect(expected.vehicleLogs?.n).toBe(expected.vehicleLogs?.times);
      expect(moved.length).toBeGreaterThan(0);
    },
  );
});

/** Device times of the tracker's live fixes from `sinceMs` on in the store, once per row. */
async function storedFixes(databaseUrl: string, dvid: string, sinceMs: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ t: string }>(
      `select device_time::text as t from device_logs where dvid = $1 and package = 'gps#latest' and device_time >= $2`,
      [dvid, sinceMs],
    );
    return r.rows.map((row) => Number(row.t));
  } finally {
    await client.end();
  }
}
