/*
 * The rule engine of the bulk upload dialog (spec 2 §5): a sheet's header is matched to the
 * columns of one kind of row, then every column's rule sees each cell together with the whole
 * column (so a rule can find, say, a SIM given twice in one file). Texts are the caller's: the
 * column tables with the spec's messages live in @jejak/contract.
 */

/** A row's status in the dialog (spec 2 §4): READY, then LOADING, then SUCCESS, WARNING or FAILED. */
export const BULK_ROW_STATUSES = ['READY', 'LOADING', 'SUCCESS', 'WARNING', 'FAILED'] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];

/** What a rule says of one cell: an error fails the row; a warning lets it upload but is reported. */
export interface CellIssue {
  level: 'error' | 'warning';
  message: string;
}

export interface BulkColumn<K extends string> {
  key: K;
  /** The header text of the template, matched case- and space-insensitively. */
  label: string;
  optional?: boolean;
  /** `column` holds every row's value of this column, in row order; `index` is this row's place in it. */
  rule?: (value: string, column: readonly string[], index: number) => CellIssue | null;
  /**
   * The cell as the row is checked and sent, from the trimmed text: what a spreadsheet made of
   * what was typed (a SIM turned into a number loses its '+') put back.
   */
  normalize?: (value: string) => string;
}

/**
 * A rule over a whole row, for what no single cell decides (a geofence's shape spans its type,
 * centre, radius and points). It runs only when every cell passed; `values` are trimmed.
 */
export type BulkRowRule<K extends string> = (values: Readonly<Record<K, string>>) => CellIssue | null;

/** A row as the sheet reader gives it: its number in the sheet, its texts, and cells it could not read. */
export interface SheetRow {
  rowNumber: number;
  cells: readonly string[];
  /** Cells that hold what a text column cannot take (a date, an error), by column index. */
  problems?: Readonly<Record<number, string>>;
}

export interface CheckedRow<K extends string> {
  rowNumber: number;
  values: Readonly<Record<K, string>>;
  status: 'READY' | 'FAILED';
  /** Why the row failed, or the warning it carries into the upload. */
  message: string | null;
}

export type HeaderCheck<K extends string> =
  { ok: true; indexes: Readonly<Record<K, number | null>> } | { ok: false; missing: string; schema: readonly string[] };

const normalise = (label: string) => label.replace(/\s+/g, ' ').trim().toLowerCase();

/** Finds each column in the header row; the first required column absent is reported. */
export function matchHeader<K extends string>(
  columns: readonly BulkColumn<K>[],
  header: readonly string[],
): HeaderCheck<K> {
  const seen = header.map(normalise);
  const indexes = {} as Record<K, number | null>;
  for (const column of columns) {
    const at = seen.indexOf(normalise(column.label));
    if (at < 0 && !column.optional) return { ok: false, missing: column.label, schema: columns.map((c) => c.label) };
    indexes[column.key] = at < 0 ? null : at;
  }
  return { ok: true, indexes };
}

/**
 * Applies every column's rule to every row; the first error (in column order) fails the row.
 * Then `rowRule`, if given, checks the rows whose cells all passed.
 */
export function checkRows<K extends string>(
  columns: readonly BulkColumn<K>[],
  indexes: Readonly<Record<K, number | null>>,
  rows: readonly SheetRow[],
  rowRule?: BulkRowRule<K>,
): CheckedRow<K>[] {
  const valueAt = (row: SheetRow, column: BulkColumn<K>) => {
    const at = indexes[column.key];
    const text = at === null ? '' : (row.cells[at] ?? '').trim();
    return column.normalize && text !== '' ? column.normalize(text) : text;
  };
  const byColumn = new Map(columns.map((c) => [c.key, rows.map((row) => valueAt(row, c))] as const));
  return rows.map((row, index) => {
    const values = {} as Record<K, string>;
    let error: string | null = null;
    let warning: string | null = null;
    for (const column of columns) {
      const value = byColumn.get(column.key)?.[index] ?? '';
      values[column.key] = value;
      const at = indexes[column.key];
      const unreadable = at === null ? undefined : row.problems?.[at];
      const issue: CellIssue | null = unreadable
        ? { level: 'error', message: unreadable }
        : (column.rule?.(value, byColumn.get(column.key) ?? [], index) ?? null);
      if (issue?.level === 'error') error ??= issue.message;
      else if (issue) warning ??= issue.message;
    }
    const whole = error === null ? (rowRule?.(values) ?? null) : null;
    if (whole?.level === 'error') error = whole.message;
    else if (whole) warning ??= whole.message;
    return { rowNumber: row.rowNumber, values, status: error ? 'FAILED' : 'READY', message: error ?? warning };
  });
}

const firstPlaces = new WeakMap<readonly string[], Map<string, number>>();

/** True when `value` appeared earlier in `column` (the later copies are the duplicates); case-insensitive. */
export function seenBefore(value: string, column: readonly string[], index: number): boolean {
  if (value === '') return false;
  // Built once per column: a 5,000-row file would otherwise compare every pair.
  let first = firstPlaces.get(column);
  if (!first) {
    const places = new Map<string, number>();
    column.forEach((v, i) => {
      const key = v.toLowerCase();
      if (v !== '' && !places.has(key)) places.set(key, i);
    });
    firstPlaces.set(column, places);
    first = places;
  }
  return (first.get(value.toLowerCase()) ?? index) < index;
}
