import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '@jejak/contract';
import type { Page } from 'playwright-core';
import { insertTicket } from '../apps/server/test/alerts-fixture.ts';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { pushNotify, settledView, userFleet } from './alerts-e2e.ts';

const HOUR_MS = 3_600_000;
const PUCHONG = { lat: 3.0319, lon: 101.6171 };
const totalIs = (page: Page, n: number) =>
  page.locator(`[data-testid="ticket-total"] .ant-scroll-number[title="${n}"]`).waitFor();
const rows = (page: Page) => page.locator('[data-testid="ticket-table"] tbody tr.ant-table-row');

/** The dashboard's SOS ticket panel in Chromium (spec 1 §2 SOS tickets, issue 12 item 5). */
describe('SOS tickets in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('lists a fleet owner its open tickets, views one on the map, resolves one and then two, and contacts support', async () => {
    const owner = await userFleet(ui.server, 'owner@demo.jejak.my');
    const [v1, v2] = owner.vehicles;
    if (!v1 || !v2) throw new Error('the demo owner needs two vehicles');
    const db = ui.server.app.database.db;
    const now = Date.now();
    const sos = await insertTicket(db, {
      vid: v1.vid,
      eventName: 'SOS',
      eventTime: now - 3 * HOUR_MS,
      location: PUCHONG,
    });
    await insertTicket(db, { vid: v2.vid, eventName: 'POWER CUT', eventTime: now - 2 * HOUR_MS, location: null });
    await insertTicket(db, { vid: v2.vid, eventName: 'ACCIDENT', eventTime: now - HOUR_MS });

    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The chat opens in a new tab; nothing may leave the machine, so the chat site is stood in for.
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'chat' }));
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    await totalIs(page, 3);
    await page.getByText('Total No. Of Tickets', { exact: false }).waitFor();

    // Newest first; the one without a location shows N\A instead of View On Map.
    expect(await rows(page).getByTestId('ticket-event-name').allTextContents()).toEqual([
      'ACCIDENT',
      'POWER CUT',
      'SOS',
    ]);
    expect(await rows(page).nth(1).getByText('N\\A', { exact: true }).count()).toBe(1);
    expect(await rows(page).getByTestId('ticket-view-on-map').count()).toBe(2);
    expect(await page.getByTestId('ticket-bulk-resolve').isDisabled()).toBe(true);
    await screenshot(page, 'tickets-panel-1440');

    // Contact Support: the chat with role, name, e-mail, vehicle, event and time.
    const [chat] = await Promise.all([
      context.waitForEvent('page'),
      rows(page).nth(2).getByTestId('ticket-contact-support').click(),
    ]);
    await chat.waitForLoadState();
    const url = new URL(chat.url());
    expect(url.host + url.pathname).toBe('wa.me/60123456789');
    const message = url.searchParams.get('text') ?? '';
    for (const part of ['Fleet Owner', owner.name, 'owner@demo.jejak.my', v1.vehicle_display_name, 'SOS']) {
      expect(message).toContain(part);
    }
    expect(message).toMatch(/Time: \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    await chat.close();

    // View On Map: the dashboard zooms to 20 on the ticket's event (as far as the offline map
    // draws: its max) and marks it.
    await rows(page).nth(2).getByTestId('ticket-view-on-map').click();
    await page.getByTestId('ticket-marker').waitFor();
    await page.waitForFunction(
      (zoom) => window.__jejak !== undefined && window.__jejak.map.getZoom() > zoom - 0.1,
      MAP_MAX_ZOOM.offline,
    );
    const view = await settledView(page);
    expect(view.zoom).toBeCloseTo(MAP_MAX_ZOOM.offline, 5);
    expect(view.lat).toBeCloseTo(PUCHONG.lat, 4);
    expect(view.lon).toBeCloseTo(PUCHONG.lon, 4);
    await screenshot(page, 'tickets-view-on-map');

    // Mark Resolved: 'Resolve 1 Ticket(s)?' with the remark prefilled (now, the user's name).
    await rows(page).nth(2).getByTestId('ticket-resolve').click();
    const dialog = page.locator('.resolve-dialog');
    await dialog.getByText('Resolve 1 Ticket(s)?', { exact: true }).waitFor();
    const remark = await dialog.getByTestId('resolve-remark').inputValue();
    expect(remark).toMatch(
      new RegExp(`^Ticket\\(s\\) acknowledged at \\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2} by ${owner.name}$`),
    );
    await screenshot(page, 'tickets-resolve-dialog');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await totalIs(page, 2);
    const resolved = await db
      .selectFrom('tickets')
      .selectAll()
      .where('ticket_id', '=', sos.ticketId)
      .executeTakeFirstOrThrow();
    expect(resolved).toMatchObject({ resolved_by: owner.uid, remark });

    // Bulk Mark Resolved: enabled by a selection, for every selected ticket.
    await rows(page).nth(0).locator('.ant-checkbox-input').check();
    await rows(page).nth(1).locator('.ant-checkbox-input').check();
    await page.getByTestId('ticket-bulk-resolve').click();
    await dialog.getByText('Resolve 2 Ticket(s)?', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await totalIs(page, 0);
    await expectToast(page, '2 ticket(s) resolved');
    expect(await page.getByTestId('ticket-bulk-resolve').isDisabled()).toBe(true);
    await context.close();
  });

  it('updates live: a critical event on the live channel pops up once and refetches the tickets', async () => {
    const owner = await userFleet(ui.server, 'owner@demo.jejak.my');
    const [v1] = owner.vehicles;
    if (!v1) throw new Error('the demo owner needs a vehicle');
    const page = await ui.browser.newPage({ viewport: { width: 1024, height: 768 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    const open = await ui.server.app.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('resolved_at', 'is', null)
      .where(
        'vid',
        'in',
        owner.vehicles.map((v) => v.vid),
      )
      .executeTakeFirstOrThrow();
    const before = Number(open.n);
    await totalIs(page, before);

    // The pipeline opens the ticket and the notifier pushes the event to the owner's console.
    const { evid } = await insertTicket(ui.server.app.database.db, {
      vid: v1.vid,
      eventName: 'SOS',
      eventTime: Date.now(),
    });
    // The live channel subscribes once the hierarchy is in; push until the console has it.
    const popup = page.locator('.event-popup-CRITICAL');
    await pushUntilShown(page, () =>
      pushNotify(ui.server, [owner.uid], v1, { evid, eventName: 'SOS', eventType: 'CRITICAL' }),
    );
    await totalIs(page, before + 1);
    await popup.getByText('SOS', { exact: true }).waitFor();
    expect(await popup.textContent()).toContain(v1.vehicle_display_name);
    // The same event again (a second notification matching it): no second pop-up.
    pushNotify(ui.server, [owner.uid], v1, { evid, eventName: 'SOS', eventType: 'CRITICAL' });
    pushNotify(ui.server, [owner.uid], v1, { eventName: 'OVERSPEED', eventType: 'WARNING', speed: 97.346 });
    await page.locator('.event-popup-WARNING').getByText('OVERSPEED 97.35 KM/H', { exact: true }).waitFor();
    expect(await page.locator('.event-popup-CRITICAL').count()).toBe(1);
    await screenshot(page, 'tickets-popups-1024');

    // Folded, the panel leaves the map free.
    await page.getByTestId('ticket-panel-toggle').click();
    await page.getByTestId('ticket-table').waitFor({ state: 'detached' });
    await screenshot(page, 'tickets-panel-folded-1024');
    await page.close();
  });

  it('honours the Profile switches: a critical pop-up is held back when its switch is off', async () => {
    const operator = await userFleet(ui.server, 'operator@demo.jejak.my');
    const owner = await userFleet(ui.server, 'owner@demo.jejak.my');
    const [v1] = owner.vehicles;
    if (!v1) throw new Error('the demo owner needs a vehicle');
    await ui.server.app.database.db
      .updateTable('users')
      .set({
        preference: JSON.stringify({
          in_app_notification: true,
          in_app_notification_info: true,
          in_app_notification_warning: true,
          in_app_notification_critical: false,
        }),
      })
      .where('uid', '=', operator.uid)
      .execute();
    const page = await ui.browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    await page.getByTestId('ticket-panel').waitFor();
    // Messages arrive in order: once the warning shows, the critical one before it was held back.
    await pushUntilShown(page, () => {
      pushNotify(ui.server, [operator.uid], v1, { eventName: 'SOS', eventType: 'CRITICAL' });
      return pushNotify(ui.server, [operator.uid], v1, { eventName: 'TOWING', eventType: 'WARNING' });
    });
    expect(await page.locator('.event-popup-CRITICAL').count()).toBe(0);
    await screenshot(page, 'tickets-panel-390');
    await page.close();
  });

  it('shows no ticket panel to a distributor', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    await page.getByTestId('dashboard-map').waitFor();
    await page.waitForFunction(() => window.__jejak !== undefined);
    expect(await page.getByTestId('ticket-panel').count()).toBe(0);
    await page.close();
  });
});

/**
 * Pushes until a pop-up shows: the console subscribes its live channel only after its first
 * load, and a message sent before that reaches no socket.
 */
async function pushUntilShown(page: Page, push: () => string): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    push();
    const shown = await page
      .locator('.event-popup')
      .first()
      .waitFor({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
  }
  const classes = await page.evaluate(() =>
    [...document.querySelectorAll('.ant-notification-notice, .ant-notification-notice-wrapper')].map(
      (e) => e.className,
    ),
  );
  throw new Error(`no pop-up after 10 pushes: ${classes.join(' | ')}`);
}
