import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ALERT_TEXTS,
  NOTIFICATION_LOG_COLUMNS,
  NOTIFICATION_TEXTS,
  type Notification,
  type NotificationLogEntry,
} from '@jejak/contract';
import { defaultRtid, storeEvent, vehicleOf, waitFor } from '../apps/server/test/notifications-fixture.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, signInAt } from './browser.ts';
import { mailingConsoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';

const SOS_VIOLATED = ALERT_TEXTS.ruleViolatedDefault.replace('{name}', 'SOS');

const save = (page: Page) => page.getByTestId('submit').click();
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');

async function notificationsOf(page: Page): Promise<Notification[]> {
  const uid = await myUid(page);
  return (await postFromPage<{ notifications: Notification[] }>(page, '/notification/get', { uid, nfids: [] }))
    .notifications;
}

/** Checks a tree leaf by its title, in the tree of this test id. */
async function check(page: Page, tree: string, title: string): Promise<void> {
  await page
    .getByTestId(tree)
    .locator('.ant-tree-treenode', { hasText: title })
    .last()
    .locator('.ant-tree-checkbox')
    .click();
}

/** Opens every level of a tree (its switchers), so leaves show. */
async function expandAll(page: Page, tree: string): Promise<void> {
  for (;;) {
    const closed = page.getByTestId(tree).locator('.ant-tree-switcher_close');
    if ((await closed.count()) === 0) return;
    await closed.first().click();
  }
}

/** Notifications tab, Edit Notification and Notification Log in Chromium (spec 2 §2, §4, §5, §8, §9). */
describe('notifications in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = mailingConsoleUnderTest();

  it('adds an e-mail notification with every check in order; its log shows the delivery and exports', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Notification');
    await page.getByTestId('notification-table').waitFor();
    await page.getByTestId('add-notification').click();
    await page.waitForURL(/\/Management\/Notification\/Add$/);

    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.nameEmpty);
    await page.fill('#notificationName', 'SOS mail');
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.typeEmpty);
    await pickOption(page, 'serviceType', 'E-mail');
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.rulesEmpty);
    await expandAll(page, 'rule-tree');
    await check(page, 'rule-tree', SOS_VIOLATED);
    await expandAll(page, 'geofence-tree');
    const geofenceTemplates = await page.getByTestId('geofence-tree').locator('.ant-tree-title').allTextContents();
    expect(geofenceTemplates[0]).toBe('UNGROUP');
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.recipientsEmpty);

    // The e-mail is checked when the field is left.
    await page.fill('#recipient-0-name', 'Ali');
    await page.fill('#recipient-0-email', 'ali@demo');
    await page.locator('#recipient-0-name').focus();
    await page.getByTestId('recipient-0-email-hint').getByText(NOTIFICATION_TEXTS.invalidEmail).waitFor();
    await page.fill('#recipient-0-email', 'operator@demo.jejak.my');
    await page.locator('#recipient-0-name').focus();
    await page.getByTestId('recipient-0-email-hint').getByText(NOTIFICATION_TEXTS.validEmail).waitFor();
    await screenshotAtWidths(page, 'notification-add');
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.notificationAdded);
    await page.waitForURL(/\/Management\/Notification$/);
    await rows(page, 'notification-table').filter({ hasText: 'operator@demo.jejak.my (Ali)' }).waitFor();
    const mail = (await notificationsOf(page)).find((n) => n.notificationName === 'SOS mail');
    if (!mail) throw new Error('the notification was not stored');

    // An SOS event of the owner's vehicle is e-mailed; the attempt is in the log.
    const app = ui.server.app;
    const uid = await myUid(page);
    const rtid = await defaultRtid(app, uid);
    expect(mail.rules).toEqual({ [rtid]: { 'builtin.sos': { c: 0, v: 1 } } });
    const vehicle = await vehicleOf(app, uid);
    const item = await storeEvent(app, vehicle, { rtid, ruid: 'builtin.sos' }, Date.now());
    const arrived = ui.sink.nextMail();
    app.bus.publish('event.stored', { dvid: item.dvid, items: [item] });
    await app.bus.enqueue('event.notify', { dvid: item.dvid, items: [item] });
    expect((await arrived).to).toEqual(['operator@demo.jejak.my']);
    const logged = await waitFor(
      () =>
        postFromPage<{ notificationLog: { Items: NotificationLogEntry[] } }>(page, '/notificationlog/get', {
          nfid: mail.nfid,
          startTime: 0,
          endTime: Date.now() + 1,
        }),
      (r) => r.notificationLog.Items.length > 0,
    );
    const entry = logged.notificationLog.Items[0];

    // The Log action opens the log with the notification, loaded for this month until now.
    await page.getByTestId(`log-${mail.nfid}`).click();
    await page.waitForURL(/\/Management\/Notification\/Log$/);
    await expectToast(page, NOTIFICATION_TEXTS.logReceived.replace('{n}', '1'));
    const headers = await page
      .getByTestId('log-table')
      .locator('thead th.ant-table-cell')
      .evaluateAll((cells) => cells.map((c) => c.textContent ?? ''));
    expect(headers).toEqual(NOTIFICATION_LOG_COLUMNS.map((c) => c.label));
    const cells = await rows(page, 'log-table').first().locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['SOS mail', 'E-mail', 'operator@demo.jejak.my (Ali)']);
    expect(cells[3]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(cells[5]).toBe(String(entry?.statusCode));
    await screenshotAtWidths(page, 'notification-log');

    // Export: the same rows in a spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByTestId('log-export').click();
    const file = await (await download).path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1).map(String);
    expect(values(1)).toEqual(NOTIFICATION_LOG_COLUMNS.map((c) => c.label));
    expect(values(2)).toEqual(cells);

    // A window with nothing in it says so.
    await page.locator('#log-end').click();
    await page.locator('#log-end').fill('2020/01/02 12:00:00 AM');
    await page.keyboard.press('Enter');
    await page.locator('#log-start').click();
    await page.locator('#log-start').fill('2020/01/01 12:00:00 AM');
    await page.keyboard.press('Enter');
    await page.getByTestId('log-submit').click();
    await expectToast(page, NOTIFICATION_TEXTS.logReceived.replace('{n}', '0'));
    await page.close();
  });

  it('a call notification: a new type resets the recipients, keypad on with none authorised authorises all', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Notification/Add');
    await page.fill('#notificationName', 'SOS calls');
    await pickOption(page, 'serviceType', 'Push');
    await expandAll(page, 'rule-tree');
    await check(page, 'rule-tree', SOS_VIOLATED);
    // A push recipient is a user of the hierarchy.
    await page.locator('#recipient-0-uid').click();
    await page.locator('.ant-select-tree-node-content-wrapper').first().click();
    await page.getByTestId('recipient-0').getByTitle('Syarikat Pengangkutan Maju Jaya (Fleet Owner)').waitFor();

    // Changing the type starts the recipients again from one empty entry.
    await pickOption(page, 'serviceType', 'Call');
    expect(await page.getByTestId('recipients').locator('.recipient-row').count()).toBe(1);
    expect(await page.locator('#recipient-0-name').inputValue()).toBe('');
    expect(await page.locator('#recipient-0-keypad').isDisabled()).toBe(true);
    await page.locator('#isKeypadEnabled').check();
    await page.fill('#recipient-0-name', 'Siti');
    await page.fill('#recipient-0-contact', '0123456789');
    await page.getByTestId('add-recipient').click();
    await page.fill('#recipient-1-name', 'Ravi');
    await page.fill('#recipient-1-contact', '198765432');
    expect(await page.locator('#recipient-0-keypad').isDisabled()).toBe(false);
    await screenshotAtWidths(page, 'notification-call');
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.notificationAdded);
    const calls = (await notificationsOf(page)).find((n) => n.notificationName === 'SOS calls');
    expect(calls?.serviceType).toBe(3);
    expect(calls?.isKeypadEnabled).toBe(true);
    expect(calls?.recipient.map((p) => [p.name, p.contact, p.isKeypadAuthorized])).toEqual([
      ['Siti', '+60123456789', true],
      ['Ravi', '+60198765432', true],
    ]);

    // Edit keeps what was saved; the table lists both notifications by name.
    await page.getByTestId(`edit-${calls?.nfid}`).click();
    await page.waitForURL(/\/Management\/Notification\/Edit\//);
    expect(await page.locator('#recipient-1-contact').inputValue()).toBe('198765432');
    expect(await page.locator('#recipient-1-keypad').isChecked()).toBe(true);
    await page.locator('#recipient-1-keypad').uncheck();
    await save(page);
    await expectToast(page, NOTIFICATION_TEXTS.notificationEdited);
    await page.waitForURL(/\/Management\/Notification$/);
    const names = await rows(page, 'notification-table').locator('td:first-child').allTextContents();
    expect(names).toEqual(['SOS calls', 'SOS mail']);
    await screenshotAtWidths(page, 'notifications-tab');
    await page.close();
  });
});
