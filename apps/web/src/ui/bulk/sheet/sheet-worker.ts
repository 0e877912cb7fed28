import { readGeofenceText, type GeofenceFileResult } from '@jejak/contract';
import type { ReadOutcome, ReadRequest } from '../read-file.ts';
import { readFirstSheet, type SheetResult } from './read-sheet.ts';

/*
 * The bulk dialog's Web Worker: reading a workbook of thousands of rows, a large map file (or a
 * hostile one) never blocks the page. It receives the file's format and bytes (transferred) and
 * answers one outcome; a failure of the reader itself is answered as a corrupt file.
 */

interface WorkerScope {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage(message: ReadOutcome): void;
}

const scope = self as unknown as WorkerScope;

/** A map file's rows as the sheet reader gives rows: a feature's problem rides along. */
function asSheet(result: GeofenceFileResult): ReadOutcome {
  if (!result.ok) return result;
  const sheet: SheetResult = {
    ok: true,
    header: result.header,
    rows: result.rows.map((r) => ({
      rowNumber: r.rowNumber,
      cells: r.cells,
      problems: {},
      ...(r.problem ? { feature: r.problem } : {}),
    })),
  };
  return sheet;
}

function read({ format, bytes }: ReadRequest): ReadOutcome {
  if (format === 'xlsx') return readFirstSheet(new Uint8Array(bytes));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, error: 'notText' };
  }
  return asSheet(readGeofenceText(format, text));
}

scope.onmessage = (event) => {
  let result: ReadOutcome;
  try {
    result = read(event.data);
  } catch {
    result = { ok: false, error: 'corrupt' };
  }
  scope.postMessage(result);
};
