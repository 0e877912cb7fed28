import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { en } from '../apps/web/src/i18n/en.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, screenshot, selectOptions, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { myUid, openWithState, postFromPage } from './page-api.ts';

const f = en.management.geofenceTemplateForm;

interface Template {
  gtid: string;
  templateName: string;
  colorHexCode: string;
  geofences: string[];
}

/** The owner's templates and geofence names, read through the API the page itself uses. */
async function templates(page: Page): Promise<{ templates: Template[]; names: Record<string, string> }> {
  const uid = await myUid(page);
  const t = await postFromPage<{ geofenceTemplates: Template[] }>(page, '/geofence/template/get', { uid, gtids: [] });
  const g = await postFromPage<{ geofences: { geoid: string; geofenceName: string }[] }>(page, '/geofence/get', {
    uid,
  });
  return {
    templates: t.geofenceTemplates,
    names: Object.fromEntries(g.geofences.map((x) => [x.geoid, x.geofenceName])),
  };
}

/** The chosen geofences shown in the select. */
const chosen = (page: Page) =>
  page.locator('.ant-form-item', { has: page.locator('#geoids') }).locator('.ant-select-selection-item');

/** Add and Edit Geofence Template in Chromium (spec 2 §2, §5, §7). */
describe('geofence templates in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('adds a template with geofences and a preset colour, then edits name, colour and members', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence/AddGroup');
    const form = page.getByTestId('geofence-template-form');
    await form.getByText(f.addTitle).waitFor();

    // The palette of spec 2 §9, the first chosen by default; the geofences sorted by name.
    const swatches = await form
      .locator('.color-swatch')
      .evaluateAll((els) =>
        els.map(
          (el) => `${el.getAttribute('aria-label') ?? ''}${el.getAttribute('aria-checked') === 'true' ? '*' : ''}`,
        ),
      );
    expect(swatches).toEqual(['#5C1A8E*', '#FF0000', '#00FF00', '#00FFE8', '#FF00FF', '#FFA500', '#FFFF00']);
    const { all } = await selectOptions(page, 'geoids');
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(all).toEqual(expect.arrayContaining(['Depot Shah Alam', 'Hab Puchong', 'Zon Petaling Jaya']));

    await page.getByTestId('submit').click();
    await expectToast(page, GEOFENCE_TEXTS.templateNameEmpty);

    await page.locator('#templateName').fill('E2E Sites');
    await pickOption(page, 'geoids', 'Depot Shah Alam', true);
    await pickOption(page, 'geoids', 'Hab Puchong', true);
    await page.getByTestId('swatch-FFA500').click();
    expect(await page.getByTestId('swatch-FFA500').getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'geofence-template-add-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'geofence-template-add-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'geofence-template-add-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('submit').click();
    await expectToast(page, f.added);
    await expectToast(page, f.assigned);
    await page.waitForURL(/\/Geofence$/);

    const afterAdd = await templates(page);
    const added = afterAdd.templates.find((t) => t.templateName === 'E2E Sites');
    expect(added?.colorHexCode).toBe('FFA500');
    expect(added?.geofences.map((g) => afterAdd.names[g]).sort()).toEqual(['Depot Shah Alam', 'Hab Puchong']);

    // Opened without a chosen template, Edit says where to choose one.
    await page.goto(`${ui.server.baseUrl}/Geofence/EditGroup`);
    await page.getByText(f.notChosen).waitFor();

    // Edit: prefilled from the template named in the navigation state.
    await openWithState(page, '/Geofence/EditGroup', { selectedGTID: added?.gtid ?? '' });
    await page.getByTestId('geofence-template-form').getByText(f.editTitle).waitFor();
    expect(await page.locator('#templateName').inputValue()).toBe('E2E Sites');
    expect(await page.getByTestId('swatch-FFA500').getAttribute('aria-checked')).toBe('true');
    expect((await chosen(page).allTextContents()).sort()).toEqual(['Depot Shah Alam', 'Hab Puchong']);
    await chosen(page).filter({ hasText: 'Hab Puchong' }).locator('.ant-select-selection-item-remove').click();
    await pickOption(page, 'geoids', 'Zon Petaling Jaya', true);
    await page.locator('#templateName').fill('E2E Sites West');
    await page.getByTestId('swatch-00FFE8').click();
    await screenshot(page, 'geofence-template-edit-1440');
    await page.getByRole('button', { name: f.edit }).click();
    await expectToast(page, f.edited);
    await page.waitForURL(/\/Geofence$/);

    const afterEdit = await templates(page);
    const edited = afterEdit.templates.find((t) => t.gtid === added?.gtid);
    expect(edited?.templateName).toBe('E2E Sites West');
    expect(edited?.colorHexCode).toBe('00FFE8');
    expect(edited?.geofences.map((g) => afterEdit.names[g]).sort()).toEqual(['Depot Shah Alam', 'Zon Petaling Jaya']);
  });
});
