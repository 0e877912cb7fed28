import { describe, expect, it } from 'vitest';
import type { GeoJSONSource } from 'maplibre-gl';
import { drivenConsoleUnderTest } from './console.ts';
import { FLOW_TIMEOUT_MS, signIn } from './browser.ts';
import { clickVehicle } from './map.ts';
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
      await page.waitForFunction(() => Math.round(window.__jejak!.map.getZoom()) === 17);
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
});
