import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAP_TEXTS, MESSAGES } from '@jejak/contract';
import { consoleUnderTest } from './console.ts';
import { screenshot, signInAt } from './browser.ts';

/*
 * The street map (issue 14 item 1), offline: a local server in the test stands for the map host,
 * serving a MapLibre style with raster tiles and live-traffic tiles. The browser reaches it, then
 * is cut off from it (the fallback to the offline basemap), then from the offline basemap's data
 * too (no map at all).
 */

/** A 256-pixel square PNG tile: a plain colour crossed by a darker 'road'. */
function tilePng(rgb: [number, number, number], road: [number, number, number]): Buffer {
  const size = 256;
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    for (let x = 0; x < size; x++) {
      const c = Math.abs(x - y) < 4 || Math.abs(y - 128) < 3 ? road : rgb;
      c.forEach((v, i) => (rows[row + 1 + x * 3 + i] = v));
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface MapHost {
  origin: string;
  served: string[];
  close(): Promise<void>;
}

async function startMapHost(): Promise<MapHost> {
  const street = tilePng([232, 240, 226], [255, 255, 255]);
  const night = tilePng([28, 32, 40], [70, 78, 92]);
  const traffic = tilePng([255, 255, 255], [220, 40, 40]);
  const served: string[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    served.push(path);
    const cors = { 'access-control-allow-origin': '*' };
    // The light style draws /tiles/, the dark one (JEJAK_MAP_DARK_STYLE_URL) /night/.
    if (path === '/style.json' || path === '/dark.json') {
      const id = path === '/style.json' ? 'streets' : 'streets-dark';
      const tiles = path === '/style.json' ? 'tiles' : 'night';
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          version: 8,
          sources: {
            [id]: {
              type: 'raster',
              tiles: [`${origin}/${tiles}/{z}/{x}/{y}.png`],
              tileSize: 256,
              attribution: '© OpenStreetMap contributors',
            },
          },
          layers: [{ id, type: 'raster', source: id }],
        }),
      );
    } else if (path.startsWith('/tiles/') || path.startsWith('/night/') || path.startsWith('/traffic/')) {
      res.writeHead(200, { ...cors, 'content-type': 'image/png' });
      res.end(path.startsWith('/tiles/') ? street : path.startsWith('/night/') ? night : traffic);
    } else {
      res.writeHead(404, cors);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, served, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Ids of the current style's sources, once the map has a style with `wanted` (or after 20 s). */
async function sourcesOnceThere(page: Page, wanted: string): Promise<string[]> {
  await page
    .waitForFunction((id) => Boolean(window.__jejak?.map.getSource(id)), wanted, { timeout: 20_000 })
    .catch(() => undefined);
  return page.evaluate(() => Object.keys(window.__jejak?.map.getStyle().sources ?? {}));
}

describe('the street map', () => {
  let host: MapHost;
  beforeAll(async () => {
    host = await startMapHost();
  });
  afterAll(async () => {
    await host?.close();
  });
  const ui = consoleUnderTest(() => ({
    JEJAK_MAP_STYLE_URL: `${host.origin}/style.json`,
    JEJAK_MAP_DARK_STYLE_URL: `${host.origin}/dark.json`,
    JEJAK_MAP_TRAFFIC_TILES: `${host.origin}/traffic/{z}/{x}/{y}.png`,
    JEJAK_MAP_TRAFFIC_ATTRIBUTION: 'Traffic © Example',
  }));

  it(
    'draws the configured style and its tiles, with attribution and a live-traffic toggle',
    { timeout: 120_000 },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
      expect(await sourcesOnceThere(page, 'streets')).toContain('streets');
      await page.waitForFunction(() => window.__jejak?.map.areTilesLoaded() === true, undefined, { timeout: 20_000 });
      expect(host.served.some((p) => p.startsWith('/tiles/'))).toBe(true);
      expect(await page.getByTestId('map-fallback-notice').count()).toBe(0);
      // Our layers sit on the street style: the vehicles are drawn over it.
      await page.waitForFunction(() => Boolean(window.__jejak?.map.getLayer('vehicles-arrows')), undefined, {
        timeout: 20_000,
      });
      await page.locator('.maplibregl-ctrl-attrib-button').click();
      await expect.poll(() => page.locator('.maplibregl-ctrl-attrib-inner').textContent()).toContain('OpenStreetMap');

      await page.getByTestId('traffic-toggle').getByRole('switch').click();
      await page.waitForFunction(() => Boolean(window.__jejak?.map.getLayer('traffic')), undefined, {
        timeout: 10_000,
      });
      await expect.poll(() => host.served.some((p) => p.startsWith('/traffic/')), { timeout: 10_000 }).toBe(true);
      await screenshot(page, 'street-map-1440');
      await page.setViewportSize({ width: 1024, height: 768 });
      await screenshot(page, 'street-map-1024');
      await page.getByTestId('traffic-toggle').getByRole('switch').click();
      await page.waitForFunction(() => !window.__jejak?.map.getLayer('traffic'), undefined, { timeout: 10_000 });
      await page.close();
    },
  );

  it(
    'follows the colour scheme: the dark style in dark, restyled in place with the layers kept',
    { timeout: 120_000 },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
      expect(await sourcesOnceThere(page, 'streets')).toContain('streets');
      const arrows = () => page.waitForFunction(() => Boolean(window.__jejak?.map.getLayer('vehicles-arrows')));
      await arrows();
      await page.getByTestId('theme-toggle').click();
      expect(await sourcesOnceThere(page, 'streets-dark')).not.toContain('streets');
      await arrows();
      await page.waitForFunction(() => window.__jejak?.map.areTilesLoaded() === true, undefined, { timeout: 20_000 });
      expect(host.served.some((p) => p.startsWith('/night/'))).toBe(true);
      expect(await page.getByTestId('map-fallback-notice').count()).toBe(0);
      await screenshot(page, 'street-map-dark-1440');
      // Remembered: a reload opens on the dark style.
      await page.reload();
      expect(await sourcesOnceThere(page, 'streets-dark')).toContain('streets-dark');
      await page.getByTestId('theme-toggle').click();
      expect(await sourcesOnceThere(page, 'streets')).toContain('streets');
      await arrows();
      await page.close();
    },
  );

  it(
    'falls back by itself to the offline basemap when the map host is cut off, and says so',
    { timeout: 120_000 },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.route(`${host.origin}/**`, (route) => route.abort('internetdisconnected'));
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
      await page.getByTestId('map-fallback-notice').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('map-fallback-notice').textContent()).toBe(MAP_TEXTS.fallback);
      expect(await sourcesOnceThere(page, 'basemap-land')).toContain('basemap-land');
      // The layers came back on the offline style.
      await page.waitForFunction(() => Boolean(window.__jejak?.map.getLayer('vehicles-arrows')), undefined, {
        timeout: 20_000,
      });
      await screenshot(page, 'street-map-fallback-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'street-map-fallback-390');
      await page.close();
    },
  );

  it("says 'Map cannot be loaded right now, sorry.' when neither map can be loaded", { timeout: 120_000 }, async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1024, height: 768 } });
    await page.route(`${host.origin}/**`, (route) => route.abort('internetdisconnected'));
    await page.route('**/assets/countries-10m*', (route) => route.abort('internetdisconnected'));
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    await page.getByText(MESSAGES.mapUnavailable).waitFor({ timeout: 20_000 });
    await screenshot(page, 'street-map-unavailable-1024');
    await page.close();
  });
});
