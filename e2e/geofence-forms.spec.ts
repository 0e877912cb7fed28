import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { en } from '../apps/web/src/i18n/en.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';

const f = en.geofenceForms;

interface Stored {
  geoid: string;
  geoType: string;
  geofenceName: string;
  geofenceComment: string;
  coordinates: { lat: number; lng: number }[];
  geofenceRadius: number | null;
  gtids: string[];
}

const stored = async (page: Page, name: string): Promise<Stored | undefined> => {
  const uid = await myUid(page);
  const { geofences } = await postFromPage<{ geofences: Stored[] }>(page, '/geofence/get', { uid });
  return geofences.find((g) => g.geofenceName === name);
};

/** Waits until the map has drawn its sources and stands still (polled: a busy page may skip frames). */
async function mapSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => window.__jejak !== undefined && window.__jejak.map.loaded() && !window.__jejak.map.isMoving(),
    undefined,
    { polling: 200, timeout: 30_000 },
  );
}

/** Waits until the map has drawn and stands still, centred on [lng, lat] at `zoom`. */
async function mapAt(page: Page, centre: [number, number], zoom: number): Promise<void> {
  await mapSettled(page);
  await page.evaluate(({ centre, zoom }) => window.__jejak!.map.jumpTo({ center: centre, zoom }), { centre, zoom });
  await mapSettled(page);
}

/** The page pixel `dx`, `dy` from the map's centre, and the place under it. */
async function spot(page: Page, dx: number, dy: number) {
  return page.evaluate(
    ({ dx, dy }) => {
      const map = window.__jejak!.map;
      const box = map.getContainer().getBoundingClientRect();
      const x = box.width / 2 + dx;
      const y = box.height / 2 + dy;
      const at = map.unproject([x, y]);
      return { x: box.left + x, y: box.top + y, lat: at.lat, lng: at.lng };
    },
    { dx, dy },
  );
}

/** The page pixel where the map draws [lng, lat]. */
async function pixelOf(page: Page, p: { lat: number; lng: number }) {
  return page.evaluate((p) => {
    const map = window.__jejak!.map;
    const box = map.getContainer().getBoundingClientRect();
    const pt = map.project([p.lng, p.lat]);
    return { x: box.left + pt.x, y: box.top + pt.y };
  }, p);
}

const shape = (page: Page) => page.getByTestId('geofence-shape');
const near = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.abs(a.lat - b.lat) < 1e-4 && Math.abs(a.lng - b.lng) < 1e-4;

/** Saves, sees the success toast, and lands on /Geofence. */
async function saveAndLeave(page: Page, toast: string) {
  await page.getByTestId('submit').click();
  await expectToast(page, toast);
  await page.waitForURL(/\/Geofence$/);
}

/** Clicks the corners in order, then the first again to close the polygon. */
async function drawZone(page: Page, offsets: [number, number][]) {
  const corners = [];
  for (const [dx, dy] of offsets) {
    const c = await spot(page, dx, dy);
    await page.mouse.click(c.x, c.y);
    corners.push(c);
  }
  await page.mouse.click(corners[0]!.x, corners[0]!.y);
  await shape(page).getByText(f.corners(offsets.length)).waitFor();
  return corners;
}

/** Add and Edit POI and Zone in Chromium (spec 1 §2 "Geofence maps", §3, §5). */
describe('geofence drawing forms in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('adds a POI by clicking the map; checks the name and radius; edits it, then deletes it', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence/AddNewPOI');
    await page.getByTestId('geofence-form').getByText(f.titles.addPoi).waitFor();
    await shape(page).getByText(f.notPlaced).waitFor();
    // A new POI opens over the user's fleet (the Klang Valley), not the middle of the country.
    await page.waitForFunction(() => {
      const c = window.__jejak?.map.getCenter();
      return c !== undefined && c.lng > 101.2 && c.lng < 102 && c.lat > 2.7 && c.lat < 3.5;
    });
    await mapAt(page, [101.6, 3.1], 15);

    // One click places the marker; the drawing tool is then off, so a second click moves nothing.
    const at = await spot(page, 0, 0);
    await page.mouse.click(at.x, at.y);
    await page.getByText(f.hints.moveMarker).waitFor();
    const other = await spot(page, 200, 100);
    await page.mouse.click(other.x, other.y);
    expect(await shape(page).textContent()).toBe(`${at.lat.toFixed(6)}, ${at.lng.toFixed(6)}`);

    await page.getByTestId('submit').click();
    await expectToast(page, GEOFENCE_TEXTS.nameEmpty);
    await page.locator('#geofenceName').fill('E2E Gate');
    await page.locator('#geofenceRadius').fill('0');
    await page.getByTestId('submit').click();
    await expectToast(page, GEOFENCE_TEXTS.poiRadius);
    await page.locator('.ant-form-item-explain-error').getByText(GEOFENCE_TEXTS.poiRadius).waitFor();

    // The circle follows the radius.
    await page.locator('#geofenceRadius').fill('250');
    await page.waitForFunction(async () => {
      const source = window.__jejak!.map.getSource('geofence-draw-radius') as unknown as {
        getData(): Promise<{ features: unknown[] }>;
      };
      return (await source.getData()).features.length === 1;
    });
    await page.locator('#geofenceComment').fill('Back gate');
    await screenshotAtWidths(page, 'geofence-poi-add');
    await saveAndLeave(page, f.added);

    const poi = await stored(page, 'E2E Gate');
    expect(poi).toMatchObject({ geoType: 'POI', geofenceRadius: 250, geofenceComment: 'Back gate' });
    expect(near(poi!.coordinates[0]!, at)).toBe(true);

    // Edit: centred on the POI with its circle in view; drag the marker elsewhere and rename it.
    await page.goto(`${ui.server.baseUrl}/Geofence/EditPOI?geoid=${poi!.geoid}`);
    await page.getByTestId('geofence-form').getByText(f.titles.editPoi).waitFor();
    await mapSettled(page);
    const view = await page.evaluate(() => {
      const map = window.__jejak!.map;
      return { zoom: map.getZoom(), centre: map.getCenter() };
    });
    expect(view.zoom).toBeGreaterThan(14);
    expect(near(view.centre, poi!.coordinates[0]!)).toBe(true);
    const from = await pixelOf(page, poi!.coordinates[0]!);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 8 });
    await page.mouse.up();
    const to = await spot(page, 60, 40);
    // Where the drop lands is within a pixel of the pointer (its last digit may differ).
    const shown = async () => {
      const [lat = NaN, lng = NaN] = ((await shape(page).textContent()) ?? '').split(',').map(Number);
      return near({ lat, lng }, to);
    };
    await expect.poll(shown).toBe(true);
    await page.locator('#geofenceName').fill('E2E Gate Moved');
    await saveAndLeave(page, f.edited);
    const moved = await stored(page, 'E2E Gate Moved');
    expect(near(moved!.coordinates[0]!, to)).toBe(true);

    // Delete, after a confirm dialog.
    await page.goto(`${ui.server.baseUrl}/Geofence/EditPOI?geoid=${poi!.geoid}`);
    await page.getByTestId('delete').click();
    await page.locator('.ant-modal-confirm-title').getByText(f.deleteTitle('E2E Gate Moved')).waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expectToast(page, f.deleted);
    await page.waitForURL(/\/Geofence$/);
    expect(await stored(page, 'E2E Gate Moved')).toBeUndefined();
    await page.close();
  });

  it('draws a zone; refuses a bow-tie (in the form and on the server); edits template, name and a corner', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence/AddNewZone');
    await page.getByTestId('geofence-form').getByText(f.titles.addZone).waitFor();
    await mapAt(page, [101.62, 3.05], 14);
    await page.getByText(f.hints.drawZone).waitFor();

    // A bow-tie: its edges cross, so the form says so and nothing is sent.
    await drawZone(page, [
      [-150, -150],
      [150, 150],
      [150, -150],
      [-150, 150],
    ]);
    await page.locator('#geofenceName').fill('E2E Bow');
    await page.getByTestId('submit').click();
    await expectToast(page, GEOFENCE_TEXTS.zoneSelfCrossing);
    expect(page.url()).toMatch(/AddNewZone$/);
    // The server refuses it with the same text.
    const refused = await postFromPage<{ status: number; message: string }>(page, '/geofence/add', {
      geofence: {
        geoType: 'Polygon',
        geofenceName: 'E2E Bow',
        coordinates: [
          { lat: 3, lng: 101 },
          { lat: 3.01, lng: 101.01 },
          { lat: 3, lng: 101.01 },
          { lat: 3.01, lng: 101 },
        ],
      },
    });
    expect(refused.message).toBe(GEOFENCE_TEXTS.zoneSelfCrossing);

    // Redraw: a square.
    await page.getByTestId('redraw').click();
    await shape(page).getByText(f.notPlaced).waitFor();
    const corners = await drawZone(page, [
      [-150, -100],
      [150, -100],
      [150, 100],
      [-150, 100],
    ]);
    await page.locator('#geofenceName').fill('E2E Square');
    await screenshotAtWidths(page, 'geofence-zone-add');
    await saveAndLeave(page, f.added);
    const zone = await stored(page, 'E2E Square');
    expect(zone?.coordinates).toHaveLength(4);
    expect(corners.every((c) => zone!.coordinates.some((p) => near(p, c)))).toBe(true);

    // A template of another colour to move it into.
    const uid = await myUid(page);
    await postFromPage(page, '/geofence/template/add', {
      uid,
      colorHexCode: 'FFA500',
      geofenceTemplateName: 'E2E Orange',
    });

    // Edit: the view fits the polygon; choose the template (the colour follows), rename, drag a corner.
    await page.goto(`${ui.server.baseUrl}/Geofence/EditZone?geoid=${zone!.geoid}`);
    await page.getByTestId('geofence-form').getByText(f.titles.editZone).waitFor();
    await shape(page).getByText(f.corners(4)).waitFor();
    await mapSettled(page);
    const fits = await page.evaluate((points) => {
      const bounds = window.__jejak!.map.getBounds();
      return points.every((p) => bounds.contains([p.lng, p.lat]));
    }, zone!.coordinates);
    expect(fits).toBe(true);
    expect(await page.getByTestId('geofence-colour').getAttribute('data-colour')).toBe('#5C1A8E');
    await page.locator('.ant-select-selection-item-remove').first().click();
    await pickOption(page, 'gtids', 'E2E Orange', true);
    expect(await page.getByTestId('geofence-colour').getAttribute('data-colour')).toBe('#FFA500');
    await page.locator('#geofenceName').fill('E2E Square East');

    const corner = zone!.coordinates[0]!;
    const from = await pixelOf(page, corner);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y - 30, { steps: 8 });
    await page.mouse.up();
    const dropped = await page.evaluate(
      ({ x, y }) => {
        const map = window.__jejak!.map;
        const box = map.getContainer().getBoundingClientRect();
        return map.unproject([x - box.left, y - box.top]);
      },
      { x: from.x + 40, y: from.y - 30 },
    );
    await screenshotAtWidths(page, 'geofence-zone-edit');
    await saveAndLeave(page, f.edited);

    const edited = await stored(page, 'E2E Square East');
    expect(edited?.coordinates).toHaveLength(4);
    expect(edited!.coordinates.some((p) => near(p, dropped))).toBe(true);
    expect(edited!.coordinates.some((p) => near(p, corner))).toBe(false);
    const { geofenceTemplates } = await postFromPage<{ geofenceTemplates: { gtid: string; templateName: string }[] }>(
      page,
      '/geofence/template/get',
      { uid, gtids: [] },
    );
    const names = edited!.gtids.map((g) => geofenceTemplates.find((t) => t.gtid === g)?.templateName);
    expect(names).toEqual(['E2E Orange']);
    await page.close();
  });

  it('shows a fleet operator the form without Save or Delete', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Geofence/AddNewPOI?lat=3.1&lng=101.6');
    await page.getByText(f.readOnly).waitFor();
    await shape(page).getByText('3.100000, 101.600000').waitFor();
    expect(await page.getByTestId('submit').count()).toBe(0);
    expect(await page.getByTestId('delete').count()).toBe(0);
    await page.close();
  });
});
