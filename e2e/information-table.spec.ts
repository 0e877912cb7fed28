import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_FUEL_TANK, describePlace } from '@jejak/domain';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import { DEMO_GEOFENCES } from '../apps/server/src/demo/demo-geofences.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { connectTeltonika, fitTankLorry } from '../apps/server/test/teltonika-fixture.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { LANGUAGE_STORAGE_KEY } from '../apps/web/src/store/stored-choices.ts';
import { FLOW_TIMEOUT_MS, popupsClosed, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const vehiclesTable = (page: Page) => page.getByTestId('info-vehicles');
const rowsOf = (table: Locator) => table.locator('.ant-table-row');
const vehicleRow = (page: Page, plate: string) => rowsOf(vehiclesTable(page)).filter({ hasText: plate });
const header = (table: Locator, title: string) => table.locator('th', { hasText: title });
/** The table's pager (antd puts it beside the table, inside the wrapper). */
const pager = (table: Locator) =>
  table.locator('xpath=ancestor-or-self::div[contains(@class, "ant-table-wrapper")][1]').locator('.ant-pagination');

/** The plates of the rendered rows, in order, and each row's status and speed. */
async function listing(page: Page): Promise<{ plate: string; status: string; speed: string }[]> {
  return rowsOf(vehiclesTable(page)).evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('.ant-table-cell')].map((c) => c.textContent ?? '');
      return { plate: cells[2] ?? '', status: cells[3] ?? '', speed: cells[5] ?? '' };
    }),
  );
}

async function waitForRows(table: Locator, count: number): Promise<void> {
  await expect.poll(() => rowsOf(table).count(), { timeout: 15_000 }).toBe(count);
}

/** Opens a column's search box, searches, and waits for `rows` rows. */
async function searchColumn(page: Page, table: Locator, title: string, text: string, rows: number) {
  await header(table, title).locator('.ant-table-filter-trigger').click();
  const box = page.locator('.column-search:visible');
  await box.locator('input').fill(text);
  await box.getByRole('button', { name: 'Search' }).click();
  await waitForRows(table, rows);
}

async function resetColumn(page: Page, table: Locator, title: string) {
  await header(table, title).locator('.ant-table-filter-trigger').click();
  await page.locator('.column-search:visible').getByRole('button', { name: 'Reset' }).click();
  await popupsClosed(page);
}

const DEPOT = DEMO_GEOFENCES[0]!;

/** Information Table (spec 1 §2): Vehicle Listing and Geofence Summary in Chromium, kept live. */
describe('information table in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest(() => ({ JEJAK_TELTONIKA_PORT: '0' }));

  it('lists the fleet live, filters, sorts, searches, and sums up the geofences', async () => {
    const t0 = Date.now() - 30 * 60_000;
    // The owner's first lorry stands in the demo depot (a POI); the second drives at 60 km/h.
    const parked = await gt06Track(ui.server.gt06Port, demoImei(0), t0);
    const depot = { lat: DEPOT.coordinates[0]!.lat, lon: DEPOT.coordinates[0]!.lng };
    for (let i = 1; i <= 3; i++) await parked.sendAt({ timeMs: t0 + i * 60_000, at: depot, speedKmh: 0, acc: false });
    const driving = await gt06Track(ui.server.gt06Port, demoImei(1), t0);
    for (let i = 0; i < 4; i++) await driving.send(60, true, 1);

    const context = await ui.browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'Asia/Kuala_Lumpur',
    });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/InformationTable');
    const table = vehiclesTable(page);
    await vehicleRow(page, 'WXY 1234').waitFor();
    // The owner's twelve vehicles: ten on the first page, the pager shown.
    await waitForRows(table, 10);
    expect(await pager(table).isVisible()).toBe(true);
    expect(await table.locator('th').allTextContents()).toEqual([
      'Details',
      'Vehicle Name',
      'Vehicle Plate',
      'Status',
      'Duration',
      'Speed',
      'Fuel',
      'Location',
      'Last Updated',
    ]);

    // The parked lorry: inside the depot, linked to the external map; a tank not read yet.
    const lorry = vehicleRow(page, 'WXY 1234');
    await expect
      .poll(() => lorry.getByTestId('info-location').textContent(), { timeout: 15_000 })
      .toBe(`POI · ${DEPOT.geofenceName}`);
    expect(await lorry.getByTestId('info-location').getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${depot.lat},${depot.lon}`,
    );
    expect(await lorry.getByTestId('info-location').getAttribute('target')).toBe('_blank');
    expect(await lorry.textContent()).toContain(`[Tank 1] ${en.infoTable.noReading}`);
    expect(await lorry.getByTestId('info-updated').textContent()).toMatch(/^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d$/);
    // The driving lorry, in no geofence: the offline address of its position, linked to the map there.
    const movingLocation = vehicleRow(page, 'BMK 5521').getByTestId('info-location');
    const href = (await movingLocation.getAttribute('href')) ?? '';
    const [lat = Number.NaN, lon = Number.NaN] = (new URL(href).searchParams.get('query') ?? '').split(',').map(Number);
    // The gazetteer's address of the position rounded to 3 decimals, as the table caches it.
    const round = (x: number) => Math.round(x * 1_000) / 1_000;
    const address = describePlace(round(lat), round(lon));
    expect(address).toMatch(/[A-Za-z]+, Selangor$/);
    expect(await movingLocation.textContent()).toBe(address);
    await screenshotAtWidths(page, 'information-table-vehicles');

    // Status filter: only the moving lorry; at one row the pager hides.
    await header(table, 'Status').locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByText('MOVING', { exact: true }).click();
    await page.locator('.ant-table-filter-dropdown:visible').getByRole('button', { name: 'OK' }).click();
    await waitForRows(table, 1);
    expect(await listing(page)).toEqual([{ plate: 'BMK 5521', status: 'MOVING', speed: '60.0 km/h' }]);
    expect(await pager(table).isVisible()).toBe(false);
    await header(table, 'Status').locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByRole('button', { name: 'Reset' }).click();
    await page.locator('.ant-table-filter-dropdown:visible').getByRole('button', { name: 'OK' }).click();
    await popupsClosed(page);
    await waitForRows(table, 10);

    // Speed sorted descending: the driving lorry first, then the parked one at 0.
    await header(table, 'Speed').click();
    await header(table, 'Speed').click();
    expect((await listing(page)).slice(0, 2).map((r) => [r.plate, r.speed])).toEqual([
      ['BMK 5521', '60.0 km/h'],
      ['WXY 1234', '0.0 km/h'],
    ]);
    // Duration sorted descending: the parked lorry has held its status longest.
    await header(table, 'Duration').click();
    await header(table, 'Duration').click();
    expect((await listing(page))[0]?.plate).toBe('WXY 1234');

    // Location search: case-insensitive contains.
    await searchColumn(page, table, 'Location', 'dEPOT shah', 1);
    expect((await listing(page)).map((r) => r.plate)).toEqual(['WXY 1234']);
    await resetColumn(page, table, 'Location');
    // The address is searched too: the town, in another case.
    await searchColumn(
      page,
      table,
      'Location',
      address
        .split(',')[0]
        ?.replace(/^near /, '')
        .toUpperCase() ?? '',
      1,
    );
    expect((await listing(page)).map((r) => r.plate)).toEqual(['BMK 5521']);
    await resetColumn(page, table, 'Location');
    await searchColumn(page, table, 'Vehicle Name', 'LORI 0', 3);
    await resetColumn(page, table, 'Vehicle Name');

    // A vehicle without a fuel sensor, and the details drawer.
    await searchColumn(page, table, 'Vehicle Plate', 'bqr', 1);
    const motorcycle = vehicleRow(page, 'BQR 7703');
    expect(await motorcycle.textContent()).toContain('(No fuel profiles)');
    await motorcycle.getByTestId('info-details-open').click();
    const details = page.getByTestId('info-details');
    await details.getByText('Honda Wave 125').waitFor();
    expect(await details.textContent()).toContain(`GPS100#${demoImei(9)}`);
    // Never heard from: no last update, so no Day/Night label either.
    expect(await details.getByTestId('day-night').count()).toBe(0);
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await resetColumn(page, table, 'Vehicle Plate');

    // Live: a new fix changes the row's speed and last update, with no reload.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const moving = vehicleRow(page, 'BMK 5521');
    const updatedBefore = await moving.getByTestId('info-updated').textContent();
    await driving.sendAt({ timeMs: Date.now() - 1_000, at: driving.here(), speedKmh: 77, acc: true });
    await expect.poll(() => moving.getByTestId('info-speed').textContent(), { timeout: 15_000 }).toBe('77.0 km/h');
    const updatedNow = (await moving.getByTestId('info-updated').textContent()) ?? '';
    expect(updatedNow).not.toBe(updatedBefore);
    // Its details label the last update Day or Night by its hour (spec 1 §4: 7 to 19 inclusive are Day).
    await moving.getByTestId('info-details-open').click();
    const hour = Number(updatedNow.slice(11, 13));
    expect(await details.getByTestId('day-night').textContent()).toBe(hour >= 7 && hour <= 19 ? 'Day' : 'Night');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Geofence Summary: the demo's three geofences, the depot holding the parked lorry.
    await page.getByRole('tab', { name: 'Geofence Summary' }).click();
    const geofences = page.getByTestId('info-geofences');
    await waitForRows(geofences, 3);
    expect(await pager(geofences).isVisible()).toBe(false);
    expect(await geofences.locator('th').allTextContents()).toContain('No. of Vehicles Inside');
    const depotRow = rowsOf(geofences).filter({ hasText: DEPOT.geofenceName });
    expect(await depotRow.getByTestId('info-inside-count').textContent()).toBe('1');
    expect(await depotRow.textContent()).toContain('POI');
    await depotRow.locator('.ant-table-row-expand-icon').click();
    const inside = geofences.getByTestId('info-geofence-vehicles');
    await inside.getByText('WXY 1234').waitFor();
    expect(await inside.textContent()).toContain('Lori 01 Puchong');
    await screenshotAtWidths(page, 'information-table-geofences');
    await depotRow.locator('.ant-table-row-expand-icon').click();
    // Type filter: Polygon shown as Zone.
    await header(geofences, 'Type').locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByText('Zone', { exact: true }).click();
    await page.locator('.ant-table-filter-dropdown:visible').getByRole('button', { name: 'OK' }).click();
    await waitForRows(geofences, 1);
    expect(await rowsOf(geofences).first().textContent()).toContain('Zon Petaling Jaya');

    await page.getByTestId('info-dashboard-map').click();
    await page.waitForURL(`${ui.server.baseUrl}/`);
    await context.close();
  });

  it('shows the litres a tank last read on a fresh page, before the tracker reports again (in Malay)', async () => {
    // A lorry of owner2's with a 200 L tank on a 0–10 V dipstick (50 mV a litre), parked at 96.5 L.
    const imei = '352093081236660';
    await fitTankLorry(
      ui.server.app.database.db,
      imei,
      { plate: 'BFT 6660', displayName: 'Lori Tangki Segar' },
      { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: 200 } },
    );
    const tracker = await connectTeltonika(ui.server.app.gatewayPorts.teltonika ?? 0, imei);
    const t0 = Date.now() - 10 * 60_000;
    for (let i = 0; i < 3; i++) {
      const at = { lat: 3.05, lon: 101.55, altitude: 40, course: 0, satellites: 11, speedKmh: 0 };
      await tracker.send([{ timeMs: t0 + i * 60_000, ...at, io: { ignition: false, fuelAdcMv: 96.5 * 50 } }]);
    }
    tracker.close();
    await ui.server.app.pipeline.drain();

    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(([key]) => localStorage.setItem(key, 'ms'), [LANGUAGE_STORAGE_KEY] as const);
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner2@demo.jejak.my', '/InformationTable');
    const lorry = vehicleRow(page, 'BFT 6660');
    await lorry.waitFor();
    // Read from the fleet load itself: nothing more comes live from the tracker (Malay words the tank).
    expect(await lorry.textContent()).toContain('[Tangki 1] 96.50 L');
    await screenshotAtWidths(page, 'information-table-ms');
    await context.close();
  });

  it('hides the pager at ten rows or fewer', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    // The operator's vehicle group holds five of the owner's vehicles.
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/InformationTable');
    await waitForRows(vehiclesTable(page), 5);
    expect(await pager(vehiclesTable(page)).isVisible()).toBe(false);
    await context.close();
  });
});
