import { sql, type RawBuilder } from 'kysely';

/** The column types the batch writers pass rows in. */
export type RecordType = 'text' | 'int8' | 'float8' | 'bool';

/**
 * `json_to_recordset($1::json) as x(…)`: a batch's rows as ONE text parameter, for `from`. pg
 * sends an array parameter (`unnest($1::text[], …)`) through its own array literal, escaping
 * every element in JavaScript; for the pipeline-state rows, JSON text of about a kilobyte full of
 * quotes, that cost about 20 µs a row, where `JSON.stringify` of the rows costs under 1 µs
 * (ADR 0028, 2026-11-27 addendum). Columns are named by the rows' own keys, quoted; only those
 * listed are read. Numbers keep their value: JSON writes a double as its shortest exact text,
 * and float8 reads it back to the same double.
 */
export function jsonRecords<T extends object>(
  rows: readonly T[],
  columns: { [K in keyof T & string]?: RecordType },
): RawBuilder<unknown> {
  const defs = Object.entries(columns)
    .map(([key, type]) => `"${key}" ${String(type)}`)
    .join(', ');
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(defs)})`;
}
