import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { libreofficeConvert } from '../tools/office/libreoffice.ts';

/*
 * Files for the bulk upload spec: workbooks written by exceljs (cells of every type), by
 * LibreOffice Calc (converted from CSV, as a customer's own program would save them), and the
 * API reads the page itself makes.
 */

export type Cell = string | number | Date | { formula: string; result?: string | number } | null;

/** An .xlsx with one sheet of `rows` (the first is the header), as exceljs writes it. */
export async function workbook(rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  // A second sheet that must not be read: only the first one is (spec 2 §5).
  book.addWorksheet('Notes').addRow(['IMEI', 'ignored']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * An .xlsx saved by LibreOffice Calc from CSV text (UTF-8, comma, first line 1). Columns 3 and 4
 * (SIM, brand) are imported as text, as a customer keeps '+6…'; the IMEI column is left for
 * Calc to read as a number, which it then saves as one.
 */
export async function libreofficeWorkbook(csv: string): Promise<Buffer> {
  return libreofficeConvert(Buffer.from(csv), 'devices.csv', 'xlsx', 'CSV:44,34,76,1,3/2/4/2');
}

/** Chooses `buffer` as the dialog's file. */
export async function chooseFile(page: Page, name: string, buffer: Buffer | Uint8Array): Promise<void> {
  await page
    .getByTestId('bulk-dialog')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(buffer) });
}

/** POSTs a JSON call with the page's session, as the console does. */
export async function apiFromPage(page: Page, path: string, body: unknown): Promise<Record<string, unknown>> {
  return page.evaluate(
    async ({ path, body }) =>
      (await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as Record<string, unknown>,
    { path, body },
  );
}

/** The signed-in user's uid and the devices it reaches. */
export async function myDevices(page: Page): Promise<{
  uid: string;
  devices: { imei: string; simCard: string; dvid: string; uid: string; assignedStatus: number }[];
}> {
  const session = (await apiFromPage(page, '/auth/session', {})) as { user?: { uid: string } };
  const uid = session.user?.uid ?? '';
  const answer = await apiFromPage(page, '/device/vgid/get', { uid, vgids: [] });
  return { uid, devices: answer['devices'] as never };
}

/** Statuses and messages of the rows the virtual table shows now, by row number. */
export async function shownRows(page: Page): Promise<Record<number, { status: string; message: string }>> {
  return page.getByTestId('bulk-rows').evaluate((table) => {
    const out: Record<number, { status: string; message: string }> = {};
    for (const row of table.querySelectorAll('.ant-table-row')) {
      const cells = [...row.querySelectorAll('.ant-table-cell')].map((c) => c.textContent ?? '');
      const status = row.querySelector('[data-status]')?.getAttribute('data-status') ?? '';
      // Row, Status, Message, then the row's values.
      out[Number(cells[0])] = { status, message: cells[2] ?? '' };
    }
    return out;
  });
}

/** Clicks Upload, waits for the progress line `finished`, and answers the rows as then shown. */
export async function uploadRows(
  page: Page,
  finished: string,
): Promise<Record<number, { status: string; message: string }>> {
  await page.getByTestId('bulk-upload').click();
  await page.getByTestId('bulk-progress').getByText(finished).waitFor();
  return shownRows(page);
}

/** Clicks Done and waits for the dialog to go. */
export async function closeDialog(page: Page): Promise<void> {
  await page.getByTestId('bulk-done').click();
  await page.getByTestId('bulk-dialog').waitFor({ state: 'detached' });
}
