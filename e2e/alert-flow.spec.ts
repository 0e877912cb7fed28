import { describe, expect, it } from 'vitest';
import { encodeSos16 } from '@jejak/protocols';
import type { Page } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { firstDemoTracker } from './alerts-e2e.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { lookContext, settled } from './gallery.ts';
import { untranslatedTexts } from './untranslated.ts';
import { screenshotAtWidths } from './widths.ts';

/**
 * Issue 26 item 2, one alert flow, with real GT06 packets: repeated SOS presses of one truck merge
 * into its open ticket with a count; the distress banner shows on every screen until the ticket
 * is resolved; a press after that opens a new ticket and brings the banner back.
 */
describe('one alert flow in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('merges repeated SOS presses into one ticket, keeps the banner on every screen until resolved', async () => {
    const { imei, vehicle } = await firstDemoTracker(ui.server);
    const { db } = ui.server.app.database;
    const tracker = await gt06Track(ui.server.gt06Port, imei, Date.now() - 120_000);
    await tracker.send(0, true);
    let serial = 900;
    // GT06 times are whole seconds: presses a second apart (three in one second would be one
    // message replayed, stored once).
    let pressedAt = Math.floor(Date.now() / 1000) * 1000 - 60_000;
    const pressSos = async () => {
      const s = serial++;
      pressedAt += 1_000;
      const fix = { timeMs: pressedAt, ...tracker.here(), speedKmh: 0, course: 0, satellites: 9, valid: true };
      tracker.device.write(encodeSos16({ ...fix, reupload: false, acc: true }, s));
      await tracker.device.ack(s);
    };
    const openSos = () =>
      db
        .selectFrom('tickets')
        .select(['ticket_id', 'alarm_count'])
        .where('vid', '=', vehicle.vid)
        .where('kind', '=', 'SOS')
        .where('resolved_at', 'is', null)
        .execute();

    for (let i = 0; i < 3; i++) await pressSos();
    await expect.poll(async () => (await openSos()).map((t) => t.alarm_count)).toEqual([3]);

    const context = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');

    // One row for the three presses, with their count.
    const row = page
      .getByTestId('ticket-table')
      .locator('tr', { hasText: vehicle.vehicle_plate })
      .filter({
        has: page.getByTestId('ticket-count'),
      });
    await expect.poll(() => row.getByTestId('ticket-count').textContent()).toBe(en.alertFlow.ticket.count(3));
    expect(await row.count()).toBe(1);

    // The banner names the vehicle and the count, here and on another screen.
    const banner = page.getByTestId('sos-banner');
    const bannerNames = async (p: Page) => (await p.getByTestId('sos-banner-text').textContent()) ?? '';
    await banner.waitFor();
    expect(await bannerNames(page)).toContain(vehicle.vehicle_plate);
    expect(await page.getByTestId('sos-banner-count').textContent()).toBe(en.alertFlow.banner.repeated(3));
    await settled(page);
    await screenshotAtWidths(page, 'alert-flow-dashboard');
    await page.getByRole('link', { name: 'Information Table' }).first().click();
    await page.waitForURL(/\/InformationTable/);
    await page.getByRole('tab', { name: 'Vehicle Listing' }).waitFor();
    await settled(page);
    await banner.waitFor();
    await screenshotAtWidths(page, 'alert-flow-banner-information-table');

    // In Malay and dark, the banner speaks Malay.
    const malay = await lookContext(ui.browser, { language: 'ms', theme: 'dark' });
    const malayPage = await malay.newPage();
    await signInAt(malayPage, ui.server.baseUrl, 'owner@demo.jejak.my', '/Profile');
    await malayPage.getByTestId('sos-banner').waitFor();
    await settled(malayPage);
    expect(await malayPage.getByTestId('sos-banner-count').textContent()).toBe(ms.alertFlow.banner.repeated(3));
    expect(await malayPage.getByTestId('sos-banner').textContent()).toContain(ms.alertFlow.banner.viewTicket);
    expect(await untranslatedTexts(malayPage)).toEqual([]);
    await screenshotAtWidths(malayPage, 'alert-flow-banner-ms-dark');

    // The banner's ticket link opens the dashboard on that ticket; resolving it takes the banner away.
    await page.getByTestId('sos-banner-ticket').click();
    await page.waitForURL((url) => url.pathname === '/');
    await row.getByTestId('ticket-resolve').click();
    const dialog = page.locator('.resolve-dialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(async () => (await openSos()).length).toBe(0);
    await banner.waitFor({ state: 'detached' });
    await malayPage.getByTestId('sos-banner').waitFor({ state: 'detached' });

    // A press after the ticket was resolved opens a new ticket, and the banner comes back.
    await pressSos();
    await expect.poll(async () => (await openSos()).map((t) => t.alarm_count)).toEqual([1]);
    await banner.waitFor();
    expect(await page.getByTestId('sos-banner-count').count()).toBe(0);

    tracker.device.close();
    await context.close();
    await malay.close();
  });
});
