import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '@jejak/contract';
import type { Page } from 'playwright-core';
import { DEMO_VEHICLES } from '../apps/server/src/demo/demo-fleet.ts';
import { drivenConsoleUnderTest } from './console.ts';
import { FLOW_TIMEOUT_MS, signIn, watchForeignRequests } from './browser.ts';
import { clickVehicle } from './map.ts';
import { screenshotAtWidths } from './widths.ts';

const SHOTS = new URL('./screenshots/', import.meta.url).pathname;
const plates = (owner: 'owner' | 'owner2') =>
  DEMO_VEHICLES.filter((v) => v.owner === owner)
    .map((v) => v.plate)
    .sort();

interface LiveSnapshot {
  plates: string[];
  positions: Record<string, [number, number] | null>;
  rendered: number;
}

/** Reads the console's own live store and what the map actually drew. */
async function snapshot(page: Page): Promise<LiveSnapshot> {
  return page.evaluate(() => {
    const j = window.__jejak;
    if (!j) throw new Error('map not ready');
    const vehicles = [...j.liveStore.vehicles()];
    const positions: Record<string, [number, number] | null> = {};
    for (const v of vehicles) {
      const loc = j.liveStore.device(v.dvid)?.location;
      positions[v.vehiclePlate] = loc ? [loc.lat, loc.lon] : null;
    }
    return {
      plates: vehicles.map((v) => v.vehiclePlate).sort(),
      positions,
      rendered: j.map.querySourceFeatures('vehicles').length,
    };
  });
}

describe('dashboard map in Chromium', () => {
  const ui = drivenConsoleUnderTest();

  // Several steps each wait for the map (software WebGL): more than the default 30 s on a busy machine.
  it(
    'shows a fleet owner only its own vehicles, moving live, with no request leaving the machine',
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1400, height: 900 } });
      const foreign = watchForeignRequests(page, ui.server.baseUrl);
      await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
      await page.waitForURL(`${ui.server.baseUrl}/`);
      await page.waitForFunction(
        () => {
          const j = window.__jejak;
          return (
            j !== undefined &&
            [...j.liveStore.vehicles()].length > 0 &&
            j.map.querySourceFeatures('vehicles').length > 0
          );
        },
        undefined,
        { timeout: 30_000 },
      );
      // Every vehicle has reported at least once (the simulator spreads them over an interval).
      await page.waitForFunction(
        () => {
          const j = window.__jejak;
          return j !== undefined && [...j.liveStore.vehicles()].every((v) => j.liveStore.device(v.dvid)?.location);
        },
        undefined,
        { timeout: 30_000 },
      );
      const first = await snapshot(page);
      expect(first.plates).toEqual(plates('owner'));
      expect(first.plates.some((p) => plates('owner2').includes(p))).toBe(false);

      // Live movement: most of the fleet leaves the first reported spot. A movement shows once the
      // server has confirmed it (ADR 0036: consecutive fixes 40 m off), so wait for it, not a clock.
      await page.waitForFunction(
        (before) => {
          const j = window.__jejak!;
          const moved = [...j.liveStore.vehicles()].filter((v) => {
            const loc = j.liveStore.device(v.dvid)?.location;
            const was = before[v.vehiclePlate];
            return loc && was && (loc.lat !== was[0] || loc.lon !== was[1]);
          });
          return moved.length > 6;
        },
        first.positions,
        { timeout: 60_000 },
      );
      const later = await snapshot(page);
      expect(later.plates).toEqual(first.plates);
      await page.screenshot({ path: `${SHOTS}dashboard-owner.png` });

      // The offline map's own context: town dots (GeoNames, credited), trails, a metric scale.
      // The first fit framed the vehicles that had reported by then: frame them all, so their
      // trails are in the rendered tiles.
      await page.evaluate(() => {
        const j = window.__jejak!;
        const spots = [...j.liveStore.vehicles()].flatMap((v) => {
          const loc = j.liveStore.device(v.dvid)?.location;
          return loc ? [[loc.lon, loc.lat] as [number, number]] : [];
        });
        const lons = spots.map((p) => p[0]);
        const lats = spots.map((p) => p[1]);
        j.map.fitBounds(
          [
            [Math.min(...lons), Math.min(...lats)],
            [Math.max(...lons), Math.max(...lats)],
          ],
          { padding: 40, duration: 0 },
        );
      });
      await page.waitForFunction(
        () => window.__jejak!.map.querySourceFeatures('vehicle-trails').length > 0,
        undefined,
        {
          timeout: 30_000,
        },
      );
      const context = await page.evaluate(() => {
        const j = window.__jejak!;
        const trailEnds = [...j.liveStore.vehicles()].flatMap((v) => {
          const end = j.liveStore.trail(v.dvid)?.positions.at(-1);
          const loc = j.liveStore.device(v.dvid)?.location;
          return end && loc ? [end[0] === loc.lon && end[1] === loc.lat] : [];
        });
        return {
          places: j.map.querySourceFeatures('places').length,
          trails: j.map.querySourceFeatures('vehicle-trails').length,
          trailEnds,
          layers: j.map.getStyle().layers.map((l) => l.id),
          attribution: document.querySelector('.maplibregl-ctrl-attrib')?.textContent ?? '',
          scale: document.querySelector('.maplibregl-ctrl-scale')?.textContent ?? '',
        };
      });
      expect(context.places).toBeGreaterThan(10);
      expect(context.trails).toBeGreaterThan(0);
      expect(context.trailEnds.length).toBeGreaterThan(6);
      expect(context.trailEnds.every(Boolean)).toBe(true);
      const order = ['basemap-coast', 'places', 'vehicle-trails', 'vehicles-selected', 'vehicles-arrows'];
      expect(order.map((id) => context.layers.indexOf(id))).toEqual(
        [...order.map((id) => context.layers.indexOf(id))].sort((a, b) => a - b),
      );
      expect(context.attribution).toContain('GeoNames (CC-BY-4.0)');
      expect(context.attribution).toContain('Natural Earth');
      expect(context.scale).toMatch(/^\d+\sk?m$/);

      // The whole peninsula at the spec's default zoom: coast, neighbours, towns.
      const fitted = await page.evaluate(() => {
        const map = window.__jejak!.map;
        const view = { center: map.getCenter().toArray(), zoom: map.getZoom() };
        map.jumpTo({ center: [102.213207, 4.527157], zoom: 7 });
        return view;
      });
      await page.waitForFunction(() => window.__jejak!.map.areTilesLoaded(), undefined, { timeout: 10_000 });
      await page.screenshot({ path: `${SHOTS}dashboard-country.png` });
      await page.evaluate((view) => window.__jejak!.map.jumpTo(view), fitted);

      // Clicking an arrow opens the info window with the spec's fields.
      const clicked = await clickVehicle(page);
      const name = await page.evaluate((vid) => window.__jejak!.liveStore.vehicle(vid)?.vehicleDisplayName, clicked);
      expect(await page.getByTestId('vehicle-info-name').textContent()).toBe(name);
      expect(await page.getByTestId('vehicle-info-status').textContent()).toMatch(/For /);
      const updated = (await page.getByTestId('vehicle-info-updated').textContent()) ?? '';
      expect(updated).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
      // Spec 1 §4: the last update's hour 7 to 19 inclusive reads Day, else Night.
      const hour = Number(updated.slice(11, 13));
      const dayNight = page.getByTestId('vehicle-info').getByTestId('day-night');
      expect(await dayNight.textContent()).toBe(hour >= 7 && hour <= 19 ? 'Day' : 'Night');
      // Zoom 17 (spec 1 §9) where the basemap draws it; the offline map stops at its own max.
      await page.waitForFunction((zoom) => Math.round(window.__jejak!.map.getZoom()) === zoom, MAP_MAX_ZOOM.offline, {
        timeout: 10_000,
      });
      await page.screenshot({ path: `${SHOTS}dashboard-vehicle-info.png` });
      expect(foreign).toEqual([]);
      await page.close();
    },
  );

  it(
    "the info window reads the vehicle's address, device and links; its logged points show above zoom 18",
    { timeout: FLOW_TIMEOUT_MS },
    async () => {
      const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.setDefaultTimeout(15_000);
      await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my');
      await page.waitForURL(`${ui.server.baseUrl}/`);
      await page.waitForFunction(
        () => {
          const j = window.__jejak;
          return j !== undefined && j.map.querySourceFeatures('vehicles').length > 0;
        },
        undefined,
        { timeout: 60_000 },
      );
      const clicked = await clickVehicle(page);

      // Its address comes from the server's geocoder; the refresh asks again with the vid and spins.
      const address = page.getByTestId('vehicle-info-address');
      await expect.poll(() => address.textContent(), { timeout: 15_000 }).toMatch(/\S/);
      const asked = page.waitForRequest(
        (r) => r.url().endsWith('/api/geocode') && (r.postDataJSON() as { vid?: string }).vid === clicked,
      );
      // The spinner may come and go between two polls (a fast geocoder): an observer set up
      // before the click records that it showed.
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="vehicle-info-address"]')!;
        const w = window as unknown as { __spun?: boolean };
        w.__spun = false;
        new MutationObserver(() => {
          if (el.querySelector('.ant-spin')) w.__spun = true;
        }).observe(el, { childList: true, subtree: true });
      });
      await page.getByTestId('vehicle-info-address-refresh').click();
      await asked;
      await page.waitForFunction(() => (window as unknown as { __spun?: boolean }).__spun === true);
      await address.locator('.ant-spin').waitFor({ state: 'detached' });
      expect(await address.textContent()).toMatch(/\S/);

      // Add as POI, View on Map (external, a new tab) and View Playback.
      const card = page.getByTestId('vehicle-info');
      expect(await card.getByTestId('vehicle-info-add-poi').getAttribute('href')).toMatch(
        /^\/Geofence\/AddNewPOI\?lat=-?\d+(\.\d+)?&lng=-?\d+(\.\d+)?$/,
      );
      const external = card.getByTestId('vehicle-info-external-map');
      expect(await external.getAttribute('href')).toMatch(
        /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
      );
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await card.getByTestId('vehicle-info-playback').getAttribute('href')).toMatch(
        new RegExp(`^/TripRecord\\?vid=${encodeURIComponent(clicked)}&startTime=\\d+&endTime=\\d+$`),
      );

      // Device details: the tracker behind the vehicle.
      const imei = await page.evaluate((vid) => {
        const j = window.__jejak!;
        return j.liveStore.device(j.liveStore.vehicle(vid)!.dvid)!.imei;
      }, clicked);
      await card.getByTestId('vehicle-info-device').click();
      await page.getByTestId('vehicle-device-details').getByText(imei, { exact: true }).waitFor();
      await card.getByTestId('vehicle-info-device').click();

      // Today's device-log points appear only above zoom 18.
      const logPoints = () =>
        page.evaluate(() => window.__jejak!.map.queryRenderedFeatures({ layers: ['device-log-points'] }).length);
      expect(await page.evaluate(() => window.__jejak!.map.getLayer('device-log-points')?.minzoom)).toBe(18);
      expect(await logPoints()).toBe(0);
      await page.evaluate((vid) => {
        const j = window.__jejak!;
        const at = j.liveStore.device(j.liveStore.vehicle(vid)!.dvid)!.location!;
        j.map.jumpTo({ center: [at.lon, at.lat], zoom: 18.5 });
      }, clicked);
      await expect.poll(logPoints, { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshotAtWidths(page, 'dashboard-info');

      // Vehicle info off hides the window; on shows it again.
      const infoSwitch = page.getByTestId('map-switch-vehicleInfo').getByRole('switch');
      await infoSwitch.click();
      await card.waitFor({ state: 'detached' });
      await infoSwitch.click();
      await card.waitFor();
      await page.close();
    },
  );

  it('shows a fleet operator only the vehicles of its vehicle group', { timeout: 60_000 }, async () => {
    const page = await ui.browser.newPage();
    await signIn(page, ui.server.baseUrl, 'operator@demo.jejak.my');
    await page.waitForFunction(
      () => (window.__jejak ? [...window.__jejak.liveStore.vehicles()].length === 5 : false),
      undefined,
      {
        timeout: 30_000,
      },
    );
    const expected = DEMO_VEHICLES.filter((v) => v.operatorGroup)
      .map((v) => v.plate)
      .sort();
    expect((await snapshot(page)).plates).toEqual(expected);
    const sidebar = await page.getByTestId('sidebar').textContent();
    expect(sidebar).toContain('Information Table');
    expect(sidebar).not.toContain('User Management');
    await page.close();
  });

  it('says why sign-in failed, with the spec texts', async () => {
    const page = await ui.browser.newPage();
    await signIn(page, ui.server.baseUrl, 'owner@demo.jejak.my', 'wrong-password');
    await page.getByText('Entered a wrong password, please try again').waitFor();
    await page.fill('#email', 'no-such-person@demo.jejak.my');
    await page.click('button:has-text("LOG IN")');
    await page.getByText('User does not exist').waitFor();
    await page.fill('#email', 'not an email');
    await page.click('button:has-text("LOG IN")');
    await page.getByText('Please enter a valid email address').waitFor();
    expect(page.url()).toMatch(/\/Login$/);
    await page.screenshot({ path: `${SHOTS}login-error.png` });
    await page.close();
  });

  it('sends a V1-only user to the V1 page, whose Back button signs out', async () => {
    const page = await ui.browser.newPage();
    await signIn(page, ui.server.baseUrl, 'legacy@demo.jejak.my');
    await page.getByTestId('v1-stage').waitFor();
    await page.screenshot({ path: `${SHOTS}v1-stage.png` });
    await page.getByRole('button', { name: /back/i }).click();
    await page.waitForURL(/\/Login$/);
    await page.goto(`${ui.server.baseUrl}/`);
    await page.waitForURL(/\/Login$/);
    await page.close();
  });

  it('shows the fallback page for an unknown path, inside the frame', async () => {
    const page = await ui.browser.newPage();
    await signIn(page, ui.server.baseUrl, 'super@demo.jejak.my');
    await page.waitForURL(`${ui.server.baseUrl}/`);
    await page.goto(`${ui.server.baseUrl}/NoSuchScreen`);
    await page.getByTestId('not-found').waitFor();
    const sidebar = await page.getByTestId('sidebar').textContent();
    expect(sidebar).toContain('Migration');
    await page.close();
  });
});
