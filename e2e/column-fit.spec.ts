import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const DESKTOP = { width: 1440, height: 900 };

/** The header cells of a table that lie, at least in part, outside what its scroller shows. */
function outOfView(table: Locator): Promise<string[]> {
  return table.evaluate((el) => {
    const view = el.querySelector('.ant-table-body, .ant-table-content') ?? el;
    const box = view.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('thead th.ant-table-cell')]
      .filter((th) => (th.textContent ?? '') !== '')
      .filter((th) => {
        const r = th.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1;
      })
      .map((th) => th.textContent ?? '');
  });
}

/** Columns and titles that a reader must see whole (issue 25, defect 4). */
describe('columns in view in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('Information Table: every column in view at 1440 px, and a tank without a reading says so', async () => {
    const page = await ui.browser.newPage({ viewport: DESKTOP });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/InformationTable');
    const table = page.getByTestId('info-vehicles');
    await table.locator('.ant-table-row').first().waitFor();
    expect(await outOfView(table)).toEqual([]);
    const rows = await table.locator('.ant-table-row').allTextContents();
    // No tracker has reported: every set-up tank says it has no reading, none shows '- L'.
    expect(rows.filter((text) => text.includes('- L'))).toEqual([]);
    const noReading = `[${en.infoTable.tank(1)}] ${en.infoTable.noReading}`;
    expect(rows.filter((text) => text.includes(noReading)).length).toBeGreaterThan(0);
    await screenshotAtWidths(page, 'info-table-columns');
    await page.close();
  });
});
