import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS, type Notification } from '@jejak/contract';
import { defaultRtid } from '../apps/server/test/notifications-fixture.ts';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { mailingConsoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';

const GUEST = 'guest@example.my';
const INSIDE = 'operator@demo.jejak.my';

/**
 * An outside e-mail recipient awaiting its confirmation link, the link's page, and deleting a
 * notification, in Chromium (issue 27 item 2, ADR 0083).
 */
describe('notification recipients and delete in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = mailingConsoleUnderTest();

  it('shows an outside recipient awaiting confirmation until its link is opened, then deletes the notification', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Notification');
    await page.getByTestId('notification-table').waitFor();
    const uid = await myUid(page);
    const rtid = await defaultRtid(ui.server.app, uid);
    const linkMail = ui.sink.nextMail();
    const added = await postFromPage<{ notification: Notification }>(page, '/notification/add', {
      notification: {
        createdBy: uid,
        notificationName: 'Amaran tunda',
        serviceType: 0,
        rules: { [rtid]: { 'builtin.towing': { c: 0, v: 1 } } },
        geofences: {},
        recipient: [
          { name: 'Tetamu', email: GUEST, isKeypadAuthorized: false },
          { name: 'Operator', email: INSIDE, isKeypadAuthorized: false },
        ],
        isKeypadEnabled: false,
      },
    });
    const nfid = added.notification.nfid;
    expect(added.notification.awaitingConfirmation).toEqual([GUEST]);
    const mail = await linkMail;
    expect(mail.to).toEqual([GUEST]);
    const link = /https?:\/\/[^/\s]+(\/ConfirmRecipient\?token=[A-Za-z0-9_-]+)/.exec(mail.decoded)?.[1];
    if (!link) throw new Error('the confirmation mail has no link');

    // The table tags the outside address, not the organisation's; Resend is held back for a while.
    await page.reload();
    const row = page.getByTestId('notification-table').locator('tr.ant-table-row', { hasText: 'Amaran tunda' });
    await row.getByTestId(`awaiting-${GUEST}`).getByText('Awaiting confirmation').waitFor();
    expect(await row.getByTestId(`awaiting-${INSIDE}`).count()).toBe(0);
    await screenshotAtWidths(page, 'notification-awaiting');
    await row.getByTestId(`resend-${GUEST}`).click();
    await expectToast(page, NOTIFICATION_TEXTS.confirmationRecent);

    // The recipient opens the link signed out and confirms with the button.
    const guest = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await guest.goto(`${ui.server.baseUrl}${link}`);
    await guest.getByTestId('confirm-recipient').waitFor();
    await screenshotAtWidths(guest, 'confirm-recipient');
    await guest.getByTestId('confirm').click();
    await guest.getByTestId('confirm-done').getByText(NOTIFICATION_TEXTS.recipientConfirmed).waitFor();
    await screenshotAtWidths(guest, 'confirm-recipient-done');
    await guest.reload();
    await guest.getByTestId('confirm').click();
    await guest.getByTestId('confirm-error').getByText(NOTIFICATION_TEXTS.confirmLinkInvalid).waitFor();
    await guest.close();

    await page.reload();
    await row.waitFor();
    expect(await row.getByTestId(`awaiting-${GUEST}`).count()).toBe(0);

    // Delete asks first (looked at with the button reached at each width); then the row leaves.
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Delete the notification "Amaran tunda"?' });
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await row.getByTestId(`delete-${nfid}`).scrollIntoViewIfNeeded();
      await row.getByTestId(`delete-${nfid}`).click();
      await confirm.waitFor();
      expect(await confirm.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      await screenshot(page, `notification-delete-${size.width}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
    }
    await row.getByTestId(`delete-${nfid}`).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, NOTIFICATION_TEXTS.notificationDeleted);
    await row.waitFor({ state: 'detached' });
    const left = await postFromPage<{ notifications: Notification[] }>(page, '/notification/get', { uid, nfids: [] });
    expect(left.notifications.map((n) => n.nfid)).not.toContain(nfid);
    await page.close();
  });
});
