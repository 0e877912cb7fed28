import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { caller, seedChain } from '../apps/server/test/escalation-fixture.ts';
import { FLOW_TIMEOUT_MS, screenshot, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';

const row = (page: Page, ecid: string) => page.locator(`tr.ant-table-row[data-row-key="${ecid}"]`);
const statusTags = (page: Page) =>
  page.locator('[data-testid="escalation-table"] tr.ant-table-row > td [data-testid="escalation-status"]');

/** /SOSAlerts in Chromium (spec 3 SOS Alerts, issue 12 item 6). */
describe('SOS Alerts in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('shows the call chains of the range with their call records and acknowledges one, one way', async () => {
    const db = ui.server.app.database.db;
    // Created a few minutes ahead: the chains are not due, so the scheduler leaves them as written.
    const createdAt = Date.now() + 5 * 60_000;
    const people = [caller('Ahmad', '+60121110001'), caller('Siti', '+60121110002')];
    const answered = await seedChain(db, { recipients: people, nowMs: createdAt });
    const failed = await seedChain(db, { recipients: people, nowMs: createdAt + 1000 });
    await db
      .updateTable('escalation_states')
      .set({ status: 1, next_at: createdAt + 86_400_000 })
      .where('ecid', '=', answered.ecid)
      .execute();
    await db
      .updateTable('escalation_states')
      .set({ status: -1, next_at: createdAt + 86_400_000 })
      .where('ecid', '=', failed.ecid)
      .execute();
    const record = (
      ecid: string,
      vid: string,
      step: number,
      who: (typeof people)[number],
      status: number,
      detail: string,
    ) => ({
      ecrid: randomUUID(),
      ecid,
      vid,
      step,
      round: 0,
      contact_name: who.name,
      contact_number: who.contact ?? '',
      status,
      detail,
      call_ref: null,
      created_at: createdAt + 1000 + step * 30_000,
      updated_at: createdAt + 1000 + step * 30_000,
    });
    const [ahmad, siti] = people as [(typeof people)[number], (typeof people)[number]];
    await db
      .insertInto('escalation_call_records')
      .values([
        record(answered.ecid, answered.vid, 0, ahmad, -1, 'no-answer'),
        record(answered.ecid, answered.vid, 1, siti, 1, 'key 1'),
        record(failed.ecid, failed.vid, 0, ahmad, -1, 'busy'),
      ])
      .execute();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner2@demo.jejak.my', '/SOSAlerts');
    // Software WebGL on a shared machine: a step may wait long for the page's main thread.
    page.setDefaultTimeout(60_000);
    await page.getByTestId('sos-submit').click();
    await page.getByTestId('sos-found').getByText('2 Record Found!', { exact: true }).waitFor();
    // Newest first: the failed chain, then the answered one; FAILED red, SUCCESS green.
    expect(await statusTags(page).allTextContents()).toEqual(['FAILED', 'SUCCESS']);
    expect(await statusTags(page).first().getAttribute('class')).toContain('red');
    expect(await statusTags(page).last().getAttribute('class')).toContain('green');
    expect(await row(page, failed.ecid).textContent()).toMatch(/SOS calls.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // Expanded: the chain's calls to each recipient, in order.
    await row(page, answered.ecid).locator('.ant-table-row-expand-icon').click();
    const calls = page.getByTestId('call-records').locator('tbody tr.ant-table-row');
    await calls.nth(1).waitFor();
    expect(await calls.allInnerTexts()).toEqual([
      expect.stringMatching(/Ahmad\s+\+60121110001\s+FAILED\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+no-answer/),
      expect.stringMatching(/Siti\s+\+60121110002\s+SUCCESS\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+key 1/),
    ]);
    await screenshot(page, 'sos-alerts-1440');

    // Acknowledge: a remark first, then the box stays ticked and cannot be unticked.
    const box = row(page, answered.ecid).locator('.ant-checkbox-input');
    await box.click();
    const dialog = page.locator('.acknowledge-dialog');
    await dialog.getByTestId('acknowledge-remark').fill('Driver called back, all safe');
    await screenshot(page, 'sos-alerts-acknowledge');
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await row(page, answered.ecid).locator('.ant-checkbox-checked.ant-checkbox-disabled').waitFor();
    await row(page, answered.ecid)
      .getByText(/^by Klang Valley Cold Chain Sdn Bhd at \d{4}-\d{2}-\d{2}/)
      .waitFor();
    const stored = await db
      .selectFrom('escalation_states')
      .selectAll()
      .where('ecid', '=', answered.ecid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      is_acknowledged: true,
      acknowledged_by: answered.ownerUid,
      acknowledged_remark: 'Driver called back, all safe',
    });

    // Still acknowledged after a reload.
    await page.reload();
    await page.getByTestId('sos-submit').click();
    await page.getByText('2 Record Found!', { exact: true }).waitFor();
    await row(page, answered.ecid).locator('.ant-checkbox-checked.ant-checkbox-disabled').waitFor();
    expect(await row(page, failed.ecid).locator('.ant-checkbox-disabled').count()).toBe(0);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'sos-alerts-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sos-alerts-390');
    await page.close();
  });

  it('says so when a range holds no chains', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/SOSAlerts');
    page.setDefaultTimeout(60_000);
    await page.getByTestId('sos-submit').click();
    await page.getByTestId('sos-found').getByText('No Records Found!', { exact: true }).waitFor();
    await page.close();
  });
});
