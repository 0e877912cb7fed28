import { BULK_MAX_FILE_BYTES, BULK_MAX_ROWS, type FeatureProblem } from '@jejak/contract';
import { columnIndex, columnLetters, plainNumberText } from '@jejak/domain';
import { dateStyles, firstSheetRelId, relationships, ROW_END, rows, sharedStrings, type RawCell } from './sheet-xml.ts';
import {
  checkDeclaredSizes,
  entryText,
  inflateEntry,
  SheetFileError,
  zipEntries,
  type ZipEntry,
} from './zip-entries.ts';

/*
 * Reads the first sheet of an .xlsx (spec 2 §5: ".xlsx only, reads the first sheet") into rows
 * of text, for the bulk dialog's Web Worker. Whatever the file is, the work and memory are
 * bounded: the file size, each part's unpacked size and the row count are capped, and the
 * sheet is inflated and scanned in slices, stopping at the first row past the cap.
 */

export interface SheetLimits {
  fileBytes: number;
  /** Unpacked bytes of one part, and of the whole package. */
  entryBytes: number;
  totalBytes: number;
  /** Data rows (the header row not counted). */
  maxRows: number;
  /** Columns read per row; the templates have five. */
  maxColumns: number;
}

export const SHEET_LIMITS: SheetLimits = {
  fileBytes: BULK_MAX_FILE_BYTES,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
  maxRows: BULK_MAX_ROWS,
  maxColumns: 64,
};

/** A cell a text column cannot take: a date, an error value, or a formula with no saved result. */
export interface CellProblem {
  code: 'date' | 'error' | 'formula';
  ref: string;
  detail: string;
}

export interface ReadRow {
  rowNumber: number;
  cells: string[];
  problems: Record<number, CellProblem>;
  /** Why a map file's feature (KML, GeoJSON) cannot be a geofence. */
  feature?: FeatureProblem;
}

export type SheetErrorCode = 'fileTooLarge' | 'notXlsx' | 'encrypted' | 'unpackedTooLarge' | 'corrupt' | 'tooManyRows';

export type SheetResult = { ok: true; header: string[]; rows: ReadRow[] } | { ok: false; error: SheetErrorCode };

export function readFirstSheet(bytes: Uint8Array, limits: SheetLimits = SHEET_LIMITS): SheetResult {
  if (bytes.length > limits.fileBytes) return { ok: false, error: 'fileTooLarge' };
  try {
    return readPackage(bytes, limits);
  } catch (error) {
    if (error instanceof SheetFileError) return { ok: false, error: error.code };
    throw error;
  }
}

function readPackage(bytes: Uint8Array, limits: SheetLimits): SheetResult {
  const entries = zipEntries(bytes);
  checkDeclaredSizes(entries, limits.entryBytes, limits.totalBytes);
  const part = (name: string): ZipEntry | undefined => entries.get(name);
  const workbook = part('xl/workbook.xml');
  const workbookRels = part('xl/_rels/workbook.xml.rels');
  if (!workbook || !workbookRels) throw new SheetFileError('notXlsx');
  const rels = relationships(entryText(bytes, workbookRels), 'xl/');
  const sheetPath = rels.get(firstSheetRelId(entryText(bytes, workbook)) ?? '')?.target;
  const sheet = sheetPath ? part(sheetPath) : undefined;
  if (!sheet) throw new SheetFileError('notXlsx');
  const byType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;
  const stringsPart = part(byType('/sharedStrings') ?? 'xl/sharedStrings.xml');
  const stylesPart = part(byType('/styles') ?? 'xl/styles.xml');
  const strings = stringsPart ? sharedStrings(entryText(bytes, stringsPart)) : [];
  const dates = stylesPart ? dateStyles(entryText(bytes, stylesPart)) : [];

  const read: ReadRow[] = [];
  let header: string[] | null = null;
  let lastRow = 0;
  const take = (xml: string) => {
    for (const raw of rows(xml)) {
      const rowNumber = raw.rowNumber ?? lastRow + 1;
      lastRow = rowNumber;
      const row = rowOf(rowNumber, raw.cells, strings, dates, limits.maxColumns);
      if (row.cells.every((c) => c === '') && Object.keys(row.problems).length === 0) continue;
      if (!header) header = row.cells;
      else if (read.push(row) > limits.maxRows) throw new SheetFileError('tooManyRows');
    }
  };
  const decoder = new TextDecoder();
  let pending = '';
  inflateEntry(bytes, sheet, (chunk) => {
    pending += decoder.decode(chunk, { stream: true });
    let cut = 0;
    for (const m of pending.matchAll(ROW_END)) cut = m.index + m[0].length;
    if (cut > 0) {
      take(pending.slice(0, cut));
      pending = pending.slice(cut);
    }
    return true;
  });
  take(pending + decoder.decode());
  return { ok: true, header: header ?? [], rows: read };
}

function rowOf(
  rowNumber: number,
  cells: readonly RawCell[],
  strings: readonly string[],
  dates: readonly boolean[],
  maxColumns: number,
): ReadRow {
  const out: string[] = [];
  const problems: Record<number, CellProblem> = {};
  let next = 0;
  for (const cell of cells) {
    const letters = cell.ref?.replace(/\d+$/, '') ?? '';
    const at = letters ? columnIndex(letters) : next;
    next = at + 1;
    // Cells far to the right are no column of a template; a file naming XFD1 costs nothing.
    if (at < 0 || at >= maxColumns) continue;
    while (out.length < at) out.push('');
    const ref = cell.ref ?? `${columnLetters(at)}${rowNumber}`;
    const value = cellText(cell, strings, dates);
    if (typeof value === 'string') out[at] = value;
    else {
      out[at] = '';
      problems[at] = { ...value, ref };
    }
  }
  return { rowNumber, cells: out, problems };
}

/** A cell's text, or why it has none a text column can take. A formula's saved result is used. */
function cellText(
  cell: RawCell,
  strings: readonly string[],
  dates: readonly boolean[],
): string | Omit<CellProblem, 'ref'> {
  const v = cell.value;
  switch (cell.type) {
    case 's':
      return strings[Number(v)] ?? '';
    case 'inlineStr':
      return cell.inline ?? v ?? '';
    case 'str':
      return v ?? '';
    case 'b':
      return v === '1' ? 'TRUE' : 'FALSE';
    case 'e':
      return { code: 'error', detail: v ?? '' };
    case 'd':
      return { code: 'date', detail: v ?? '' };
    default:
      if (v === null || v === '') return cell.formula ? { code: 'formula', detail: '' } : '';
      if (dates[cell.style]) return { code: 'date', detail: v };
      return plainNumberText(v) ?? v;
  }
}
