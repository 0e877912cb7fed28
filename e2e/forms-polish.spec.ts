import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, MANAGEMENT_TEXTS } from '@jejak/contract';
import type { Locator, Page } from 'playwright-core';
import { insertEvent } from '../apps/server/test/alerts-fixture.ts';
import { insertUser, signIn } from '../apps/server/test/accounts-fixture.ts';
import { todayWindow } from '../apps/web/src/ui/alerts/today-window.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { ms } from '../apps/web/src/i18n/ms.ts';
import { firstDemoTracker } from './alerts-e2e.ts';
import { expectToast, FLOW_TIMEOUT_MS, popupsClosed, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { lookContext } from './gallery.ts';
import { screenshotAtWidths } from './widths.ts';

/** The error antd shows under the field of this input. */
const fieldError = (page: Page, inputId: string): Locator =>
  page.locator('.ant-form-item', { has: page.locator(`#${inputId}`) }).locator('.ant-form-item-explain-error');

/** Presses the button with the pointer resting on it; its box before and after, once `after` has shown. */
async function pressInPlace(page: Page, button: Locator, after: () => Promise<void>) {
  await button.hover();
  const before = await button.boundingBox();
  await page.mouse.down();
  await page.mouse.up();
  await after();
  return { before, after: await button.boundingBox() };
}

/** Issue 26 item 6 "Polish", the rest: errors at their fields, a steady Save, empty lists that say what next. */
describe('forms and lists polish in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('shows a check and a server answer at their fields, toast kept, and the Save under the pointer does not move', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await lookContext(ui.browser, { language: 'en', theme });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/UserManagement/Add');
      await page.getByTestId('add-user-form').waitFor();

      // Nothing filled: 'Fields cannot be empty' as the toast and under each empty field.
      const save = page.getByTestId('submit');
      const box = await pressInPlace(page, save, async () => {
        await expectToast(page, ACCOUNT_TEXTS.fieldsEmpty);
        await fieldError(page, 'userAddress').getByText(ACCOUNT_TEXTS.fieldsEmpty).waitFor();
      });
      for (const id of ['userName', 'userEmail', 'password', 'contactNumber', 'userAddress'])
        expect(await fieldError(page, id).textContent(), id).toBe(ACCOUNT_TEXTS.fieldsEmpty);
      expect(box.after, 'the Save button stays where the pointer pressed it').toEqual(box.before);
      if (theme === 'light') await screenshotAtWidths(page, 'forms-polish-field-errors-en-light');
      else await screenshotAtWidths(page, 'forms-polish-field-errors-en-dark');

      // Typing in a field takes its error away; the others stay.
      await page.fill('#userName', 'Siti Aminah');
      await fieldError(page, 'userName').waitFor({ state: 'detached' });
      expect(await fieldError(page, 'userAddress').count()).toBe(1);

      // The server's answer (a taken e-mail) under the e-mail field, and as the toast.
      await page.fill('#userEmail', 'owner2@demo.jejak.my');
      await page.fill('#password', 'operator-pass-1');
      await page.fill('#confirmPassword', 'operator-pass-1');
      await page.fill('#contactNumber', '123456789');
      await page.fill('#userAddress', 'Jalan Ampang, Kuala Lumpur');
      await popupsClosed(page);
      const again = await pressInPlace(page, save, async () => {
        await expectToast(page, ACCOUNT_TEXTS.duplicateEmail);
        await fieldError(page, 'userEmail').getByText(ACCOUNT_TEXTS.duplicateEmail).waitFor();
      });
      expect(again.after).toEqual(again.before);
      expect(await page.locator('.ant-form-item-explain-error').count()).toBe(1);
      await context.close();
    }

    // Malay: the spec's text under the field in Malay; a vehicle group without a name.
    const context = await lookContext(ui.browser, { language: 'ms', theme: 'light' });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/VehicleGroup/Add');
    await page.getByTestId('vehicle-group-form').waitFor();
    const save = page.getByTestId('submit');
    const box = await pressInPlace(page, save, () => fieldError(page, 'groupName').waitFor());
    expect(box.after).toEqual(box.before);
    const shown = (await fieldError(page, 'groupName').textContent()) ?? '';
    expect(shown).not.toBe('');
    expect(shown, 'the field error is in Malay').not.toBe(MANAGEMENT_TEXTS.vehicleGroupNameEmpty);
    await screenshotAtWidths(page, 'forms-polish-field-errors-ms-light');
    await context.close();
  });

  it('greets a new fleet owner with empty lists that say what to do next, in English and Malay', async () => {
    const { me: distributor } = await signIn(ui.server.baseUrl, 'distributor');
    const owner = await insertUser(ui.server.app.database.db, {
      role: 'fleetOwner',
      parent: distributor,
      email: 'baharu@demo.jejak.my',
    });
    expect(owner.userRole).toBe('fleetOwner');
    for (const [language, strings] of [
      ['en', en],
      ['ms', ms],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await lookContext(ui.browser, { language, theme });
        const page = await context.newPage();
        await signInAt(page, ui.server.baseUrl, 'baharu@demo.jejak.my', '/Management/Vehicle');
        // A fleet owner has no Add button on Vehicles: the text says who adds them.
        await page.getByTestId('vehicles-empty').getByText(strings.empty.vehiclesByOthers).waitFor();
        await screenshotAtWidths(page, `forms-polish-empty-vehicles-${language}-${theme}`);
        await page.goto(`${ui.server.baseUrl}/Management/Notification`);
        await page.getByTestId('notifications-empty').getByText(strings.empty.notifications).waitFor();
        await page.goto(`${ui.server.baseUrl}/InformationTable`);
        await page.getByTestId('info-vehicles-empty').getByText(strings.empty.vehiclesElsewhere).waitFor();
        // The dashboard's fleet list too, with the map beside it.
        await page.goto(`${ui.server.baseUrl}/`);
        await page.getByTestId('fleet-list-empty').getByText(strings.fleetList.emptyByOthers).waitFor();
        if (theme === 'dark') await screenshotAtWidths(page, `forms-polish-empty-fleet-${language}-${theme}`);
        await context.close();
      }
    }
  });

  it("says 'berhampiran' for 'near' in Event Record's list in Malay", async () => {
    const { vehicle } = await firstDemoTracker(ui.server);
    const { startMs } = todayWindow(Date.now());
    await insertEvent(ui.server.app.database.db, {
      vid: vehicle.vid,
      eventName: 'OVERSPEED',
      eventType: 'WARNING',
      eventTime: startMs + 60_000,
    });
    const context = await lookContext(ui.browser, { language: 'ms', theme: 'dark' });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/EventRecord');
    await page.locator('#event-vehicle').click();
    await page.locator('#event-vehicle').fill(vehicle.vehicle_display_name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .getByText(`${vehicle.vehicle_display_name} - ${vehicle.vid}`, { exact: true })
      .click();
    await popupsClosed(page);
    await page.getByTestId('event-submit').click();
    const address = page.getByTestId('event-item').first().locator('.event-item-address');
    await address.waitFor();
    // insertEvent writes the server's English 'near Puchong, Selangor'.
    expect(await address.textContent()).toBe('berhampiran Puchong, Selangor');
    await screenshotAtWidths(page, 'forms-polish-event-record-ms-dark');
    await context.close();
  });
});
