import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { screenshotAtWidths } from './widths.ts';

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

/** The relative luminance (0 black … 1 white) of a computed CSS colour such as `rgb(20, 20, 20)`. */
const luminance = (css: string) => {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};
const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** The map's style name and how many layers the console drew over the basemap, once both are there. */
async function mapShows(page: Page, styleName: string): Promise<number> {
  const handle = await page.waitForFunction(
    (name) => {
      const map = window.__jejak?.map;
      const style = map?.isStyleLoaded() ? map.getStyle() : undefined;
      if (style?.name !== name) return null;
      const drawn = style.layers.filter((layer) => !layer.id.startsWith('basemap-')).length;
      return drawn > 0 ? drawn : null;
      // A restyle on a loaded 2-core machine (software GL, other specs drawing maps) took over 15 s.
    },
    styleName,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) ?? 0;
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

  it('switches to Bahasa Malaysia and dark mode at once, remembered across reloads and sign-out', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Profile');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText(en.frame.sidebar.UserManagement, { exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    // Bahasa Malaysia: the sidebar, the header and the profile change at once, and stay after a reload.
    await page.getByTestId('language-ms').click();
    await sidebar.getByText(ms.frame.sidebar.UserManagement, { exact: true }).waitFor();
    await page.getByRole('button', { name: ms.frame.userMenu }).waitFor();
    await page.locator('.profile-card').getByText(ms.roles.fleetOwner, { exact: true }).waitFor();
    await page.reload();
    await page.locator('.profile-card').getByText(ms.profile.inAppNotification, { exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ms');
    // The spec's toasts follow the language too.
    await switchOf(page, 'in_app_notification').click();
    await expectToast(page, 'Profil pengguna berjaya dikemas kini.');

    // Dark: the page, the antd card and the header turn dark, and stay dark after a reload.
    expect(luminance(await backgroundOf(page, '.profile-card'))).toBeGreaterThan(0.9);
    await page.getByTestId('theme-dark').click();
    await page.locator('html[data-theme="dark"]').waitFor();
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.profile-card')!).backgroundColor === 'rgb(20, 20, 20)',
    );
    await page.reload();
    await page.locator('html[data-theme="dark"]').waitFor();
    for (const selector of ['body', '.profile-card', '.app-header'])
      expect(luminance(await backgroundOf(page, selector)), selector).toBeLessThan(0.1);
    await screenshotAtWidths(page, 'profile-ms-dark');

    // The map is dark; the header's switch restyles it in place, keeping the console's layers.
    await page.goto(`${ui.server.baseUrl}/`);
    const drawn = await mapShows(page, 'Jejak offline dark');
    await screenshotAtWidths(page, 'dashboard-ms-dark');
    await page.getByTestId('theme-toggle').click();
    expect(await mapShows(page, 'Jejak offline')).toBe(drawn);
    await page.getByRole('button', { name: ms.frame.toDark }).click();
    expect(await mapShows(page, 'Jejak offline dark')).toBe(drawn);

    await page.goto(`${ui.server.baseUrl}/Management`);
    await page.locator('.ant-table-row').first().waitFor();
    await screenshotAtWidths(page, 'management-ms-dark');

    // Signing out keeps both choices: the sign-in page is in Malay and dark.
    await page.goto(`${ui.server.baseUrl}/Profile`);
    await page.getByTestId('profile-logout').click();
    await page.waitForURL(/\/Login$/);
    await page.getByRole('button', { name: ms.login.submit }).waitFor();
    await page.locator('html[data-theme="dark"]').waitFor();
    await screenshot(page, 'login-ms-dark');
    await context.close();
  });
});
