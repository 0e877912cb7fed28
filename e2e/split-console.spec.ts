import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FLOW_TIMEOUT_MS, holdNextRequest, signIn } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { lookContext, type Look } from './gallery.ts';
import { screenshotAtWidths } from './widths.ts';

interface Asset {
  path: string;
  encoding: string | undefined;
  type: string | undefined;
}

/** Every file the page (and its workers) fetches from /assets/, with how the server sent it. */
function assetsFetched(page: Page): Asset[] {
  const seen: Asset[] = [];
  page.context().on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/assets/')) return;
    const headers = response.headers();
    seen.push({ path: pathname, encoding: headers['content-encoding'], type: headers['content-type'] });
  });
  return seen;
}

/** The chunks a first load of /Login must not carry: the map, the drawing tool, the chart, the screens behind sign-in. */
const NOT_ON_LOGIN = /\/(maplibre|terra-draw|uplot|password-dictionary|AppFrame|DashboardScreen)-[^/]*\.js$/;

/** The console fetched screen by screen, compressed (ADR 0078). */
describe('the console split by route and sent compressed', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('loads /Login without the map, the charts or the signed-in screens, every script and style as Brotli', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const assets = assetsFetched(page);
    await page.goto(`${ui.server.baseUrl}/Login`);
    await page.locator('#email').waitFor();
    await page.waitForLoadState('networkidle');
    const code = assets.filter((a) => /\.(js|css)$/.test(a.path));
    expect(code.some((a) => /\/LoginScreen-[^/]*\.js$/.test(a.path))).toBe(true);
    expect(code.filter((a) => NOT_ON_LOGIN.test(a.path)).map((a) => a.path)).toEqual([]);
    expect(code.filter((a) => a.encoding !== 'br').map((a) => a.path)).toEqual([]);
    await context.close();
  });

  it.each<Look>([
    { language: 'en', theme: 'light' },
    { language: 'ms', theme: 'dark' },
  ])(
    'shows a spinner in the screen’s place while its module comes, and the map runs its worker ($language, $theme)',
    async (look) => {
      const context = await lookContext(ui.browser, look);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const assets = assetsFetched(page);
      await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
      await page.waitForURL(`${ui.server.baseUrl}/`);
      // The dashboard's map: MapLibre from its own chunk, its worker a module sent as JavaScript.
      await page.waitForFunction(() => window.__jejak?.map.loaded() === true, undefined, { timeout: 30_000 });
      const worker = assets.find((a) => /\/maplibre-gl-worker-[^/]*\.js$/.test(a.path));
      expect(worker?.type).toMatch(/^(text|application)\/javascript/);
      expect(worker?.encoding).toBe('br');
      expect(assets.some((a) => /\/maplibre-[^/]*\.js$/.test(a.path) && !a.path.includes('worker'))).toBe(true);

      // Profile's module held back: the frame shows, with a spinner where the screen will be.
      const held = await holdNextRequest(page, '**/assets/ProfileScreen-*.js');
      await page.goto(`${ui.server.baseUrl}/Profile`);
      await held.requested;
      const loading = page.getByTestId('screen-loading');
      await loading.waitFor();
      await page.locator('.app-frame').waitFor();
      await screenshotAtWidths(page, `screen-loading-${look.language}-${look.theme}`);
      held.release();
      await page.getByTestId('profile-reset-password').waitFor();
      await loading.waitFor({ state: 'detached' });
      await context.close();
    },
  );
});
