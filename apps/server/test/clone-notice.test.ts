import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_PATHS, type AlertEvent, type Ticket } from '@jejak/contract';
import { CLONE_EVENT, formatLocalDateTime } from '@jejak/domain';
import { encodeLogin } from '@jejak/protocols';
import { demoImei } from '../src/demo/demo-fleet.ts';
import { limitRowKey } from '../src/storage/repos/accounts/limit-counters.ts';
import { connectDevice, gt06Track } from './device-client.ts';
import { until } from './escalation-fixture.ts';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';

const kinds = await dbKinds();
const DISTRIBUTOR = 'distributor@demo.jejak.my';
const TIME_ZONE = 'Asia/Kuala_Lumpur';

/*
 * Clones seen by their owners (issue 27 item 5, ADR 0082), over real TCP and a real SMTP sink: a
 * GT06 tracker talks from 127.0.0.1, a clone with its IMEI logs in from 127.0.0.2 and is refused;
 * the vehicle's fleet owner and its distributor get one e-mail each, the owner's console lists
 * the CRITICAL event and its ticket, and a clone retrying within the hour sends no more mail.
 */
describe.each(kinds)('a refused clone told to the vehicle’s owners on %s', (kind) => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let now = Date.UTC(2026, 10, 28, 6, 0, 0);
  const imei = demoImei(3);

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(
      kind,
      { JEJAK_SMTP_HOST: '127.0.0.1', JEJAK_SMTP_PORT: String(sink.port), JEJAK_TIME_ZONE: TIME_ZONE },
      () => now,
    );
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  const db = () => server.app.database.db;
  async function vehicleOfImei() {
    const r = await sql<{ vid: string; dvid: string; plate: string; name: string; email: string; uid: string }>`
      select v.vid, v.dvid, v.vehicle_plate as plate, v.vehicle_display_name as name, u.user_email as email, u.uid
      from vehicles v join devices d on d.dvid = v.dvid join users u on u.uid = v.uid
      where d.imei = ${imei}`.execute(db());
    const row = r.rows[0];
    if (!row) throw new Error(`no vehicle with ${imei}`);
    return row;
  }
  /** A clone's login from 127.0.0.2: true if acknowledged, false once the server closed it. */
  async function cloneLogin(): Promise<boolean> {
    const clone = await connectDevice(server.gt06Port, '127.0.0.2');
    clone.write(encodeLogin(imei, 1));
    const acked = await clone.ack(1).then(
      () => true,
      () => false,
    );
    clone.close();
    return acked;
  }
  const hitsOf = async (vid: string) =>
    (
      await sql<{ hits: number }>`select hits from rate_limit_hits
        where key = ${limitRowKey(`clone-notice:${vid}`)}`.execute(db())
    ).rows[0]?.hits ?? 0;
  const cloneEvents = async (dvid: string) =>
    (
      await sql<{ ticket_id: string | null }>`select ticket_id from events
        where dvid = ${dvid} and event_name = ${CLONE_EVENT.eventName}`.execute(db())
    ).rows;

  it('refuses the clone, mails the fleet owner and the distributor once, and shows the owner the event and its ticket', async () => {
    const vehicle = await vehicleOfImei();
    const real = await gt06Track(server.gt06Port, imei, now - 3_600_000);
    await real.send(0, true);
    const refusedAt = now;
    expect(await cloneLogin()).toBe(false);

    const first = await sink.nextMail();
    const second = await sink.nextMail();
    expect([first, second].map((m) => m.to).sort()).toEqual([[DISTRIBUTOR], [vehicle.email]].sort());
    for (const mail of [first, second]) {
      // A long header is folded onto the next line (RFC 5322 §2.2.3).
      expect(mail.decoded.replace(/\r\n[ \t]/g, ' ')).toContain(
        `Subject: Jejak: possible cloned tracker / kemungkinan penjejak klon - ${vehicle.plate}`,
      );
      expect(mail.decoded).toContain(`Vehicle: ${vehicle.name} (${vehicle.plate})`);
      expect(mail.decoded).toContain(`IMEI: ${imei}`);
      expect(mail.decoded).toContain('Connected from: 127.0.0.1');
      expect(mail.decoded).toContain('Refused from: 127.0.0.2');
      expect(mail.decoded).toContain(`Time: ${formatLocalDateTime(refusedAt, TIME_ZONE)}`);
      // And again in Malay.
      expect(mail.decoded).toContain(`Kenderaan: ${vehicle.name} (${vehicle.plate})`);
      expect(mail.decoded).toContain('Ditolak dari: 127.0.0.2');
    }
    // Each counted in its recipient's daily e-mail quota (ADR 0083).
    const distributorUid = (
      await sql<{ uid: string }>`select uid from users where user_email = ${DISTRIBUTOR}`.execute(db())
    ).rows[0]?.uid;
    const quota = await sql<{ account_uid: string; used: number }>`select account_uid, used from message_quota_days
      where channel = 0`.execute(db());
    expect(new Map(quota.rows.map((r) => [r.account_uid, r.used]))).toEqual(
      new Map([
        [vehicle.uid, 1],
        [distributorUid, 1],
      ]),
    );

    // The owner's console: the CRITICAL event in Event Record, and its ticket on the dashboard.
    expect(
      await until(
        () => cloneEvents(vehicle.dvid),
        (rows) => rows.length === 1,
      ),
    ).toHaveLength(1);
    const owner = apiClient(server.baseUrl);
    await owner.login(vehicle.email);
    const events = await owner.post(ALERT_PATHS.events, {
      vids: [vehicle.vid],
      startTime: refusedAt - 60_000,
      endTime: refusedAt + 60_000,
    });
    expect(events.status).toBe(200);
    const listed = (events.body.eventLogs as AlertEvent[]).filter((e) => e.eventName === CLONE_EVENT.eventName);
    expect(listed).toMatchObject([{ eventType: 'CRITICAL', dvid: vehicle.dvid, eventCreatedAt: refusedAt }]);
    const tickets = await owner.post(ALERT_PATHS.ticketGet, { vids: [vehicle.vid] });
    expect(
      (tickets.body.ticketList as Ticket[]).filter((t) => t.event.eventName === CLONE_EVENT.eventName),
    ).toMatchObject([{ vid: vehicle.vid, evid: listed[0]?.evid, alarmCount: 1, sos: false }]);

    // Eleven minutes on, the tracker still talking: the clone is refused again and raises its
    // event again (into the same ticket), but the vehicle's hour is spent, so no mail goes (its
    // hour counted a second time: the notice was looked at).
    now += 11 * 60_000;
    await real.send(0, true);
    expect(await cloneLogin()).toBe(false);
    expect(
      await until(
        () => hitsOf(vehicle.vid),
        (h) => h === 2,
      ),
    ).toBe(2);
    expect(
      await until(
        () => cloneEvents(vehicle.dvid),
        (rows) => rows.length === 2,
      ),
    ).toHaveLength(2);
    const merged = await owner.post(ALERT_PATHS.ticketGet, { vids: [vehicle.vid] });
    expect(
      (merged.body.ticketList as Ticket[]).filter((t) => t.event.eventName === CLONE_EVENT.eventName),
    ).toMatchObject([{ alarmCount: 2 }]);
    // An hour after the first mail the owners are told again: the next two mails are this
    // attempt's (had the second attempt mailed, its two would come first).
    now = refusedAt + 61 * 60_000;
    await real.send(0, true);
    expect(await cloneLogin()).toBe(false);
    const again = [await sink.nextMail(), await sink.nextMail()];
    for (const mail of again) expect(mail.decoded).toContain(`Time: ${formatLocalDateTime(now, TIME_ZONE)}`);
    expect(sink.mails).toHaveLength(4);
    real.device.close();
  });
});
