import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Page } from 'playwright-core';
import { DEVICE_MODEL_LABELS, MANAGEMENT_TEXTS, VEHICLE_TYPE_LABELS, VEHICLE_TYPES } from '@jejak/contract';
import { DEMO_USERS, DEMO_VEHICLES } from '../apps/server/src/demo/demo-fleet.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, selectOptions, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { pickTargetUser, screenshotWidths, targetUserChoices, treeTitle } from './fleet-forms.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const name = (key: string) => DEMO_USERS.find((u) => u.key === key)?.name ?? key;
const DISTRIBUTOR = treeTitle(name('distributor'), 'Distributor');
const OWNER = treeTitle(name('owner'), 'Fleet Owner');
const OPERATOR = treeTitle(name('operator'), 'Fleet Operator');
const MANAGER = treeTitle(name('manager'), 'Fleet Manager');
const IMEI = '359710049980001';
const PLATE = 'BQK 4821';

const submit = (page: Page) => page.getByTestId('submit').click();
const klDay = (months: number) => dayjs().tz('Asia/Kuala_Lumpur').add(months, 'month').format('YYYY/MM/DD');
const appliedTags = async (page: Page, field: string) =>
  page.getByTestId(`${field}-apply`).locator('.ant-tag').allTextContents();

/** Add and Edit Vehicle in Chromium (spec 2 §2–§5), on the real calls. */
describe('vehicle forms in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('a distributor adds a vehicle for a fleet owner: banner, defaults, every message, tanks, merge', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Vehicle/Add');

    // Every demo device has a vehicle: the banner leads to Add Device, and back here.
    await page.getByTestId('all-devices-taken').waitFor();
    await screenshotWidths(page, 'vehicle-add-all-taken');
    await page.getByTestId('all-devices-taken').getByRole('link').click();
    await page.waitForURL('**/UserManagement/AddDevice');
    await page.fill('#imei', IMEI);
    await pickOption(page, 'model', DEVICE_MODEL_LABELS.GPS100);
    await pickTargetUser(page, [DISTRIBUTOR]);
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    await page.waitForURL('**/Management/Vehicle/Add');
    await page.getByTestId('vehicle-add').waitFor();
    expect(await page.getByTestId('all-devices-taken').count()).toBe(0);

    // Defaults (spec 2 §4): subscription today to 3 months, due dates 3 months, counters 0.
    expect(await page.inputValue('#subsStartDate')).toBe(klDay(0));
    for (const id of ['subsEndDate', 'engineServiceDueDate', 'serviceDueDate', 'permitDueDate']) {
      expect(await page.inputValue(`#${id}`)).toBe(klDay(3));
    }
    expect(await page.inputValue('#engineServiceNextMileage')).toBe('0');
    expect(await page.inputValue('#engineServiceNextWorkingHour')).toBe('0');

    // Free devices first, those on a vehicle after them, disabled.
    const devices = await selectOptions(page, 'dvid');
    expect(devices.all[0]).toBe(`GPS100#${IMEI}`);
    expect(devices.disabled.length).toBe(devices.all.length - 1);
    expect((await selectOptions(page, 'vehicleType')).all).toEqual(VEHICLE_TYPES.map((t) => VEHICLE_TYPE_LABELS[t]));

    // The checks in the spec's order.
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleDeviceEmpty);
    await pickOption(page, 'dvid', `GPS100#${IMEI}`);
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleNameEmpty);
    await page.fill('#vehicleDisplayName', 'Lori 09 Shah Alam');
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehiclePlateEmpty);
    await page.fill('#vehiclePlate', PLATE);
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleModelEmpty);
    await page.fill('#vehicleModel', 'Isuzu NPR');
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleTypeEmpty);
    await pickOption(page, 'vehicleType', VEHICLE_TYPE_LABELS['4x4Drive']);
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleTargetUserEmpty);

    // Target users: operators disabled, with the hint.
    await page.getByText(MANAGEMENT_TEXTS.targetUserHint).waitFor();
    const choices = await targetUserChoices(page, [OWNER], OPERATOR);
    expect(choices.disabled).toContain(OPERATOR);
    expect(choices.disabled).not.toContain(OWNER);
    expect(choices.disabled).not.toContain(DISTRIBUTOR);
    await pickTargetUser(page, [OWNER]);

    // What applies: the owner's ALL, UNGROUP and DEFAULT, and the distributor's own ALL.
    await page
      .getByTestId('vgids-apply')
      .getByText(`ALL (${name('owner')})`)
      .waitFor();
    expect(await appliedTags(page, 'vgids')).toEqual([`ALL (${name('owner')})`, `ALL (${name('distributor')})`]);
    expect(await appliedTags(page, 'gtids')).toEqual([`UNGROUP (${name('owner')})`]);
    expect(await appliedTags(page, 'rtids')).toEqual([`DEFAULT (${name('owner')})`]);
    await pickOption(page, 'vgids', 'Kumpulan Puchong', true);
    expect((await appliedTags(page, 'vgids'))[0]).toBe('Kumpulan Puchong');

    // Tanks: Remove disabled on the last one; a second tank must be filled in.
    expect(await page.getByTestId('remove-tank-1').isDisabled()).toBe(true);
    await page.getByTestId('add-tank').click();
    await page.getByTestId('tank-2').waitFor();
    // Remove comes on for the first tank once there is a second (a render later on a loaded machine).
    await expect.poll(() => page.getByTestId('remove-tank-1').isEnabled()).toBe(true);
    expect(await page.inputValue('#tank-2-port')).toBe('2');
    await page.fill('#tank-2-capacity', '');
    await submit(page);
    await expectToast(page, 'Error at tank 2. Make sure fields are filled in correctly');
    await page.fill('#tank-2-capacity', '120');
    await screenshotWidths(page, 'vehicle-add');
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleAdded);
    await page.waitForURL('**/Management/Vehicle');
    await page.close();
  });

  it("edits from User Management; another user's vehicle reloads with 'Reloading page'", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/UserManagement');
    // The distributor's own table lists the owner's vehicle: its Edit names the distributor in state.
    await page.getByTestId('user-tree').getByText(name('distributor'), { exact: true }).click();
    const row = page.getByTestId('vehicle-table').locator('tr', { hasText: PLATE });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL('**/UserManagement/EditVehicle/**');
    await expectToast(page, MANAGEMENT_TEXTS.reloadingPage);
    await page.getByTestId('vehicle-edit').locator('#vehicleDisplayName').waitFor();
    expect(await page.inputValue('#vehicleDisplayName')).toBe('Lori 09 Shah Alam');
    expect(await page.locator('#dvid').isDisabled()).toBe(true);
    // The subscription belongs to the package now (ADR 0040): shown, changed in Vehicle Subscription.
    expect(await page.locator('#subsEndDate').isDisabled()).toBe(true);
    await page.getByTestId('subscription-note').getByRole('link').waitFor();
    expect(await page.getByTestId('tank-2').count()).toBe(1);
    expect((await appliedTags(page, 'vgids'))[0]).toBe('Kumpulan Puchong');
    await page.fill('#vehicleDisplayName', '');
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleNameEmpty);
    await page.fill('#vehicleDisplayName', 'Lori 09 Klang');
    await screenshotWidths(page, 'vehicle-edit');
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleEdited);
    await page.waitForURL(/\/UserManagement(\?|$)/);
    await page.getByTestId('vehicle-table').getByText('Lori 09 Klang').waitFor();
    await page.close();
  });

  it('a fleet owner edits its own vehicle: the device is fixed, its operator is no target', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement');
    // The first row of the owner's table (sorted by plate, 10 a page).
    const [vehicle, other] = DEMO_VEHICLES.filter((v) => v.owner === 'owner').sort((a, b) =>
      a.plate.localeCompare(b.plate),
    );
    if (!vehicle || !other) throw new Error('no demo vehicles of the owner');
    await page.getByTestId('user-tree').getByText(name('owner'), { exact: true }).click();
    const row = page.getByTestId('vehicle-table').locator('tr', { hasText: vehicle.plate });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('vehicle-edit').locator('#vehiclePlate').waitFor();
    expect(await page.inputValue('#vehiclePlate')).toBe(vehicle.plate);
    expect(await page.locator('#dvid').isDisabled()).toBe(true);
    expect(await page.getByTestId('all-devices-taken').count()).toBe(0);
    const choices = await targetUserChoices(page, [OWNER], OPERATOR);
    // The owner's operator and manager may not hold vehicles.
    expect(choices.disabled).toEqual([OPERATOR, MANAGER]);
    // The server's refusal shows with the spec's title.
    await page.fill('#vehiclePlate', other.plate);
    await submit(page);
    await expectToast(page, `${MANAGEMENT_TEXTS.vehicleEditError}: ${MANAGEMENT_TEXTS.plateInUse}`);
    await page.fill('#vehiclePlate', vehicle.plate);
    await page.fill('#vehicleModel', `${vehicle.model} (2024)`);
    await submit(page);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleEdited);
    await page.waitForURL(/\/UserManagement(\?|$)/);
    await page.close();
  });
});
