import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';

const LEVELS = ['INFO', 'WARNING', 'CRITICAL'] as const;
const switchOf = (page: Page, key: string) => page.getByTestId(`switch-${key}`);
const isOn = async (page: Page, key: string) => (await switchOf(page, key).getAttribute('aria-checked')) === 'true';
/** The switch shows `on`: waited for, as the toast and the switch are drawn by separate renders. */
const switchShows = (page: Page, key: string, on: boolean) =>
  page.locator(`[data-testid="switch-${key}"][aria-checked="${String(on)}"]`).waitFor();

/** Flips a switch: saved at once (the toast), and still flipped after a reload. */
async function flipAndReload(page: Page, key: string, shot: string): Promise<void> {
  await switchOf(page, key).waitFor();
  const before = await isOn(page, key);
  await switchOf(page, key).click();
  await expectToast(page, 'Successfully update user profile.');
  await switchShows(page, key, !before);
  await screenshot(page, shot);
  await page.reload();
  await switchOf(page, key).waitFor();
  expect(await isOn(page, key)).toBe(!before);
}

/** /Profile in Chromium (spec 1 §2): the details, the notification switches saved at once, Log Out, back. */
describe('profile in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('saves each notification switch at once, keeps it after a reload, and signs out clearing state', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/Profile$/);
    const card = page.locator('.profile-card');
    for (const text of ['Syarikat Pengangkutan Maju Jaya', 'owner@demo.jejak.my', '+60378801122', 'Fleet Owner']) {
      await card.getByText(text, { exact: true }).waitFor();
    }
    expect(await card.getByRole('img', { name: 'Jejak' }).count()).toBe(1);

    // The level switches show only while in-app notifications are on; each change is saved.
    const master = 'in_app_notification';
    if (!(await isOn(page, master))) {
      await switchOf(page, master).click();
      await expectToast(page, 'Successfully update user profile.');
    }
    for (const level of LEVELS) await page.getByText(level, { exact: true }).waitFor();
    await flipAndReload(page, 'in_app_notification_warning', 'profile-switches');
    await switchOf(page, master).click();
    await expectToast(page, 'Successfully update user profile.');
    await page.getByText('CRITICAL', { exact: true }).waitFor({ state: 'detached' });
    await screenshot(page, 'profile-notifications-off');

    // Back returns to the previous page.
    await page.getByTestId('profile-back').click();
    await page.waitForURL(/\/UserManagement$/);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL(/\/Profile$/);

    // Log Out: signed out, and nothing of the session is left behind.
    await page.getByTestId('profile-logout').click();
    await page.waitForURL(/\/Login$/);
    await page.goto(`${ui.server.baseUrl}/Profile`);
    await page.waitForURL(/\/Login$/);
    await page.close();
  });

  it('lets a fleet operator set its own switches too', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Profile');
    await flipAndReload(page, 'in_app_notification_critical', 'profile-operator');

    // Opened in a new tab there is no previous page: back leads to the dashboard.
    const tab = await context.newPage();
    await tab.goto(`${ui.server.baseUrl}/Profile`);
    await tab.getByTestId('profile-back').click();
    await tab.waitForURL(`${ui.server.baseUrl}/`);
    await context.close();
  });
});
