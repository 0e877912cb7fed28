import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLogin } from '@jejak/protocols';
import { WEBHOOK_PATHS, type Webhook, type WebhookDelivery } from '@jejak/contract';
import { connectDevice } from './device-client.ts';
import { apiClient, dbKinds, startRestartableServer, type RestartableServer } from './harness.ts';
import { storeEvent, vehicleOf, waitFor, type EventItem } from './notifications-fixture.ts';
import { selfSignedCert, startReceiver, type Answer } from './webhook-receiver.ts';

const kinds = await dbKinds();
/** Device times of the events: one vehicle's events never share one. */
let deviceTime = Date.UTC(2026, 10, 26, 4, 30);

describe.each(kinds)('webhooks on %s', (kind) => {
  const tls = selfSignedCert();
  const secrets = new Map<string, string>();
  /** What the receiver answers, by path: a list of codes taken in turn, the last one kept. */
  const script = new Map<string, number[]>();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: RestartableServer;
  let owner: ReturnType<typeof apiClient>;
  let ownerUid: string;
  const env = () => ({
    JEJAK_WEBHOOK_ALLOW_PRIVATE: 'true',
    JEJAK_WEBHOOK_CA_FILE: tls.caFile,
    JEJAK_WEBHOOK_RETRY_BASE_MS: '50',
    JEJAK_WEBHOOK_PAUSE_AFTER: '5',
    // A send cut by the restart holds its claim for this plus 10 s.
    JEJAK_WEBHOOK_TIMEOUT_MS: '1000',
    JEJAK_NOTIFY_POLL_MS: '100',
    JEJAK_NOTIFY_RECOVER_AFTER_MS: '1000',
  });

  beforeAll(async () => {
    receiver = await startReceiver(
      tls,
      (path) => secrets.get(path) ?? '',
      (path, seen): Answer => {
        const codes = script.get(path) ?? [200];
        return codes[Math.min(seen, codes.length - 1)] ?? 200;
      },
    );
    server = await startRestartableServer(kind, env());
    owner = apiClient(server.baseUrl);
    ownerUid = (await owner.login('owner@demo.jejak.my')).uid;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
    tls.dispose();
  });

  async function subscribe(path: string, hookKinds: string[]): Promise<Webhook> {
    const r = await owner.post(WEBHOOK_PATHS.webhookAdd, {
      url: `https://localhost:${receiver.port}${path}`,
      kinds: hookKinds,
    });
    expect(r.status).toBe(200);
    secrets.set(path, r.body.secret as string);
    return r.body.webhook as Webhook;
  }
  const log = async (whid: string) =>
    (await owner.post(WEBHOOK_PATHS.webhookDeliveries, { whid })).body.deliveries as WebhookDelivery[];
  /** Stores events as the pipeline does and hands them to the notifier's work queue. */
  async function raise(items: EventItem[]): Promise<void> {
    const first = items[0];
    if (first) await server.app.bus.enqueue('event.notify', { dvid: first.dvid, items });
  }
  /** A webhook of SOS events at `path`, answered `code`, and an SOS raised for it. */
  async function sosTo(path: string, code: number) {
    const hook = await subscribe(path, ['sos']);
    script.set(path, [code]);
    const vehicle = await vehicleOf(server.app, ownerUid);
    const sos = await storeEvent(
      server.app,
      vehicle,
      { rtid: null, ruid: null, eventCreatedAt: (deviceTime += 1_000) },
      Date.now(),
    );
    await raise([sos]);
    return { hook, sos };
  }
  const okBodies = (path: string) =>
    receiver.received
      .filter((r) => r.path === path && r.answered === 200)
      .map((r) => JSON.parse(r.body) as { id: string; kind: string; event: { evid: string } });

  it('shows the secret once, retries with backoff, keeps one vehicle in order and signs every body', async () => {
    const hook = await subscribe('/order', ['sos', 'rule.violated']);
    const listed = (await owner.post(WEBHOOK_PATHS.webhookGet, {})).body.webhooks as Record<string, unknown>[];
    expect(listed.map((w) => w.whid)).toContain(hook.whid);
    expect(JSON.stringify(listed)).not.toContain(secrets.get('/order'));
    script.set('/order', [503, 503, 503, 200]);
    const vehicle = await vehicleOf(server.app, ownerUid);
    const store = (fields: Partial<EventItem>) =>
      storeEvent(
        server.app,
        vehicle,
        { rtid: null, ruid: null, eventCreatedAt: (deviceTime += 1_000), ...fields },
        Date.now(),
      );
    const sos = await store({});
    const violated = await store({ alarm: null, eventName: 'Speeding', eventType: 'WARNING' });
    const complied = await store({ alarm: null, eventResult: 0, eventName: 'Speed OK', eventType: 'INFO' });
    await raise([sos, violated, complied]);

    await waitFor(
      async () => okBodies('/order').length,
      (n) => n === 2,
    );
    const seen = receiver.received.filter((r) => r.path === '/order');
    // The SOS was tried four times before the violation went: one vehicle, in order.
    expect(seen.map((r) => [(JSON.parse(r.body) as { event: { evid: string } }).event.evid, r.answered])).toEqual([
      [sos.evid, 503],
      [sos.evid, 503],
      [sos.evid, 503],
      [sos.evid, 200],
      [violated.evid, 200],
    ]);
    expect(seen.every((r) => r.verified)).toBe(true);
    expect(okBodies('/order').map((b) => b.kind)).toEqual(['sos', 'rule.violated']);
    expect(seen[0]?.headers['x-jejak-delivery']).toBe(okBodies('/order')[0]?.id);
    expect(seen[0]?.headers['x-jejak-event']).toBe('sos');

    const entries = await waitFor(
      () => log(hook.whid),
      (l) => l.every((d) => d.status === 'SENT'),
    );
    expect(entries.map((d) => [d.evid, d.status, d.attempt, d.responseCode])).toEqual([
      [violated.evid, 'SENT', 1, 200],
      [sos.evid, 'SENT', 4, 200],
    ]);
    expect(entries.every((d) => d.latencyMs !== null)).toBe(true);
  }, 60_000);

  it('pauses an endpoint after failures in a row and sends its queue on resume', async () => {
    const { hook, sos } = await sosTo('/down', 500);
    const paused = await waitFor(
      async () =>
        ((await owner.post(WEBHOOK_PATHS.webhookGet, {})).body.webhooks as Webhook[]).find((w) => w.whid === hook.whid),
      (w) => w?.pausedAt !== null,
    );
    expect(paused?.failures).toBe(5);
    const [pending] = await log(hook.whid);
    expect(pending).toMatchObject({ status: 'PENDING', attempt: 5, responseCode: 500, error: 'HTTP 500' });

    script.set('/down', [200]);
    receiver.received.splice(0);
    expect((await owner.post(WEBHOOK_PATHS.webhookResume, { whid: hook.whid })).status).toBe(200);
    await waitFor(
      () => log(hook.whid),
      (l) => l[0]?.status === 'SENT',
    );
    expect(okBodies('/down').map((b) => b.event.evid)).toEqual([sos.evid]);
  }, 60_000);

  it('keeps queued deliveries across a restart and sends them after it', async () => {
    const { hook, sos } = await sosTo('/restart', 503);
    await waitFor(
      () => log(hook.whid),
      (l) => (l[0]?.attempt ?? 0) >= 1,
    );

    await server.restart(env());
    script.set('/restart', [200]);
    owner = apiClient(server.baseUrl);
    await owner.login('owner@demo.jejak.my');
    await waitFor(
      () => log(hook.whid),
      (l) => l[0]?.status === 'SENT',
      40_000,
    );
    expect(okBodies('/restart').map((b) => b.event.evid)).toEqual([sos.evid]);
  }, 90_000);

  it('sends a tracker online and offline and a resolved ticket as signals, in order per vehicle', async () => {
    const hook = await subscribe('/signals', ['tracker.online', 'tracker.offline', 'ticket.resolved']);
    const db = server.app.database.db;
    const vehicle = await db
      .selectFrom('vehicles')
      .select(['vid', 'dvid', 'vehicle_display_name', 'vehicle_plate'])
      .where('uid', '=', ownerUid)
      .where('dvid', 'like', 'GPS100#%')
      .orderBy('vehicle_plate')
      .executeTakeFirstOrThrow();
    // A GT06 tracker signs in (online) and its connection closes (offline), over real TCP.
    const device = await connectDevice(server.gt06Port);
    device.write(encodeLogin(vehicle.dvid.slice('GPS100#'.length), 1));
    await device.ack(1);
    device.close();
    await waitFor(
      async () => okBodies('/signals').length,
      (n) => n === 2,
    );
    // A ticket of the vehicle is resolved through the API.
    const sos = await storeEvent(
      server.app,
      vehicle,
      { rtid: null, ruid: null, eventCreatedAt: (deviceTime += 1_000) },
      Date.now(),
    );
    const ticketId = randomUUID();
    await db
      .insertInto('tickets')
      .values({
        ticket_id: ticketId,
        vid: vehicle.vid,
        evid: sos.evid,
        created_at: Date.now(),
        kind: 'SOS',
        latest_at: Date.now(),
      })
      .execute();
    const resolved = await owner.post('/ticket/acknowledge', {
      ticketStates: [{ ticketId, vid: vehicle.vid }],
      remark: 'Driver called back',
      uid: ownerUid,
    });
    expect(resolved.status).toBe(200);
    await waitFor(
      async () => okBodies('/signals').length,
      (n) => n === 3,
    );
    const seen = receiver.received.filter((r) => r.path === '/signals');
    expect(seen.every((r) => r.verified)).toBe(true);
    const bodies = seen.map(
      (r) => JSON.parse(r.body) as { kind: string; event?: unknown; signal: Record<string, unknown> },
    );
    expect(bodies.map((b) => b.kind)).toEqual(['tracker.online', 'tracker.offline', 'ticket.resolved']);
    expect(seen.map((r) => r.headers['x-jejak-event'])).toEqual([
      'tracker.online',
      'tracker.offline',
      'ticket.resolved',
    ]);
    expect(bodies.every((b) => b.event === undefined && b.signal.vid === vehicle.vid)).toBe(true);
    expect(bodies[0]?.signal).toMatchObject({ dvid: vehicle.dvid, vehiclePlate: vehicle.vehicle_plate });
    expect(bodies[1]?.signal).toMatchObject({ dvid: vehicle.dvid, reason: 'closed' });
    expect(bodies[2]?.signal).toMatchObject({ ticketId, ticketKind: 'SOS', remark: 'Driver called back' });
    const entries = await waitFor(
      () => log(hook.whid),
      (l) => l.length === 3 && l.every((d) => d.status === 'SENT'),
    );
    expect(entries.map((d) => [d.kind, d.evid, d.vid])).toEqual([
      ['ticket.resolved', null, vehicle.vid],
      ['tracker.offline', null, vehicle.vid],
      ['tracker.online', null, vehicle.vid],
    ]);
    // Signals are taken once: none is left waiting.
    expect(await db.selectFrom('webhook_signals').select('seq').execute()).toEqual([]);
  }, 60_000);

  it('refuses an address that is not https:// and a webhook of another user', async () => {
    const bad = await owner.post(WEBHOOK_PATHS.webhookAdd, { url: 'ftp://hooks.example.com', kinds: ['sos'] });
    expect(bad.status).toBe(400);
    const hook = await subscribe('/mine', ['sos']);
    const other = apiClient(server.baseUrl);
    await other.login('owner2@demo.jejak.my');
    expect((await other.post(WEBHOOK_PATHS.webhookDeliveries, { whid: hook.whid })).status).toBe(404);
  });
});
