import { describe, expect, it } from 'vitest';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

/** Share a live position (issue 28 item 6, ADR 0093): the drawer, and the public page in a fresh context. */
describe('share links in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('creates a link, opens it signed out to see only that vehicle, revokes it, and the page says it is gone', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    const row = page.getByTestId('fleet-row').first();
    await row.waitFor();
    const vid = (await row.getAttribute('data-vid')) ?? '';
    const { vehicle_plate: plate } = await ui.server.app.database.db
      .selectFrom('vehicles')
      .select('vehicle_plate')
      .where('vid', '=', vid)
      .executeTakeFirstOrThrow();
    await row.click();
    await page.getByTestId('vehicle-info').waitFor();
    await page.getByTestId('vehicle-info-share').click();
    await page.getByTestId('share-panel').waitFor();

    // The label is required; then the link is shown once, with Copy.
    await page.getByTestId('share-create').click();
    await page.locator('.ant-form-item-explain-error').filter({ hasText: 'Label' }).waitFor();
    await page.getByTestId('share-label').fill('Delivery to Puan Aminah');
    await page.getByTestId('share-create').click();
    await page.getByTestId('share-created').waitFor();
    const url = await page.getByTestId('share-url').inputValue();
    expect(url).toContain('/s/');
    const item = page.getByTestId('share-link-item').filter({ hasText: 'Delivery to Puan Aminah' });
    await item.filter({ hasText: 'Active' }).waitFor();
    await screenshotAtWidths(page, 'share-drawer');

    // The demo tracker has not reported: give it a fix, as a running tracker would.
    const db = ui.server.app.database.db;
    const { dvid } = await db.selectFrom('vehicles').select('dvid').where('vid', '=', vid).executeTakeFirstOrThrow();
    await db
      .updateTable('devices')
      .set({ lat: 3.0738, lon: 101.5183, speed: 38, heading: 120, device_time: Date.now(), is_alive: true })
      .where('dvid', '=', dvid)
      .execute();
    await db.updateTable('vehicles').set({ transit_status: 'MOVING' }).where('vid', '=', vid).execute();

    // A customer's browser: no session, no cookie.
    const customer = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const shared = await customer.newPage();
    await shared.goto(url);
    await shared.getByTestId('share-page').waitFor();
    await expect.poll(() => shared.getByTestId('share-plate').innerText()).toBe(plate);
    await shared.getByTestId('share-map').locator('canvas').waitFor();
    // Nothing of the fleet: no list, no other vehicle, no sign-in frame.
    expect(await shared.getByTestId('fleet-row').count()).toBe(0);
    expect((await customer.cookies()).filter((c) => c.name === 'jejak_sid')).toEqual([]);
    await screenshotAtWidths(shared, 'share-page');

    // Revoke in the console; the customer's page, reloaded, says the link is gone.
    await page
      .getByTestId('share-drawer')
      .locator('.ant-drawer-body')
      .evaluate((el) => el.scrollTo(0, 0));
    await item.getByTestId('share-revoke').click();
    await page.getByTestId('share-revoke-confirm').click();
    await item.filter({ hasText: 'Revoked' }).waitFor();
    await shared.reload();
    await shared.getByTestId('share-gone').waitFor();
    expect(await shared.getByTestId('share-gone').innerText()).toContain('This link has expired or was revoked');
    await screenshotAtWidths(shared, 'share-gone');
    await customer.close();
    await page.close();
  });
});
