import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { LANGUAGE_STORAGE_KEY } from '../apps/web/src/store/stored-choices.ts';
import { FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';

/** Collects every answer the server refused (4xx) while the page is open, but the signed-out session probe. */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const refusal = response.status() >= 400 && response.status() < 500;
    if (refusal && !response.url().endsWith('/api/auth/session'))
      refused.push(`${response.status()} ${response.url()}`);
  });
  return refused;
}

/** What a role may not do is hidden or answered with one clear page (issue 25, defects 1 and 9). */
describe('role access in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('a fleet operator gets no Edit on Management › Vehicle, and the edit route by URL neither spins nor asks again', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const refused = refusals(page);
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Management/Vehicle');
    const table = page.getByTestId('vehicle-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await table.locator('[data-testid^="edit-"]').count()).toBe(0);
    expect(await table.locator('thead th').allTextContents()).not.toContain(en.management.vehicleColumns.action);
    await page.goto(`${ui.server.baseUrl}/Management/Vehicle/Edit/some-vehicle`);
    await page.getByTestId('not-available').waitFor();
    await page.waitForTimeout(2000);
    expect(await page.locator('.ant-spin-spinning').count()).toBe(0);
    expect(refused).toEqual([]);
  });

  it('a fleet operator opening /Migration, /VehicleReport or /SOSAlerts by URL is told they are not for its role', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const refused = refusals(page);
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Migration');
    for (const path of ['/Migration', '/VehicleReport', '/SOSAlerts', '/Migration/MigrateUser/someone']) {
      await page.goto(`${ui.server.baseUrl}${path}`);
      const shown = page.getByTestId('not-available');
      await shown.waitFor();
      expect(await shown.textContent()).toContain(en.screens.notAvailable);
      expect(await shown.textContent()).toContain(en.screens.notAvailableBody(en.roles.fleetOperator));
    }
    await screenshot(page, 'not-available-operator-1440');
    // The screen's data is never asked for, so the server refuses nothing.
    expect(refused).toEqual([]);
    // The sidebar's entries still open.
    await page.goto(`${ui.server.baseUrl}/InformationTable`);
    await page.locator('.app-content').waitFor();
    expect(await page.getByTestId('not-available').count()).toBe(0);
  });

  it('says it in Bahasa Malaysia too', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((key) => localStorage.setItem(key, 'ms'), LANGUAGE_STORAGE_KEY);
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/SOSAlerts');
    const shown = page.getByTestId('not-available');
    await shown.waitFor();
    expect(await shown.textContent()).toContain(ms.screens.notAvailable);
    expect(await shown.textContent()).toContain(ms.screens.notAvailableBody(ms.roles.fleetOperator));
    await screenshot(page, 'not-available-operator-ms-390');
    await context.close();
  });
});
