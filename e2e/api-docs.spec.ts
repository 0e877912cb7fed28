import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_BASE, API_OPERATIONS, DOC_PATHS } from '@jejak/contract';
import { startTestServer, type TestServer } from '../apps/server/test/harness.ts';
import { expectNoCspViolations, launchBrowser, screenshot, watchForeignRequests } from './browser.ts';

/** ADR 0088: /api/docs in Chromium, under the server's own Content-Security-Policy. */
describe('the API docs page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    browser = await launchBrowser();
  });
  afterEach(() => expectNoCspViolations(browser));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists every operation by group, from its own files only, at 1440 and 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const foreign = watchForeignRequests(page, server.baseUrl);
    await page.goto(`${server.baseUrl}${API_BASE}${DOC_PATHS.docs}`);
    await expect.poll(() => page.locator('.opblock').count()).toBe(API_OPERATIONS.length);
    const tags = await page.locator('.opblock-tag').evaluateAll((all) => all.map((el) => el.getAttribute('data-tag')));
    expect(tags).toEqual([
      'Accounts',
      'API tokens',
      'Fleet',
      'Geofences',
      'Records',
      'Reports',
      'Alerts',
      'Notifications',
      'Webhooks',
      'Commands',
      'Maintenance',
      'Share links',
      'Administration',
      'Platform',
    ]);
    await expect.poll(() => page.locator('.info .title').innerText()).toMatch(/^Jejak API/);
    await screenshot(page, 'api-docs-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'api-docs-390');
    await page.locator('#operations-Fleet-vehicleAdd').scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs-fleet-390');
    expect(foreign).toEqual([]);
    await page.close();
  });

  it("shows a call's example, and tries it with the browser's session cookie", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Signed in as the console would be: the cookie goes with Swagger UI's requests.
    const login = await page.request.post(`${server.baseUrl}${API_BASE}/auth/login`, {
      data: { email: 'owner2@demo.jejak.my', password: 'demo1234' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.baseUrl}${API_BASE}${DOC_PATHS.docs}#/Accounts/session`);
    const session = page.locator('#operations-Accounts-session');
    await expect.poll(() => session.locator('.opblock-body').count()).toBe(1);
    await session.getByRole('button', { name: 'Try it out' }).click();
    await session.getByRole('button', { name: 'Execute' }).click();
    const answer = session.locator('.live-responses-table .response .response-col_status').first();
    await expect.poll(() => answer.innerText()).toMatch(/^200\b/);
    await expect.poll(() => session.locator('.live-responses-table').innerText()).toContain('Klang Valley Cold Chain');

    const vehicles = page.locator('#operations-Fleet-vehicleGet');
    await vehicles.locator('.opblock-summary-control').click();
    await expect.poll(() => vehicles.locator('.opblock-body').innerText()).toContain('WVC 3308');
    await vehicles.scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs-example-1440');
    await page.close();
  });
});
