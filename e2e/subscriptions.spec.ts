import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  expectToast,
  FLOW_TIMEOUT_MS,
  holdNextRequest,
  pickOption,
  popupsClosed,
  screenshot,
  signInAt,
} from './browser.ts';
import { consoleUnderTest } from './console.ts';

const row = (page: Page, plate: string): Locator =>
  page.getByTestId('subscription-table').locator('tr.ant-table-row', { hasText: plate });
const statusOf = async (page: Page, plate: string) =>
  (await row(page, plate).getByTestId('package-status').textContent()) ?? '';
/** The row's action buttons as "Label" or "Label (disabled)". */
const actionsOf = (page: Page, plate: string): Promise<string[]> =>
  row(page, plate)
    .getByTestId(`actions-${plate}`)
    .locator('button')
    .evaluateAll((buttons) =>
      buttons.map((b) => `${b.textContent ?? ''}${(b as HTMLButtonElement).disabled ? ' (disabled)' : ''}`),
    );

/** Vehicle Subscriptions and its Add, Edit and Renew forms in Chromium (spec 3 §2, §4, §5, §8). */
describe('vehicle subscriptions in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('shows the packages, renews, suspends, unsuspends, adds, edits and terminates', async () => {
    const context = await ui.browser.newContext({
      viewport: { width: 1400, height: 900 },
      timezoneId: 'Asia/Kuala_Lumpur',
    });
    const page = await context.newPage();
    // While the packages load, no vehicle is shown as having none (nor offered Add).
    const packages = await holdNextRequest(page, '**/api/vehiclepackage/get');
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/VehicleSubscription');
    await packages.requested;
    expect(await page.getByTestId('subscription-table').locator('tr.ant-table-row').count()).toBe(0);
    expect(await page.getByTestId('status-summary').textContent()).not.toContain('No package: 20');
    packages.release();
    await row(page, 'BMK 5521').waitFor();
    // The demo fleet: 20 vehicles, every status, two expiring within 3 days, 11 without a package.
    const summary = await page.getByTestId('status-summary').locator('.ant-tag').allTextContents();
    expect(summary).toEqual([
      'Vehicles: 20',
      'PENDING: 1',
      'ACTIVE: 5',
      'EXPIRED: 1',
      'SUSPENDED: 1',
      'TERMINATED: 1',
      'Expiring soon: 2',
      'No package: 11',
    ]);
    expect(await page.getByTestId('subscription-table').locator('tr.ant-table-row').count()).toBe(10);
    // No actions for a terminated package, Add included (spec 3 §4).
    expect(await actionsOf(page, 'BNA 1919')).toEqual([]);
    expect(await actionsOf(page, 'BQR 7703')).toEqual(['Add', 'Edit (disabled)', 'Renew (disabled)']);
    expect(await actionsOf(page, 'VBD 882')).toEqual(['Add (disabled)', 'Edit', 'Renew', 'Suspend', 'Terminate']);
    expect(await row(page, 'VBD 882').getByText('Expiring soon').count()).toBe(1);

    // Expanding a vehicle without a package, and one with a history.
    await row(page, 'BQR 7703').locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('no-package').getByText('This vehicle has no package').waitFor();
    await expectToast(page, 'This vehicle has no package');
    await row(page, 'BNA 1919').locator('.ant-table-row-expand-icon').click();
    const history = page.getByTestId('package-history');
    await history.getByText('Terminated', { exact: true }).waitFor();
    expect(await history.getByText('Added', { exact: true }).count()).toBe(1);
    await screenshot(page, 'subscriptions-table');

    // Renew an ACTIVE package: the contract type is required; it starts at the current end and
    // runs 12 months, shown as PENDING (blue). The renewal is booked: the vehicle stays ACTIVE.
    await row(page, 'BKT 3321').getByRole('button', { name: 'Renew' }).click();
    await page.getByTestId('subscription-renew').waitFor();
    // The owner's e-mail arrives with a second call: wait for it.
    await expect.poll(() => page.locator('#user').inputValue(), { timeout: 15_000 }).toBe('owner2@demo.jejak.my');
    expect(await page.locator('#vehicle').inputValue()).toBe('BKT 3321');
    expect(await page.locator('#imei').inputValue()).toBe('359710040000013');
    const help = await page.getByText(/^Current package ends at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).textContent();
    const currentEnd = (help ?? '').replace('Current package ends at ', '');
    expect(await page.locator('#startAt').inputValue()).toBe(currentEnd);
    expect(await page.getByTestId('renewal-notice').count()).toBe(0);
    await page.getByTestId('submit').click();
    await expectToast(page, 'Please select contract type');
    await pickOption(page, 'contractType', 'TWELVE (12 months)');
    // The end shows '-' until the form has the contract type: wait for the computed date.
    const computedEnd = page.getByTestId('computed-end').filter({ hasText: /^\d{4}-/ });
    const end = (await computedEnd.textContent()) ?? '';
    expect(Number(end.slice(0, 4))).toBe(Number(currentEnd.slice(0, 4)) + 1);
    expect(end.slice(4)).toBe(currentEnd.slice(4));
    expect(await page.getByTestId('time-status').textContent()).toBe('PENDING');
    expect(await page.getByTestId('time-status').getAttribute('data-colour')).toBe('blue');
    await screenshot(page, 'subscriptions-renew');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Renewed vehicle');
    await page.waitForURL(/\/VehicleSubscription$/);
    await row(page, 'BKT 3321').getByTestId('renewal-booked').waitFor();
    expect(await statusOf(page, 'BKT 3321')).toBe('ACTIVE');
    expect(await row(page, 'BKT 3321').getByText(currentEnd).count()).toBe(1);
    await row(page, 'BKT 3321').getByTestId('renewal-booked').hover();
    await page.getByRole('tooltip').getByText(`TWELVE from ${currentEnd} to ${end}`).waitFor();
    await row(page, 'BKT 3321').locator('.ant-table-row-expand-icon').click();
    const renewedRow = page.getByTestId('package-history').locator('tr', { hasText: 'Renewed' });
    await renewedRow.getByText(end).waitFor();
    expect(await renewedRow.getByTestId('package-status').textContent()).toBe('PENDING');
    await screenshot(page, 'subscriptions-renewal-booked');
    await row(page, 'BKT 3321').locator('.ant-table-row-expand-icon').click();

    // Renew on a package with a booked renewal shows it, prefilled; saving would replace it.
    await row(page, 'BMK 5521').getByRole('button', { name: 'Renew' }).click();
    await page
      .getByTestId('renewal-notice')
      .getByText(/^A renewal is booked: TWELVE from .+ Renewing again replaces it\.$/)
      .waitFor();
    const contractItem = page.locator('.ant-form-item', { has: page.locator('#contractType') });
    expect(await contractItem.textContent()).toContain('TWELVE (12 months)');
    await screenshot(page, 'subscriptions-renew-booked');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/VehicleSubscription$/);

    // Suspend: Edit and Renew disabled, Suspend hidden, Unsuspend shown; then back.
    await row(page, 'BMK 5521').getByRole('button', { name: 'Suspend' }).click();
    await expectToast(page, 'Suspended vehicle');
    await row(page, 'BMK 5521').getByRole('button', { name: 'Unsuspend' }).waitFor();
    expect(await statusOf(page, 'BMK 5521')).toBe('SUSPENDED');
    // The buttons stay disabled until the refetch the change started has finished.
    await expect
      .poll(() => actionsOf(page, 'BMK 5521'), { timeout: 15_000 })
      .toEqual(['Add (disabled)', 'Edit (disabled)', 'Renew (disabled)', 'Unsuspend', 'Terminate']);
    await screenshot(page, 'subscriptions-suspended');
    await row(page, 'BMK 5521').getByRole('button', { name: 'Unsuspend' }).click();
    await expectToast(page, 'Unsuspended vehicle');
    await row(page, 'BMK 5521').getByRole('button', { name: 'Suspend' }).waitFor();

    // Add to a vehicle without a package: 12 months from now by default (ACTIVE, green); CUSTOM needs an end.
    await row(page, 'BQR 7703').getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('subscription-add').waitFor();
    expect(await page.getByTestId('time-status').getAttribute('data-colour')).toBe('green');
    await pickOption(page, 'contractType', 'CUSTOM');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Please select end date');
    const addStart = await page.locator('#startAt').inputValue();
    const customEnd = `${Number(addStart.slice(0, 4)) + 2}-01-15 09:30:00`;
    await page.locator('#endAt').fill(customEnd);
    await page.locator('.ant-picker-dropdown:visible').getByRole('button', { name: 'OK' }).click();
    await popupsClosed(page);
    await screenshot(page, 'subscriptions-add-custom');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Added package');
    await page.waitForURL(/\/VehicleSubscription$/);
    await row(page, 'BQR 7703').getByText(customEnd).waitFor();
    expect(await statusOf(page, 'BQR 7703')).toBe('ACTIVE');

    // Edit it to 24 months, then terminate it: no actions are left.
    await row(page, 'BQR 7703').getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('subscription-edit').waitFor();
    await pickOption(page, 'contractType', 'TWENTY_FOUR (24 months)');
    await page.getByTestId('submit').click();
    await expectToast(page, 'Edited package');
    await page.waitForURL(/\/VehicleSubscription$/);
    await row(page, 'BQR 7703').getByText('TWENTY_FOUR').waitFor();
    await row(page, 'BQR 7703').getByRole('button', { name: 'Terminate' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Terminated vehicle');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('tr.ant-table-row')].some(
        (tr) => tr.textContent?.includes('BQR 7703') && tr.textContent.includes('TERMINATED'),
      ),
    );
    expect(await actionsOf(page, 'BQR 7703')).toEqual([]);
    await context.close();
  });
});
