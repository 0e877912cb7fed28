import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MANAGEMENT_TEXTS, VEHICLE_GROUP_PALETTE, type ManagedVehicle, type VehicleGroup } from '@jejak/contract';
import { en } from '../apps/web/src/i18n/en.ts';
import {
  expectToast,
  FLOW_TIMEOUT_MS,
  pickOption,
  popupsClosed,
  screenshot,
  selectOptions,
  signInAt,
} from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';

const s = en.management;
const f = s.vehicleGroupForm;

const vehicleRows = (page: Page) => page.getByTestId('vehicle-table').locator('tbody tr.ant-table-row');
const swatches = (page: Page) =>
  page
    .locator('.color-swatch')
    .evaluateAll((els) =>
      els.map((el) => `${el.getAttribute('aria-label') ?? ''}${el.getAttribute('aria-checked') === 'true' ? '*' : ''}`),
    );
/** The chosen vehicles shown in the select. */
const chosen = (page: Page) =>
  page.locator('.ant-form-item', { has: page.locator('#vids') }).locator('.ant-select-selection-item');

/** Types into the vehicle search (the list is virtual, so a far option is found by searching) and picks it. */
async function chooseVehicle(page: Page, vehicle: ManagedVehicle): Promise<void> {
  await page.locator('#vids').fill(vehicle.vehicleDisplayName);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .getByText(`${vehicle.vehicleDisplayName} - ${vehicle.vid}`, { exact: true })
    .click();
  await page.keyboard.press('Escape');
  await popupsClosed(page);
}

async function groupNamed(page: Page, name: string): Promise<VehicleGroup | undefined> {
  const uid = await myUid(page);
  const answer = await postFromPage<{ vehicleGroups: VehicleGroup[] }>(page, '/vehicle/group/get', { uid, vgids: [] });
  return answer.vehicleGroups.find((g) => g.groupName === name);
}

/** Add New Vehicle Group and Edit Vehicle Group in Chromium (spec 2 §2, §4, §5). */
describe('vehicle groups in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('a distributor adds a group with vehicles from the Vehicles tab, then edits it', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Vehicle');
    await vehicleRows(page).first().waitFor();
    await page.getByRole('button', { name: s.addVehicleGroup }).click();
    await page.waitForURL(/\/Management\/VehicleGroup\/Add$/);
    await page.getByTestId('vehicle-group-form').getByText(f.addTitle).waitFor();

    // The preset palette, the first chosen; vehicles as 'name - vid', sorted by display name.
    expect(await swatches(page)).toEqual(VEHICLE_GROUP_PALETTE.map((hex, i) => `#${hex}${i === 0 ? '*' : ''}`));
    const vehicles = (
      await postFromPage<{ vehicles: ManagedVehicle[] }>(page, '/vehicle/get', { uid: await myUid(page) })
    ).vehicles;
    const expected = [...vehicles]
      .sort((a, b) => a.vehicleDisplayName.localeCompare(b.vehicleDisplayName) || a.vid.localeCompare(b.vid))
      .map((v) => `${v.vehicleDisplayName} - ${v.vid}`);
    // The list is virtual: the first options rendered are the first in display name order.
    const { all } = await selectOptions(page, 'vids');
    expect(all.length).toBeGreaterThan(5);
    expect(all).toEqual(expected.slice(0, all.length));

    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.vehicleGroupNameEmpty);

    const lori = vehicles.find((v) => v.vehiclePlate === 'WXY 1234') as ManagedVehicle;
    const van = vehicles.find((v) => v.vehiclePlate === 'VBD 882') as ManagedVehicle;
    await page.locator('#groupName').fill('Kumpulan Ujian');
    // The search filters case-insensitively by contains.
    await page.locator('#vids').fill('LORI 01');
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents())
      .toEqual([`${lori.vehicleDisplayName} - ${lori.vid}`]);
    await page.keyboard.press('Escape');
    await popupsClosed(page);
    await chooseVehicle(page, lori);
    await chooseVehicle(page, van);
    await page.getByTestId('swatch-FFCCCC').click();
    await screenshot(page, 'vehicle-group-add-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'vehicle-group-add-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'vehicle-group-add-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.vehicleGroupAdded);
    await expectToast(page, MANAGEMENT_TEXTS.vehicleGroupAssigned);
    await page.waitForURL(/\/Management\/Vehicle$/);

    const added = await groupNamed(page, 'Kumpulan Ujian');
    expect(added?.colorHexCode).toBe('FFCCCC');
    expect(new Set(added?.vehicles)).toEqual(new Set([lori.vid, van.vid]));

    // The group filter shows its two vehicles, and leads to Edit.
    await pickOption(page, 'groupFilter', 'Kumpulan Ujian');
    await expect.poll(() => vehicleRows(page).count()).toBe(2);
    await page.getByTestId('edit-group').click();
    await page.waitForURL(/\/Management\/VehicleGroup\/Edit$/);
    await page.getByTestId('vehicle-group-form').getByText(f.editTitle).waitFor();
    expect(await page.locator('#groupName').inputValue()).toBe('Kumpulan Ujian');
    expect(await page.getByTestId('swatch-FFCCCC').getAttribute('aria-checked')).toBe('true');
    // Chosen vehicles are shown by display name order too.
    expect(await chosen(page).allTextContents()).toEqual(
      [lori, van].map((v) => `${v.vehicleDisplayName} - ${v.vid}`).sort((a, b) => a.localeCompare(b)),
    );
    await chosen(page).filter({ hasText: van.vehicleDisplayName }).locator('.ant-select-selection-item-remove').click();
    await page.locator('#groupName').fill('Kumpulan Ujian Utara');
    await page.getByTestId('swatch-E6FFE6').click();
    await screenshot(page, 'vehicle-group-edit-1440');
    await page.getByRole('button', { name: f.edit, exact: true }).click();
    await expectToast(page, MANAGEMENT_TEXTS.vehicleGroupEdited);
    await page.waitForURL(/\/Management\/Vehicle$/);

    const edited = await groupNamed(page, 'Kumpulan Ujian Utara');
    expect(edited?.vgid).toBe(added?.vgid);
    expect(edited?.colorHexCode).toBe('E6FFE6');
    expect(edited?.vehicles).toEqual([lori.vid]);
  });

  it("shows 'No Vehicles Found', disabled, when there is no vehicle; Edit without a chosen group says so", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.route('**/api/vehicle/get', (route) => route.fulfill({ json: { status: 200, vehicles: [] } }));
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/AddVehicleGroup');
    const select = page.locator('.ant-form-item', { has: page.locator('#vids') });
    await select.getByText(f.noVehicles).waitFor();
    expect(await page.locator('#vids').isDisabled()).toBe(true);
    await page.goto(`${ui.server.baseUrl}/EditVehicleGroup`);
    await page.getByText(f.notChosen).waitFor();
  });
});
