import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ALERT_PATHS, API_PATHS, MANAGEMENT_PATHS, NOTIFICATION_PATHS } from '@jejak/contract';
import { startTestServer, type TestServer } from '../apps/server/test/harness.ts';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { expectNoCspViolations, launchBrowser, signIn } from './browser.ts';
import { clickVehicle } from './map.ts';
import { screenshotAtWidths } from './widths.ts';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

/** A fleet whose trackers have not reported yet: no simulator. */
describe('app frame and map fallbacks in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer('pglite', { JEJAK_WEB_DIST: 'apps/web/dist' });
    browser = await launchBrowser();
  });
  afterEach(() => expectNoCspViolations(browser));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('falls back to the default centre at zoom 7 when no vehicle has a position after 5 s', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    await page.waitForFunction(() => window.__jejak !== undefined, undefined, { timeout: 30_000 });
    await page.waitForTimeout(6000);
    const view = await page.evaluate(() => {
      const map = window.__jejak!.map;
      return { ...map.getCenter(), zoom: map.getZoom() };
    });
    expect(view.lat).toBeCloseTo(4.527157, 4);
    expect(view.lng).toBeCloseTo(102.213207, 4);
    expect(view.zoom).toBeCloseTo(7, 5);
    await page.screenshot({ path: `${SHOTS}dashboard-default-centre.png` });
    await page.close();
  });

  it("loads spec 1 §4's sign-in data once, nothing refused, and a screen reads it from the cache", async () => {
    const page = await browser.newPage();
    const calls: { path: string; status: number }[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/')) calls.push({ path: path.slice(4), status: r.status() });
    });
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    const signInLoad = [
      MANAGEMENT_PATHS.vehicleGroupGet,
      API_PATHS.userRelationGet,
      ALERT_PATHS.ruleTemplateGet,
      NOTIFICATION_PATHS.notificationGet,
    ];
    await expect
      .poll(() => signInLoad.filter((p) => calls.some((c) => c.path === p)).length, { timeout: 20_000 })
      .toBe(signInLoad.length);
    // Nothing refused (the session probe before sign-in answers 401 by design).
    expect(calls.filter((c) => c.status >= 400 && c.path !== API_PATHS.session)).toEqual([]);
    // Management › Rule lists rule templates and notifications from the cache: no second request.
    const before = calls.length;
    await page.locator('.app-sider').getByText('Management', { exact: true }).click();
    await page.getByRole('tab', { name: 'Rule' }).click();
    await page.getByTestId('add-rule').waitFor({ timeout: 20_000 });
    const again = calls.slice(before).map((c) => c.path);
    expect(again.filter((p) => p === ALERT_PATHS.ruleTemplateGet || p === NOTIFICATION_PATHS.notificationGet)).toEqual(
      [],
    );
    await page.close();
  });

  it("says 'Map cannot be loaded right now, sorry.' where WebGL is unavailable", async () => {
    const noWebGl = await launchBrowser(['--disable-webgl', '--disable-3d-apis']);
    const page = await noWebGl.newPage();
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    await page.getByText('Map cannot be loaded right now, sorry.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}map-unavailable.png` });
    await noWebGl.close();
  });

  it('shows the offline banner and then "Back online."', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByTestId('sidebar').waitFor();
    await context.setOffline(true);
    await page.getByText('Network error. Refresh page ?').waitFor();
    // The console stays usable while offline: the banner takes its own band above the frame and
    // covers no control, and the frame still ends at the bottom of the window.
    expect(await page.getByTestId('sidebar').isVisible()).toBe(true);
    const banner = await page.getByTestId('connectivity-banner').boundingBox();
    const frame = await page.locator('.app-frame').boundingBox();
    expect(banner && frame && banner.y + banner.height <= frame.y).toBe(true);
    expect(frame && Math.round(frame.y + frame.height)).toBe(page.viewportSize()?.height);
    await page.screenshot({ path: `${SHOTS}offline-banner.png` });
    await context.setOffline(false);
    await page.getByText('Back online.').waitFor();
    await context.close();
  });

  it('signs out from the header and forgets the session', async () => {
    const page = await browser.newPage();
    await signIn(page, server.baseUrl, 'distributor@demo.jejak.my');
    await page.waitForURL(`${server.baseUrl}/`);
    const sidebar = await page.getByTestId('sidebar').textContent();
    expect(sidebar).toContain('User Management');
    expect(sidebar).not.toContain('Migration');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/Login$/);
    await page.goto(`${server.baseUrl}/InformationTable`);
    await page.waitForURL(/\/Login$/);
    await page.close();
  });
  it('gives a phone the whole width: the navigation opens as a drawer from the header and closes on a choice', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByTestId('menu-button').waitFor();
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    // The screen starts at the left edge.
    const content = await page.locator('.app-content').boundingBox();
    expect(content?.x).toBe(0);
    await page.getByTestId('menu-button').click();
    const drawer = page.getByTestId('sidebar-drawer');
    await drawer.getByText('Vehicle Reports').waitFor();
    await page.screenshot({ path: `${SHOTS}frame-drawer-390.png` });
    await drawer.getByText('Vehicle Reports').click();
    await page.waitForURL(`${server.baseUrl}/VehicleReport`);
    await drawer.waitFor({ state: 'hidden' });
    await page.screenshot({ path: `${SHOTS}frame-phone-vehicle-report-390.png` });
    // Wider again, the sidebar is back beside the screen.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('sidebar').waitFor();
    expect(await page.getByTestId('menu-button').count()).toBe(0);
    await page.close();
  });

  it("says on the vehicle's card since when a real GT06 tracker has had no GPS fix (spec 1 §3 noGPSAt)", async () => {
    const imei = demoImei(13); // owner2's
    const t0 = Math.floor((Date.now() - 20 * 60_000) / 60_000) * 60_000;
    const tracker = await gt06Track(server.gt06Port, imei, t0);
    await tracker.send(0, true);
    const at = tracker.here();
    await tracker.sendAt({ timeMs: t0 + 2 * 60_000, at, speedKmh: 0, acc: true, valid: false, satellites: 1 });
    await server.app.pipeline.drain();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.baseUrl, 'owner2@demo.jejak.my');
    await page.waitForFunction(() => window.__jejak?.map.querySourceFeatures('vehicles').length === 1, undefined, {
      timeout: 30_000,
    });
    await clickVehicle(page);
    const noGps = page.getByTestId('vehicle-info-no-gps');
    await noGps.waitFor();
    expect(await noGps.textContent()).toMatch(/^since \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:00$/);
    await screenshotAtWidths(page, 'dashboard-no-gps');
    tracker.device.close();
    await page.close();
  });
});
