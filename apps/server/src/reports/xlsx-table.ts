import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/*
 * One sheet of a screen's table as .xlsx (exceljs): the screen's column labels in bold on a frozen
 * header row, then its rows. Shared by every export so they look and read alike.
 */

export interface XlsxColumn<K extends string> {
  key: K;
  label: string;
  /** In characters; 24 when left out. */
  width?: number;
}

export function buildTableWorkbook<K extends string>(
  sheetName: string,
  columns: readonly XlsxColumn<K>[],
  rows: readonly Record<K, string | number | null>[],
): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Jejak';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.width ?? 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return workbook;
}

/** The workbook as a stream of .xlsx bytes, for a reply. */
export function workbookStream(workbook: ExcelJS.Workbook): Readable {
  const out = new PassThrough();
  workbook.xlsx.write(out).then(
    () => out.end(),
    (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

/** A name safe in a Content-Disposition header and on every file system. */
export function safeFilePart(text: string, fallback: string): string {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 60) || fallback;
}
