import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { basemapMaxZoom } from '@jejak/contract';
import { STREETS_STYLE_NAMES } from '../apps/web/src/map/pmtiles-style.ts';
import {
  TEST_ARCHIVE_CENTRE,
  TEST_ARCHIVE_ZOOMS,
  TEST_PLACE,
  TEST_ROADS,
  testArchive,
} from '../tools/pmtiles/test-archive.ts';
import { consoleUnderTest } from './console.ts';
import { FLOW_TIMEOUT_MS, signInAt, watchForeignRequests } from './browser.ts';
import { lookContext } from './gallery.ts';
import { screenshotAtWidths } from './widths.ts';

/*
 * Streets without the internet (issue 26 item 7): the server serves a PMTiles archive of the
 * Protomaps basemap layers (a small one over Kuala Lumpur, made here) by range, and the console
 * draws its roads and names from it, light and dark, asking no other host for anything.
 */

const LOOKS = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'ms', theme: 'light' },
  { language: 'ms', theme: 'dark' },
] as const;

const ROAD_LAYERS = ['streets-highway', 'streets-major', 'streets-minor'];

interface Drawn {
  roads: string[];
  roadLabels: string[];
  places: string[];
}

/** What the map has drawn of the archive in the current view (names of the rendered features). */
function drawn(page: Page): Promise<Drawn> {
  return page.evaluate((roadLayers) => {
    const map = window.__jejak!.map;
    const names = (layers: string[]) =>
      [...new Set(map.queryRenderedFeatures({ layers }).map((f) => String(f.properties['name'])))].sort();
    return {
      roads: names(roadLayers),
      roadLabels: names(['streets-road-labels']),
      places: names(['streets-place-labels']),
    };
  }, ROAD_LAYERS);
}

describe('the street map from the site’s own PMTiles archive', () => {
  let dir = '';
  let archive = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jejak-streets-'));
    archive = join(dir, 'kuala-lumpur.pmtiles');
    writeFileSync(archive, testArchive());
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const ui = consoleUnderTest(() => ({ JEJAK_MAP_PMTILES: archive }));

  for (const look of LOOKS) {
    it(`draws roads and place names in ${look.language}, ${look.theme}`, { timeout: FLOW_TIMEOUT_MS }, async () => {
      const context = await lookContext(ui.browser, look);
      const page = await context.newPage();
      const foreign = watchForeignRequests(page, ui.server.baseUrl);
      const ranges: number[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/api/map/basemap.pmtiles')) ranges.push(response.status());
      });
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
      const styleName = STREETS_STYLE_NAMES[look.theme];
      await page.waitForFunction((name) => window.__jejak?.map.getStyle().name === name, styleName, {
        timeout: 30_000,
      });

      // Over Kuala Lumpur, close enough for street names.
      await page.evaluate((centre) => window.__jejak!.map.jumpTo({ center: centre, zoom: 14 }), TEST_ARCHIVE_CENTRE);
      await expect
        .poll(() => drawn(page), { timeout: 30_000 })
        .toEqual({
          roads: [TEST_ROADS.major, TEST_ROADS.minor, TEST_ROADS.highway].sort(),
          roadLabels: expect.arrayContaining([TEST_ROADS.major]) as unknown as string[],
          places: [TEST_PLACE],
        });
      // Tiles came by range from our own server, and nothing from anywhere else.
      expect(ranges.length).toBeGreaterThan(0);
      expect(ranges.every((status) => status === 206)).toBe(true);
      expect(foreign).toEqual([]);
      await screenshotAtWidths(page, `offline-streets-${look.language}-${look.theme}`);
      // Zoomed out, the highway still shows over the peninsula's outline.
      await page.evaluate((centre) => window.__jejak!.map.jumpTo({ center: centre, zoom: 9 }), TEST_ARCHIVE_CENTRE);
      await expect.poll(() => drawn(page).then((d) => d.roads), { timeout: 30_000 }).toContain(TEST_ROADS.highway);
      if (look.language === 'en' && look.theme === 'light') {
        // A POI picked in the panel wants zoom 20; the archive (zoom 14) is drawn to 19 at most.
        await page.getByTestId('geofence-node').filter({ hasText: 'Depot Shah Alam' }).click();
        const cap = basemapMaxZoom({ kind: 'pmtiles', url: '', maxzoom: TEST_ARCHIVE_ZOOMS.max });
        expect(cap).toBe(19);
        await page.waitForFunction(
          (zoom) => Math.abs(window.__jejak!.map.getZoom() - zoom) < 1e-6 && !window.__jejak!.map.isMoving(),
          cap,
        );
      }
      await context.close();
    });
  }
});
