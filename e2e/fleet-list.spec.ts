import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { registerVehicle } from '../apps/server/test/harness.ts';
import { FLOW_TIMEOUT_MS, holdNextRequest, screenshot, signInAt } from './browser.ts';
import { drivenConsoleUnderTest } from './console.ts';
import { lookContext, settled } from './gallery.ts';
import { untranslatedTexts } from './untranslated.ts';
import { screenshotAtWidths } from './widths.ts';

const NEW_PLATE = 'BARU 1';

/** The map's centre and how far (in pixels) a vehicle is from it. */
function offCentrePx(page: Page, vid: string): Promise<number | null> {
  return page.evaluate((wanted) => {
    const j = window.__jejak!;
    const dvid = j.liveStore.vehicle(wanted)?.dvid;
    const at = dvid === undefined ? null : j.liveStore.device(dvid)?.location;
    if (!at) return null;
    const p = j.map.project([at.lon, at.lat]);
    const c = j.map.project(j.map.getCenter());
    return Math.hypot(p.x - c.x, p.y - c.y);
  }, vid);
}

/** Statuses of the vehicles the map's source holds (clusters left out). */
function drawnStatuses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const source = window.__jejak!.map.getSource('vehicles') as unknown as {
      getData(): Promise<{ features: { properties: Record<string, unknown> }[] }>;
    };
    return (await source.getData()).features.map((f) => String(f.properties['status']));
  });
}

const rowsShown = (page: Page) => page.getByTestId('fleet-row').count();

/**
 * Issue 26 item 1: the fleet list beside the map, with a driven demo fleet and one vehicle whose
 * tracker never reported: loading state, search, state counts that filter list and map, a chosen
 * vehicle followed until the map is dragged, the whole fleet control, clusters and plates.
 */
describe('fleet list beside the map in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = drivenConsoleUnderTest();

  it('lists, searches, filters and follows the fleet, in English and Malay, light and dark', async () => {
    await registerVehicle(ui.server.app, {
      model: 'GT06',
      imei: '868120000099001',
      ownerEmail: 'owner@demo.jejak.my',
      plate: NEW_PLATE,
      name: 'Lori Baru Dipasang',
    });
    const context = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    const s = en.fleetList;

    // The fleet is on its way: the list and the map say so.
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Profile');
    const held = await holdNextRequest(page, '**/api/user/gethierarchy');
    await page.goto(`${ui.server.baseUrl}/`);
    await held.requested;
    await page.getByTestId('fleet-list-loading').waitFor();
    expect(await page.getByTestId('map-fleet-loading').textContent()).toContain(s.loading);
    await screenshot(page, 'fleet-list-loading-1440');
    held.release();

    // Every vehicle the owner sees, one row each, with its state; the new one never reported.
    const fresh = page.getByTestId('fleet-row').filter({ hasText: NEW_PLATE });
    await fresh.waitFor();
    const total = await page.evaluate(() => [...window.__jejak!.liveStore.vehicles()].length);
    expect(total).toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId('fleet-list-total').textContent()).toBe(String(total));
    expect(await fresh.getAttribute('data-state')).toBe('NEVER_REPORTED');
    expect(await fresh.getByTestId('fleet-row-address').textContent()).toBe(s.noPosition);
    expect(await fresh.getByTestId('fleet-row-age').count()).toBe(0);
    expect(await page.getByTestId('fleet-state-NEVER_REPORTED').textContent()).toBe(`${s.states.NEVER_REPORTED}1`);

    // A row of a reporting vehicle has its speed, the age of its fix and an address.
    const moving = page.locator('[data-testid="fleet-row"][data-state="MOVING"]').first();
    await moving.waitFor();
    expect(await moving.getByTestId('fleet-row-speed').textContent()).toMatch(/^\d+ km\/h$/);
    expect(await moving.getByTestId('fleet-row-age').textContent()).toMatch(/^(just now|\d+ min ago)$/);
    await expect.poll(() => moving.getByTestId('fleet-row-address').textContent()).not.toBe('…');

    // Search by name, by plate typed loosely.
    await page.getByTestId('fleet-search').locator('input').fill('pekerja');
    await expect.poll(() => rowsShown(page)).toBe(1);
    expect(await page.getByTestId('fleet-row').textContent()).toContain('Bas Pekerja 07');
    await page.getByTestId('fleet-search').locator('input').fill(NEW_PLATE.toLowerCase().replace(' ', ''));
    await expect.poll(() => rowsShown(page)).toBe(1);
    await page.getByTestId('fleet-search').locator('input').fill('no such truck');
    await page.getByTestId('fleet-list-empty').waitFor();
    await page.getByTestId('fleet-list-empty').getByRole('button', { name: s.clear }).click();
    await expect.poll(() => rowsShown(page)).toBeGreaterThan(5);

    // A state filters the list and the map alike (the driven demo fleet is mostly moving).
    await page.getByTestId('fleet-state-MOVING').click();
    await expect
      .poll(async () => [
        ...new Set(
          await page.getByTestId('fleet-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state'))),
        ),
      ])
      .toEqual(['MOVING']);
    await expect.poll(async () => [...new Set(await drawnStatuses(page))]).toEqual(['MOVING']);
    await page.getByTestId('fleet-state-MOVING').click();
    await expect.poll(async () => (await drawnStatuses(page)).length).toBe(total - 1);

    // Choosing a moving vehicle centres it and follows it as it drives.
    await moving.click();
    const vid = (await moving.getAttribute('data-vid')) ?? '';
    await page.getByTestId('vehicle-info').waitFor();
    await page.getByTestId('vehicle-info').getByTestId('following').waitFor();
    const startedAt = await page.evaluate((wanted) => {
      const j = window.__jejak!;
      return j.liveStore.device(j.liveStore.vehicle(wanted)!.dvid)!.location;
    }, vid);
    await expect
      .poll(async () =>
        page.evaluate(
          ([wanted, was]) => {
            const j = window.__jejak!;
            const now = j.liveStore.device(j.liveStore.vehicle(wanted)!.dvid)!.location!;
            return now.lat !== was!.lat || now.lon !== was!.lon;
          },
          [vid, startedAt] as const,
        ),
      )
      .toBe(true);
    await expect.poll(async () => (await offCentrePx(page, vid)) ?? 999, { timeout: 20_000 }).toBeLessThan(40);
    // No settling here: a followed vehicle keeps the map gliding.
    await screenshotAtWidths(page, 'fleet-list-following');

    // A drag by hand ends the follow; the bar offers it again.
    const box = (await page.locator('.dashboard-map canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 80, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId('follow').waitFor();
    expect(await page.getByTestId('following').count()).toBe(0);

    // The whole fleet: every placed vehicle in view, close ones clustered.
    await page
      .getByTestId('vehicle-info')
      .getByRole('button', { name: /close/i })
      .click()
      .catch(() => undefined);
    await page.getByTestId('whole-fleet').click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const j = window.__jejak!;
          const bounds = j.map.getBounds();
          return [...j.liveStore.vehicles()].every((v) => {
            const at = j.liveStore.device(v.dvid)?.location;
            return !at || bounds.contains([at.lon, at.lat]);
          });
        }),
      )
      .toBe(true);
    await page.evaluate(() => window.__jejak!.map.jumpTo({ zoom: 9 }));
    await expect
      .poll(() =>
        page.evaluate(() => window.__jejak!.map.queryRenderedFeatures({ layers: ['vehicles-clusters'] }).length),
      )
      .toBeGreaterThan(0);
    await settled(page);
    await screenshotAtWidths(page, 'fleet-list-clusters');

    // At a street zoom each vehicle carries its plate.
    await page.evaluate((wanted) => {
      const j = window.__jejak!;
      const at = j.liveStore.device(j.liveStore.vehicle(wanted)!.dvid)!.location!;
      j.map.jumpTo({ center: [at.lon, at.lat], zoom: 15 });
    }, vid);
    await expect
      .poll(() =>
        page.evaluate(() => window.__jejak!.map.queryRenderedFeatures({ layers: ['vehicles-plates'] }).length),
      )
      .toBeGreaterThan(0);
    await settled(page);
    await screenshotAtWidths(page, 'fleet-list-plates');
    await context.close();

    // Malay and dark: the list speaks Malay; on a phone it is a drawer over the map.
    const msContext = await lookContext(ui.browser, { language: 'ms', theme: 'dark' });
    const msPage = await msContext.newPage();
    msPage.setDefaultTimeout(60_000);
    await signInAt(msPage, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    await msPage.getByTestId('fleet-row').first().waitFor();
    expect(await msPage.getByTestId('fleet-state-NEVER_REPORTED').textContent()).toBe(
      `${ms.fleetList.states.NEVER_REPORTED}1`,
    );
    await settled(msPage);
    expect(await untranslatedTexts(msPage)).toEqual([]);
    await screenshotAtWidths(msPage, 'fleet-list-ms-dark');
    // A phone opens the dashboard afresh: panels folded, the list behind its button.
    await msPage.setViewportSize({ width: 390, height: 844 });
    await msPage.goto(`${ui.server.baseUrl}/`);
    await settled(msPage);
    await screenshot(msPage, 'fleet-list-ms-dark-phone-390');
    await msPage.getByTestId('fleet-list-open').click();
    const drawerRow = msPage.getByTestId('fleet-row').filter({ hasText: 'Pekerja' });
    await drawerRow.waitFor();
    await screenshot(msPage, 'fleet-list-ms-dark-drawer-390');
    await drawerRow.click();
    await msPage.getByTestId('following').waitFor();
    await drawerRow.waitFor({ state: 'hidden' });
    await screenshot(msPage, 'fleet-list-ms-dark-chosen-390');
    await msContext.close();
  });
});
