import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  expectToast,
  FLOW_TIMEOUT_MS,
  holdNextRequest,
  pickOption,
  popupsClosed,
  screenshot,
  signIn,
  signInAt,
} from './browser.ts';
import { DEMO_USERS } from '../apps/server/src/demo/demo-fleet.ts';
import { consoleUnderTest } from './console.ts';

const rows = (page: Page) => page.getByTestId('migration-table').locator('tr.ant-table-row');
const rowOf = (page: Page, email: string) => rows(page).filter({ hasText: email });

/** /Migration and /Migration/MigrateUser/{uid} in Chromium (spec 3 §2, §4, §5, §8). */
describe('migration in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('migrates a V1 user to V2, who then gets the console at the next sign-in', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'super@demo.jejak.my', '/Migration');
    await rowOf(page, 'legacy@demo.jejak.my').waitFor();
    expect(await rows(page).count()).toBe(DEMO_USERS.length);
    const legacy = await rowOf(page, 'legacy@demo.jejak.my').locator('td').allTextContents();
    // Name, V1 time, V2 time (none), uid, e-mail, role.
    expect(legacy[0]).toBe('Rangkaian Lama Enterprise');
    expect(legacy[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(legacy[2]).toBe('-');
    expect(legacy[5]).toBe('Fleet Owner');
    // Every row's Migrate action is in view without scrolling the table sideways.
    const table = await page.getByTestId('migration-table').boundingBox();
    for (const email of ['distributor@demo.jejak.my', 'owner2@demo.jejak.my']) {
      const migrate = await rowOf(page, email).getByRole('button', { name: 'Migrate' }).boundingBox();
      expect(migrate && table ? migrate.x + migrate.width <= table.x + table.width : false).toBe(true);
    }
    await screenshot(page, 'migration-table-all');

    // The e-mail column is searchable (case-insensitive contains).
    await page
      .getByTestId('migration-table')
      .locator('th', { hasText: 'Email' })
      .locator('.ant-table-filter-trigger')
      .click();
    await page.locator('.column-search input').fill('LEGACY');
    await page.locator('.column-search').getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-table"] tr.ant-table-row').length === 1,
    );
    await popupsClosed(page);
    await screenshot(page, 'migration-table');

    await rowOf(page, 'legacy@demo.jejak.my').getByRole('button', { name: 'Migrate' }).click();
    await page.waitForURL(/\/Migration\/MigrateUser\//);
    await page
      .getByTestId('migrate-form')
      .getByText('Rangkaian Lama Enterprise (legacy@demo.jejak.my, Fleet Owner)')
      .waitFor();
    await page.getByTestId('submit').click();
    await expectToast(page, 'Please Select The Stage You Want To Send To');
    await pickOption(page, 'targetStage', 'V2');
    await screenshot(page, 'migration-form');
    // The call is held until the progress text has been seen.
    const { release } = await holdNextRequest(page, '**/api/user/migrate');
    await page.getByTestId('submit').click();
    await page.getByTestId('migrate-form').getByText('Migrating user...', { exact: true }).waitFor();
    await screenshot(page, 'migration-progress');
    release();
    await expectToast(page, 'Succesfully migrated user');
    await page.waitForURL(/\/Migration$/);
    await expect
      .poll(async () => rowOf(page, 'legacy@demo.jejak.my').locator('td').nth(2).textContent(), { timeout: 15_000 })
      .toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Migration is one-way: sending a V2 user back to V1 is refused with the server's reason.
    await rowOf(page, 'legacy@demo.jejak.my').getByRole('button', { name: 'Migrate' }).click();
    await page.getByTestId('migrate-form').getByText('V2', { exact: true }).waitFor();
    await pickOption(page, 'targetStage', 'V1');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Migration is one-way: a V2 user cannot go back to V1');

    // An unknown uid: 'Selected User Not Found'.
    await page.goto(`${ui.server.baseUrl}/Migration/MigrateUser/no-such-user`);
    await page.getByTestId('submit').click();
    await expectToast(page, 'Selected User Not Found');
    await context.close();

    // The stage gate now opens the V2 console for the migrated user.
    const legacyPage = await ui.browser.newPage();
    await signIn(legacyPage, ui.server.baseUrl, 'legacy@demo.jejak.my');
    await legacyPage.getByTestId('sidebar').waitFor();
    expect(await legacyPage.getByTestId('v1-stage').count()).toBe(0);
    await legacyPage.close();
  });
});
