import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_PATHS, NOTIFICATION_TYPES, type LiveNotifyMessage, type Notification } from '@jejak/contract';
import { createScratchPostgres } from '../../../tools/scratch-postgres.ts';
import { startNatsServer, type TestNatsServer } from '../../../tools/testing/nats-server.ts';
import type { Bus } from '../src/bus/bus.ts';
import { createNatsBus } from '../src/bus/nats-bus.ts';
import { loadConfig } from '../src/config/load.ts';
import { seedDemoFleet } from '../src/demo/seed.ts';
import { startNode, type NodeRole, type RunningNode } from '../src/roles/nodes.ts';
import { createUsersRepo } from '../src/storage/repos/accounts/users-repo.ts';
import { apiClient, PG_ADMIN_URL, postgresAvailable } from './harness.ts';
import { openLive } from './live-client.ts';
import {
  confirmAddresses,
  defaultRtid,
  notificationBody,
  storeEvent,
  vehicleOf,
  waitFor,
} from './notifications-fixture.ts';
import { startSmtpSink } from './smtp-sink.ts';

const withPostgres = await postgresAvailable();
type EventItem = LiveNotifyMessage['item'];
/** The gateway's enqueues give up after this: an outage longer than it leaves work to the sweeps. */
const GATEWAY_ENQUEUE_TIMEOUT_MS = 2_000;

/**
 * Notifications scaled out (ADR 0063): two API nodes and a scheduler node in this process, each
 * with a NATS connection of its own to a nats-server of this test's, on one scratch PostgreSQL.
 * The scheduler fans events out and sends; the API nodes hold the service and the consoles.
 */
describe.runIf(withPostgres)('notifications across nodes', () => {
  let nats: TestNatsServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let drop: () => Promise<void>;
  const buses: Bus[] = [];
  const nodes: RunningNode[] = [];
  let apiA: RunningNode;
  let apiB: RunningNode;
  /** Where the pipeline would enqueue from: a gateway node's bus. */
  let gateway: Bus;
  let schedulerBus: Bus;
  const schedulerErrors: string[] = [];
  let ownerUid: string;
  let rtid: string;
  let vehicle: Awaited<ReturnType<typeof vehicleOf>>;
  const db = () => apiA.database.db;
  let eventTime = Date.UTC(2026, 10, 26, 4, 0, 0);

  beforeAll(async () => {
    nats = await startNatsServer();
    sink = await startSmtpSink();
    const scratch = await createScratchPostgres(PG_ADMIN_URL, 'jejak_notify_nodes');
    drop = scratch.drop;
    const config = loadConfig({
      DATABASE_URL: scratch.url,
      NATS_URL: nats.url,
      JEJAK_HTTP_PORT: '0',
      JEJAK_LOG_LEVEL: 'silent',
      JEJAK_WEB_DIST: '/nonexistent',
      JEJAK_MAP_STYLE_URL: 'offline',
      JEJAK_DEMO: 'false',
      JEJAK_SMTP_HOST: '127.0.0.1',
      JEJAK_SMTP_PORT: String(sink.port),
    });
    const prefix = `t${randomUUID().slice(0, 8)}`;
    const bus = async (name: string, enqueueTimeoutMs = 30_000, errors: string[] = []) => {
      const b = await createNatsBus({
        url: nats.url,
        name,
        prefix,
        reconnectWaitMs: 100,
        enqueueTimeoutMs,
        onError: (err, context) => errors.push(`${context}: ${err instanceof Error ? err.message : String(err)}`),
      });
      buses.push(b);
      return b;
    };
    const start = async (role: NodeRole, b: Bus) => {
      const node = await startNode(role, config, { bus: b });
      nodes.push(node);
      return node;
    };
    apiA = await start('api', await bus('api-a'));
    await seedDemoFleet(db(), createUsersRepo(db()), 'demo1234', Date.now());
    apiB = await start('api', await bus('api-b'));
    schedulerBus = await bus('scheduler', 30_000, schedulerErrors);
    await start('scheduler', schedulerBus);
    gateway = await bus('gateway', GATEWAY_ENQUEUE_TIMEOUT_MS);
    ownerUid = (await apiClient(apiA.httpUrl).login('owner@demo.jejak.my')).uid;
    rtid = await defaultRtid(apiA, ownerUid);
    vehicle = await vehicleOf(apiA, ownerUid);
    await confirmAddresses(apiA, ownerUid, ['before@example.my', 'after@example.my', 'outage@example.my']);
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes.reverse()) await node.stop();
    await Promise.allSettled(buses.map((b) => b.close()));
    await nats?.stop();
    await sink?.close();
    await drop?.();
  });

  const signedIn = async (node: RunningNode) => {
    const client = apiClient(node.httpUrl);
    await client.login('owner@demo.jejak.my');
    return client;
  };
  async function addNotification(client: ReturnType<typeof apiClient>, ruid: string, over: Record<string, unknown>) {
    const r = await client.post(
      NOTIFICATION_PATHS.notificationAdd,
      notificationBody(ownerUid, rtid, { rules: { [rtid]: { [ruid]: { c: 0, v: 1 } } }, ...over }),
    );
    expect(r.status).toBe(200);
    return r.body.notification as Notification;
  }
  /** Stores an event and enqueues its fan-out from the gateway's bus, as the pipeline does. */
  async function raise(ruid: string): Promise<{ item: EventItem; enqueued: Promise<'accepted' | 'rejected'> }> {
    // Each at its own device time: the store keeps one event per vehicle, rule and time.
    eventTime += 1_000;
    const item = await storeEvent(apiA, vehicle, { rtid, ruid, eventCreatedAt: eventTime }, Date.now());
    const enqueued = gateway.enqueue('event.notify', { dvid: item.dvid, items: [item] }).then(
      () => 'accepted' as const,
      () => 'rejected' as const,
    );
    return { item, enqueued };
  }
  /** The attempts logged for these events of this notification. */
  const logsOf = (nfid: string, evids: readonly string[]) =>
    db()
      .selectFrom('notification_logs')
      .select(['evid', 'gen_status', 'status_code', 'status_message'])
      .where('nfid', '=', nfid)
      .where('evid', 'in', evids)
      .execute();
  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.includes(address)).length;

  it('an edit on one api node reaches the scheduler’s notifier: the next event uses it', async () => {
    const a = await signedIn(apiA);
    const before = 'before@example.my';
    const after = 'after@example.my';
    const n = await addNotification(a, 'builtin.overspeed', {
      recipient: [{ name: 'Aisyah', email: before, isKeypadAuthorized: false }],
    });
    const first = await raise('builtin.overspeed');
    await waitFor(
      () => logsOf(n.nfid, [first.item.evid]),
      (rows) => rows.length === 1,
    );
    expect(mailsTo(before)).toBe(1);
    // The scheduler's notifier now holds the notification; the edit goes through api node A.
    const changed = new Promise<void>((resolve) => {
      const stop = schedulerBus.subscribe('notifications.changed', ({ nfids }) => {
        if (!nfids.includes(n.nfid)) return;
        stop();
        resolve();
      });
    });
    const r = await a.post(NOTIFICATION_PATHS.notificationUpdate, {
      notification: { ...n, recipient: [{ name: 'Aisyah', email: after, isKeypadAuthorized: false }] },
    });
    expect(r.status).toBe(200);
    await changed;
    const second = await raise('builtin.overspeed');
    const rows = await waitFor(
      () => logsOf(n.nfid, [second.item.evid]),
      (found) => found.length === 1,
    );
    expect(rows[0]?.gen_status).toBe('SENT');
    expect(mailsTo(after)).toBe(1);
    expect(mailsTo(before)).toBe(1);
  });

  it('a PUSH sent by the scheduler reaches a console open on api node B (200), and 404 with none open', async () => {
    const b = await signedIn(apiB);
    const n = await addNotification(b, 'builtin.jamming', {
      serviceType: NOTIFICATION_TYPES.PUSH,
      recipient: [{ uid: ownerUid, name: '' }],
    });
    const live = await openLive(apiB.httpUrl, b.cookie);
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [], uid: ownerUid } }));
    await live.until((m) => m.mode === 'subscribed');
    const sentAt = Date.now();
    const { item } = await raise('builtin.jamming');
    await live.until((m) => m.mode === 'notify' && m.item.evid === item.evid);
    console.log(`push from the scheduler node on a console of api node B after ${Date.now() - sentAt} ms`);
    const [log] = await waitFor(
      () => logsOf(n.nfid, [item.evid]),
      (rows) => rows.length === 1,
    );
    expect(log).toMatchObject({
      gen_status: 'SENT',
      status_code: 200,
      status_message: 'Delivered to 1 open console(s)',
    });
    live.ws.close();
    await live.closed;
    const { item: unseen } = await raise('builtin.jamming');
    const [missed] = await waitFor(
      () => logsOf(n.nfid, [unseen.evid]),
      (rows) => rows.length === 1,
    );
    expect(missed).toMatchObject({ gen_status: 'FAILED', status_code: 404, status_message: 'No open console' });
  });

  it(
    'events committed while NATS is down are each notified once: e-mails and call chains',
    { timeout: 120_000 },
    async () => {
      const a = await signedIn(apiA);
      const mail = 'outage@example.my';
      const email = await addNotification(a, 'builtin.sos', {
        recipient: [{ name: 'Aisyah', email: mail, isKeypadAuthorized: false }],
      });
      const call = await addNotification(a, 'builtin.sos', {
        serviceType: NOTIFICATION_TYPES.CALL,
        recipient: [{ name: 'Badrul', contact: '+60123000002', isKeypadAuthorized: true }],
      });
      const raised: { item: EventItem; enqueued: Promise<'accepted' | 'rejected'> }[] = [];
      const stoppedAt = Date.now();
      let upAt = 0;
      await nats.restart(async () => {
        // Enqueued early: the gateway gives up before NATS returns; the notifier's sweep finds them.
        const early = [await raise('builtin.sos'), await raise('builtin.sos')];
        raised.push(...early);
        expect(await Promise.all(early.map((r) => r.enqueued))).toEqual(['rejected', 'rejected']);
        // Enqueued late: still waiting for NATS when it returns, then accepted.
        raised.push(await raise('builtin.sos'), await raise('builtin.sos'));
        upAt = Date.now();
      });
      expect(await Promise.all(raised.slice(2).map((r) => r.enqueued))).toEqual(['accepted', 'accepted']);
      const evids = raised.map((r) => r.item.evid);
      const logs = await waitFor(
        () => logsOf(email.nfid, evids),
        (rows) => rows.length >= evids.length,
        60_000,
      );
      const chains = await waitFor(
        () =>
          db()
            .selectFrom('escalation_states as s')
            .innerJoin('escalation_call_records as c', 'c.ecid', 's.ecid')
            .select(['s.evid', 'c.step', 'c.round', 'c.created_at'])
            .where('s.evid', 'in', evids)
            .where('s.nfid', '=', call.nfid)
            .where('c.step', '=', 0)
            .execute(),
        (rows) => rows.length >= evids.length,
        60_000,
      );
      const doneAt = Date.now();
      const states = await db()
        .selectFrom('escalation_states')
        .select('evid')
        .where('evid', 'in', evids)
        .where('nfid', '=', call.nfid)
        .execute();
      expect(logs.map((l) => l.evid).sort()).toEqual([...evids].sort());
      expect(logs.every((l) => l.gen_status === 'SENT')).toBe(true);
      expect(mailsTo(mail)).toBe(evids.length);
      expect(states.map((s) => s.evid).sort()).toEqual([...evids].sort());
      expect(chains.map((c) => c.evid).sort()).toEqual([...evids].sort());
      console.log(
        `NATS down ${((upAt - stoppedAt) / 1000).toFixed(1)} s; every event mailed and its chain rung ` +
          `${((doneAt - stoppedAt) / 1000).toFixed(1)} s after the stop ` +
          `(${((doneAt - upAt) / 1000).toFixed(1)} s after NATS returned); first rings at +` +
          chains
            .map((c) => ((Number(c.created_at) - stoppedAt) / 1000).toFixed(1))
            .sort()
            .join(' s, +') +
          ' s',
      );
      expect(schedulerErrors.some((e) => e.includes('NATS connection lost'))).toBe(true);
    },
  );
});
