import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { en } from '../apps/web/src/i18n/en.ts';
import { FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 1024, height: 768 };
const OWNER = 'Syarikat Pengangkutan Maju Jaya';

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

/** The header cells that columns pinned to either side lie over, the table scrolled as it is. */
function covered(table: Locator): Promise<string[]> {
  return table.evaluate((el) => {
    const cells = [...el.querySelectorAll<HTMLElement>('thead th.ant-table-cell')];
    const pinned = (th: HTMLElement, side: 'left' | 'right') =>
      th.classList.contains(`ant-table-cell-fix-${side}`) ||
      th.classList.contains(`ant-table-cell-fix-${side === 'left' ? 'start' : 'end'}`);
    const left = Math.max(...cells.filter((th) => pinned(th, 'left')).map((th) => th.getBoundingClientRect().right));
    const right = Math.min(...cells.filter((th) => pinned(th, 'right')).map((th) => th.getBoundingClientRect().left));
    return cells
      .filter((th) => !pinned(th, 'left') && !pinned(th, 'right') && (th.textContent ?? '') !== '')
      .filter((th) => {
        const r = th.getBoundingClientRect();
        return r.left < left - 1 || r.right > right + 1;
      })
      .map((th) => th.textContent ?? '');
  });
}

async function chooseInTree(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-tree').getByText(name, { exact: true }).click();
  await page.getByTestId('user-card').getByText(name).first().waitFor();
}

/** Columns and titles that a reader must see whole (issue 25, defects 4 and 5). */
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

  it('User Management: Creation Date clear of the pinned Actions at 1440 px, the name whole at 1024 px', async () => {
    const page = await ui.browser.newPage({ viewport: DESKTOP });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, OWNER);
    await page.getByRole('tab', { name: en.users.devices }).click();
    const devices = page.getByTestId('device-table');
    await devices.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await covered(devices)).toEqual([]);
    expect(await outOfView(devices)).toEqual([]);
    await screenshot(page, 'user-management-devices-1440');
    // The vehicles' many columns scroll; at the end Creation Date stands clear of Actions.
    await page.getByRole('tab', { name: en.users.vehicles }).click();
    const vehicles = page.getByTestId('vehicle-table');
    await vehicles.locator('tbody tr.ant-table-row').first().waitFor();
    const createdClearAtEnd = () =>
      vehicles.evaluate(
        (el, [created, actions]) => {
          const scroller = el.querySelector('.ant-table-content');
          if (scroller) scroller.scrollLeft = scroller.scrollWidth;
          const th = [...el.querySelectorAll('thead th')];
          const edge = (text: string) => th.find((cell) => cell.textContent === text)?.getBoundingClientRect();
          const [c, a] = [edge(created), edge(actions)];
          return c !== undefined && a !== undefined && c.right <= a.left + 1;
        },
        [en.vehicleColumns.createdAt, en.vehicleColumns.actions] as const,
      );
    await expect.poll(createdClearAtEnd).toBe(true);

    // With Edit user, Add Vehicle and Add Device beside it, the name still shows whole.
    for (const size of [TABLET, DESKTOP]) {
      await page.setViewportSize(size);
      const title = page.getByTestId('user-card').locator('.ant-card-head-title');
      await expect
        .poll(() => title.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), { message: `${size.width} px` })
        .toBe(true);
      expect(await title.textContent()).toBe(OWNER);
    }
    await screenshotAtWidths(page, 'user-management-columns');
    await page.close();
  });
});
