import { formulaSafeText } from './formula-safe.ts';

/*
 * CSV as RFC 4180 writes it (CRLF line ends, fields quoted when they hold a comma, quote or line
 * break), with every text field formula-safe (OWASP, issue 27 N5): the one CSV writer of every
 * export (Vehicle Reports, track files).
 */

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** One field; null is empty. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : formulaSafeText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file's text from its lines, each already joined, ending in CRLF. */
export function csvText(lines: readonly string[]): string {
  return lines.map((line) => `${line}\r\n`).join('');
}

/** A table: its header, then a line per row. */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return csvText([header.map(csvField).join(','), ...rows.map((row) => row.map(csvField).join(','))]);
}
