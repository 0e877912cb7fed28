import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { BULK_GEOFENCE_TEXTS, type GeofenceDto } from '@jejak/contract';
import { GEOFENCE_TEXTS } from '@jejak/domain';
import { en } from '../apps/web/src/i18n/en.ts';
import { FLOW_TIMEOUT_MS, signInAt } from './browser.ts';
import { apiFromPage, chooseFile, closeDialog, shownRows, uploadRows } from './bulk-files.ts';
import { consoleUnderTest } from './console.ts';
import { screenshotAtWidths } from './widths.ts';

const s = en.bulk;
const YARD = '3.0200 101.4000; 3.0200 101.4100; 3.0100 101.4100; 3.0100 101.4000';

/** The template with `rows` added under its example rows, as a customer fills it in Excel. */
async function filled(template: string, rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(template);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  // Typed under the examples: addRow would go below the drop-down's 5,000 rows, which exceljs counts as used.
  const first = sheet.actualRowCount + 1;
  rows.forEach((cells, i) => cells.forEach((value, j) => (sheet.getRow(first + i).getCell(j + 1).value = value)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function myGeofences(page: Page): Promise<GeofenceDto[]> {
  const session = (await apiFromPage(page, '/auth/session', {})) as { user?: { uid: string } };
  return (await apiFromPage(page, '/geofence/get', { uid: session.user?.uid }))['geofences'] as GeofenceDto[];
}

/** Bulk Add Geofences in Chromium (spec 1 §9; issue 25 row 6). */
describe('bulk add geofences in Chromium', { timeout: FLOW_TIMEOUT_MS }, () => {
  const ui = consoleUnderTest();

  it('downloads the template, fills it, refuses a bad zone, uploads POIs and a zone that then show in the tree', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    page.setDefaultTimeout(20_000);
    await signInAt(page, ui.server.baseUrl, 'owner@demo.jejak.my', '/Geofence');
    await page.getByTestId('geofence-bulk-add').waitFor();
    await screenshotAtWidths(page, 'bulk-geofence-button');
    await page.getByTestId('geofence-bulk-add').click();
    await page.getByTestId('bulk-dialog').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('bulk-template').click(),
    ]);
    expect(download.suggestedFilename()).toBe('bulk-add-geofence.xlsx');
    const template = await download.path();

    // A zone of two points fails its row, with the domain's message, and blocks Upload.
    const good: (string | number)[][] = [
      ['E2E Depot', 'POI', 3.05, 101.55, 300, '', 'UNGROUP', 'filled by the bulk spec'],
      ['E2E Yard', 'Zone', '', '', '', YARD, '', ''],
      ['e2e depot', 'poi', 3.06, 101.56, 150, '', '', ''],
    ];
    await chooseFile(
      page,
      'bad.xlsx',
      await filled(template, [...good, ['E2E Strip', 'Zone', '', '', '', '3 101; 3 101.1', '', '']]),
    );
    await page
      .getByTestId('bulk-summary')
      .filter({ hasText: s.summary('bad.xlsx', 6, 5, 1) })
      .waitFor();
    expect(await shownRows(page)).toMatchObject({
      6: { status: 'READY', message: BULK_GEOFENCE_TEXTS.nameTwice },
      7: { status: 'FAILED', message: GEOFENCE_TEXTS.zonePoints },
    });
    expect(await page.getByTestId('bulk-upload').isDisabled()).toBe(true);
    await screenshotAtWidths(page, 'bulk-geofence-rules');

    // The fixed file uploads row by row: the two examples, the three rows; the repeated name warns.
    await chooseFile(page, 'geofences.xlsx', await filled(template, good));
    await page
      .getByTestId('bulk-summary')
      .filter({ hasText: s.summary('geofences.xlsx', 5, 5, 0) })
      .waitFor();
    expect(await uploadRows(page, s.finished(5, 0))).toEqual({
      2: { status: 'SUCCESS', message: '' },
      3: { status: 'SUCCESS', message: '' },
      4: { status: 'SUCCESS', message: '' },
      5: { status: 'SUCCESS', message: '' },
      6: { status: 'WARNING', message: BULK_GEOFENCE_TEXTS.nameTwice },
    });
    await screenshotAtWidths(page, 'bulk-geofence-uploaded');
    await closeDialog(page);

    const made = (await myGeofences(page)).filter((g) => /^e2e (depot|yard)$/i.test(g.geofenceName));
    expect(made.map((g) => [g.geofenceName, g.geoType, g.geofenceRadius, g.coordinates.length]).sort()).toEqual([
      ['E2E Depot', 'POI', 300, 1],
      ['E2E Yard', 'Polygon', null, 4],
      ['e2e depot', 'POI', 150, 1],
    ]);
    expect(made.find((g) => g.geofenceName === 'E2E Depot')?.geofenceComment).toBe('filled by the bulk spec');
    await page.getByTestId('geofence-search').locator('input').fill('E2E Yard');
    await page.getByTestId('geofence-tree').getByText('E2E Yard').waitFor();
    await page.close();
  });

  it('is not offered to a role that may not create geofences', async () => {
    const page = await ui.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAt(page, ui.server.baseUrl, 'operator@demo.jejak.my', '/Geofence');
    await page.getByTestId('geofence-tree').waitFor();
    expect(await page.getByTestId('geofence-bulk-add').count()).toBe(0);
    await page.close();
  });
});
