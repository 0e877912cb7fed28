import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TEXTS, NOTIFICATION_PATHS, NOTIFICATION_TEXTS, type Notification } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { apiClient, dbKinds, startTestServer, type TestServer } from './harness.ts';
import { defaultRtid, notificationBody } from './notifications-fixture.ts';

const kinds = await dbKinds();
const P = NOTIFICATION_PATHS;

describe.each(kinds)('notifications API on %s', (kind) => {
  let server: TestServer;
  let owner: ReturnType<typeof apiClient>;
  let ownerUid: string;
  let rtid: string;
  let customRtid: string;
  let customRuid: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = apiClient(server.baseUrl);
    ownerUid = (await owner.login('owner@demo.jejak.my')).uid;
    rtid = await defaultRtid(server.app, ownerUid);
    const db = server.app.database.db;
    customRtid = randomUUID();
    customRuid = randomUUID();
    const now = Date.now();
    await db
      .insertInto('rule_templates')
      .values({ rtid: customRtid, uid: ownerUid, template_name: 'Had laju', created_at: now })
      .execute();
    await db
      .insertInto('rules')
      .values({
        ruid: customRuid,
        rtid: customRtid,
        rule_name: 'Laju 90',
        rule_type: 'warning',
        rule_complied_name: 'Rule "Laju 90" Complied',
        rule_violated_name: 'Rule "Laju 90" Violated',
        conditions: JSON.stringify([{ parameter: 'speed', operator: 'more', value: 90 }]),
        trigger_type: null,
        template_type: null,
        created_by: ownerUid,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  const add = (over: Record<string, unknown> = {}) =>
    owner.post(P.notificationAdd, notificationBody(ownerUid, rtid, over));
  const messageOf = async (over: Record<string, unknown>) => (await add(over)).body.message;

  it('checks the form in the spec order (spec 2 §5)', async () => {
    const empty = { notificationName: '', serviceType: undefined, rules: {}, recipient: [] };
    expect(await messageOf(empty)).toBe(NOTIFICATION_TEXTS.nameEmpty);
    expect(await messageOf({ ...empty, notificationName: 'A' })).toBe(NOTIFICATION_TEXTS.typeEmpty);
    expect(await messageOf({ ...empty, notificationName: 'A', serviceType: 0 })).toBe(NOTIFICATION_TEXTS.rulesEmpty);
    expect(
      await messageOf({
        ...empty,
        notificationName: 'A',
        serviceType: 0,
        rules: { [rtid]: { 'builtin.sos': { c: 0, v: 0 } } },
      }),
    ).toBe(NOTIFICATION_TEXTS.rulesEmpty);
    expect(await messageOf({ recipient: [] })).toBe(NOTIFICATION_TEXTS.recipientsEmpty);
  });

  it('checks each recipient for its channel', async () => {
    expect(await messageOf({ recipient: [{ name: 'A', email: 'not-an-email' }] })).toBe(
      NOTIFICATION_TEXTS.invalidEmail,
    );
    expect(
      await messageOf({
        recipient: [
          { name: 'A', email: 'a@b.my' },
          { name: '', email: 'c@d.my' },
        ],
      }),
    ).toBe('Recipient 2 is not complete');
    expect(await messageOf({ serviceType: 2, recipient: [{ name: 'A', contact: '' }] })).toBe(
      'Recipient 1 is not complete',
    );
    expect(await messageOf({ serviceType: 2, recipient: [{ name: 'A', contact: '12' }] })).toBe(
      'Recipient 1 is not complete',
    );
    // owner2 is another fleet owner: owner does not reach it.
    const other = apiClient(server.baseUrl);
    const owner2 = await other.login('owner2@demo.jejak.my');
    expect(await messageOf({ serviceType: 1, recipient: [{ uid: owner2.uid, name: 'X' }] })).toBe(
      'Recipient 1 cannot see these vehicles',
    );
  });

  it('refuses rules and geofences the creator does not reach, like missing ones', async () => {
    const other = apiClient(server.baseUrl);
    const owner2 = await other.login('owner2@demo.jejak.my');
    const foreign = await defaultRtid(server.app, owner2.uid);
    for (const t of [foreign, 'no-such-template'])
      expect(await messageOf({ rules: { [t]: { 'builtin.sos': { c: 0, v: 1 } } } })).toBe(
        ALERT_TEXTS.ruleTemplateNotFound,
      );
    expect(await messageOf({ rules: { [rtid]: { 'builtin.nothing': { c: 0, v: 1 } } } })).toBe(
      ALERT_TEXTS.ruleNotFound,
    );
    // A custom template's own rule, but not a built-in one (only DEFAULT holds those).
    expect(await messageOf({ rules: { [customRtid]: { 'builtin.sos': { c: 0, v: 1 } } } })).toBe(
      ALERT_TEXTS.ruleNotFound,
    );
    expect(await messageOf({ geofences: { 'no-such-template': [] } })).toBe(GEOFENCE_TEXTS.templateNotFound);
  });

  it('adds, lists sorted by name, and edits; the keypad authorises everyone when no one is', async () => {
    const call = await add({
      notificationName: 'Zulu panggilan',
      serviceType: 3,
      isKeypadEnabled: true,
      rules: { [customRtid]: { [customRuid]: { c: 1, v: 1 } } },
      recipient: [
        { name: 'Ali', contact: '012-3456789' },
        { name: 'Abu', contact: '+60198765432' },
      ],
    });
    expect(call.status).toBe(200);
    expect(call.body.message).toBe(NOTIFICATION_TEXTS.notificationAdded);
    const made = call.body.notification as Notification;
    expect(made.recipient).toEqual([
      { name: 'Ali', contact: '+60123456789', isKeypadAuthorized: true },
      { name: 'Abu', contact: '+60198765432', isKeypadAuthorized: true },
    ]);
    expect((await add({ notificationName: 'Alpha e-mel' })).status).toBe(200);

    const listed = await owner.post(P.notificationGet, {});
    const names = (listed.body.notifications as Notification[]).map((n) => n.notificationName);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Alpha e-mel', 'Zulu panggilan']));

    const edited = await owner.post(P.notificationUpdate, {
      notification: { ...notificationBody(ownerUid, rtid).notification, nfid: made.nfid, notificationName: 'Yankee' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(NOTIFICATION_TEXTS.notificationEdited);
    const one = await owner.post(P.notificationGet, { nfids: [made.nfid] });
    expect((one.body.notifications as Notification[]).map((n) => [n.notificationName, n.serviceType])).toEqual([
      ['Yankee', 0],
    ]);

    // Another fleet owner neither sees nor edits it: it answers like a missing one.
    const other = apiClient(server.baseUrl);
    const owner2 = await other.login('owner2@demo.jejak.my');
    expect((await other.post(P.notificationGet, { nfids: [made.nfid] })).body.notifications).toEqual([]);
    for (const nfid of [made.nfid, 'no-such-notification']) {
      const r = await other.post(P.notificationUpdate, {
        notification: { ...notificationBody(owner2.uid, await defaultRtid(server.app, owner2.uid)).notification, nfid },
      });
      expect([r.status, r.body.message]).toEqual([404, NOTIFICATION_TEXTS.notificationNotFound]);
    }
  });

  it('returns the log newest first within the window, only to who reaches the notification', async () => {
    const made = (await add({ notificationName: 'Log' })).body.notification as Notification;
    const db = server.app.database.db;
    const at = [1_000, 2_000, 3_000].map((d) => Date.UTC(2026, 10, 1) + d);
    for (const [i, createdAt] of at.entries())
      await db
        .insertInto('notification_logs')
        .values({
          nlid: randomUUID(),
          nfid: made.nfid,
          genid: 'g1',
          evid: null,
          service_type: 0,
          recipient: JSON.stringify(made.recipient[0]),
          status_code: i === 2 ? 250 : 0,
          status_message: i === 2 ? '250 OK' : 'connect ECONNREFUSED',
          gen_status: i === 2 ? 'SENT' : 'RETRYING',
          attempt: i + 1,
          device_time: Date.UTC(2026, 10, 1),
          created_at: createdAt,
        })
        .execute();
    const window = { nfid: made.nfid, startTime: Date.UTC(2026, 10, 1), endTime: Date.UTC(2026, 10, 1) + 2_500 };
    const r = await owner.post(P.notificationLogGet, window);
    expect(r.status).toBe(200);
    const items = (r.body.notificationLog as { Items: { attempt: number; notificationName: string }[] }).Items;
    expect(items.map((i) => [i.attempt, i.notificationName])).toEqual([
      [2, 'Log'],
      [1, 'Log'],
    ]);
    const other = apiClient(server.baseUrl);
    await other.login('owner2@demo.jejak.my');
    const foreign = await other.post(P.notificationLogGet, window);
    const missing = await other.post(P.notificationLogGet, { ...window, nfid: 'no-such-notification' });
    expect([foreign.status, foreign.body]).toEqual([missing.status, missing.body]);
    expect(foreign.body.message).toBe(NOTIFICATION_TEXTS.notificationNotFound);

    // The export is named by the window's local days, not epoch ms (issue 25 defect 7).
    const exported = await fetch(`${server.baseUrl}/api${P.notificationLogExport}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie ?? '' },
      body: JSON.stringify({ ...window, endTime: window.startTime + 2 * 86_400_000, timeZone: 'Asia/Kuala_Lumpur' }),
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="notification-log-Log-2026-11-01-to-2026-11-03.xlsx"',
    );
    await exported.arrayBuffer();
  });
});
