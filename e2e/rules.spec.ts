import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ALERT_TEXTS, MINUTE_MS, type RuleTemplate } from '@jejak/contract';
import { en } from '../apps/web/src/i18n/en.ts';
import { expectToast, FLOW_TIMEOUT_MS, pickOption, selectOptions, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { myUid, postFromPage } from './page-api.ts';
import { screenshotAtWidths } from './widths.ts';

const r = en.rules;

async function templatesOf(page: Page): Promise<RuleTemplate[]> {
  const uid = await myUid(page);
  return (await postFromPage<{ ruleTemplates: RuleTemplate[] }>(page, '/rule/template/get', { uid, rtids: [] }))
    .ruleTemplates;
}

const submit = (page: Page) => page.getByTestId('submit').click();
const condition = (page: Page, i: number) => page.getByTestId(`condition-${i}`);

/** The Rule tab, rule templates and rules in Chromium (spec 2 §2, §4, §5, §9). */
describe('rules in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('adds a template and a rule with every kind of value, edits it, and moves it into DEFAULT', async () => {
    // No custom template (the second demo owner has none; the first has the demo's 'Demo Rules'):
    // Add New Rule is disabled and says why.
    const fresh = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const empty = await fresh.newPage();
    await signInAt(empty, ui.server.baseUrl, 'owner2@demo.jejak.my', '/Management/Rule');
    await empty.getByText(r.rulesTab.noTemplates).waitFor();
    expect(await empty.getByTestId('add-rule').isDisabled()).toBe(true);
    await empty.getByTestId('add-rule').hover({ force: true });
    await empty.getByRole('tooltip').getByText(ALERT_TEXTS.noCustomTemplate).waitFor();
    await screenshotAtWidths(empty, 'rules-tab-empty');
    await fresh.close();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Rule');
    const addRule = page.getByTestId('add-rule');
    await page.getByTestId('rule-templates').getByText('Demo Rules').waitFor();

    // Add New Rule Template: the name must not be empty.
    await page.getByRole('button', { name: r.rulesTab.addTemplate }).click();
    await page.waitForURL(/\/Management\/RuleTemplate\/Add$/);
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleTemplateNameEmpty);
    await page.fill('#templateName', 'Speed Watch');
    await screenshotAtWidths(page, 'rule-template-add');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleTemplateAdded);
    await page.waitForURL(/\/Management\/Rule$/);
    await page.getByTestId('rule-templates').getByText('Speed Watch').waitFor();
    expect(await addRule.isDisabled()).toBe(false);

    // Add New Rule: DEFAULT cannot take new rules; checks come in the spec's order.
    await addRule.click();
    await page.waitForURL(/\/Management\/Rule\/Add$/);
    const templateChoices = await selectOptions(page, 'rtid');
    expect(templateChoices.disabled).toEqual(['DEFAULT']);
    await page.locator('#ruleName').fill('   ');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleNameEmpty);
    await page.locator('#ruleName').fill('Laju');
    await expect.poll(() => page.locator('#ruleCompliedName').getAttribute('placeholder')).toBe('Rule "Laju" Complied');
    await expect.poll(() => page.locator('#ruleViolatedName').getAttribute('placeholder')).toBe('Rule "Laju" Violated');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleTemplateEmpty);
    await pickOption(page, 'rtid', 'Speed Watch');
    await submit(page);
    await expectToast(page, '1 Condition(s) Are/Is Not Complete');

    // Speed in km/h, parking time in minutes, a geofence of the user's, active days, a time, SOS.
    await pickOption(page, 'condition-0-parameter', r.parameters.speed);
    await page.fill('#condition-0-value', '90');
    await page.getByTestId('add-condition').click();
    await pickOption(page, 'condition-1-parameter', r.parameters.parkingTime);
    await page.fill('#condition-1-value', '15');
    await page.getByTestId('add-condition').click();
    await pickOption(page, 'condition-2-parameter', r.parameters.geofence);
    await pickOption(page, 'condition-2-operator', 'Outside');
    await pickOption(page, 'condition-2-value', 'Hab Puchong');
    await page.getByTestId('add-condition').click();
    await pickOption(page, 'condition-3-parameter', r.parameters.activeDay);
    await pickOption(page, 'condition-3-value', 'Saturday', true);
    await pickOption(page, 'condition-3-value', 'Monday', true);
    await page.getByTestId('add-condition').click();
    await pickOption(page, 'condition-4-parameter', r.parameters.activeTime);
    await page.fill('#condition-4-value', '2400');
    await page.getByTestId('add-condition').click();
    await pickOption(page, 'condition-5-parameter', r.parameters.engineStatus);
    await page.getByTestId('add-condition').click();
    await submit(page);
    // The time past 2359, the engine without a value and the empty seventh are incomplete.
    await expectToast(page, '3 Condition(s) Are/Is Not Complete');
    await page.fill('#condition-4-value', '1830');
    await pickOption(page, 'condition-5-value', '1 On');
    await pickOption(page, 'condition-6-parameter', r.parameters.deviceMessage);
    await pickOption(page, 'condition-6-value', 'help me (SOS)');
    await screenshotAtWidths(page, 'rule-add');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleAdded);
    await page.waitForURL(/\/Management\/Rule$/);

    const stored = (await templatesOf(page)).find((t) => t.templateName === 'Speed Watch')?.rules[0];
    if (!stored) throw new Error('the rule was not stored');
    const geofences = await postFromPage<{ geofences: { geoid: string; geofenceName: string }[] }>(
      page,
      '/geofence/get',
      { uid: await myUid(page) },
    );
    const hub = geofences.geofences.find((g) => g.geofenceName === 'Hab Puchong')?.geoid;
    expect(stored.ruleCompliedName).toBe('Rule "Laju" Complied');
    expect(stored.conditions).toEqual([
      { parameter: 'speed', operator: 'more', value: 90 },
      { parameter: 'parkingTime', operator: 'more', value: 15 * MINUTE_MS },
      { parameter: 'geofence', operator: 'outside', value: hub },
      { parameter: 'activeDay', operator: 'include', value: [1, 6] },
      { parameter: 'activeTime', operator: 'before', value: '1830' },
      { parameter: 'engineStatus', operator: 'is', value: 1 },
      { parameter: 'deviceMessage', operator: 'is', value: 'help me' },
    ]);

    // The tab lists it under its template.
    await page.getByTestId('rule-templates').getByText('Speed Watch').click();
    await page.getByTestId(`rule-${stored.ruid}`).getByText('Laju').waitFor();
    await screenshotAtWidths(page, 'rules-tab');

    // Edit: minutes come back as entered; choosing DEFAULT keeps the first condition, read-only.
    await page.getByTestId(`edit-rule-${stored.ruid}`).click();
    await page.waitForURL(new RegExp(`/Management/Rule/Edit/${stored.ruid}$`));
    expect(await page.locator('#condition-1-value').inputValue()).toBe('15');
    expect((await selectOptions(page, 'rtid')).disabled).toEqual([]);
    await pickOption(page, 'rtid', 'DEFAULT');
    await page.getByText(r.ruleForm.defaultOnly).waitFor();
    await condition(page, 1).waitFor({ state: 'detached' });
    expect(await page.locator('#condition-0-value').isDisabled()).toBe(true);
    expect(await page.getByTestId('add-condition').isDisabled()).toBe(true);
    await screenshotAtWidths(page, 'rule-edit-default');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleEdited);
    await page.waitForURL(/\/Management\/Rule$/);
    const moved = (await templatesOf(page)).find((t) => t.templateName === 'DEFAULT')?.rules;
    expect(moved?.find((rule) => rule.ruid === stored.ruid)?.conditions).toEqual([
      { parameter: 'speed', operator: 'more', value: 90 },
    ]);

    // The edit route also takes the id from the hash, prefixed 'ru'.
    await page.goto(`${ui.server.baseUrl}/Management/Rule/Edit/x#ru${stored.ruid}`);
    expect(await page.locator('#ruleName').inputValue()).toBe('Laju');

    // Rename the template.
    await page.goto(`${ui.server.baseUrl}/Management/Rule`);
    const speedWatch = (await templatesOf(page)).find((t) => t.templateName === 'Speed Watch');
    await page.getByTestId(`edit-template-${speedWatch?.rtid}`).click();
    await page.waitForURL(/\/Management\/RuleTemplate\/Edit\//);
    expect(await page.locator('#templateName').inputValue()).toBe('Speed Watch');
    await page.fill('#templateName', 'Had Laju');
    await submit(page);
    await expectToast(page, ALERT_TEXTS.ruleTemplateEdited);
    await page.getByTestId('rule-templates').getByText('Had Laju').waitFor();
    await page.close();
  });
});
