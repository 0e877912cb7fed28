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
export const copyNumber = (v: number | null): string => (v === null ? NULL : String(v));
export const copyBool = (v: boolean | null): string => (v === null ? NULL : v ? 't' : 'f');
export const copyJson = (v: object | null): string => (v === null ? NULL : copyText(JSON.stringify(v)));

/**
 * `copy <table> (<columns>) from stdin` with `row` turning each row into one line of fields
 * joined by tabs (built with the helpers above). Table and column names are ours, never input.
 */
export function copyInto<T>(table: string, columns: readonly string[], rows: readonly T[], row: (r: T) => string) {
  let text = '';
  for (const r of rows) text += row(r) + '\n';
  return CompiledQuery.raw(`copy ${table} (${columns.join(', ')}) from stdin`, [new CopyRows(text)]);
}

/** PostgreSQL's unique_violation: a COPY met a row that is already stored. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
