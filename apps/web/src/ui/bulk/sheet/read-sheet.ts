import { BULK_MAX_FILE_BYTES, BULK_MAX_ROWS, type FeatureProblem } from '@jejak/contract';
import { columnIndex, columnLetters, plainNumberText } from '@jejak/domain';
import { dateStyles, firstSheetRelId, relationships, ROW_END, rows, sharedStrings, type RawCell } from './sheet-xml.ts';
import {
  checkDeclaredSizes,
  entryText,
  inflateEntry,
  SheetFileError,
  zipEntries,
  type SheetErrorCode,
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
  /** Characters of one cell: a spreadsheet program's own limit (Excel's 32,767). */
  cellChars: number;
  /** Unpacked bytes of the shared-strings part. */
  sharedStringsBytes: number;
  /** Bytes of one row's XML; a row past it is no row of a template (a cell of megabytes). */
  rowBytes: number;
  /** Rows a sheet's declared dimension (<dimension ref="A1:E5001"/>) may span. */
  dimensionRows: number;
}

export const SHEET_LIMITS: SheetLimits = {
  fileBytes: BULK_MAX_FILE_BYTES,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
  maxRows: BULK_MAX_ROWS,
  maxColumns: 64,
  cellChars: 32_767,
  sharedStringsBytes: 16 * 1024 * 1024,
  rowBytes: 2 * 1024 * 1024,
  dimensionRows: 20 * BULK_MAX_ROWS,
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

export type { SheetErrorCode };

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
  if (stringsPart && stringsPart.size > limits.sharedStringsBytes) throw new SheetFileError('unpackedTooLarge');
  const strings = stringsPart ? sharedStrings(entryText(bytes, stringsPart)) : [];
  if (strings.some((text) => text.length > limits.cellChars)) throw new SheetFileError('cellTooLarge');
  const dates = stylesPart ? dateStyles(entryText(bytes, stylesPart)) : [];

  const read: ReadRow[] = [];
  let header: string[] | null = null;
  let lastRow = 0;
  let dimensionSeen = false;
  const take = (xml: string) => {
    if (!dimensionSeen) {
      dimensionSeen = true;
      const span = dimensionRows(xml);
      if (span !== null && span > limits.dimensionRows) throw new SheetFileError('dimensionTooLarge');
    }
    for (const raw of rows(xml)) {
      const rowNumber = raw.rowNumber ?? lastRow + 1;
      lastRow = rowNumber;
      const row = rowOf(rowNumber, raw.cells, strings, dates, limits);
      if (row.cells.every((c) => c === '') && Object.keys(row.problems).length === 0) continue;
      if (!header) header = row.cells;
      else if (read.push(row) > limits.maxRows) throw new SheetFileError('tooManyRows');
    }
  };
  const decoder = new TextDecoder();
  let pending = '';
  inflateEntry(bytes, sheet, (chunk) => {
    // Only the new text (and a row end's length before it) is searched: a long row costs its
    // length once, not once per chunk.
    const scanFrom = Math.max(0, pending.length - ROW_END_MAX_CHARS);
    pending += decoder.decode(chunk, { stream: true });
    let cut = 0;
    const ends = new RegExp(ROW_END.source, 'g');
    ends.lastIndex = scanFrom;
    for (let m = ends.exec(pending); m; m = ends.exec(pending)) {
      const end = m.index + m[0].length;
      if (end - cut > limits.rowBytes) throw new SheetFileError('cellTooLarge');
      cut = end;
    }
    if (cut > 0) {
      take(pending.slice(0, cut));
      pending = pending.slice(cut);
    }
    if (pending.length > limits.rowBytes) throw new SheetFileError('cellTooLarge');
    return true;
  });
  pending += decoder.decode();
  if (pending.length > limits.rowBytes) throw new SheetFileError('cellTooLarge');
  take(pending);
  return { ok: true, header: header ?? [], rows: read };
}

/** The longest row end the sheet's text may hold (`</x:row>` with a long namespace prefix). */
const ROW_END_MAX_CHARS = 64;

/** How many rows the sheet's <dimension ref="A1:E5001"/> spans, when it has one before its data. */
function dimensionRows(xml: string): number | null {
  const head = xml.slice(0, xml.search(/<(?:[\w.-]+:)?sheetData\b/) >>> 0);
  const ref = /<(?:[\w.-]+:)?dimension\b[^>]*\bref\s*=\s*["']([^"']*)["']/.exec(head)?.[1];
  if (!ref) return null;
  const numbers = [...ref.matchAll(/\d+/g)].map((m) => Number(m[0]));
  return numbers.length === 2 ? Math.abs((numbers[1] ?? 0) - (numbers[0] ?? 0)) + 1 : null;
}

function rowOf(
  rowNumber: number,
  cells: readonly RawCell[],
  strings: readonly string[],
  dates: readonly boolean[],
  limits: SheetLimits,
): ReadRow {
  const out: string[] = [];
  const problems: Record<number, CellProblem> = {};
  let next = 0;
  for (const cell of cells) {
    const letters = cell.ref?.replace(/\d+$/, '') ?? '';
    const at = letters ? columnIndex(letters) : next;
    next = at + 1;
    // Cells far to the right are no column of a template; a file naming XFD1 costs nothing.
    if (at < 0 || at >= limits.maxColumns) continue;
    while (out.length < at) out.push('');
    const ref = cell.ref ?? `${columnLetters(at)}${rowNumber}`;
    const value = cellText(cell, strings, dates);
    if (typeof value === 'string' && value.length > limits.cellChars) throw new SheetFileError('cellTooLarge');
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
