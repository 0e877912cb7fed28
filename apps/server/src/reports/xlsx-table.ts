import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { formatLocalDateTime, formulaSafeText } from '@jejak/domain';

/*
 * Spreadsheet exports. ExcelJS (about 29 MB resident) is loaded on the first export rather than
 * at boot, so a small server that never exports does not carry it (issue 10: the embedded
 * default under 300 MB).
 */

export type ExcelJSModule = typeof ExcelJS;
let loading: Promise<ExcelJSModule> | null = null;

export function loadExcelJS(): Promise<ExcelJSModule> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}

/**
 * Every text of the workbook made formula-safe (domain `formulaSafeText`, issue 27 N5): plain
 * strings and a link's shown text. The one place every export passes through, so no builder can
 * forget it. Numbers, dates and our own data-validation lists are left alone.
 */
export function neutraliseFormulas(workbook: ExcelJS.Workbook): ExcelJS.Workbook {
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        const value = cell.value;
        if (typeof value === 'string') {
          const safe = formulaSafeText(value);
          if (safe !== value) cell.value = safe;
        } else if (value && typeof value === 'object' && 'hyperlink' in value && typeof value.text === 'string') {
          cell.value = { ...value, text: formulaSafeText(value.text) };
        }
      });
    });
  });
  return workbook;
}

/** The .xlsx bytes of the workbook `build` makes, formula-safe, as a stream for a reply. */
export function workbookStream(build: (excel: ExcelJSModule) => ExcelJS.Workbook): Readable {
  const out = new PassThrough();
  loadExcelJS()
    .then((excel) => neutraliseFormulas(build(excel)).xlsx.write(out))
    .then(
      () => out.end(),
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  return out;
}

export interface XlsxColumn<K extends string> {
  key: K;
  label: string;
  /** In characters; 24 when left out. */
  width?: number;
}

/**
 * One sheet of a screen's table: the screen's column labels in bold on a frozen header row, then
 * its rows. Shared by every export so they look and read alike.
 */
export function buildTableWorkbook<K extends string>(
  excel: ExcelJSModule,
  sheetName: string,
  columns: readonly XlsxColumn<K>[],
  rows: readonly Record<K, string | number | null>[],
): ExcelJS.Workbook {
  const workbook = new excel.Workbook();
  workbook.creator = 'Jejak';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.width ?? 24 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return workbook;
}

/** The table's .xlsx bytes as a stream (see buildTableWorkbook). */
export function tableStream<K extends string>(
  sheetName: string,
  columns: readonly XlsxColumn<K>[],
  rows: readonly Record<K, string | number | null>[],
): Readable {
  return workbookStream((excel) => buildTableWorkbook(excel, sheetName, columns, rows));
}

/** A name safe in a Content-Disposition header and on every file system. */
export function safeFilePart(text: string, fallback: string): string {
  return text.replace(/[^\w.-]+/g, '_').slice(0, 60) || fallback;
}

/**
 * `{prefix}-{name}-{YYYY-MM-DD}.xlsx`: an export named by what it holds and its first day in the
 * zone. Given the window's end (exclusive), a window over several days names its last day too:
 * `…-{first}-to-{last}.xlsx`. Another extension for other files (a route's .gpx).
 */
export function exportFileName(
  prefix: string,
  name: string,
  fallback: string,
  startMs: number,
  timeZone: string,
  endMs?: number,
  extension = 'xlsx',
): string {
  const day = (ms: number) => formatLocalDateTime(ms, timeZone).slice(0, 10).replaceAll('/', '-');
  const first = day(startMs);
  const last = endMs === undefined || endMs <= startMs ? first : day(endMs - 1);
  const days = last === first ? first : `${first}-to-${last}`;
  return `${prefix}-${safeFilePart(name, fallback)}-${days}.${extension}`;
}
