import type { Readable } from 'node:stream';
import type { ReportTable } from '@jejak/contract';
import { workbookStream } from './xlsx-table.ts';

/*
 * Vehicle Report's export (spec 3 §2): one sheet holding a title line (the kind, the window and
 * the vehicles), then the report table's column labels in bold and its rows, as the screen
 * shows them.
 */

const WIDE = new Set(['vehicle', 'startAddress', 'endAddress', 'address', 'message', 'event', 'fuel']);

export function reportStream(sheetName: string, title: string, table: ReportTable): Readable {
  return workbookStream((excel) => {
    const workbook = new excel.Workbook();
    workbook.creator = 'Jejak';
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 2 }] });
    sheet.columns = table.columns.map((c) => ({ key: c.key, width: WIDE.has(c.key) ? 36 : 20 }));
    sheet.addRow([title]).font = { bold: true, size: 12 };
    sheet.addRow(table.columns.map((c) => c.label)).font = { bold: true };
    for (const row of table.rows) sheet.addRow(table.columns.map((c) => row[c.key] ?? null));
    return workbook;
  });
}
