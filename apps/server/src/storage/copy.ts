import { CompiledQuery } from 'kysely';

/** A value of one column of one row; objects go to jsonb columns as JSON. */
export type CopyValue = string | number | boolean | null | Record<string, unknown>;

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

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One field in COPY's text format (PostgreSQL manual, COPY, "Text Format"). */
function field(v: CopyValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return SPECIAL.test(s) ? s.replace(SPECIAL_ALL, (c) => ESCAPES[c] ?? c) : s;
}

/** `copy <table> (<columns>) from stdin` with the rows as its data. Names are ours, never input. */
export function copyInto(table: string, columns: readonly string[], rows: readonly (readonly CopyValue[])[]) {
  let text = '';
  for (const row of rows) text += row.map(field).join('\t') + '\n';
  return CompiledQuery.raw(`copy ${table} (${columns.join(', ')}) from stdin`, [new CopyRows(text)]);
}

/** PostgreSQL's unique_violation: a COPY met a row that is already stored. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
