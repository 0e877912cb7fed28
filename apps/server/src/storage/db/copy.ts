import { CompiledQuery } from 'kysely';

/**
 * The data of a `copy … from stdin`, passed to the dialect as the query's only parameter:
 * both of our drivers (pg and PGlite) recognise it and stream it in (DESIGN §2).
 */
export class CopyRows {
  constructor(readonly text: string) {}
}

export function isCopy(parameters: readonly unknown[]): CopyRows | null {
  const first = parameters[0];
  return parameters.length === 1 && first instanceof CopyRows ? first : null;
}

// Fields in COPY's text format (PostgreSQL manual, COPY, "Text Format"): tab-separated, \N for
// null, and backslash, newline, carriage return and tab escaped inside text.
const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const NULL = '\\N';

export const copyText = (v: string | null): string =>
  v === null ? NULL : SPECIAL.test(v) ? v.replace(SPECIAL_ALL, (c) => ESCAPES[c] ?? c) : v;
export const copyNumber = (v: number | null): string => (v === null ? NULL : numberText(v));

/**
 * `String(v)`, quicker for the epoch-millisecond times every row holds several of: too large for
 * V8's small integers, they take its general double-to-text path; as millions and the six digits
 * below they are two small integers (bench:ingest-cpu: about half the time).
 */
function numberText(v: number): string {
  if (v < 1e6 || v >= 1e15 || !Number.isInteger(v)) return String(v);
  const millions = Math.floor(v / 1e6);
  return `${millions}${String(v - millions * 1e6 + 1e6).slice(1)}`;
}
export const copyBool = (v: boolean | null): string => (v === null ? NULL : v ? 't' : 'f');
// JSON.stringify escapes newline, carriage return and tab (as \n, \r, \t): only its backslashes
// need COPY's escape, and most attribute sets have none.
export const copyJson = (v: object | null): string => {
  if (v === null) return NULL;
  const json = JSON.stringify(v);
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
};

/**
 * `copy <table> (<columns>) from stdin` with `row` turning each row into one line of fields
 * joined by tabs (built with the helpers above). Table and column names are ours, never input.
 */
export function copyInto<T>(table: string, columns: readonly string[], rows: readonly T[], row: (r: T) => string) {
  return CompiledQuery.raw(`copy ${table} (${columns.join(', ')}) from stdin`, [new CopyRows(copyLines(rows, row))]);
}

/** Lines joined a few dozen at a time: see copyLines. */
const LINES_PER_PIECE = 64;

/**
 * Each row's line followed by a newline. Appending line after line (`text += line`) keeps the
 * whole batch as a tree of small string pieces, about 30 a row, alive until the COPY is sent, and
 * every young-generation collection meanwhile copied them; joining a few dozen lines at a time
 * leaves one flat string per 64 rows (bench:ingest-cpu, 2,000-row batches: about 11 → 4 µs of CPU
 * a row, collections included; one join of the whole batch is as slow again at 16,000 rows).
 */
export function copyLines<T>(rows: readonly T[], row: (r: T) => string): string {
  if (rows.length === 0) return '';
  const pieces: string[] = [];
  let lines: string[] = [];
  for (const r of rows) {
    lines.push(row(r));
    if (lines.length === LINES_PER_PIECE) {
      pieces.push(lines.join('\n'));
      lines = [];
    }
  }
  if (lines.length > 0) pieces.push(lines.join('\n'));
  return pieces.join('\n') + '\n';
}

/** PostgreSQL's unique_violation: a COPY met a row that is already stored. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
