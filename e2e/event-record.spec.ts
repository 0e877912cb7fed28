import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MAP_MAX_ZOOM } from '@jejak/contract';
import type { Page } from 'playwright-core';
import { insertEvent } from '../apps/server/test/alerts-fixture.ts';
import { todayWindow } from '../apps/web/src/ui/alerts/today-window.ts';
import {
  expectToast,
  FLOW_TIMEOUT_MS,
  holdNextRequest,
  popupsClosed,
  screenshot,
  selectOptions,
  signInAt,
} from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { settledView, userFleet } from './alerts-e2e.ts';

const KAJANG = { lat: 2.9927, lon: 101.7909 };
const PUCHONG = { lat: 3.0319, lon: 101.6171 };
const KLCC = { lat: 3.1579, lon: 101.7116 };
const items = (page: Page) => page.getByTestId('event-item');
const names = (page: Page) => page.locator('[data-testid="event-item"] .event-item-name').allTextContents();
const filter = (page: Page, label: string) => page.getByTestId('event-filters').getByText(label, { exact: true });
/** The markers' colours as the layer's source holds them, sorted, once there are `n`. */
async function markersAre(page: Page, n: number): Promise<string[]> {
  const colours = await page.waitForFunction((count) => {
    const source = window.__jejak!.map.getSource('record-events') as unknown as {
      serialize(): { data: { features: { properties: Record<string, unknown> | null }[] } };
    };
    const features = source.serialize().data.features;
    return features.length === count && features.map((f) => String(f.properties?.['colour'])).sort();
  }, n);
  return (await colours.jsonValue()) as string[];
}

/** Picks a vehicle by typing its name in the picker's search (the drop-down draws only ten). */
async function pickVehicle(page: Page, v: { vid: string; vehicle_display_name: string }): Promise<void> {
  await page.locator('#event-vehicle').click();
  await page.locator('#event-vehicle').fill(v.vehicle_display_name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(`${v.vehicle_display_name} - ${v.vid}`, { exact: true })
    .click();
  await popupsClosed(page);
}

/** /EventRecord in Chromium (spec 1 §2 Event Record, issue 12 item 3). */
describe('Event Record in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('lists a vehicle’s events with filters and counts, maps them by type, focuses one and exports them', async () => {
    const owner = await userFleet(ui.server, 'owner@demo.jejak.my');
    const [v1, v2] = owner.vehicles;
    if (!v1 || !v2) throw new Error('the demo owner needs two vehicles');
    const { startMs } = todayWindow(Date.now());
    // Inside today whatever the hour: a minute apart from the start of the local day.
    const at = (minute: number) => startMs + minute * 60_000;
    const db = ui.server.app.database.db;
    await insertEvent(db, {
      vid: v1.vid,
      eventName: 'SOS',
      eventType: 'CRITICAL',
      eventTime: at(1),
      location: PUCHONG,
    });
    await insertEvent(db, {
      vid: v1.vid,
      eventName: 'OVERSPEED',
      eventType: 'WARNING',
      eventTime: at(2),
      speed: 97.346,
      location: KAJANG,
    });
    await insertEvent(db, { vid: v1.vid, eventName: 'VIBRATION', eventType: 'INFO', eventTime: at(3), location: null });
    await insertEvent(db, {
      vid: v1.vid,
      eventName: 'Rule "Gate" Violated',
      eventType: 'CONTROL',
      eventTime: at(4),
      location: KLCC,
    });

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/EventRecord');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    await page.getByTestId('event-list-idle').getByText('Loading Data...', { exact: true }).waitFor();

    // The picker: by display name (case-insensitive), 'name - vid'; Submit waits for a vehicle.
    const expected = [...owner.vehicles]
      .sort((a, b) => a.vehicle_display_name.localeCompare(b.vehicle_display_name, undefined, { sensitivity: 'base' }))
      .map((v) => `${v.vehicle_display_name} - ${v.vid}`);
    // The drop-down is virtual: it draws the first ten.
    const shown = (await selectOptions(page, 'event-vehicle')).all;
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(8, expected.length));
    expect(shown).toEqual(expected.slice(0, shown.length));
    expect(await page.getByTestId('event-submit').isDisabled()).toBe(true);
    const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '/');
    expect(await page.locator('#event-start').inputValue()).toBe(`${day(startMs)} 00:00:00`);
    expect(await page.locator('#event-end').inputValue()).toBe(`${day(startMs + 86_400_000)} 00:00:00`);

    // Submit: the spinner while the call runs, then the toast and the list, newest first.
    await pickVehicle(page, v1);
    const held = await holdNextRequest(page, '**/api/event/getvidtimeframe');
    await page.getByTestId('event-submit').click();
    await held.requested;
    await page.getByText("Please wait while we're pulling some data...", { exact: true }).waitFor();
    held.release();
    await expectToast(page, 'Retrieved 4 log(s)');
    expect(await names(page)).toEqual(['Rule "Gate" Violated', 'VIBRATION', 'OVERSPEED 97.35 KM/H', 'SOS']);
    for (const label of ['ALL (4)', 'INFO (1)', 'WARNING (1)', 'CRITICAL (1)', 'CONTROL (1)']) {
      await filter(page, label).waitFor();
    }
    expect(await items(page).first().locator('.event-type-icon').getAttribute('data-type')).toBe('CONTROL');
    expect(await markersAre(page, 3)).toEqual(['#0488DB', '#856B37', '#FFB517']);
    // Drawn, not only handed to the map: all three are in view.
    await page.waitForFunction(
      () => window.__jejak!.map.queryRenderedFeatures({ layers: ['record-events'] }).length === 3,
    );
    await screenshot(page, 'event-record-1440');

    // An event without a location cannot be shown on the map.
    await items(page).nth(1).click();
    await expectToast(page, 'No location was found for this event');

    // Clicking one with a location selects it and zooms to 20 on it (as far as the offline map
    // draws: its max), naming it on the map.
    await items(page).nth(3).click();
    await page.locator('.event-popup-name').getByText('SOS', { exact: true }).waitFor();
    await page.waitForFunction((zoom) => window.__jejak!.map.getZoom() > zoom - 0.1, MAP_MAX_ZOOM.offline);
    const view = await settledView(page);
    expect(view.lat).toBeCloseTo(PUCHONG.lat, 4);
    expect(view.lon).toBeCloseTo(PUCHONG.lon, 4);
    expect(await items(page).nth(3).getAttribute('class')).toContain('event-item-selected');
    await screenshot(page, 'event-record-focused');

    // A filter keeps its type on the list and the map; a marker clicked on the map is selected and named.
    await filter(page, 'WARNING (1)').click();
    expect(await names(page)).toEqual(['OVERSPEED 97.35 KM/H']);
    expect(await markersAre(page, 1)).toEqual(['#FFB517']);
    await settledView(page);
    const popup = page.locator('.event-popup-name').getByText('OVERSPEED 97.35 KM/H', { exact: true });
    // Clicked again until it opens: on a loaded machine the marker's layer can draw after the first click.
    await expect
      .poll(
        async () => {
          if (await popup.isVisible()) return true;
          const point = await page.evaluate(({ lat, lon }) => {
            const map = window.__jejak!.map;
            const p = map.project([lon, lat]);
            const box = map.getContainer().getBoundingClientRect();
            return { x: box.left + p.x, y: box.top + p.y };
          }, KAJANG);
          await page.mouse.click(point.x, point.y);
          return popup.isVisible();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    expect(await items(page).first().getAttribute('class')).toContain('event-item-selected');

    // Export: the listed events as .xlsx.
    await filter(page, 'ALL (4)').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^events-.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    const cell = (r: number, c: number) => sheet?.getRow(r).getCell(c).value ?? null;
    expect([1, 2, 3, 4, 5, 6].map((c) => cell(1, c))).toEqual([
      'Time',
      'Vehicle',
      'Event Type',
      'Event',
      'Speed (km/h)',
      'Address',
    ]);
    expect([2, 3, 4, 5].map((r) => cell(r, 4))).toEqual([
      'Rule "Gate" Violated',
      'VIBRATION',
      'OVERSPEED 97.35 KM/H',
      'SOS',
    ]);
    expect(Number(cell(4, 5))).toBeCloseTo(97.346, 3);

    // Another vehicle with nothing: the toast and the empty state.
    await pickVehicle(page, v2);
    await page.getByTestId('event-submit').click();
    await expectToast(page, 'No event logs found!');
    await page.getByText('Looks like we have nothing to show you here!', { exact: true }).waitFor();
    await page.getByTestId('event-list-empty').locator('strong').getByText('No data', { exact: true }).waitFor();
    expect(await page.getByTestId('event-export').isDisabled()).toBe(true);

    // The same screen narrower: tablet and phone.
    await pickVehicle(page, v1);
    await page.getByTestId('event-submit').click();
    await expectToast(page, 'Retrieved 4 log(s)');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'event-record-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'event-record-390');
    await page.close();
  });
});
