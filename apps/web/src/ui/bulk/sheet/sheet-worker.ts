import { readFirstSheet, type SheetResult } from './read-sheet.ts';

/*
 * The bulk dialog's Web Worker: reading a workbook of thousands of rows (or a hostile one) never
 * blocks the page. It receives the file's bytes (transferred) and answers one SheetResult; a
 * failure of the reader itself is answered as a corrupt file.
 */

interface WorkerScope {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage(message: SheetResult): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  let result: SheetResult;
  try {
    result = readFirstSheet(new Uint8Array(event.data));
  } catch {
    result = { ok: false, error: 'corrupt' };
  }
  scope.postMessage(result);
};
