import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS, NOTIFICATION_PATHS, NOTIFICATION_TEXTS, type Notification } from '@jejak/contract';
import { MESSAGE_TEXT_REFUSED } from '@jejak/domain';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';
import {
  defaultRtid,
  notificationBody,
  ownerSteps,
  queueDelivery,
  storeEvent,
  vehicleOf,
} from './notifications-fixture.ts';

const kinds = await dbKinds();
const DAILY_SMS = 2;
const INSIDE = 'operator@demo.jejak.my';
/** Each stored event its own device time (events are unique per vehicle, time and rule). */
let serial = 0;

/*
 * Mail and messages that cannot be abused (issue 27 item 2, ADR 0083), through the real API,
 * the local SMTP sink and the local SMS provider: names refused with CR/LF, outside recipients
 * confirming by link, the daily quota, the send-time re-check and deleting a notification.
 */
describe.each(kinds)('notification abuse limits on %s', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = Date.UTC(2026, 10, 28, 6, 0, 0);
  let now = clock;
  let owner: ReturnType<typeof apiClient>;
  let ownerUid: string;
  let rtid: string;
  let vehicle: Awaited<ReturnType<typeof vehicleOf>>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      kind,
      {
        JEJAK_SMTP_HOST: '127.0.0.1',
        JEJAK_SMTP_PORT: String(sink.port),
        JEJAK_NOTIFY_DAILY_SMS: String(DAILY_SMS),
        JEJAK_PUBLIC_URL: 'http://jejak.test',
      },
      () => now,
    );
    owner = apiClient(server.baseUrl);
    ownerUid = (await owner.login('owner@demo.jejak.my')).uid;
    rtid = await defaultRtid(server.app, ownerUid);
    vehicle = await vehicleOf(server.app, ownerUid);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const steps = ownerSteps(() => ({ app: server.app, owner, ownerUid, rtid, vehicle, now: () => now }));
  const { watching, logOf } = steps;
  const raise = (ruid: string) => steps.raise(ruid, { eventName: ruid.toUpperCase(), eventCreatedAt: now - ++serial });
  async function listed(nfid: string): Promise<Notification | undefined> {
    const r = await owner.post(NOTIFICATION_PATHS.notificationGet, { nfids: [] });
    return (r.body.notifications as Notification[]).find((n) => n.nfid === nfid);
  }
  /** A delivery of an already fanned-out event, due in a minute: a round the worker has not sent yet. */
  async function queuedRound(n: Notification, ruid: string): Promise<void> {
    const event = await storeEvent(server.app, vehicle, { rtid, ruid, eventCreatedAt: now - ++serial }, now);
    await queueDelivery(server.app, { n, evid: event.evid, nowMs: now, nextAt: now + 60_000 });
  }

  it('refuses CR, LF and control characters in names that go into messages, in one clear text', async () => {
    const refused = [
      notificationBody(ownerUid, rtid, { notificationName: 'Account locked\r\nBcc: all@example.my' }),
      notificationBody(ownerUid, rtid, {
        recipient: [{ name: 'Aisyah\nVisit http://x.example', email: INSIDE, isKeypadAuthorized: false }],
      }),
      notificationBody(ownerUid, rtid, {
        recipient: [{ name: 'Aisyah', email: `${INSIDE}\r\nBcc: x@example.my`, isKeypadAuthorized: false }],
      }),
      notificationBody(ownerUid, rtid, { notificationName: 'Tab\there' }),
    ];
    for (const body of refused) {
      const r = await owner.post(NOTIFICATION_PATHS.notificationAdd, body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MESSAGE_TEXT_REFUSED);
    }
    const template = await owner.post(ALERT_PATHS.ruleTemplateAdd, {
      createdBy: ownerUid,
      ruleTemplateName: 'Templat\u2028baru',
    });
    expect(template.status).toBe(400);
    expect(template.body.message).toBe(MESSAGE_TEXT_REFUSED);
  });

  it('an outside address gets one confirmation link and no alert until it confirms; then alerts go', async () => {
    const sent = sink.mails.length;
    const n = await watching('builtin.towing', {
      notificationName: 'Visit http://phish.example now',
      recipient: [{ name: 'Orang luar', email: 'Stranger@Example.my', isKeypadAuthorized: false }],
    });
    expect(n.awaitingConfirmation).toEqual(['stranger@example.my']);
    const link = await sink.nextMail();
    expect(link.to).toEqual(['stranger@example.my']);
    expect(link.decoded).toContain('The Jejak user owner@demo.jejak.my added this address');
    // The account's own words never reach an address that did not ask for them.
    expect(link.decoded).not.toContain('phish');
    const token = /ConfirmRecipient\?token=([A-Za-z0-9_-]{43})/.exec(link.decoded)?.[1] ?? '';
    expect(token).not.toBe('');
    const stored = await server.app.database.db
      .selectFrom('recipient_confirmations')
      .select('token_hash')
      .where('address', '=', 'stranger@example.my')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));

    await raise('builtin.towing');
    const [skipped] = await logOf(n.nfid, 1);
    expect(skipped).toMatchObject({
      statusCode: 403,
      statusMessage: NOTIFICATION_TEXTS.awaitingConfirmation,
      genStatus: 'FAILED',
    });
    expect(sink.mails.length).toBe(sent + 1);

    const again = await owner.post(NOTIFICATION_PATHS.confirmationResend, {
      nfid: n.nfid,
      email: 'stranger@example.my',
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(NOTIFICATION_TEXTS.confirmationRecent);

    const anonymous = apiClient(server.baseUrl);
    const confirmed = await anonymous.post(NOTIFICATION_PATHS.recipientConfirm, { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(NOTIFICATION_TEXTS.recipientConfirmed);
    const reused = await anonymous.post(NOTIFICATION_PATHS.recipientConfirm, { token });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(NOTIFICATION_TEXTS.confirmLinkInvalid);
    expect((await listed(n.nfid))?.awaitingConfirmation).toEqual([]);

    await raise('builtin.towing');
    const alert = await sink.nextMail();
    // Sent as the owner typed it (nodemailer lower-cases the domain only).
    expect(alert.to).toEqual(['Stranger@example.my']);
    expect(alert.decoded).toContain('Event: BUILTIN.TOWING');
  });

  it("an address of a user in the owner's organisation needs no confirmation", async () => {
    const n = await watching('builtin.jamming', {
      recipient: [{ name: 'Operator', email: INSIDE, isKeypadAuthorized: false }],
    });
    expect(n.awaitingConfirmation).toEqual([]);
    await raise('builtin.jamming');
    const alert = await sink.nextMail();
    expect(alert.to).toEqual([INSIDE]);
    expect(alert.decoded).toContain('Event: BUILTIN.JAMMING');
  });

  it('the daily SMS quota stops sends, logs why, and tells the owner once', async () => {
    const contacts = ['+60123000101', '+60123000102', '+60123000103'];
    const n = await watching('builtin.accident', {
      serviceType: 2,
      recipient: contacts.map((contact, i) => ({ name: `Pemandu ${i}`, contact, isKeypadAuthorized: false })),
    });
    const local = server.app.providers.local;
    if (!local) throw new Error('the local provider is expected');
    await raise('builtin.accident');
    const first = await logOf(n.nfid, 3);
    const refusal = NOTIFICATION_TEXTS.smsQuotaReached.replace('{n}', String(DAILY_SMS));
    expect(first.filter((e) => e.genStatus === 'SENT')).toHaveLength(DAILY_SMS);
    expect(first.filter((e) => e.statusCode === 429 && e.statusMessage === refusal)).toHaveLength(1);
    expect(local.sms.filter((s) => contacts.includes(s.to))).toHaveLength(DAILY_SMS);
    const notice = await sink.nextMail();
    expect(notice.to).toEqual(['owner@demo.jejak.my']);
    expect(notice.decoded).toContain('Subject: Jejak: daily SMS quota reached');

    await raise('builtin.accident');
    const second = await logOf(n.nfid, 6);
    expect(second.filter((e) => e.statusCode === 429)).toHaveLength(4);
    expect(local.sms.filter((s) => contacts.includes(s.to))).toHaveLength(DAILY_SMS);
    const day = await server.app.database.db
      .selectFrom('message_quota_days')
      .selectAll()
      .where('account_uid', '=', ownerUid)
      .where('channel', '=', 2)
      .executeTakeFirstOrThrow();
    expect(day).toMatchObject({ day: '2026/11/28', used: DAILY_SMS });
    expect(sink.mails.filter((m) => m.to.includes('owner@demo.jejak.my'))).toHaveLength(1);
  });

  it('a rule switched off after fan-out sends nothing more: the queued round is checked at send time', async () => {
    const n = await watching('builtin.removing', {
      recipient: [{ name: 'Operator', email: INSIDE, isKeypadAuthorized: false }],
    });
    await queuedRound(n, 'builtin.removing');
    const off = await owner.post(NOTIFICATION_PATHS.notificationUpdate, {
      notification: {
        ...notificationBody(ownerUid, rtid, { recipient: n.recipient }).notification,
        nfid: n.nfid,
        rules: { [rtid]: { 'builtin.removing': { c: 0, v: 0 }, 'builtin.lowBattery': { c: 0, v: 1 } } },
      },
    });
    expect(off.status).toBe(200);
    const sent = sink.mails.length;
    now += 60_000;
    await server.app.scheduler.runDue();
    const [entry] = await logOf(n.nfid, 1);
    expect(entry).toMatchObject({ statusCode: 410, statusMessage: NOTIFICATION_TEXTS.notCovered, genStatus: 'FAILED' });
    expect(sink.mails.length).toBe(sent);
  });

  it('deleting a notification drops its pending deliveries, keeps its log, and only its owners may', async () => {
    const n = await watching('builtin.hardBraking', {
      recipient: [{ name: 'Operator', email: INSIDE, isKeypadAuthorized: false }],
    });
    await raise('builtin.hardBraking');
    await sink.nextMail();
    await logOf(n.nfid, 1);
    await queuedRound(n, 'builtin.hardBraking');

    const stranger = apiClient(server.baseUrl);
    await stranger.login('owner2@demo.jejak.my');
    expect((await stranger.post(NOTIFICATION_PATHS.notificationDelete, { nfid: n.nfid })).status).toBe(404);

    const deleted = await owner.post(NOTIFICATION_PATHS.notificationDelete, { nfid: n.nfid });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(NOTIFICATION_TEXTS.notificationDeleted);
    expect(await listed(n.nfid)).toBeUndefined();
    expect((await owner.post(NOTIFICATION_PATHS.notificationDelete, { nfid: n.nfid })).status).toBe(404);

    const db = server.app.database.db;
    const pending = await db.selectFrom('notification_deliveries').select('genid').where('nfid', '=', n.nfid).execute();
    expect(pending).toEqual([]);
    const kept = await db.selectFrom('notification_logs').select('status_code').where('nfid', '=', n.nfid).execute();
    expect(kept).toEqual([{ status_code: 250 }]);
    const sent = sink.mails.length;
    now += 60_000;
    await server.app.scheduler.runDue();
    expect(sink.mails.length).toBe(sent);
  });
});
