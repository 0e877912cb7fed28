import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { insertDeviceLog, insertVehicleLog } from '../apps/server/test/inspector-fixture.ts';
import { todayWindow } from '../apps/web/src/ui/alerts/today-window.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, popupsClosed, selectOptions, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const MINUTE = 60_000;
const rows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');
const headers = (page: Page, testId: string) => page.getByTestId(testId).locator('thead th').allTextContents();
/** The cells of the table's rows on the shown page, as text. */
const cells = (page: Page, testId: string) =>
  rows(page, testId).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
  );
/** The text the picker shows for its chosen option. */
const chosen = (page: Page, id: string) =>
  page.locator(`.ant-select:has(#${id})`).locator('.ant-select-content, .ant-select-selection-item').first();

/** The downloaded sheet's rows, values as exceljs reads them. */
async function sheetRows(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const out: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

async function exported(page: Page): Promise<{ name: string; rows: unknown[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('inspector-export').click()]);
  return { name: download.suggestedFilename(), rows: await sheetRows(download) };
}

async function chooseInTree(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-tree').getByText(name, { exact: true }).click();
  await page.getByTestId('user-card').getByText(name).first().waitFor();
}

/** Local YYYY-MM-DD HH:mm:ss in Kuala Lumpur (UTC+8, no daylight saving). */
const kl = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** /DeviceInspector/{uid} and /VehicleInspector/{uid} in Chromium (spec 3 §2, §8, §9; issue 13 item 5). */
describe('Device and Vehicle Inspector in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it("a distributor inspects a device's logs from User Management: columns, filter, paging, export, empty", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, 'Syarikat Pengangkutan Maju Jaya');
    await page.getByRole('tab', { name: 'Devices' }).click();
    const first = rows(page, 'device-table').first();
    await first.waitFor();
    const dvid = ((await first.locator('td').first().textContent()) ?? '').trim();
    expect(dvid).toMatch(/^[A-Z0-9]+#\d+$/);

    // Today's logs of that device: a login, 20 fixes, 5 heartbeats and a closed session.
    const { startMs } = todayWindow(Date.now());
    const db = ui.server.app.database.db;
    await insertDeviceLog(db, { dvid, deviceTime: startMs + MINUTE, package: 'auth', location: null });
    for (let i = 0; i < 20; i += 1) {
      await insertDeviceLog(db, {
        dvid,
        deviceTime: startMs + (2 + i) * MINUTE,
        package: 'gps#latest',
        location: { lat: 3.0319, lon: 101.6171 + i / 1000 },
        speed: 40 + i,
        heading: 90,
        fuel: 50.5,
        gpsStatus: true,
        engineStatus: true,
        attributes: { sat: 9 },
      });
    }
    for (let i = 0; i < 5; i += 1) {
      await insertDeviceLog(db, {
        dvid,
        deviceTime: startMs + (30 + i) * MINUTE,
        package: 'heartbeat',
        location: null,
      });
    }
    await insertDeviceLog(db, {
      dvid,
      deviceTime: startMs + 40 * MINUTE,
      package: 'event#session#close',
      location: null,
      deviceMessage: 'closed by the device',
    });

    // Inspect: the screen opens on the user with the device chosen and today's window.
    await first.getByRole('button', { name: 'Inspect Device Log' }).click();
    await page.waitForURL(/\/DeviceInspector\/[^/]+$/);
    await page.getByTestId('device-inspector').waitFor();
    await chosen(page, 'inspector-device').getByText(dvid).waitFor();
    expect(await page.locator('#inspector-start').inputValue()).toBe(kl(startMs));
    expect(await page.locator('#inspector-end').inputValue()).toBe(kl(startMs + 86_400_000));

    await page.getByTestId('inspector-submit').click();
    await page.getByTestId('inspector-count').getByText('27 log(s)', { exact: true }).waitFor();
    expect(await headers(page, 'device-log-table')).toEqual([
      'Server Time',
      'Device Time',
      'Data Package',
      'Message',
      'GPS Status',
      'ACC',
      'Location',
      'Speed',
      'Direction',
      'Fuel',
      'Extra',
    ]);
    // 25 a page, oldest first.
    expect(await rows(page, 'device-log-table').count()).toBe(25);
    const page1 = await cells(page, 'device-log-table');
    expect(page1[0]).toEqual([
      kl(startMs + MINUTE + 1000),
      kl(startMs + MINUTE),
      'Sign-in (auth)',
      ...Array<string>(8).fill('-'),
    ]);
    expect(page1[1]).toEqual([
      kl(startMs + 2 * MINUTE + 1000),
      kl(startMs + 2 * MINUTE),
      'Position (gps#latest)',
      '-',
      'Available',
      'ON',
      '3.031900, 101.617100',
      '40',
      '90',
      '50.5',
      'sat: 9',
    ]);
    const link = rows(page, 'device-log-table').nth(1).getByRole('link', { name: '3.031900, 101.617100' });
    expect(await link.getAttribute('href')).toBe('https://www.google.com/maps?q=3.0319,101.6171');
    expect(await link.getAttribute('target')).toBe('_blank');
    await screenshotAtWidths(page, 'device-inspector');
    await page.getByTestId('device-inspector').locator('.ant-pagination-item-2').click();
    const page2 = await cells(page, 'device-log-table');
    // Packages in words, their code kept (the filter and the export go by it).
    expect(page2.map((r) => r[2])).toEqual(['Heartbeat (heartbeat)', 'Connection closed (event#session#close)']);
    expect(page2[1]?.[3]).toBe('closed by the device');

    // The package filter: the spec's seven packages; two chosen keep theirs, on one page.
    expect((await selectOptions(page, 'inspector-packages')).all).toEqual([
      'Sign-in (auth)',
      'Heartbeat (heartbeat)',
      'Position (gps#latest)',
      'Position (sent late) (gps#memory)',
      'Connection error (event#session#error)',
      'Connection closed (event#session#close)',
      'Connection timed out (event#session#timeout)',
    ]);
    await pickOption(page, 'inspector-packages', 'Heartbeat (heartbeat)', true);
    await pickOption(page, 'inspector-packages', 'Sign-in (auth)', true);
    await page.getByTestId('inspector-count').getByText('6 of 27 log(s)', { exact: true }).waitFor();
    expect((await cells(page, 'device-log-table')).map((r) => r[2])).toEqual([
      'Sign-in (auth)',
      ...Array<string>(5).fill('Heartbeat (heartbeat)'),
    ]);
    expect(await page.getByTestId('device-inspector').locator('.ant-pagination').count()).toBe(0);
    await screenshotAtWidths(page, 'device-inspector-filtered');

    // Export: the filtered rows as the table words them.
    const file = await exported(page);
    expect(file.name).toMatch(/^device-log-.+\.xlsx$/);
    expect(file.rows[0]).toEqual(await headers(page, 'device-log-table'));
    expect(file.rows.slice(1).map((r) => r[2])).toEqual(['auth', ...Array<string>(5).fill('heartbeat')]);
    expect(file.rows[1]?.slice(0, 2)).toEqual([kl(startMs + MINUTE + 1000), kl(startMs + MINUTE)]);

    // Another device with nothing today: the spec's info toast and an empty table.
    await page.locator('#inspector-device').click();
    const otherDevice = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasNotText: dvid })
      .first();
    await otherDevice.click();
    await popupsClosed(page);
    await page.getByTestId('inspector-submit').click();
    await expectToast(page, 'No device logs found within this timeframe.');
    await page.getByTestId('inspector-count').getByText('0 log(s)', { exact: true }).waitFor();
    expect(await rows(page, 'device-log-table').count()).toBe(0);
    await page.close();
  });

  it("an owner inspects a vehicle's logs from User Management: columns, paging, export, empty", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, 'Nurul Aisyah binti Hamzah');
    const first = rows(page, 'vehicle-table').first();
    await first.waitFor();
    const plate = ((await first.locator('td').first().textContent()) ?? '').trim();
    const db = ui.server.app.database.db;
    const vehicle = await db
      .selectFrom('vehicles')
      .select(['vid', 'vehicle_display_name'])
      .where('vehicle_plate', '=', plate)
      .executeTakeFirstOrThrow();

    // 26 logs today: the first moving on a trip, the rest parked with no trip.
    const { startMs } = todayWindow(Date.now());
    await insertVehicleLog(db, {
      vid: vehicle.vid,
      vehicleTime: startMs + MINUTE,
      address: 'near Puchong, Selangor',
      tripStatus: 'TRANSIT',
      tripFrom: startMs,
      transitStatus: 'MOVING',
      transitFrom: startMs + 30_000,
      mileage: 1234.5678,
    });
    for (let i = 0; i < 25; i += 1) {
      await insertVehicleLog(db, {
        vid: vehicle.vid,
        vehicleTime: startMs + (2 + i) * MINUTE,
        address: 'near Kajang, Selangor',
        transitFrom: startMs + 2 * MINUTE,
        mileage: 1235,
      });
    }

    await first.getByRole('button', { name: 'Inspect Vehicle Log' }).click();
    await page.waitForURL(/\/VehicleInspector\/[^/]+$/);
    await chosen(page, 'inspector-vehicle').getByText(`${vehicle.vehicle_display_name} (${plate})`).waitFor();
    await page.getByTestId('inspector-submit').click();
    await page.getByTestId('inspector-count').getByText('26 log(s)', { exact: true }).waitFor();
    expect(await headers(page, 'vehicle-log-table')).toEqual([
      'Server Time',
      'Vehicle Time',
      'Address',
      'Trip Status',
      'Trip From',
      'Transit Status',
      'Transit From',
      'Mileage',
    ]);
    expect(await rows(page, 'vehicle-log-table').count()).toBe(25);
    const shown = await cells(page, 'vehicle-log-table');
    expect(shown.slice(0, 2)).toEqual([
      [
        kl(startMs + MINUTE + 1000),
        kl(startMs + MINUTE),
        'near Puchong, Selangor',
        'TRANSIT',
        kl(startMs),
        'MOVING',
        kl(startMs + 30_000),
        '1234.57',
      ],
      [
        kl(startMs + 2 * MINUTE + 1000),
        kl(startMs + 2 * MINUTE),
        'near Kajang, Selangor',
        '-',
        '-',
        'PARKING',
        kl(startMs + 2 * MINUTE),
        '1235',
      ],
    ]);
    await screenshotAtWidths(page, 'vehicle-inspector');
    // On a phone the table scrolls sideways inside the card.
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = page.getByTestId('vehicle-log-table').locator('.ant-table-content');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('vehicle-inspector').locator('.ant-pagination-item-2').click();
    expect((await cells(page, 'vehicle-log-table')).length).toBe(1);

    const file = await exported(page);
    expect(file.name).toMatch(/^vehicle-log-.+\.xlsx$/);
    expect(file.rows).toHaveLength(27);
    expect(file.rows[0]).toEqual(await headers(page, 'vehicle-log-table'));
    expect(file.rows[1]).toEqual([
      kl(startMs + MINUTE + 1000),
      kl(startMs + MINUTE),
      'near Puchong, Selangor',
      'TRANSIT',
      kl(startMs),
      'MOVING',
      kl(startMs + 30_000),
      1234.57,
    ]);

    // Yesterday: nothing, the spec's info toast.
    await page.locator('#inspector-start').click();
    await page.locator('#inspector-start').fill(kl(startMs - 86_400_000));
    await page.keyboard.press('Enter');
    await page.locator('#inspector-end').click();
    await page.locator('#inspector-end').fill(kl(startMs));
    await page.keyboard.press('Enter');
    await popupsClosed(page);
    await page.getByTestId('inspector-submit').click();
    await expectToast(page, 'No vehicle logs found within this timeframe.');
    expect(await rows(page, 'vehicle-log-table').count()).toBe(0);
    await page.close();
  });
});
