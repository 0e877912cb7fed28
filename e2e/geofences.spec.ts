import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '@jejak/contract';
import type { GeoJSONSource } from 'maplibre-gl';
import { drivenConsoleUnderTest } from './console.ts';
import { FLOW_TIMEOUT_MS, signIn } from './browser.ts';
import { clickVehicle } from './map.ts';
import { postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';
import { en } from '../apps/web/src/i18n/en.ts';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;

describe('geofences on the dashboard in Chromium', () => {
  const ui = drivenConsoleUnderTest();

  it(
    "draws the fleet owner's geofences; a POI put around a driving vehicle shows in its info window",
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.setDefaultTimeout(15_000);
      await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
      await page.waitForURL(`${ui.server.baseUrl}/`);
      await page.waitForFunction(() => {
        const j = window.__jejak;
        return j !== undefined && [...j.liveStore.vehicles()].some((v) => j.liveStore.device(v.dvid)?.location);
      });

      // The demo owner's seeded POIs and zone are on the map, in their template colours.
      const seededKinds = () =>
        page.evaluate(async () => {
          const source = window.__jejak!.map.getSource('geofence-areas') as GeoJSONSource;
          const data = (await source.getData()) as { features: { properties: Record<string, unknown> | null }[] };
          return data.features.map((f) => String(f.properties?.['kind']));
        });
      await expect.poll(seededKinds, { timeout: 15_000 }).not.toEqual([]);
      const seeded = await seededKinds();
      expect(seeded.length).toBeGreaterThan(0);
      expect(seeded).toContain('POI');

      // Put a 500 m POI around a vehicle where it stands now, through the API as the owner.
      const target = await page.evaluate(async () => {
        const j = window.__jejak!;
        const v = [...j.liveStore.vehicles()].find((x) => j.liveStore.device(x.dvid)?.location)!;
        const loc = j.liveStore.device(v.dvid)!.location!;
        const response = await fetch('/api/geofence/add', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            geofence: {
              geoType: 'POI',
              geofenceName: 'E2E Stop',
              geofenceComment: 'put around a driving vehicle',
              coordinates: [{ lat: loc.lat, lng: loc.lon }],
              geofenceRadius: 500,
            },
          }),
        });
        const body = (await response.json()) as { geofence?: { geoid: string } };
        return { vid: v.vid, geoid: body.geofence?.geoid ?? '', status: response.status, lon: loc.lon, lat: loc.lat };
      });
      expect(target.status).toBe(200);

      // The vehicle's next fix is inside: the live channel's geofence message reaches the store.
      await page.waitForFunction(
        ({ vid, geoid }) => window.__jejak!.liveStore.vehicle(vid)?.geofenceProfile?.[geoid] === 1,
        target,
        { timeout: 60_000 },
      );

      // Its info window shows the POI badge; the map draws the new circle after a refetch.
      // It keeps driving: click where the map draws it now.
      await clickVehicle(page, target.vid);
      await page.getByTestId('vehicle-info-geofence').getByText('POI · E2E Stop').waitFor();
      // The vehicle's zoom 17, stopped at the offline map's max.
      await page.waitForFunction((zoom) => Math.round(window.__jejak!.map.getZoom()) === zoom, MAP_MAX_ZOOM.offline);
      await page.evaluate(() => window.__jejak!.map.zoomTo(15, { animate: false }));
      await page.waitForFunction(() => window.__jejak!.map.areTilesLoaded());
      await page.screenshot({ path: `${SHOTS}dashboard-geofence.png` });

      // Hovering the POI's centre mark names it in a popup that lets clicks through to the map
      // below (a vehicle arrow beside the mark stays clickable).
      await page.getByTestId('vehicle-info').getByRole('button', { name: en.vehicle.close }).click();
      await page.evaluate(({ lon, lat }) => window.__jejak!.map.jumpTo({ center: [lon, lat], zoom: 15 }), target);
      await page.waitForFunction(() => window.__jejak!.map.loaded() && !window.__jejak!.map.isMoving());
      const mark = await page.evaluate(({ lon, lat }) => {
        const map = window.__jejak!.map;
        const pt = map.project([lon, lat]);
        const box = map.getContainer().getBoundingClientRect();
        return { x: box.left + pt.x, y: box.top + pt.y };
      }, target);
      await page.mouse.move(mark.x, mark.y);
      const popup = page.locator('.maplibregl-popup', { hasText: 'E2E Stop (POI)' });
      await popup.waitFor();
      const hit = await popup.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.tagName;
      });
      expect(hit).toBe('CANVAS');
      await page.close();
    },
  );

  it(
    'the control panel shows and hides geofence layers; close POIs cluster; the tree finds and zooms to one',
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.setDefaultTimeout(15_000);
      await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
      await page.waitForURL(`${ui.server.baseUrl}/`);
      await page.waitForFunction(() => window.__jejak?.map.getLayer('geofence-clusters') !== undefined);

      // Three POIs 40 m apart, away from the fleet: one cluster of 3 until zoomed in.
      const centre = { lat: 3.9, lng: 101.2 };
      for (const [i, name] of ['Kluster A', 'Kluster B', 'Kluster C'].entries()) {
        const added = await postFromPage<{ status: number }>(page, '/geofence/add', {
          geofence: {
            geoType: 'POI',
            geofenceName: name,
            coordinates: [{ lat: centre.lat + i * 0.0004, lng: centre.lng }],
            geofenceRadius: 10,
          },
        });
        expect(added.status).toBe(200);
      }
      await page.reload();
      // The map first fits the fleet once positions arrive: look at the POIs after that.
      await page.waitForFunction(() => {
        const j = window.__jejak;
        return (
          j !== undefined &&
          j.map.getLayer('geofence-clusters') !== undefined &&
          [...j.liveStore.vehicles()].some((v) => j.liveStore.device(v.dvid)?.location)
        );
      });
      await page.evaluate((c) => window.__jejak!.map.jumpTo({ center: [c.lng, c.lat], zoom: 11 }), centre);
      const rendered = (layer: string) =>
        page.evaluate(
          (id) => window.__jejak!.map.queryRenderedFeatures({ layers: [id] }).map((f) => ({ ...f.properties })),
          layer,
        );
      await expect.poll(() => rendered('geofence-clusters'), { timeout: 15_000 }).toHaveLength(1);
      expect((await rendered('geofence-clusters'))[0]?.['point_count']).toBe(3);
      // Its count layer asked for the image of '3' (drawn on demand, the offline style has no glyphs).
      await expect.poll(() => page.evaluate(() => window.__jejak!.map.hasImage('text-count:3'))).toBe(true);

      // Clicking the cluster zooms in until it splits into its three marks.
      const at = await page.evaluate((c) => {
        const map = window.__jejak!.map;
        const pt = map.project([c.lng, c.lat + 0.0004]);
        const box = map.getContainer().getBoundingClientRect();
        return { x: box.left + pt.x, y: box.top + pt.y };
      }, centre);
      await page.mouse.click(at.x, at.y);
      await page.waitForFunction(() => window.__jejak!.map.getZoom() > 11.5 && !window.__jejak!.map.isMoving());
      await page.evaluate((c) => window.__jejak!.map.jumpTo({ center: [c.lng, c.lat + 0.0004], zoom: 17 }), centre);
      await expect.poll(() => rendered('geofence-marks')).toHaveLength(3);
      expect(await rendered('geofence-clusters')).toHaveLength(0);

      // Every switch hides its layers and shows them again (spec 1 §9: all on by default).
      const visibility = (ids: string[]) =>
        page.evaluate(
          (layers) => layers.map((id) => window.__jejak!.map.getLayoutProperty(id, 'visibility') as unknown),
          ids,
        );
      const toggles: [string, string[]][] = [
        [
          'pois',
          ['geofence-poi-fill', 'geofence-poi-line', 'geofence-marks', 'geofence-clusters', 'geofence-poi-labels'],
        ],
        ['zones', ['geofence-fill', 'geofence-line', 'geofence-zone-marks', 'geofence-zone-labels']],
        ['geofenceInfo', ['geofence-poi-labels', 'geofence-zone-labels']],
      ];
      for (const [key, layers] of toggles) {
        const control = page.getByTestId(`map-switch-${key}`).getByRole('switch');
        expect(await control.getAttribute('aria-checked')).toBe('true');
        expect(await visibility(layers)).toEqual(layers.map(() => 'visible'));
        await control.click();
        await expect.poll(() => visibility(layers)).toEqual(layers.map(() => 'none'));
        await control.click();
        await expect.poll(() => visibility(layers)).toEqual(layers.map(() => 'visible'));
      }
      // No traffic tiles are configured here: no live-traffic switch.
      expect(await page.getByTestId('traffic-toggle').count()).toBe(0);

      // The tree searches case-insensitively; selecting a POI takes the map there at zoom 20, or
      // as close as the basemap draws (the offline map's max here).
      await page.getByTestId('geofence-search').locator('input').fill('kluster b');
      const nodes = page.getByTestId('geofence-node');
      await expect.poll(() => nodes.locator('.geofence-node-name').allTextContents()).toEqual(['Kluster B']);
      await page.evaluate(() => window.__jejak!.map.jumpTo({ center: [101.6, 3.1], zoom: 10 }));
      await nodes.first().click();
      await page.waitForFunction(
        (zoom) => Math.round(window.__jejak!.map.getZoom()) === zoom && !window.__jejak!.map.isMoving(),
        MAP_MAX_ZOOM.offline,
      );
      const there = await page.evaluate(() => window.__jejak!.map.getCenter());
      expect(there.lat).toBeCloseTo(centre.lat + 0.0004, 5);
      expect(there.lng).toBeCloseTo(centre.lng, 5);

      // A zone fits its polygon.
      await page.getByTestId('geofence-search').locator('input').fill('ZON');
      await expect.poll(() => nodes.locator('.geofence-node-name').allTextContents()).toEqual(['Zon Petaling Jaya']);
      await nodes.first().click();
      await page.waitForFunction(() => window.__jejak!.map.getZoom() < 16 && !window.__jejak!.map.isMoving());
      await page.waitForFunction(() => window.__jejak!.map.areTilesLoaded());
      await screenshotAtWidths(page, 'dashboard-panel');
      await page.close();
    },
  );
});
