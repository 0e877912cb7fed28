import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS, DEVICE_MODEL_LABELS, MANAGEMENT_TEXTS } from '@jejak/contract';
import { DEMO_USERS, demoImei, demoSimCard } from '../apps/server/src/demo/demo-fleet.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, selectOptions, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { pickTargetUser, screenshotWidths, targetUserChoices, treeTitle } from './fleet-forms.ts';

const user = (key: string) => {
  const found = DEMO_USERS.find((u) => u.key === key);
  if (!found) throw new Error(`no demo user ${key}`);
  return found;
};
const DISTRIBUTOR = treeTitle(user('distributor').name, 'Distributor');
const OWNER = treeTitle(user('owner').name, 'Fleet Owner');
const NEW_IMEI = '359710049990001';
const NEW_SIM = '+60129990001';

/** Add and Edit Device in Chromium (spec 2 §2, §5), on the real calls. */
describe('device forms in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('a distributor adds a device: every message in order, the +6 SIM, a distributor as target', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Device/Add');
    await page.getByTestId('device-add').waitFor();
    expect(await page.inputValue('#simCard')).toBe('+6');
    await page.locator('#simCard').press('End');
    await page.locator('#simCard').press('Backspace');
    expect(await page.inputValue('#simCard')).toBe('+6');
    await page.locator('#simCard').pressSequentially('0');
    expect(await page.inputValue('#simCard')).toBe('+60');
    const models = await selectOptions(page, 'model');
    expect(models.all).toEqual(DEVICE_MODELS.map((m) => DEVICE_MODEL_LABELS[m]));

    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceImeiEmpty);
    await page.fill('#imei', demoImei(0));
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceModelEmpty);
    await pickOption(page, 'model', DEVICE_MODEL_LABELS.GPS100);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceExists);
    await page.fill('#imei', NEW_IMEI);
    await page.fill('#simCard', demoSimCard(0));
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.simInUse);
    await page.fill('#simCard', NEW_SIM);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceTargetUserEmpty);

    // A device goes to a distributor: fleet owners (and operators) are disabled.
    const choices = await targetUserChoices(page, [DISTRIBUTOR], OWNER);
    expect(choices.all).toContain(DISTRIBUTOR);
    expect(choices.disabled).toContain(OWNER);
    expect(choices.disabled).not.toContain(DISTRIBUTOR);
    await pickTargetUser(page, [DISTRIBUTOR]);
    await page.fill('#brand', 'Concox');
    await screenshotWidths(page, 'device-add');
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    // A new device goes on to its tracker's set-up (issue 26 item 4).
    await page.waitForURL('**/Management/Device/Setup/**');

    // Edit: IMEI and model are fixed; the SIM changes.
    await page.goto(`${ui.server.baseUrl}/Management/Device/Edit/${encodeURIComponent(`GPS100#${NEW_IMEI}`)}`);
    await page.getByTestId('device-edit').locator('#imei').waitFor();
    expect(await page.inputValue('#imei')).toBe(NEW_IMEI);
    expect(await page.locator('#imei').isDisabled()).toBe(true);
    expect(await page.locator('#model').isDisabled()).toBe(true);
    expect(await page.inputValue('#brand')).toBe('Concox');
    await page.fill('#simCard', demoSimCard(1));
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.simInUse);
    await page.fill('#simCard', '+60129990002');
    await screenshotWidths(page, 'device-edit');
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceEdited);
    await page.waitForURL('**/Management/Device');
    await page.close();
  });

  it("User Management's Add Device opens the form for the chosen distributor", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'super@demo.jejak.my', '/UserManagement');
    await page.getByTestId('user-tree').getByText(user('distributor').name, { exact: true }).click();
    await page.getByTestId('user-card').getByRole('button', { name: 'Add Device' }).click();
    await page.waitForURL('**/UserManagement/AddDevice');
    await page.locator('.ant-select-content, .ant-select-selection-item').getByText(DISTRIBUTOR).waitFor();
    await page.fill('#imei', '359710049990003');
    await pickOption(page, 'model', DEVICE_MODEL_LABELS.TEL100);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    await page.waitForURL(/\/UserManagement(\?|$)/);
    await page.close();
  });

  it("a Suntech tracker's settings: shown for its model only, and kept", async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Device/Add');
    await page.getByTestId('device-add').waitFor();
    expect(await page.getByTestId('tracker-settings').count()).toBe(0);
    await page.fill('#imei', '0907019999');
    await pickOption(page, 'model', DEVICE_MODEL_LABELS.ST300);
    await page.getByTestId('tracker-settings').waitFor();
    await page.getByTestId('setting-hbm').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^1$/ }).click();
    await page.getByTestId('setting-includeAdc').click();
    await pickTargetUser(page, [DISTRIBUTOR]);
    await screenshotWidths(page, 'device-add-settings');
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    const { settings } = await ui.server.app.database.db
      .selectFrom('devices')
      .select('settings')
      .where('dvid', '=', 'ST300#0907019999')
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({
      hbm: 1,
      includeAdc: true,
      includeRpm: false,
      includeTemp: false,
      protocolType: 0,
      commandPrefix: 'ST300',
    });
    await page.close();
  });
});
