import { GEOFENCE_FILE_LIMITS, type GeofenceFileLimits, type GeofenceFileResult } from './geofence-file.ts';

/*
 * CSV (RFC 4180) with the geofence template's columns: a header row, then one geofence a row.
 * Fields may be quoted ("a, b" and "" for a quote); the separator is the comma, or the semicolon
 * or tab a spreadsheet in a comma-decimal locale writes, whichever the header row uses most.
 */

function separatorOf(firstLine: string): string {
  const bare = firstLine.replace(/"[^"]*"/g, '');
  const count = (c: string) => bare.split(c).length - 1;
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** The records of a CSV text, or null when a quoted field never closes. */
export function csvRecords(text: string): string[][] | null {
  const sep = separatorOf(text.split(/\r?\n/, 1)[0] ?? '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && field === '') {
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return null;
        value += text.slice(j, q);
        if (text[q + 1] === '"') {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      field = value;
      i = j;
      continue;
    }
    if (c === sep) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r' && text[i + 1] === '\n') i++;
    } else field += c;
    i++;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** A CSV text as geofence template rows: its header names the columns, as the .xlsx template's does. */
export function readGeofenceCsv(text: string, limits: GeofenceFileLimits = GEOFENCE_FILE_LIMITS): GeofenceFileResult {
  if (text.length > limits.chars) return { ok: false, error: 'fileTooLarge' };
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!records) return { ok: false, error: 'csvQuote' };
  const numbered = records.map((cells, i) => ({ rowNumber: i + 1, cells }));
  const filled = numbered.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = filled;
  if (rows.length > limits.features) return { ok: false, error: 'tooManyFeatures' };
  return {
    ok: true,
    header: header?.cells.map((c) => c.trim()) ?? [],
    rows: rows.map((r) => ({ rowNumber: r.rowNumber, cells: r.cells, problem: null })),
  };
}
