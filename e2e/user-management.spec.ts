import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_VEHICLES } from '../apps/server/src/demo/demo-fleet.ts';
import {
  expectToast,
  FLOW_TIMEOUT_MS,
  holdNextRequest,
  passwordMatchShows,
  pickOption,
  screenshot,
  selectOptions,
  signInAt,
} from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const GROUP_PLATES = DEMO_VEHICLES.filter((v) => v.operatorGroup)
  .map((v) => v.plate)
  .sort();

const tableRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr.ant-table-row');

async function chooseInTree(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-tree').getByText(name, { exact: true }).click();
  await page.getByTestId('user-card').getByText(name).first().waitFor();
}

/** User Management, Add New User, Edit User and Configure User in Chromium (spec 1 §2, §4, §5). */
describe('user management in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('a fleet owner creates a fleet operator, configures it, and the operator sees only its group', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement');
    await page.getByText('No user selected').waitFor();
    await page.getByText('Select a user from the sidebar').waitFor();
    await screenshot(page, 'users-none-selected');

    // The owner's existing operator: Configure User instead of Edit user, vehicles only. Its
    // details are held back a moment to see the loading card.
    const { release } = await holdNextRequest(page, '**/api/user/gethierarchy');
    await page.getByTestId('user-tree').getByText('Nurul Aisyah binti Hamzah', { exact: true }).click();
    await page.getByTestId('user-card-loading').getByText('Fetching user data').waitFor();
    expect(await page.getByTestId('user-card-loading').getByText('Loading', { exact: true }).count()).toBe(1);
    await screenshot(page, 'users-loading');
    release();
    await page.getByTestId('user-card').getByText('operator@demo.jejak.my').waitFor();
    await tableRows(page, 'vehicle-table').first().waitFor();
    expect(await tableRows(page, 'vehicle-table').count()).toBe(GROUP_PLATES.length);
    const buttons = await page.getByTestId('user-card').locator('button').allTextContents();
    expect(buttons).toEqual(['Configure User']);
    expect(await page.getByRole('tab', { name: 'Devices' }).count()).toBe(0);
    await screenshot(page, 'users-owner-operator');

    // Add New User: no Assigned User for a fleet owner; the role is fleet operator.
    await page.getByTestId('add-user').click();
    await page.getByTestId('add-user-form').waitFor();
    expect(await page.getByText('Assigned User').count()).toBe(0);
    expect(await page.locator('.ant-select-content, .ant-select-selection-item').first().textContent()).toContain(
      'Fleet Operator',
    );
    await page.getByTestId('submit').click();
    await expectToast(page, 'Fields cannot be empty');
    await page.fill('#userName', 'Hafiz bin Rahman');
    await page.fill('#userEmail', 'hafiz@demo.jejak.my');
    await page.fill('#password', 'operator-pass-1');
    await page.fill('#confirmPassword', 'operator-pass-2');
    await page.locator('#contactNumber').focus();
    await expectToast(page, 'Passwords do not match');
    await passwordMatchShows(page, 'mismatch');
    await page.locator('.password-match-bad').hover();
    await page.getByRole('tooltip').getByText('Password does not match').waitFor();
    await page.fill('#contactNumber', '12 987 6543');
    await page.fill('#userAddress', 'Lot 12, Jalan Puchong, 47100 Puchong');
    // The indicator sits inside the confirm field: both password fields are as wide.
    const fieldWidth = async (id: string) =>
      (await page.locator('.ant-input-affix-wrapper', { has: page.locator(`#${id}`) }).boundingBox())?.width;
    expect(await fieldWidth('confirmPassword')).toBe(await fieldWidth('password'));
    await screenshot(page, 'users-add-mismatch');
    await page.fill('#confirmPassword', 'operator-pass-1');
    await page.locator('#contactNumber').focus();
    await passwordMatchShows(page, 'match');
    await pickOption(page, 'gtids', 'UNGROUP', true);
    await page.getByTestId('submit').click();
    await expectToast(page, 'Successfully Added New Account');
    await expectToast(page, 'Successfully Added Groups To New User');
    await page.waitForURL(/\/UserManagement(\?|$)/);

    // Configure it: the parent's vehicle group, with its plates listed.
    await chooseInTree(page, 'Hafiz bin Rahman');
    expect(await tableRows(page, 'vehicle-table').count()).toBe(0);
    await page.getByRole('button', { name: 'Configure User' }).click();
    await page.getByTestId('configure-user-form').waitFor();
    expect(await page.locator('#parent').inputValue()).toBe('owner@demo.jejak.my (Fleet Owner)');
    await page.getByText("Only parent's vehicle groups can be linked to fleet operator.", { exact: false }).waitFor();
    await pickOption(page, 'vgid', 'Kumpulan Puchong');
    // The group's plates, in plate order.
    const groupTags = page.getByTestId('group-vehicles').locator('.ant-tag');
    await groupTags.nth(GROUP_PLATES.length - 1).waitFor();
    expect(await groupTags.allTextContents()).toEqual(GROUP_PLATES);
    await screenshot(page, 'users-configure');
    // Its fleet owner may also change the templates it handed over: the one picked at creation
    // is shown, and a rule template is added (applied through /userrelation/update).
    expect(
      await page
        .locator('.ant-form-item', { has: page.locator('#gtids') })
        .getByText('UNGROUP')
        .count(),
    ).toBe(1);
    await pickOption(page, 'rtids', 'DEFAULT', true);
    await page.getByTestId('submit').click();
    await expectToast(page, 'Successfully configured user.');
    await expectToast(page, 'Successfully Updated Groups For Edited User');
    await page.waitForURL(/\/UserManagement(\?|$)/);
    await tableRows(page, 'vehicle-table')
      .nth(GROUP_PLATES.length - 1)
      .waitFor();

    // The new operator signs in and reaches exactly its group's vehicles.
    const context = await ui.browser.newContext({ viewport: { width: 1400, height: 900 } });
    const operator = await context.newPage();
    await signInAt(operator, ui.server.baseUrl, 'hafiz@demo.jejak.my', '/VehicleSubscription', 'operator-pass-1');
    await tableRows(operator, 'subscription-table').first().waitFor();
    const seen = await tableRows(operator, 'subscription-table').locator('.subscription-plate').allTextContents();
    expect(seen.sort()).toEqual(GROUP_PLATES);
    await screenshot(operator, 'users-new-operator-vehicles');
    await context.close();
    await page.close();
  });

  it('fits a phone: the tree above the card, the title whole, the vehicle table scrolling with nothing pinned beside the tree', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, 'Syarikat Pengangkutan Maju Jaya');
    await tableRows(page, 'vehicle-table').first().waitFor();
    const pinned = () => page.getByTestId('vehicle-table').locator('td.ant-table-cell-fix').count();
    await expect.poll(pinned).toBeGreaterThan(0);

    // Beside the tree at 1024 px the pinned actions would cover the table: nothing is pinned.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="vehicle-table"] .ant-table-cell-fix') === null,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="vehicle-table"] .ant-table-cell-fix') === null,
    );
    // The layout follows the resize a render later (the breakpoints are read from media queries):
    // polled, not read once.
    await expect
      .poll(async () => {
        const side = await page.locator('.user-management-side').boundingBox();
        const main = await page.locator('.user-management-main').boundingBox();
        // A title wraps between words at most: never one letter a line.
        const title = await page.locator('.user-management-main .screen-header').first().boundingBox();
        return {
          treeAbove: !!side && !!main && side.y + side.height <= main.y + 1,
          wide: (main?.width ?? 0) > 350,
          titleShort: (title?.height ?? Infinity) < 90,
        };
      })
      .toEqual({ treeAbove: true, wide: true, titleShort: true });
    await screenshotAtWidths(page, 'users-owner');
    await page.close();
  });

  it('a distributor sees devices, searches, edits a user and is signed out after editing itself', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, 'Syarikat Pengangkutan Maju Jaya');
    const buttons = await page.getByTestId('user-card').locator('button').allTextContents();
    // A fleet owner's card: a device goes to a distributor only (ADR 0037), so no Add Device to a
    // form that would refuse it; Add Vehicle fits one of the distributor's devices.
    expect(buttons).toEqual(['Edit user', 'Add Vehicle']);
    // The vehicle table's service and subscription columns, scrolled into view.
    await tableRows(page, 'vehicle-table').first().waitFor();
    const headers = await page.getByTestId('vehicle-table').locator('thead th').allTextContents();
    for (const h of ['Engine Service', 'Transmission Service', 'Rear Axle Service', 'General Service', 'Subscription'])
      expect(headers).toContain(h);
    await page
      .getByTestId('vehicle-table')
      .locator('.ant-table-content')
      .evaluate((el) => {
        const engine = [...el.querySelectorAll('th')].find((th) => th.textContent === 'Engine Service');
        el.scrollTo({ left: (engine?.offsetLeft ?? 0) - 120 });
      });
    await screenshot(page, 'users-vehicle-columns');

    // Add New User as a distributor: the Assigned User tree (no fleet operators in it) and the
    // roles a distributor may give, limited by the chosen parent.
    await page.getByTestId('add-user').click();
    await page.getByTestId('add-user-form').waitFor();
    expect((await selectOptions(page, 'userRole')).all).toEqual(['Distributor', 'Fleet Owner']);
    await page.locator('#assignedUser').click();
    const tree = page.locator('.ant-select-dropdown:visible');
    await tree.getByText('Syarikat Pengangkutan Maju Jaya (Fleet Owner)').click();
    expect((await selectOptions(page, 'userRole')).disabled).toHaveLength(2);
    await screenshot(page, 'users-add-distributor');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('user-card').waitFor();

    await page.getByRole('tab', { name: 'Devices' }).click();
    await tableRows(page, 'device-table').first().waitFor();
    expect(await tableRows(page, 'device-table').count()).toBe(10);
    await page.getByRole('tabpanel').locator('.ant-pagination').waitFor();
    // Both row actions are in view without scrolling the table sideways.
    const deviceTable = await page.getByTestId('device-table').boundingBox();
    for (const name of ['Inspect Device Log', 'Edit']) {
      const action = await tableRows(page, 'device-table').first().getByRole('button', { name }).boundingBox();
      expect(action && deviceTable ? action.x + action.width <= deviceTable.x + deviceTable.width : false).toBe(true);
    }
    await screenshot(page, 'users-distributor-devices');

    await page.getByRole('searchbox', { name: 'Search users' }).fill('cold chain');
    await page.locator('.user-search-hit').getByText('Klang Valley Cold Chain Sdn Bhd').click();
    await page.getByTestId('user-card').getByText('owner2@demo.jejak.my').waitFor();

    await page.getByRole('button', { name: 'Edit user' }).click();
    await page.getByTestId('edit-user-form').waitFor();
    expect(await page.getByText('*You are editing the currently logged in user', { exact: false }).count()).toBe(0);
    // Under a distributor, a fleet operator does not fit: that role is not offered.
    const editRoles = await selectOptions(page, 'userRole');
    expect(editRoles.all).toEqual(['Distributor', 'Fleet Owner', 'Fleet Operator']);
    expect(editRoles.disabled).toEqual(['Fleet Operator']);
    await page.fill('#userName', '');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Fields cannot be empty');
    await page.fill('#userName', 'Klang Valley Cold Chain Sdn Bhd');
    await page.fill('#userEmail', 'owner@demo.jejak.my');
    await page.getByTestId('submit').click();
    await expectToast(page, 'A user with this email already exists');
    await page.fill('#userEmail', 'owner2@demo.jejak.my');
    await page.fill('#userAddress', 'Jalan Kapar, 42200 Kapar, Klang');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Successfully edited user.');
    await page.getByTestId('user-card').getByText('Jalan Kapar, 42200 Kapar, Klang').waitFor();

    // Editing oneself: the red notice, then signed out once saved.
    await chooseInTree(page, 'Selangor Telematik Sdn Bhd');
    await page.getByRole('button', { name: 'Edit user' }).click();
    await page
      .getByText('*You are editing the currently logged in user. You will be logged out once edits are saved')
      .waitFor();
    await screenshot(page, 'users-self-edit');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Successfully edited user.');
    await page.waitForURL(/\/Login$/);
    await page.close();
  });

  it('a fleet owner edits itself without the role field and is signed out', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner2@demo.jejak.my', '/UserManagement');
    await chooseInTree(page, 'Klang Valley Cold Chain Sdn Bhd');
    await page.getByRole('button', { name: 'Edit user' }).click();
    await page.getByTestId('edit-user-form').waitFor();
    await page.getByTestId('self-edit-notice').waitFor();
    expect(await page.getByTestId('edit-user-form').getByText('User Role').count()).toBe(0);
    await page.fill('#userAddress', 'Lot 3, Jalan Kebun, 41050 Klang');
    await screenshot(page, 'users-owner-self-edit');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Successfully edited user.');
    await page.waitForURL(/\/Login$/);
    await page.close();
  });
});
