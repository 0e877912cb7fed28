import { PassThrough, type Readable } from 'node:stream';
import { DEVICE_INSPECTOR_COLUMNS, deviceInspectorRows, type DeviceLog } from '@jejak/contract';
import { DEVICE_LOG_XLSX_COLUMNS } from './inspector-xlsx.ts';
import { exportFileName, loadExcelJS } from './xlsx-table.ts';

/*
 * The Detail report's export (spec 3 §1; issue 13 item 3): a vehicle's device logs in the Device
 * Inspector's columns and words, written with ExcelJS's streaming writer row by row as the pages
 * come, so a month of a busy tracker (hundreds of thousands of rows) never sits in memory whole.
 * A page is read only once the reply has taken what the last one made (backpressure).
 */

/** detail-{vehicle}-{first day}.xlsx, the day in the console's zone. */
export function detailFileName(vehicle: string, startMs: number, timeZone: string): string {
  return exportFileName('detail', vehicle, 'vehicle', startMs, timeZone);
}

const LOCATION_COLUMN = DEVICE_INSPECTOR_COLUMNS.findIndex((c) => c.key === 'location') + 1;

/** Resolves once the reply has taken its buffered bytes, or is gone. */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

async function writeDetail(out: PassThrough, pages: AsyncIterable<DeviceLog[]>, timeZone: string): Promise<void> {
  const excel = await loadExcelJS();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Jejak';
  const sheet = workbook.addWorksheet('Detail', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = DEVICE_LOG_XLSX_COLUMNS.map((c) => ({ header: c.label, key: c.key, width: c.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const logs of pages) {
    for (const row of deviceInspectorRows(logs, timeZone)) {
      const added = sheet.addRow(row);
      // Location links to the map as on the screen.
      if (row.mapUrl !== null && row.location !== null)
        added.getCell(LOCATION_COLUMN).value = { text: String(row.location), hyperlink: row.mapUrl };
      added.commit();
    }
    await drained(out);
    // The client went away: read no further page.
    if (out.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}

/** The .xlsx bytes, made as `pages` are read; an error ends the stream with it. */
export function detailLogStream(pages: AsyncIterable<DeviceLog[]>, timeZone: string): Readable {
  const out = new PassThrough();
  writeDetail(out, pages, timeZone).catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}
