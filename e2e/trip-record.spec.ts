import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { destinationPoint } from '@jejak/domain';
import { demoImei } from '../apps/server/src/demo/demo-fleet.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { recomputeSettled } from '../apps/server/test/harness.ts';
import { expectToast, FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { firstDemoTracker, userFleet } from './alerts-e2e.ts';
import { clickVehicle } from './map.ts';

const MIN = 60_000;
const items = (page: Page) => page.getByTestId('trip-item');
const kindsShown = (page: Page) => page.locator('[data-testid="trip-item"] .trip-status').allTextContents();

/** The path's chunk kinds as the map's source holds them, once they are `expected` (or after 10 s). */
async function pathKinds(page: Page, expected: string[]): Promise<string[]> {
  const read = () =>
    page.evaluate(() => {
      const source = window.__jejak!.map.getSource('trip-path') as unknown as
        { serialize(): { data: { features: { properties: Record<string, unknown> | null }[] } } } | undefined;
      return (source?.serialize().data.features ?? []).map((f) => String(f.properties?.['kind']));
    });
  const kinds = await page
    .waitForFunction(
      (want) => {
        const source = window.__jejak!.map.getSource('trip-path') as unknown as
          { serialize(): { data: { features: { properties: Record<string, unknown> | null }[] } } } | undefined;
        const kinds = (source?.serialize().data.features ?? []).map((f) => String(f.properties?.['kind']));
        return kinds.join() === want.join();
      },
      expected,
      { timeout: 10_000 },
    )
    .catch(() => null);
  return kinds ? expected : read();
}

/** /TripRecord in Chromium (spec 1 §2 Trip Record, issue 13 item 1). */
describe('Trip Record in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('shows a real GT06 drive: path by kind with arrows, Trip Details with filters and selection, export', async () => {
    const { imei, vehicle } = await firstDemoTracker(ui.server);
    // A drive that ended a few minutes ago: parked 5', driving 10', idling 3', parked 4'; one
    // fix of the drive arrives late from the tracker's memory.
    const t0 = Math.floor((Date.now() - 40 * MIN) / MIN) * MIN;
    const tracker = await gt06Track(ui.server.gt06Port, imei, t0);
    const origin = tracker.here();
    for (let i = 0; i < 5; i++) await tracker.send(0, false);
    for (let i = 0; i < 10; i++) await tracker.send(48, true, 0.8);
    for (let i = 0; i < 3; i++) await tracker.send(0, true);
    for (let i = 0; i < 4; i++) await tracker.send(0, false);
    const halfway = destinationPoint(origin, 90, 0.8 * 5.5);
    await tracker.sendAt({ timeMs: t0 + 10.5 * MIN, at: halfway, speedKmh: 48, acc: true, reupload: true });
    await recomputeSettled(ui.server.app, `GPS100#${imei}`);
    tracker.device.close();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const search = `vid=${encodeURIComponent(vehicle.vid)}&startTime=${t0}&endTime=${t0 + 60 * MIN}`;
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', `/TripRecord?${search}`);
    page.setDefaultTimeout(60_000);

    // Opened from the route state: the form holds it and the record loads by itself. Spec 1 §8's
    // toast counts the three closed records and the parking under way (issue 24).
    await expectToast(page, '4 transit records found');
    expect(await page.locator('#trip-start').inputValue()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:00$/);
    expect(await page.getByTestId('trip-submit').isDisabled()).toBe(false);
    // Default duration filter >1 min: all three closed records and the parking under way are longer.
    expect(await kindsShown(page)).toEqual(['PARKING', 'MOVING', 'IDLING', 'PARKING']);
    expect(await page.getByTestId('trip-under-way').count()).toBe(1);
    expect(await items(page).last().getByTestId('trip-under-way').textContent()).toBe('Under way');
    await items(page).last().scrollIntoViewIfNeeded();
    await screenshot(page, 'trip-record-under-way');
    expect(await page.getByTestId('trip-summary-distance').locator('dd').textContent()).toMatch(/^8\.\d\d km$/);
    expect(await page.getByTestId('trip-summary-driving').locator('dd').textContent()).toBe('10 mins 0 secs');
    // Spec 1 §3's total_idle_duration: parked 5' and idling 3'; the parking under way is left out.
    expect(await page.getByTestId('trip-summary-totalIdle').locator('dd').textContent()).toBe('8 mins 0 secs');
    // The path: normal red around the memory fix's grey, with arrows along it; start and end.
    expect(await pathKinds(page, ['normal', 'memory', 'normal'])).toEqual(['normal', 'memory', 'normal']);
    expect(await page.evaluate(() => window.__jejak!.map.getLayoutProperty('trip-path-arrows', 'symbol-spacing'))).toBe(
      100,
    );
    await page.getByTestId('trip-journey-start').waitFor();
    await page.getByTestId('trip-journey-end').waitFor();
    await screenshot(page, 'trip-record-1440');

    // Filters: duration >5 min keeps the drive and the parking under way; status MOVING off hides the drive.
    await page.locator('#trip-duration').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText('>5 min', { exact: true })
      .click();
    expect(await kindsShown(page)).toEqual(['MOVING', 'PARKING']);
    await page.getByTestId('trip-status-MOVING').click();
    await expect.poll(() => kindsShown(page)).toEqual(['PARKING']);
    await page.getByTestId('trip-status-MOVING').click();

    // Selecting the drive puts its tsid in the route and paints it orange; again clears it.
    await items(page).first().click();
    await page.waitForURL(/tsid=/);
    expect(await pathKinds(page, ['normal', 'transit', 'normal'])).toEqual(['normal', 'transit', 'normal']);
    await page.waitForFunction(() => window.__jejak!.map.areTilesLoaded() && !window.__jejak!.map.isMoving());
    await screenshot(page, 'trip-record-selected');
    await items(page).first().click();
    await page.waitForURL((url) => !url.searchParams.has('tsid'));

    // Export: the records shown (the >5 min filter) as .xlsx.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trip-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^transit-.+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Status');
    expect(sheet?.getRow(2).getCell(2).value).toBe('MOVING');
    expect(sheet?.getRow(3).getCell(2).value).toBe('PARKING (UNDER WAY)');
    expect(sheet?.rowCount).toBe(3);

    // A record's whole trip (the drive's own trip is final only once it sets off again; the
    // parking before it is): a banner with a close control that clears trid.
    await page.locator('#trip-duration').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText('All', { exact: true })
      .click();
    await page.getByTestId('trip-show-trip').first().click();
    await page.waitForURL(/trid=/);
    await page.getByTestId('trip-selected').waitFor();
    await page.waitForFunction(() => {
      const source = window.__jejak!.map.getSource('trip-path') as unknown as {
        serialize(): { data: { features: { properties: Record<string, unknown> | null }[] } };
      };
      return source.serialize().data.features.some((f) => f.properties?.['kind'] === 'trip');
    });
    await page.getByTestId('trip-close').click();
    await page.waitForURL((url) => !url.searchParams.has('trid'));

    // The PDF report: the server's name plus .pdf, the spec's toast, and a report poppler can read.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trip-pdf').click()]);
    await expectToast(page, 'Report generated');
    expect(pdf.suggestedFilename()).toMatch(/^transit-.+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', await pdf.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain('Transit Report');

    // The route for other tools (issue 28 item 3): GPX from the Route menu, every point timed.
    await page.getByTestId('trip-route').click();
    await page.getByTestId('trip-route-gpx').waitFor();
    await screenshot(page, 'trip-record-route-menu');
    const [gpx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trip-route-gpx').click()]);
    expect(gpx.suggestedFilename()).toMatch(/^route-.+-\d{4}-\d{2}-\d{2}(-to-\d{4}-\d{2}-\d{2})?\.gpx$/);
    const track = readFileSync(await gpx.path(), 'utf8');
    expect(track).toContain('<gpx version="1.1" creator="Jejak"');
    expect(track.match(/<trkpt lat="[-\d.]+" lon="[-\d.]+"><time>[^<]+Z<\/time>/g)?.length).toBeGreaterThan(2);
    await page.getByTestId('trip-route').click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trip-route-csv').click()]);
    expect(readFileSync(await csv.path(), 'utf8').split('\r\n')[0]).toBe(
      'Time,Latitude,Longitude,Speed (km/h),Heading (°),Status',
    );

    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'trip-record-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'trip-record-390');
    await page.close();
  });

  it("opens from the dashboard's View Playback with the vehicle and today", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/');
    page.setDefaultTimeout(60_000);
    const owner = await userFleet(ui.server, 'owner@demo.jejak.my');
    const driven = owner.vehicles.find((v) => v.dvid === `GPS100#${demoImei(0)}`)?.vid;
    await page.waitForFunction(() => window.__jejak !== undefined && !window.__jejak.map.isMoving());
    const vid = await clickVehicle(page, driven);
    await page.getByTestId('vehicle-info-playback').click();
    await page.waitForURL(/\/TripRecord\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('vid')).toBe(vid);
    const start = Number(url.searchParams.get('startTime'));
    expect(Number(url.searchParams.get('endTime')) - start).toBe(24 * 60 * MIN);
    expect(await page.locator('#trip-start').inputValue()).toMatch(/ 00:00:00$/);
    await page.close();
  });
});
