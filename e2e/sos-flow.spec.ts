import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_PATHS,
  NOTIFICATION_PATHS,
  type EscalationRecordsResponse,
  type EscalationStatesResponse,
} from '@jejak/contract';
import { encodeSos16 } from '@jejak/protocols';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { startSmtpSink } from '../apps/server/test/smtp-sink.ts';
import { FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { postFromPage } from './page-api.ts';

/** Scripted phones of the local provider: the first does not answer, the second presses 1. */
const NO_ANSWER = '+60120000001';
const PRESSES_KEY = '+60120000002';
const NEVER_RUNG = '+60120000004';

/**
 * Issue 12 item 8, the whole alert path in one flow: a simulated GT06 tracker presses SOS; the
 * event is stored, a ticket shows on the owner's dashboard and a pop-up opens, the e-mail reaches
 * a real SMTP server, and the call chain rings through the local provider until the second
 * recipient presses the key. (A restart partway through a chain: test/escalation-restart.test.ts.)
 */
describe('an SOS press, end to end', { timeout: FLOW_TIMEOUT_MS }, () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });
  const ui = consoleUnderTest(() => ({
    JEJAK_SMTP_HOST: '127.0.0.1',
    JEJAK_SMTP_PORT: String(sink?.port),
    JEJAK_NOTIFY_PROVIDER: 'local',
    JEJAK_NOTIFY_LOCAL_ANSWERS: `${NO_ANSWER}=no-answer,${PRESSES_KEY}=press:1,${NEVER_RUNG}=press:1`,
    JEJAK_NOTIFY_LOCAL_DELAY_MS: '200',
    JEJAK_ESCALATION_SWEEP_MS: '200',
  }));

  it('stores the event, shows a ticket and a pop-up, e-mails, and rings until one acknowledges', async () => {
    if (!sink) throw new Error('the SMTP server is not started');
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    await page.getByTestId('ticket-panel').waitFor();
    const me = await postFromPage<{ user: { uid: string } }>(page, '/auth/session', {});

    // The owner watches SOS of its DEFAULT template by e-mail and by call.
    const templates = await postFromPage<{ ruleTemplates: { rtid: string; templateName: string }[] }>(
      page,
      ALERT_PATHS.ruleTemplateGet,
      { rtids: [] },
    );
    const rtid = templates.ruleTemplates.find((t) => t.templateName === 'DEFAULT')?.rtid;
    if (!rtid) throw new Error('the owner has no DEFAULT rule template');
    const watch = { [rtid]: { 'builtin.sos': { c: 0, v: 1 } } };
    const base = { createdBy: me.user.uid, rules: watch, geofences: {} };
    const email = await postFromPage<{ status: number; notification: { nfid: string } }>(
      page,
      NOTIFICATION_PATHS.notificationAdd,
      {
        notification: {
          ...base,
          notificationName: 'SOS by e-mail',
          serviceType: 0,
          recipient: [{ name: 'Control room', email: 'operator@demo.jejak.my' }],
        },
      },
    );
    expect(email.status).toBe(200);
    const call = await postFromPage<{ status: number; notification: { nfid: string } }>(
      page,
      NOTIFICATION_PATHS.notificationAdd,
      {
        notification: {
          ...base,
          notificationName: 'SOS call chain',
          serviceType: 3,
          isKeypadEnabled: true,
          recipient: [
            { name: 'Aminah', contact: NO_ANSWER, isKeypadAuthorized: true },
            { name: 'Badrul', contact: PRESSES_KEY, isKeypadAuthorized: true },
            { name: 'Chong', contact: NEVER_RUNG, isKeypadAuthorized: true },
          ],
        },
      },
    );
    expect(call.status).toBe(200);

    // The tracker of the owner's first demo vehicle reports, then its driver presses SOS.
    const imei = demoImei(0);
    const tracker = await gt06Track(ui.server.gt06Port, imei, Date.now() - 120_000);
    await tracker.send(0, true);
    const mail = sink.nextMail();
    const pressedAt = Date.now();
    tracker.device.write(
      encodeSos16(
        {
          timeMs: Date.now(),
          ...tracker.here(),
          speedKmh: 0,
          course: 0,
          satellites: 9,
          valid: true,
          reupload: false,
          acc: true,
        },
        900,
      ),
    );
    await tracker.device.ack(900);

    // The ticket appears on the dashboard, live; the pop-up too.
    const row = page.getByTestId('ticket-table').locator('tr', { hasText: 'SOS' }).first();
    await row.waitFor();
    console.log(`SOS press → ticket on the owner's dashboard: ${Date.now() - pressedAt} ms`);
    await page.locator('.ant-notification-notice', { hasText: 'SOS' }).first().waitFor();
    await screenshot(page, 'sos-flow-dashboard-1440');

    // The e-mail reaches the SMTP server, with the vehicle, event, address and a map link.
    const received = await mail;
    expect(received.to).toEqual(['operator@demo.jejak.my']);
    expect(received.decoded).toContain('SOS');
    expect(received.decoded).toMatch(/https:\/\/www\.google\.com\/maps\?q=3\.\d+,101\.\d+/);

    // The chain: Aminah does not answer, Badrul presses 1, Chong is never rung.
    const window = { startTime: pressedAt - 60_000, endTime: Date.now() + 600_000 };
    let states: EscalationStatesResponse | undefined;
    await expect
      .poll(
        async () => {
          states = await postFromPage<EscalationStatesResponse>(page, NOTIFICATION_PATHS.escalationStateGet, {
            nfids: [call.notification.nfid],
            ...window,
          });
          return states.escalationCallState.map((s) => s.status);
        },
        { timeout: 30_000, interval: 250 },
      )
      .toEqual([1]);
    const ecid = states?.escalationCallState[0]?.ecid ?? '';
    const records = await postFromPage<EscalationRecordsResponse>(page, NOTIFICATION_PATHS.escalationRecordGet, {
      ecids: [ecid],
      ...window,
    });
    expect(
      records.escalationCallRecords
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((r) => [r.contactName, r.contactNumber, r.status]),
    ).toEqual([
      ['Aminah', NO_ANSWER, -1],
      ['Badrul', PRESSES_KEY, 1],
    ]);
    tracker.device.close();
    await page.close();
  });
});
