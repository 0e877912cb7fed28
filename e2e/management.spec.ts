import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ManagedVehicle } from '@jejak/contract';
import { STATUS_COLOURS } from '@jejak/domain';
import { en } from '../apps/web/src/i18n/en.ts';
import { FLOW_TIMEOUT_MS, pickOption, screenshot, signInAt } from './browser.ts';
import { drivenConsoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';

const s = en.management;
const DAY_MS = 86_400_000;

const tabs = (page: Page) => page.locator('.ant-tabs-tab').allTextContents();
const activeTab = (page: Page) => page.locator('.ant-tabs-tab-active').textContent();
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');
const row = (page: Page, table: string, text: string) => rows(page, table).filter({ hasText: text });
/** The leaf column titles of a table, left to right. */
const headers = (page: Page, table: string) =>
  page
    .getByTestId(table)
    .locator('thead th.ant-table-cell')
    .evaluateAll((cells) => cells.map((c) => c.textContent ?? '').filter((t) => t !== ''));
const buttons = (page: Page) =>
  page
    .locator('.management-toolbar button')
    .evaluateAll((els) => els.map((b) => b.textContent ?? '').filter((t) => t !== ''));

async function vehiclesOf(page: Page): Promise<ManagedVehicle[]> {
  const uid = await myUid(page);
  return (await postFromPage<{ vehicles: ManagedVehicle[] }>(page, '/vehicle/get', { uid })).vehicles;
}

/** Sets a vehicle's permit due date through /vehicle/update, as its edit form would. */
async function setPermit(page: Page, vehicle: ManagedVehicle, permitDueDate: number): Promise<void> {
  const answer = await postFromPage(page, '/vehicle/update', {
    vehicle: {
      vid: vehicle.vid,
      dvid: vehicle.dvid,
      vehicleDisplayName: vehicle.vehicleDisplayName,
      vehiclePlate: vehicle.vehiclePlate,
      vehicleModel: vehicle.vehicleModel,
      vehicleType: vehicle.vehicleType,
      permitDueDate,
    },
    user: { uid: vehicle.uid },
    vgids: [],
    gtids: vehicle.gtids,
    rtids: vehicle.rtids,
  });
  expect(answer['status']).toBe(200);
}

/** /Management and its tabs in Chromium, the demo fleet driven by the simulator (spec 2 §2, §4, §6, §9). */
describe('management in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = drivenConsoleUnderTest();

  it('a distributor sees every tab and column, searches, filters, sees permit colours and live devices', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    let liveFrames = 0;
    page.on('websocket', (ws) => ws.on('framereceived', () => (liveFrames += 1)));
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management');
    await row(page, 'vehicle-table', 'WXY 1234').waitFor();
    expect(await tabs(page)).toEqual(['Vehicle', 'Device', 'Rule', 'Notification', 'Maintenance', 'Webhook']);
    expect(await activeTab(page)).toBe('Vehicle');
    const c = s.vehicleColumns;
    expect(await headers(page, 'vehicle-table')).toEqual([
      c.plate,
      c.name,
      c.groups,
      c.type,
      c.model,
      c.device,
      c.sim,
      c.status,
      c.odometer,
      c.registered,
      c.engineService,
      c.transmissionService,
      c.rearAxleService,
      c.generalService,
      c.subsStart,
      c.subsEnd,
      c.permitDue,
      c.permitStatus,
      c.action,
      c.nextMileage,
      c.nextWorkingHour,
      c.dueDate,
      c.nextMileage,
      c.dueDate,
      c.nextMileage,
      c.dueDate,
      c.nextMileage,
      c.dueDate,
    ]);
    expect(await buttons(page)).toEqual([s.bulkCreateVehicles, s.addVehicle, s.addVehicleGroup]);
    // 20 vehicles: ten a page.
    expect(await rows(page, 'vehicle-table').count()).toBe(10);
    expect(await page.locator('.ant-pagination').count()).toBe(1);

    // Status in its transit colour; the device and SIM shown to a distributor.
    const wxy = row(page, 'vehicle-table', 'WXY 1234');
    const status = (await wxy.getByTestId('transit-status').textContent()) as keyof typeof STATUS_COLOURS;
    expect(await wxy.getByTestId('transit-status').getAttribute('data-colour')).toBe(`#${STATUS_COLOURS[status]}`);
    expect(await wxy.textContent()).toMatch(/GPS100#\d+/);

    // Case-insensitive contains search; then the type filter.
    await page.getByTestId('vehicle-search').locator('input').fill('lori 0');
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBeGreaterThan(0);
    for (const text of await rows(page, 'vehicle-table').allTextContents())
      expect(text.toLowerCase()).toContain('lori 0');
    await page.getByTestId('vehicle-search').locator('input').fill('wxy 12');
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBe(1);
    await page.getByTestId('vehicle-search').locator('input').fill('');
    await pickOption(page, 'typeFilter', 'Van');
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBeLessThan(10);
    const vans = await rows(page, 'vehicle-table').locator('td:nth-child(4)').allTextContents();
    expect(new Set(vans)).toEqual(new Set(['Van']));
    await page.locator('.ant-select', { has: page.locator('#typeFilter') }).hover();
    await page
      .locator('.ant-select', { has: page.locator('#typeFilter') })
      .locator('.ant-select-clear')
      .click();
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBe(10);

    // Permit status: expired red, expiring soon orange, in service green, '-' without a date.
    const all = await vehiclesOf(page);
    const byPlate = (plate: string) => all.find((v) => v.vehiclePlate === plate) as ManagedVehicle;
    const now = Date.now();
    await setPermit(page, byPlate('VFA 5150'), now - DAY_MS);
    await setPermit(page, byPlate('BLM 6070'), now + 30 * DAY_MS);
    await setPermit(page, byPlate('WPN 8126'), now + 400 * DAY_MS);
    await page.reload();
    const permit = async (plate: string) => {
      await page.getByTestId('vehicle-search').locator('input').fill(plate);
      const tag = row(page, 'vehicle-table', plate).getByTestId('permit-status');
      return [await tag.textContent(), await tag.getAttribute('data-colour')];
    };
    expect(await permit('VFA 5150')).toEqual(['Expired', 'red']);
    expect(await permit('BLM 6070')).toEqual(['Expiring Soon', 'orange']);
    expect(await permit('WPN 8126')).toEqual(['In Service', 'green']);
    expect(await permit('VBD 882')).toEqual(['-', null]);
    await page.getByTestId('vehicle-search').locator('input').fill('');
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBe(10);
    await screenshot(page, 'management-vehicles-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'management-vehicles-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'management-vehicles-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Edit opens the vehicle form with its owner's uid and the vehicle in the navigation state
    // (the owner's, so the form does not reload with 'Reloading page').
    const target = byPlate('WXY 1234');
    await page.getByTestId(`edit-${target.vid}`).click();
    await page.waitForURL(new RegExp(`/Management/Vehicle/Edit/${target.vid}$`));
    const state = await page.evaluate(
      () => (window.history.state as { usr: { uid: string; vehicle: { vid: string } } }).usr,
    );
    expect(state.uid).toBe(target.uid);
    expect(state.vehicle.vid).toBe(target.vid);

    // An unknown tab shows Vehicle; Rule and Notification show their lists (e2e/rules, e2e/notifications).
    await page.goto(`${ui.server.baseUrl}/Management/Nonsense`);
    await row(page, 'vehicle-table', 'WXY 1234').waitFor();
    expect(await activeTab(page)).toBe('Vehicle');
    await page.getByRole('tab', { name: 'Rule' }).click();
    await page.waitForURL(/\/Management\/Rule$/);
    await page.getByTestId('add-rule').waitFor();
    await page.getByRole('tab', { name: 'Notification' }).click();
    await page.getByTestId('notification-table').waitFor();

    // Devices: every column, and the readings follow the simulator without a reload.
    await page.getByRole('tab', { name: 'Device' }).click();
    await page.waitForURL(/\/Management\/Device$/);
    const d = s.deviceColumns;
    await rows(page, 'device-table').first().waitFor();
    expect(await headers(page, 'device-table')).toEqual([
      d.deviceId,
      d.sim,
      d.vehicle,
      d.acc,
      d.gps,
      d.speed,
      d.fuel,
      d.location,
      d.package,
      d.deviceTime,
      d.serverTime,
      d.created,
      d.action,
    ]);
    expect(await buttons(page)).toEqual([s.bulkAddDevice, s.addDevice]);
    const first = row(page, 'device-table', 'WXY 1234');
    const timeBefore = await first.getByTestId('device-time').textContent();
    await expect.poll(() => first.getByTestId('device-time').textContent(), { timeout: 20_000 }).not.toBe(timeBefore);
    expect(await first.getByTestId('device-time').textContent()).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2} [AP]M$/,
    );
    const link = first.getByTestId('device-location');
    expect(await link.textContent()).toMatch(/^-?\d+\.\d{7}, -?\d+\.\d{7}$/);
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\?q=-?\d+\.\d{7},-?\d+\.\d{7}$/);
    // Live messages reach the table in batches: count its updates (DOM changes per frame) for 10 s.
    const framesBefore = liveFrames;
    const tableUpdates = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const body = document.querySelector('[data-testid="device-table"] tbody');
          let updates = 0;
          let pending = false;
          const observer = new MutationObserver(() => {
            if (pending) return;
            pending = true;
            requestAnimationFrame(() => {
              pending = false;
              updates += 1;
            });
          });
          if (body) observer.observe(body, { subtree: true, childList: true, characterData: true });
          setTimeout(() => {
            observer.disconnect();
            resolve(updates);
          }, 10_000);
        }),
    );
    const messages = liveFrames - framesBefore;
    console.info(`Devices tab: ${messages} live messages in 10 s, ${tableUpdates} table updates`);
    expect(tableUpdates).toBeGreaterThan(0);
    expect(tableUpdates).toBeLessThanOrEqual(12);
    expect(messages).toBeGreaterThan(tableUpdates * 5);
    await screenshot(page, 'management-devices-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'management-devices-1024');
  });

  it('a fleet owner sees no Device tab, device columns or add buttons, and filters by its group', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Device');
    await row(page, 'vehicle-table', 'WXY 1234').waitFor();
    expect(await tabs(page)).toEqual(['Vehicle', 'Rule', 'Notification', 'Maintenance', 'Webhook']);
    expect(await activeTab(page)).toBe('Vehicle');
    const titles = await headers(page, 'vehicle-table');
    expect(titles).not.toContain(s.vehicleColumns.device);
    expect(titles).not.toContain(s.vehicleColumns.sim);
    expect(await buttons(page)).toEqual([]);
    await pickOption(page, 'groupFilter', 'Kumpulan Puchong');
    await expect.poll(() => rows(page, 'vehicle-table').count()).toBe(5);
    for (const text of await rows(page, 'vehicle-table').allTextContents()) expect(text).toContain('Kumpulan Puchong');
    // Its own group takes edits (the owner holds the Vehicle Management grant).
    expect(await buttons(page)).toEqual([s.editGroup]);
    await screenshot(page, 'management-owner-1440');
  });

  it('a fleet operator sees no Device tab, device columns or add buttons (the server refuses it those calls)', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Management');
    await rows(page, 'vehicle-table').first().waitFor();
    expect(await tabs(page)).toEqual(['Vehicle', 'Rule', 'Notification', 'Maintenance', 'Webhook']);
    expect(await headers(page, 'vehicle-table')).not.toContain(s.vehicleColumns.device);
    expect(await buttons(page)).toEqual([]);
    // Five vehicles: no pagination.
    expect(await rows(page, 'vehicle-table').count()).toBe(5);
    expect(await page.locator('.ant-pagination').count()).toBe(0);
  });
});
