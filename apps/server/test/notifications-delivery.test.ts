import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryRepo } from '../src/storage/repos/alerts/delivery-repo.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { openLive } from './live-client.ts';
import { startSmtpSink } from './smtp-sink.ts';
import {
  confirmAddresses,
  defaultRtid,
  ownerSteps,
  queueDelivery,
  storeEvent,
  vehicleOf,
} from './notifications-fixture.ts';

const kinds = await dbKinds();
const BASE_DELAY_MS = 60_000;
const MAX_ATTEMPTS = 3;
const RECOVER_AFTER_MS = 5_000;
/** How often the scheduler looks at the queue (the default). */
const POLL_MS = 1_000;

type Mode = 'pass' | 'drop' | 'reject';

/**
 * An SMTP front that passes to the sink, drops connections (no answer: worth a retry), or
 * refuses the recipient with 550 (a permanent refusal), as the test switches it.
 */
async function startSmtpFront(sinkPort: number) {
  let mode: Mode = 'pass';
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'drop') return void socket.destroy();
    if (mode === 'pass') {
      const up = connect(sinkPort, '127.0.0.1');
      up.on('error', () => socket.destroy());
      socket.pipe(up).pipe(socket);
      return;
    }
    socket.setEncoding('utf8');
    socket.write('220 front.test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let eol: number;
      while ((eol = buffer.indexOf('\r\n')) >= 0) {
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (verb === 'RCPT') socket.write('550 5.1.1 No such mailbox\r\n');
        else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 front.test\r\n' : '250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    set(next: Mode) {
      mode = next;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(kinds)('notification deliveries on %s', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let front: Awaited<ReturnType<typeof startSmtpFront>>;
  let clock = Date.UTC(2026, 10, 26, 6, 0, 0);
  let owner: ReturnType<typeof apiClient>;
  let ownerUid: string;
  let rtid: string;
  let vehicle: Awaited<ReturnType<typeof vehicleOf>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    front = await startSmtpFront(sink.port);
    server = await startTestServer(
      kind,
      {
        JEJAK_SMTP_HOST: '127.0.0.1',
        JEJAK_SMTP_PORT: String(front.port),
        JEJAK_NOTIFY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        JEJAK_NOTIFY_RETRY_BASE_MS: String(BASE_DELAY_MS),
        JEJAK_NOTIFY_RECOVER_AFTER_MS: String(RECOVER_AFTER_MS),
      },
      () => clock,
    );
    owner = apiClient(server.baseUrl);
    ownerUid = (await owner.login('owner@demo.jejak.my')).uid;
    rtid = await defaultRtid(server.app, ownerUid);
    vehicle = await vehicleOf(server.app, ownerUid);
    await confirmAddresses(server.app, ownerUid, ['aisyah@example.my']);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await front?.close();
    await sink?.close();
  });

  const { watching, raise, log, logOf } = ownerSteps(() => ({
    app: server.app,
    owner,
    ownerUid,
    rtid,
    vehicle,
    now: () => clock,
  }));
  const nextAt = async (nfid: string) =>
    Number(
      (
        await server.app.database.db
          .selectFrom('notification_deliveries')
          .select('next_at')
          .where('nfid', '=', nfid)
          .executeTakeFirstOrThrow()
      ).next_at,
    );
  const deliveryStatus = async (nfid: string) =>
    (
      await server.app.database.db
        .selectFrom('notification_deliveries')
        .select(['status', 'attempt', 'next_at'])
        .where('nfid', '=', nfid)
        .executeTakeFirstOrThrow()
    ).status;
  /** Moves the clock and runs the scheduler's due jobs (the retry and recovery sweeps). */
  async function advance(ms: number): Promise<void> {
    clock += ms;
    await server.app.scheduler.runDue();
  }

  it('an event sends its e-mail at once: vehicle, event, local time, address and map link', async () => {
    front.set('pass');
    const n = await watching('builtin.sos', { notificationName: 'SOS e-mel' });
    const event = await raise('builtin.sos');
    const mail = await sink.nextMail();
    expect(mail.to).toEqual(['aisyah@example.my']);
    expect(mail.decoded).toContain(`Subject: [CRITICAL] SOS - ${vehicle.vehicle_plate}`);
    for (const part of [
      `Vehicle: ${vehicle.vehicle_display_name} (${vehicle.vehicle_plate})`,
      'Event: SOS [CRITICAL]',
      'Time: 2026/11/26 12:30:15',
      'Address: near Kuala Lumpur, Kuala Lumpur',
      'Map: https://www.google.com/maps?q=3.1390000,101.6869000',
      '<a href="https://www.google.com/maps?q=3.1390000,101.6869000">',
    ])
      expect(mail.decoded).toContain(part);
    const [entry] = await logOf(n.nfid, 1);
    expect(entry).toMatchObject({
      statusCode: 250,
      genStatus: 'SENT',
      attempt: 1,
      getid: event.evid,
      deviceTime: event.eventCreatedAt,
      serviceType: 0,
      recipient: { name: 'Aisyah', email: 'aisyah@example.my' },
    });
    const stored = await server.app.database.db
      .selectFrom('events')
      .select('notified_at')
      .where('evid', '=', event.evid)
      .executeTakeFirstOrThrow();
    expect(stored.notified_at).toBe(clock);
    expect(await deliveryStatus(n.nfid)).toBe('SENT');
  });

  it('an SMTP server that does not answer: retried with backoff, then FAILED, every attempt logged', async () => {
    front.set('drop');
    const n = await watching('builtin.powerCut');
    await raise('builtin.powerCut', { eventName: 'POWER CUT', alarm: 'powerCut' });
    const first = await logOf(n.nfid, 1);
    expect(first[0]).toMatchObject({ genStatus: 'RETRYING', statusCode: 0, attempt: 1 });
    // Each retry is due its backoff after the attempt before (base, then twice the base), not sooner.
    for (const [attempt, delay] of [
      [1, BASE_DELAY_MS],
      [2, 2 * BASE_DELAY_MS],
    ] as const) {
      const last = (await log(n.nfid))[0];
      expect(await nextAt(n.nfid)).toBe((last?.createdAt ?? 0) + delay);
      await advance(delay - 1);
      expect(await log(n.nfid)).toHaveLength(attempt);
      await advance(POLL_MS);
      await logOf(n.nfid, attempt + 1);
    }
    const items = await log(n.nfid);
    expect(items.map((i) => [i.attempt, i.genStatus, i.statusCode])).toEqual([
      [3, 'FAILED', 0],
      [2, 'RETRYING', 0],
      [1, 'RETRYING', 0],
    ]);
    expect(await deliveryStatus(n.nfid)).toBe('FAILED');
    // Nothing more is tried.
    await advance(10 * BASE_DELAY_MS);
    expect(await log(n.nfid)).toHaveLength(3);
  });

  it('a failed attempt is retried and the e-mail arrives when the server is back', async () => {
    front.set('drop');
    const n = await watching('builtin.towing');
    await raise('builtin.towing', { eventName: 'TOWING', alarm: 'towing' });
    await logOf(n.nfid, 1);
    front.set('pass');
    await advance(BASE_DELAY_MS);
    const mail = await sink.nextMail();
    expect(mail.decoded).toContain('TOWING');
    const items = await logOf(n.nfid, 2);
    expect(items.map((i) => [i.attempt, i.genStatus])).toEqual([
      [2, 'SENT'],
      [1, 'RETRYING'],
    ]);
  });

  it("a permanent refusal (550) fails at once with the server's words", async () => {
    front.set('reject');
    const n = await watching('builtin.accident');
    await raise('builtin.accident', { eventName: 'ACCIDENT', alarm: 'accident' });
    const [entry] = await logOf(n.nfid, 1);
    expect(entry).toMatchObject({ attempt: 1, genStatus: 'FAILED', statusCode: 550 });
    expect(entry?.statusMessage).toContain('No such mailbox');
    // The delivery's own status follows its log entry (a commit later under load).
    await expect.poll(() => deliveryStatus(n.nfid)).toBe('FAILED');
  });

  it("push: reaches the recipient's open console (200); with none open, 404 and no retry", async () => {
    const n = await watching('builtin.jamming', {
      serviceType: 1,
      recipient: [{ uid: ownerUid, name: '' }],
    });
    const live = await openLive(server.baseUrl, owner.cookie);
    // Once the console is known to the hub (it answers a subscription, here to no vehicle: a
    // push is for its user, whatever it watches).
    live.ws.send(JSON.stringify({ action: 'subscribeTo', data: { ids: [], uid: ownerUid } }));
    await live.until((m) => m.mode === 'subscribed');
    const first = await raise('builtin.jamming', { eventName: 'GSM JAMMING', alarm: 'jamming' });
    const message = await live.until((m) => m.mode === 'notify' && m.item.evid === first.evid);
    expect(message).toMatchObject({ id: `dev#${vehicle.dvid}`, item: { vehiclePlate: vehicle.vehicle_plate } });
    expect((await logOf(n.nfid, 1))[0]).toMatchObject({ statusCode: 200, genStatus: 'SENT' });
    live.ws.close();
    await live.closed;
    await raise('builtin.jamming', {
      eventName: 'GSM JAMMING',
      alarm: 'jamming',
      eventCreatedAt: Date.UTC(2026, 10, 26, 5),
    });
    const [latest] = await logOf(n.nfid, 2);
    expect(latest).toMatchObject({
      statusCode: 404,
      statusMessage: 'No open console',
      genStatus: 'FAILED',
      attempt: 1,
    });
  });

  it('an event the notifier never heard of (a crash) is fanned out by the scheduler', async () => {
    front.set('pass');
    const n = await watching('builtin.removing', { notificationName: 'Dicabut' });
    const event = await storeEvent(
      server.app,
      vehicle,
      { rtid, ruid: 'builtin.removing', eventName: 'DEVICE REMOVED' },
      clock,
    );
    await advance(RECOVER_AFTER_MS + 1);
    const mail = await sink.nextMail();
    expect(mail.decoded).toContain('DEVICE REMOVED');
    expect((await logOf(n.nfid, 1))[0]).toMatchObject({ getid: event.evid, genStatus: 'SENT' });
  });

  it('a claimed delivery is not claimed again until its lease runs out', async () => {
    const n = await watching('builtin.vibration');
    const event = await storeEvent(server.app, vehicle, { rtid, ruid: 'builtin.vibration' }, clock);
    const db = server.app.database.db;
    // The row is written by hand, due now.
    const due = { ...n, recipient: [{ name: 'A', email: 'a@example.my', isKeypadAuthorized: false }] };
    await queueDelivery(server.app, { n: due, evid: event.evid, nowMs: clock, nextAt: clock - 1 });
    const repo = createDeliveryRepo(db);
    const at = clock + 1;
    const [a, b] = await Promise.all([repo.claimDue(at, 1_000, 10), repo.claimDue(at, 1_000, 10)]);
    const mine = (rows: { nfid: string }[]) => rows.filter((r) => r.nfid === n.nfid).length;
    expect(mine(a) + mine(b)).toBe(1);
    expect(mine(await repo.claimDue(at + 999, 1_000, 10))).toBe(0);
    expect(mine(await repo.claimDue(at + 1_000, 1_000, 10))).toBe(1);
  });
});
