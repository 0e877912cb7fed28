import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ALERT_PATHS,
  DEVICE_MODEL_LABELS,
  MANAGEMENT_PATHS,
  MANAGEMENT_TEXTS,
  RULE_COVERAGE_TEXTS,
  type RuleTemplate,
} from '@jejak/contract';
import { encodeLogin } from '@jejak/protocols';
import { DEMO_USERS } from '../apps/server/src/demo/demo-fleet.ts';
import { gt06Track } from '../apps/server/test/device-client.ts';
import { en } from '../apps/web/src/i18n/en.ts';
import { userFleet } from './alerts-e2e.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { pickTargetUser, targetUserChoices, treeTitle } from './fleet-forms.ts';
import { lookContext, settled, type Look } from './gallery.ts';
import { myUid, postFromPage } from './page-api.ts';
import { untranslatedTexts } from './untranslated.ts';
import { screenshotAtWidths } from './widths.ts';

const HOST = 'gps.example.my';
const c = en.onboarding.coverage;
const o = en.onboarding.setup;
const userName = (key: string) => DEMO_USERS.find((u) => u.key === key)?.name ?? key;
const DISTRIBUTOR = treeTitle(userName('distributor'), 'Distributor');
const OWNER = treeTitle(userName('owner'), 'Fleet Owner');
const LOOKS: readonly Look[] = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'ms', theme: 'light' },
  { language: 'ms', theme: 'dark' },
];

/** A GT06 tracker's login with an IMEI no device has: the gateway records it and hangs up. */
async function unknownLogin(port: number, imei: string): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(encodeLogin(imei, 1));
  await closed;
}

/**
 * Issue 26 items 3 and 4 in the console: a rule template tells what it watches and is applied to
 * the fleet from the Rule tab; a new device shows where its tracker reports and waits for its
 * first message; trackers of unknown IMEIs are listed and registered in one click.
 */
describe('rules you can see and guided onboarding in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest(() => ({ JEJAK_PUBLIC_HOST: HOST }));

  /** Opens `path` signed in as `email` in every look, readies it, and saves it at every width. */
  async function inEveryLook(email: string, path: string, name: string, ready: (page: Page) => Promise<void>) {
    for (const look of LOOKS) {
      const context = await lookContext(ui.browser, look);
      const page = await context.newPage();
      await signInAt(page, ui.server.baseUrl, email, path);
      await ready(page);
      await settled(page);
      if (look.language === 'ms') expect(await untranslatedTexts(page)).toEqual([]);
      await screenshotAtWidths(page, `${name}-${look.language}-${look.theme}`);
      await context.close();
    }
  }

  it('warns on a template that watches no vehicle, applies it to all of them and shows the coverage', async () => {
    const context = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Rule');
    const uid = await myUid(page);
    const add = (name: string) =>
      postFromPage<{ ruleTemplate: RuleTemplate }>(page, ALERT_PATHS.ruleTemplateAdd, {
        createdBy: uid,
        ruleTemplateName: name,
      });
    const had80 = (await add('Had 80')).ruleTemplate.rtid;
    const idle = (await add('Melahu')).ruleTemplate.rtid;
    await page.reload();

    // Both watch nothing: the header says so without opening the template, and the body warns.
    await page.getByTestId(`watches-none-${had80}`).waitFor();
    await page.getByTestId(`watches-none-${idle}`).waitFor();
    await page.getByTestId('rule-templates').getByText('Had 80', { exact: true }).click();
    expect(await page.getByTestId(`coverage-none-${had80}`).textContent()).toContain(c.noneWarning);

    // Apply to vehicles → all of the owner's vehicles, confirmed.
    await page.getByTestId(`apply-template-${had80}`).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('apply-dialog') });
    const { vehicles } = await userFleet(ui.server, 'owner@demo.jejak.my');
    expect(await dialog.textContent()).toContain(c.allVehicles(vehicles.length));
    await screenshotAtWidths(page, 'rules-apply-dialog-en-light');
    await dialog.getByRole('button', { name: c.confirm, exact: true }).click();
    await expectToast(page, RULE_COVERAGE_TEXTS.applied);

    // The coverage is read again: every vehicle, listed under the template; the other still warns.
    await expect
      .poll(() => page.getByTestId(`watches-${had80}`).textContent())
      .toBe(c.watches(vehicles.length, vehicles.length));
    const listed = page.getByTestId(`coverage-vehicles-${had80}`);
    await expect.poll(() => listed.locator('.ant-tag').count()).toBe(vehicles.length);
    for (const v of vehicles) expect(await listed.textContent()).toContain(v.vehicle_plate);
    expect(await page.getByTestId(`watches-none-${idle}`).count()).toBe(1);
    await context.close();

    await inEveryLook('owner@demo.jejak.my', '/Management/Rule', 'rules-coverage', async (p) => {
      const templates = p.getByTestId('rule-templates');
      await templates.getByText('Had 80', { exact: true }).click();
      await templates.getByText('Melahu', { exact: true }).click();
      await p.getByTestId(`coverage-vehicles-${had80}`).waitFor();
      await p.getByTestId(`coverage-none-${idle}`).waitFor();
    });

    // Applied to one group, a template watches that group's vehicles only.
    const again = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const groupPage = await again.newPage();
    await signInAt(groupPage, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Rule');
    await groupPage.getByTestId(`watches-none-${idle}`).waitFor();
    await groupPage.getByTestId(`apply-template-${idle}`).click();
    const groupDialog = groupPage.locator('.ant-modal').filter({ has: groupPage.getByTestId('apply-dialog') });
    await groupDialog.getByTestId('apply-group').click();
    await groupDialog.getByRole('combobox', { name: c.group }).click();
    const option = groupPage.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const optionText = (await option.textContent()) ?? '';
    const [, groupName = '', size = '0'] = /^(.*) \((\d+) vehicle\(s\)\)$/.exec(optionText) ?? [];
    expect(Number(size)).toBeGreaterThan(0);
    await option.click();
    await groupDialog.getByRole('button', { name: c.confirm, exact: true }).click();
    await expectToast(groupPage, RULE_COVERAGE_TEXTS.applied);
    await expect
      .poll(() => groupPage.getByTestId(`watches-${idle}`).textContent())
      .toBe(c.watches(Number(size), vehicles.length));
    await groupPage.getByTestId('rule-templates').getByText('Melahu', { exact: true }).click();
    expect(await groupPage.getByTestId(`coverage-${idle}`).textContent()).toContain(groupName);
    await again.close();
  });

  it('shows a new device its server address, port and set-up SMS, then its first message', async () => {
    const imei = '869999000000025';
    const dvid = `GPS100#${imei}`;
    const port = ui.server.gt06Port;
    const context = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Device/Add');
    await page.fill('#imei', imei);
    await pickOption(page, 'model', DEVICE_MODEL_LABELS.GPS100);
    await page.fill('#simCard', '+60195550025');
    // The device holder picker says why fleet owners are greyed out (spec 2 §5).
    expect(await page.getByTestId('device-add').textContent()).toContain(en.onboarding.reasons.deviceHolder);
    const choices = await targetUserChoices(page, [DISTRIBUTOR], OWNER);
    expect(choices.disabled).toContain(OWNER);
    const greyed = page.locator('.ant-select-tree-treenode-disabled .target-user-disabled').first();
    expect(await greyed.getAttribute('title')).toBe(en.onboarding.reasons.deviceHolder);
    await pickTargetUser(page, [DISTRIBUTOR]);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    await page.waitForURL(`**/Management/Device/Setup/${encodeURIComponent(dvid)}`);

    expect(await page.getByTestId('setup-host').textContent()).toBe(HOST);
    expect(await page.getByTestId('setup-port').textContent()).toBe(String(port));
    expect(await page.getByTestId('setup-line').allTextContents()).toEqual([`SERVER,1,${HOST},${port},0#`]);
    await page.getByTestId('first-message-waiting').waitFor();
    expect(await page.getByTestId('first-message-waiting').textContent()).toContain(o.waiting);

    const setupPath = `/Management/Device/Setup/${encodeURIComponent(dvid)}`;
    await inEveryLook('distributor@demo.jejak.my', setupPath, 'tracker-setup-waiting', async (p) => {
      await p.getByTestId('setup-line').waitFor();
      await p.getByTestId('first-message-waiting').waitFor();
    });

    // A vehicle on it, then a real GT06 login and fix: the page sees the first message by itself.
    const distributorUid = await myUid(page);
    const vehicle = await postFromPage<{ status: number; vehicle: { vid: string } }>(
      page,
      MANAGEMENT_PATHS.vehicleAdd,
      {
        vehicle: {
          dvid,
          vehicleDisplayName: 'Lori Baharu',
          vehiclePlate: 'WRG 2025',
          vehicleModel: 'Hino 300',
          vehicleType: 'Truck',
        },
        user: { uid: distributorUid },
      },
    );
    expect(vehicle.status).toBe(200);
    const tracker = await gt06Track(port, imei, Date.now() - 120_000);
    await tracker.send(0, true);
    const received = page.getByTestId('first-message-received');
    await received.waitFor({ timeout: 30_000 });
    expect(await received.textContent()).toContain(o.received);
    expect(await page.getByTestId('first-message-waiting').count()).toBe(0);
    await screenshotAtWidths(page, 'tracker-setup-received-en-light');

    // Its link opens the live map with the vehicle on it.
    await page.getByTestId('first-message-vehicle').click();
    await page.waitForURL(`${ui.server.baseUrl}/`);
    await expect
      .poll(
        () =>
          page.evaluate((vid) => {
            const j = window.__jejak;
            const v = j ? [...j.liveStore.vehicles()].find((x) => x.vid === vid) : undefined;
            return v && j ? j.liveStore.device(v.dvid)?.location != null : false;
          }, vehicle.vehicle.vid),
        { timeout: 30_000 },
      )
      .toBe(true);
    tracker.device.close();

    // The Devices tab offers Set-up only for a device that never reported.
    await page.goto(`${ui.server.baseUrl}/Management/Device`);
    await page.getByLabel(en.management.searchDevices).fill(imei);
    await page.getByTestId('device-table').locator('tbody tr.ant-table-row').filter({ hasText: imei }).waitFor();
    expect(await page.getByTestId(`setup-${dvid}`).count()).toBe(0);
    await context.close();
  });

  it('lists a tracker of an unknown IMEI to a distributor and super, and registers it in one click', async () => {
    const imei = '869999000000033';
    const context = await lookContext(ui.browser, { language: 'en', theme: 'light' });
    const page = await context.newPage();
    await signInAt(page, ui.server.baseUrl, 'distributor@demo.jejak.my', '/Management/Device');
    const list = page.getByTestId('unknown-trackers');
    // None yet: the empty list says what to do next.
    await list.getByTestId('unknown-empty').waitFor();
    expect(await list.textContent()).toContain(en.onboarding.unknown.emptyHint);
    await list.scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'unknown-trackers-empty-en-light');

    // A tracker of an unknown IMEI logs in; the list's refresh shows it.
    await unknownLogin(ui.server.gt06Port, imei);
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: imei });
    await list.getByRole('button', { name: en.onboarding.unknown.refresh }).click();
    await row.waitFor();
    expect(await row.textContent()).toContain('gt06');
    // A distributor is not told where it connected from; super is.
    expect(await list.locator('th').allTextContents()).not.toContain(en.onboarding.unknown.address);
    await list.scrollIntoViewIfNeeded();
    await screenshotAtWidths(page, 'unknown-trackers-distributor-en-light');

    const staff = await lookContext(ui.browser, { language: 'ms', theme: 'dark' });
    const superPage = await staff.newPage();
    await signInAt(superPage, ui.server.baseUrl, 'super@demo.jejak.my', '/Management/Device');
    const superRow = superPage
      .getByTestId('unknown-trackers')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: imei });
    await superRow.waitFor();
    expect(await superRow.textContent()).toContain('127.0.0.1');
    await settled(superPage);
    expect(await untranslatedTexts(superPage)).toEqual([]);
    await superPage.getByTestId('unknown-trackers').scrollIntoViewIfNeeded();
    await screenshotAtWidths(superPage, 'unknown-trackers-super-ms-dark');
    await staff.close();

    // Register opens Add Device with the IMEI and model filled in.
    await page.getByTestId(`register-${imei}`).click();
    await page.waitForURL('**/Management/Device/Add');
    expect(await page.inputValue('#imei')).toBe(imei);
    expect(await page.getByTestId('device-add').locator('.ant-select').first().textContent()).toContain(
      DEVICE_MODEL_LABELS.GPS100,
    );
    await pickTargetUser(page, [DISTRIBUTOR]);
    await page.getByTestId('submit').click();
    await expectToast(page, MANAGEMENT_TEXTS.deviceAdded);
    await page.waitForURL('**/Management/Device/Setup/**');

    // Registered, it leaves the list.
    await page.goto(`${ui.server.baseUrl}/Management/Device`);
    await list.waitFor();
    await expect.poll(() => list.locator('tbody tr.ant-table-row').filter({ hasText: imei }).count()).toBe(0);
    await context.close();
  });
});
