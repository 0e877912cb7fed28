import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAINTENANCE_TEXTS } from '@jejak/contract';
import { expectToast, FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

/** Management's Maintenance tab in Chromium (issue 28 item 8, ADR 0092). */
describe('maintenance in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('lists a service due soon and an overdue one; Done rolls it forward', async () => {
    const db = ui.server.app.database.db;
    const vehicles = (
      await sql<{ vid: string; plate: string; mileage: number }>`
        select v.vid, v.vehicle_plate as plate, v.mileage_km as mileage from vehicles v join users u on u.uid = v.uid
        where u.user_email = 'owner@demo.jejak.my' order by v.vehicle_plate`.execute(db)
    ).rows;
    const [first, second] = vehicles;
    if (!first || !second) throw new Error('the demo owner has two vehicles');
    await db
      .updateTable('vehicles')
      .set({
        service_next_mileage: Math.round(Number(first.mileage)) + 300,
        service_due_date: Date.now() + 90 * 86_400_000,
      })
      .where('vid', '=', first.vid)
      .execute();
    await db
      .updateTable('vehicles')
      .set({ engine_service_due_date: Date.now() - 3 * 86_400_000, engine_service_next_working_hour: 1200 })
      .where('vid', '=', second.vid)
      .execute();

    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Management/Maintenance');
    const table = page.getByTestId('maintenance-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    const states = await table.getByTestId('maintenance-state').allTextContents();
    expect(states.slice(0, 2)).toEqual(['Overdue', 'Due soon']);
    await screenshotAtWidths(page, 'maintenance');

    const row = table.locator('tr.ant-table-row').filter({ hasText: first.plate });
    await row.getByTestId('maintenance-done').click();
    await page.locator('input[data-testid="maintenance-km"], [data-testid="maintenance-km"] input').fill('5000');
    await page.locator('input[data-testid="maintenance-days"], [data-testid="maintenance-days"] input').fill('180');
    await page.getByTestId('maintenance-note').fill('Minyak dan penapis');
    await screenshotAtWidths(page, 'maintenance-done');
    await page.getByTestId('maintenance-save').click();
    await expectToast(page, MAINTENANCE_TEXTS.done);
    await expect.poll(() => row.getByTestId('maintenance-state').textContent()).toBe('OK');
    expect(await row.textContent()).toContain('owner@demo.jejak.my');
    await page.close();
  });
});
