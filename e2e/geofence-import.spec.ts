import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GeofenceDto } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { lookContext } from './gallery.ts';
import { apiFromPage, chooseFile, closeDialog, shownRows, uploadRows } from './bulk-files.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const gi = en.geofenceImport;
const s = en.bulk;

const kml = (placemarks: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;

const GOOD_KML = kml(`
  <Placemark><name>KML Yard</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    101.40,3.02 101.41,3.02 101.41,3.01 101.40,3.01 101.40,3.02
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>KML Depot</name>
    <ExtendedData><Data name="radius"><value>400</value></Data></ExtendedData>
    <Point><coordinates>101.52,3.07</coordinates></Point></Placemark>`);

const BAD_KML = kml(`
  <Placemark><name>KML Road</name><LineString><coordinates>101.4,3.0 101.5,3.1</coordinates></LineString></Placemark>
  <Placemark><name>KML Bowtie</name><Polygon><outerBoundaryIs><LinearRing><coordinates>
    101.40,3.00 101.50,3.10 101.50,3.00 101.40,3.10 101.40,3.00
  </coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
  <Placemark><name>KML Far</name><Point><coordinates>101.5,95</coordinates></Point></Placemark>
  <Placemark><Point><coordinates>101.5,3.1</coordinates></Point></Placemark>
  <Placemark><name>KML Fine</name><Point><coordinates>101.5,3.1</coordinates></Point></Placemark>`);

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'GeoJSON Depot', radius: 250 },
      geometry: { type: 'Point', coordinates: [101.6, 3.1] },
    },
    {
      type: 'Feature',
      properties: { name: 'GeoJSON Park' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [101.6, 3.2],
            [101.62, 3.2],
            [101.62, 3.18],
            [101.6, 3.18],
            [101.6, 3.2],
          ],
        ],
      },
    },
  ],
});

const CSV = [
  'Geofence Name,Type,Latitude,Longitude,Radius (m),Zone Points,Geofence Templates,Comment',
  'CSV Depot,POI,3.15,101.7,150,,UNGROUP,"gate 3, north"',
  'CSV Lot,Zone,,,,3.16 101.70; 3.16 101.71; 3.15 101.71,,',
].join('\n');

const IMPORTED = ['KML Yard', 'KML Depot', 'GeoJSON Depot', 'GeoJSON Park', 'CSV Depot', 'CSV Lot'];

async function openDialog(page: Page): Promise<void> {
  await page.getByTestId('geofence-bulk-add').click();
  await page.getByTestId('bulk-dialog').waitFor();
}

async function myGeofences(page: Page): Promise<GeofenceDto[]> {
  const session = (await apiFromPage(page, '/auth/session', {})) as { user?: { uid: string } };
  return (await apiFromPage(page, '/geofence/get', { uid: session.user?.uid }))['geofences'] as GeofenceDto[];
}

/** The names of the geofence areas on the page's map now. */
async function namesOnMap(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const source = window.__jejak?.map.getSource('geofence-areas') as
      { getData(): Promise<{ features: { properties: Record<string, unknown> | null }[] }> } | undefined;
    const data = await source?.getData();
    return (data?.features ?? []).map((f) => String(f.properties?.['name']));
  });
}

async function mapCentre(page: Page): Promise<{ lat: number; lng: number } | null> {
  return page.evaluate(() => {
    const c = window.__jejak?.map.getCenter();
    return c ? { lat: c.lat, lng: c.lng } : null;
  });
}

const near = (c: { lat: number; lng: number } | null, lat: number, lng: number) =>
  c !== null && Math.abs(c.lat - lat) < 0.01 && Math.abs(c.lng - lng) < 0.01;

async function lookPage(browser: Browser, language: 'en' | 'ms', theme: 'light' | 'dark'): Promise<Page> {
  const context = await lookContext(browser, { language, theme });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Zones and POIs from KML, GeoJSON and CSV files; place search on the maps (issue 26 item 8). */
describe('geofence import and place search in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('imports a KML, a GeoJSON and a CSV file with a preview, refuses bad ones, and shows the zones on the map', async () => {
    const page = await lookPage(ui.browser, 'en', 'light');
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence');
    await page.getByTestId('geofence-bulk-add').waitFor();
    await openDialog(page);

    // A file that is not XML is refused as a whole, with what to do.
    await chooseFile(page, 'places.kml', Buffer.from('name,lat,lon\nDepot,3,101\n'));
    await page.getByTestId('bulk-file-error').getByText(gi.fileErrors.notXml).waitFor();
    await chooseFile(page, 'places.geojson', Buffer.from('{"type": "Topology"}'));
    await page.getByTestId('bulk-file-error').getByText(gi.fileErrors.notGeoJson).waitFor();

    // Each feature no geofence can be fails its row with its reason; Upload stays off.
    await chooseFile(page, 'bad.kml', Buffer.from(BAD_KML));
    await page
      .getByTestId('bulk-summary')
      .filter({ hasText: s.summary('bad.kml', 5, 1, 4) })
      .waitFor();
    expect(await shownRows(page)).toEqual({
      1: { status: 'FAILED', message: gi.featureErrors.geometry('LineString') },
      2: { status: 'FAILED', message: GEOFENCE_TEXTS.zoneSelfCrossing },
      3: { status: 'FAILED', message: GEOFENCE_TEXTS.latLngRange },
      4: { status: 'FAILED', message: GEOFENCE_TEXTS.nameEmpty },
      5: { status: 'READY', message: '' },
    });
    expect(await page.getByTestId('bulk-upload').isDisabled()).toBe(true);
    await page.getByTestId('bulk-preview').and(page.locator('[data-shapes="1"]')).waitFor();
    await page.getByTestId('bulk-formats').getByText(gi.formats.title).click();
    await page.getByTestId('bulk-csv-columns').waitFor();
    await screenshotAtWidths(page, 'geofence-import-errors');

    // One file of each kind: the preview draws its shapes, and Upload adds them.
    const files: [string, string, number][] = [
      ['depots.kml', GOOD_KML, 2],
      ['parks.geojson', GEOJSON, 2],
      ['lots.csv', CSV, 2],
    ];
    for (const [name, text, count] of files) {
      await chooseFile(page, name, Buffer.from(text));
      await page
        .getByTestId('bulk-summary')
        .filter({ hasText: s.summary(name, count, count, 0) })
        .waitFor();
      await page
        .getByTestId('bulk-preview')
        .and(page.locator(`[data-shapes="${count}"]`))
        .waitFor();
      if (name === 'depots.kml') {
        // The preview draws the file's shapes: the yard and the depot's circle.
        expect(await page.getByTestId('bulk-preview-shape').locator('title').allTextContents()).toEqual([
          'KML Yard',
          'KML Depot',
        ]);
        await page.getByTestId('bulk-formats').getByText(gi.formats.title).click();
        await page.getByTestId('bulk-preview').scrollIntoViewIfNeeded();
        await screenshotAtWidths(page, 'geofence-import-preview');
      }
      const uploaded = await uploadRows(page, s.finished(count, 0));
      expect(Object.values(uploaded).map((r) => r.status)).toEqual(Array(count).fill('SUCCESS'));
      await closeDialog(page);
      if (name !== 'lots.csv') await openDialog(page);
    }

    const made = (await myGeofences(page)).filter((g) => IMPORTED.includes(g.geofenceName));
    expect(made.map((g) => [g.geofenceName, g.geoType, g.geofenceRadius, g.coordinates.length]).sort()).toEqual([
      ['CSV Depot', 'POI', 150, 1],
      ['CSV Lot', 'Polygon', null, 3],
      ['GeoJSON Depot', 'POI', 250, 1],
      ['GeoJSON Park', 'Polygon', null, 4],
      ['KML Depot', 'POI', 400, 1],
      ['KML Yard', 'Polygon', null, 4],
    ]);
    expect(made.find((g) => g.geofenceName === 'CSV Depot')?.geofenceComment).toBe('gate 3, north');
    // The overview's map draws them once the dialog's preview map is gone.
    await expect
      .poll(async () => {
        const shown = await namesOnMap(page);
        return IMPORTED.filter((n) => !shown.includes(n));
      })
      .toEqual([]);
    await screenshotAtWidths(page, 'geofence-import-saved');
    await page.context().close();
  });

  it('finds places from a geofence form and the dashboard by keyboard, and says when none is found', async () => {
    const page = await lookPage(ui.browser, 'en', 'light');
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence/AddNewZone');
    const input = page.getByTestId('place-search-input');
    await input.waitFor();

    await input.fill('zzqxj');
    await page.getByTestId('place-search-none').getByText(en.places.noPlace).waitFor();
    await input.fill('kuah<');
    await page.getByText(en.places.badCharacters).waitFor();
    await input.fill('Kuah');
    await page.getByTestId('place-search-option').first().getByText('Kuah', { exact: true }).waitFor();
    await screenshotAtWidths(page, 'place-search-form');
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect.poll(() => mapCentre(page).then((c) => near(c, 6.3265, 99.8432))).toBe(true);
    expect(await input.inputValue()).toBe('Kuah, Kedah');

    // Escape closes the answers without choosing.
    await input.fill('Kota Bharu');
    await page.getByTestId('place-search-option').first().waitFor();
    await input.press('Escape');
    await page.locator('.place-search-popup:not(.ant-select-dropdown-hidden)').waitFor({ state: 'detached' });
    expect(near(await mapCentre(page), 6.3265, 99.8432)).toBe(true);

    await page.goto(`${ui.server.baseUrl}/`);
    const onDashboard = page.getByTestId('dashboard-map').getByTestId('place-search-input');
    await onDashboard.fill('Kota Bharu');
    await page.getByTestId('place-search-option').first().getByText('Kota Bharu', { exact: true }).waitFor();
    await screenshotAtWidths(page, 'place-search-dashboard');
    // Resizing closed the answers: the arrow key opens them again, on the first.
    await onDashboard.press('ArrowDown');
    await page.getByTestId('place-search-option').first().waitFor();
    await onDashboard.press('Enter');
    await expect.poll(() => mapCentre(page).then((c) => near(c, 6.1236, 102.2433))).toBe(true);
    await page.context().close();
  });

  it('reads in Malay and in the dark: the place search and the import dialog', async () => {
    const page = await lookPage(ui.browser, 'ms', 'dark');
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    const input = page.getByTestId('place-search-input');
    await input.fill('zzqxj');
    await page.getByText(ms.places.noPlace).waitFor();
    await input.fill('Shah Alam');
    await page.getByTestId('place-search-option').first().waitFor();
    await screenshotAtWidths(page, 'place-search-dashboard-ms-dark');

    await page.goto(`${ui.server.baseUrl}/Geofence`);
    await openDialog(page);
    await chooseFile(page, 'bad.kml', Buffer.from(BAD_KML));
    await page.getByTestId('bulk-preview').and(page.locator('[data-shapes="1"]')).waitFor();
    expect((await shownRows(page))[1]?.message).toBe(ms.geofenceImport.featureErrors.geometry('LineString'));
    await screenshotAtWidths(page, 'geofence-import-errors-ms-dark');
    await chooseFile(page, 'places.kml', Buffer.from('not xml at all'));
    await page.getByTestId('bulk-file-error').getByText(ms.geofenceImport.fileErrors.notXml).waitFor();
    await page.context().close();
  });
});
